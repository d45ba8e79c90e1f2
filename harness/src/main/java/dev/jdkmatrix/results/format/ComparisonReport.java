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

    public static final List<String> CSV_COLUMNS = List.of("cell", "baseline_n", "new_n", "baseline_median", "new_median", "change",
            "change_ci_low", "change_ci_high", "baseline_cv", "new_cv", "verdict", "unit", "better", "mann_whitney_p", "verdict_note");

    private ComparisonReport() {}

    public static String markdown(List<Comparison.Row> rows, String baseline, String current, double threshold) {
        return markdown(rows, baseline, current, threshold, "");
    }

    /**
     * The comparison as Markdown; {@code acrossMachines}, when not empty, says how the two runs'
     * machines differ, and is the first line; a {@link dev.jdkmatrix.results.RunnerMove} between the
     * two runs is said next.
     */
    public static String markdown(List<Comparison.Row> rows, String baseline, String current, double threshold, String acrossMachines) {
        return markdown(rows, baseline, current, threshold, acrossMachines, "");
    }

    /** As above; {@code commits}, when not empty, names the commits of the measured repository between the two runs, below the title. */
    public static String markdown(List<Comparison.Row> rows, String baseline, String current, double threshold, String acrossMachines, String commits) {
        Map<String, Integer> counts = new TreeMap<>();
        rows.forEach(r -> counts.merge(r.verdict().text(), 1, Integer::sum));
        StringBuilder md = new StringBuilder();
        String unpaired = "two separate runs are compared unpaired: each cell's runs in one against its runs in the other, as independent samples "
                + "(comparisons inside one run, paired by round, are in its comparisons.csv).";
        if (!acrossMachines.isEmpty()) {
            md.append("**Across machines:** ").append(escape(acrossMachines)).append(". A difference below is the machines' as much as the code's; ")
                    .append(unpaired).append("\n\n");
        } else {
            md.append("**Unpaired:** ").append(unpaired).append("\n\n");
        }
        dev.jdkmatrix.results.RunnerMove.of(rows, threshold).ifPresent(m -> md.append("**The runner moved:** ").append(escape(m.text())).append(": ")
                .append(escape(m.meaning())).append(".\n\n"));
        md.append("## jdkmatrix: ").append(escape(current)).append(" against ").append(escape(baseline)).append("\n\n");
        if (!commits.isEmpty()) md.append("**Your commits between the two runs:** ").append(escape(commits)).append(".\n\n");
        md.append("Threshold ").append(pct(threshold)).append(": a cell is `slower` or `faster` only when the whole 95 % bootstrap interval of its change ")
          .append("lies past the threshold (a time that grows is slower; a throughput that grows, faster), `unchanged` when the whole interval lies within it, ")
          .append("and otherwise `undecided` (or `noisy`, when either side's own CV exceeds the threshold): its runs cannot tell; `undecided` too ")
          .append("with fewer than 6 runs a side, whose medians' intervals are below 95 %. ")
          .append("p: the Mann-Whitney U test's two-sided p-value (are the two sides' runs drawn from one distribution?). ")
          .append(String.join(", ", counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList())).append(".\n\n");
        md.append("| cell | baseline median (n) | new median (n) | change [95 % CI] | p | CV base / new | verdict |\n|---|---|---|---|---|---|---|\n");
        for (Comparison.Row r : rows) {
            md.append("| ").append(Markdown.code(r.cell())).append(" | ").append(median(r.baselineMedian(), r.baselineN(), r.unit())).append(" | ").append(median(r.newMedian(), r.newN(), r.unit()))
              .append(" | ").append(Double.isFinite(r.change()) ? signed(r.change()) + " [" + signed(r.ciLow()) + ", " + signed(r.ciHigh()) + "]" : "—")
              .append(" | ").append(Double.isFinite(r.pValue()) ? pValue(r.pValue()) : "—")
              .append(" | ").append(Double.isFinite(r.baselineCv()) ? pct(r.baselineCv()) : "—").append(" / ").append(Double.isFinite(r.newCv()) ? pct(r.newCv()) : "—")
              .append(" | ").append(r.verdict() == Comparison.Verdict.SLOWER || r.verdict() == Comparison.Verdict.FAILED ? "**" + r.verdict().text() + "**" : r.verdict().text())
              .append(r.note().isEmpty() ? "" : " (" + escape(r.note()) + ")").append(" |\n");
        }
        return md.toString();
    }

    public static void csv(Path file, List<Comparison.Row> rows) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8); ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(CSV_COLUMNS.toArray(String[]::new), false);
            for (Comparison.Row r : rows) {
                w.writeNext(new String[] {r.cell(), Integer.toString(r.baselineN()), Integer.toString(r.newN()), num(r.baselineMedian(), 3), num(r.newMedian(), 3),
                        num(r.change(), 4), num(r.ciLow(), 4), num(r.ciHigh(), 4), num(r.baselineCv(), 4), num(r.newCv(), 4), r.verdict().text(), r.unit(),
                        r.higherIsBetter() ? "higher" : "lower", num(r.pValue(), 4), r.note()}, false);
            }
        }
    }

    /** 0.0079, or < 0.0001. */
    private static String pValue(double p) {
        return p < 0.0001 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }

    private static String escape(String s) {
        return Markdown.text(s);
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
