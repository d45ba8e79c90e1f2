package dev.jdkmatrix.engine;

import java.util.List;
import java.util.StringJoiner;

/** CPUs as text in Docker's {@code --cpuset-cpus} form, which a cgroup's {@code cpuset.cpus} uses too: {@code 1}, {@code 0,1}, {@code 2-3}. */
public final class CpuSetText {

    private CpuSetText() {}

    private static final java.util.regex.Pattern CPU_RANGE = java.util.regex.Pattern.compile("(\\d{1,4})(?:-(\\d{1,4}))?");

    /** CPUs as Docker's {@code --cpuset-cpus} writes them ({@code 1}, {@code 0,1}, {@code 2-3}, {@code 0-1,3}); ascending, each once. */
    public static List<Integer> parse(String text) {
        java.util.TreeSet<Integer> out = new java.util.TreeSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            java.util.regex.Matcher m = CPU_RANGE.matcher(p);
            if (!m.matches()) throw new IllegalArgumentException("'" + text + "' is not a list of CPUs; write them as Docker's --cpuset-cpus does: 1, 0,1 or 2-3");
            int from = Integer.parseInt(m.group(1));
            int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
            if (to < from) throw new IllegalArgumentException("'" + p + "' runs backwards; write the lower CPU first, such as " + to + "-" + from);
            for (int c = from; c <= to; c++) {
                if (!out.add(c)) throw new IllegalArgumentException("'" + text + "' names CPU " + c + " twice");
            }
        }
        return List.copyOf(out);
    }

    /** Docker's cpuset text: 0,1. */
    public static String format(List<Integer> cpus) {
        StringJoiner j = new StringJoiner(",");
        cpus.forEach(c -> j.add(Integer.toString(c)));
        return j.toString();
    }
}
