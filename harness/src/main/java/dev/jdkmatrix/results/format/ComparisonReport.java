package dev.jdkmatrix.results.format;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import dev.jdkmatrix.results.Comparison;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** A comparison as Markdown (for a job summary) and as CSV. */
public final class ComparisonReport {

    public static final List<String> CSV_COLUMNS = List.of("cell", "baseline_n", "new_n", "baseline_median_ms", "new_median_ms", "change",
            "change_ci_low", "change_ci_high", "baseline_cv", "new_cv", "verdict", "unit", "better");

    private ComparisonReport() {}

    public static String markdown(List<Comparison.Row> rows, String baseline, String current, double threshold) {
        Map<String, Integer> counts = new TreeMap<>();
        rows.forEach(r -> counts.merge(r.verdict().text(), 1, Integer::sum));
        StringBuilder md = new StringBuilder();
        md.append("## jdkmatrix: ").append(escape(current)).append(" against ").append(escape(baseline)).append("\n\n");
        md.append("Threshold ").append(pct(threshold)).append(": a cell is `slower` or `faster` when its median moved past it and the 95 % bootstrap ")
          .append("interval of the change excludes zero (a time that grows is slower; a throughput that grows, faster); `noisy` when either side's own CV exceeds it. ")
          .append(String.join(", ", counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList())).append(".\n\n");
        md.append("| cell | baseline median (n) | new median (n) | change [95 % CI] | CV base / new | verdict |\n|---|---|---|---|---|---|\n");
        for (Comparison.Row r : rows) {
            md.append("| `").append(escape(r.cell())).append("` | ").append(median(r.baselineMedian(), r.baselineN(), r.unit())).append(" | ").append(median(r.newMedian(), r.newN(), r.unit()))
              .append(" | ").append(Double.isFinite(r.change()) ? signed(r.change()) + " [" + signed(r.ciLow()) + ", " + signed(r.ciHigh()) + "]" : "—")
              .append(" | ").append(Double.isFinite(r.baselineCv()) ? pct(r.baselineCv()) : "—").append(" / ").append(Double.isFinite(r.newCv()) ? pct(r.newCv()) : "—")
              .append(" | ").append(r.verdict() == Comparison.Verdict.SLOWER ? "**slower**" : r.verdict().text()).append(" |\n");
        }
        return md.toString();
    }

    public static void csv(Path file, List<Comparison.Row> rows) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8); ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(CSV_COLUMNS.toArray(String[]::new), false);
            for (Comparison.Row r : rows) {
                w.writeNext(new String[] {r.cell(), Integer.toString(r.baselineN()), Integer.toString(r.newN()), num(r.baselineMedian(), 3), num(r.newMedian(), 3),
                        num(r.change(), 4), num(r.ciLow(), 4), num(r.ciHigh(), 4), num(r.baselineCv(), 4), num(r.newCv(), 4), r.verdict().text(), r.unit(),
                        r.higherIsBetter() ? "higher" : "lower"}, false);
            }
        }
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }

    private static String median(double v, int n, String unit) {
        if (!Double.isFinite(v)) return "—";
        return (unit.equals("ms") ? String.format(Locale.ROOT, "%,.1f", v) : dev.jdkmatrix.results.Summarizer.significant(v)) + " " + unit + " (" + n + ")";
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.1f %%", v * 100);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v * 100);
    }

    private static String num(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "";
    }
}
