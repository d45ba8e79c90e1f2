// Writes the table of where make test's time goes (make test-times, after make test): every test
// class of the last run, unit (surefire) and integration (failsafe), with its tests and its seconds
// as the reports recorded them, the longest first. The integration classes run side by side (the
// measuring ones alone): each one's span, from its start to its end in seconds after the first
// class began, is read from its report's time and the report file's modification time (written as
// the class ends). Run by its make target (make test-times): TestTimes ROOT.
package dev.jdkmatrix.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

public class TestTimes {

    /** A test class's report: its end is the report file's modification time, in seconds. */
    record Suite(String name, String kind, int tests, int skipped, double seconds, double end) {
        double start() {
            return end - seconds;
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<Suite> suites = new ArrayList<>();
        for (String module : List.of("harness", "workloads")) {
            for (String[] dir : List.of(new String[] {"surefire-reports", "unit"}, new String[] {"failsafe-reports", "integration"})) {
                Path reports = root.resolve(module).resolve("target").resolve(dir[0]);
                if (!Files.isDirectory(reports)) continue;
                try (Stream<Path> files = Files.list(reports)) {
                    for (Path f : files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
                        Element e = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f.toFile()).getDocumentElement();
                        String name = e.getAttribute("name");
                        String simple = name.substring(name.lastIndexOf('.') + 1);
                        String kind = dir[1].equals("unit") ? "unit" : "integration, " + (alone(root, module, name) ? "alone" : "beside");
                        suites.add(new Suite(simple, kind, Integer.parseInt(e.getAttribute("tests")), Integer.parseInt(e.getAttribute("skipped")),
                                Double.parseDouble(e.getAttribute("time")), Files.getLastModifiedTime(f).toMillis() / 1000.0));
                    }
                }
            }
        }
        if (suites.isEmpty()) throw new IllegalStateException("no test reports under " + root + ": run make test first");
        suites.sort(Comparator.comparingDouble(Suite::seconds).reversed());
        double unit = suites.stream().filter(s -> s.kind().equals("unit")).mapToDouble(Suite::seconds).sum();
        List<Suite> its = suites.stream().filter(s -> s.kind().startsWith("integration")).toList();
        double it = its.stream().mapToDouble(Suite::seconds).sum();
        double first = its.stream().mapToDouble(Suite::start).min().orElse(0);
        double wall = its.stream().mapToDouble(Suite::end).max().orElse(0) - first;
        double alone = its.stream().filter(s -> s.kind().endsWith("alone")).mapToDouble(Suite::seconds).sum();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d test classes: %d unit (%.0f s in their classes, one after the other), %d integration (%.0f s in their classes, "
                        + "%.0f s from the first one's start to the last one's end: they run side by side, those that measure alone, %.0f s of them); "
                        + "%d tests, %d skipped. The rest of `make test` is Maven, the images, the cluster's `k8s-up` and `k8s-down`, `check-resume`, "
                        + "`check-scripts`, `check-dist` and `check-explorer`; `.ci/run` runs `nightly-local` after it.%n%n",
                suites.size(), suites.stream().filter(s -> s.kind().equals("unit")).count(), unit, its.size(), it, wall, alone,
                suites.stream().mapToInt(Suite::tests).sum(), suites.stream().mapToInt(Suite::skipped).sum()));
        b.append("| test class | kind | tests | seconds | from - to (s after the first integration class began) |\n|---|---|---|---|---|\n");
        double total = unit + it;
        double shown = 0;
        for (Suite s : suites) {
            if (s.seconds() < 1.0) break;
            shown += s.seconds();
            String span = s.kind().equals("unit") ? "" : String.format(Locale.ROOT, "%.0f - %.0f", s.start() - first, s.end() - first);
            b.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %s |%n", s.name(), s.kind(), s.tests(), s.seconds(), span));
        }
        long rest = suites.stream().filter(s -> s.seconds() < 1.0).count();
        if (rest > 0) b.append(String.format(Locale.ROOT, "| %d classes under 1 s each | | | %.1f | |%n", rest, total - shown));
        System.out.print(b);
    }

    /** Whether an integration test class runs alone: its source tags it @Tag(ItSupport.ALONE). */
    static boolean alone(Path root, String module, String className) throws java.io.IOException {
        Path source = root.resolve(module).resolve("src/test/java").resolve(className.replace('.', '/') + ".java");
        return Files.isRegularFile(source) && Files.readString(source).contains("@Tag(ItSupport.ALONE)");
    }
}
