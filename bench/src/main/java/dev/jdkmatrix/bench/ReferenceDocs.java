// Writes the blocks of docs/reference-run.md and README.md that quote the reference run
// (make reference-docs RESULTS=results/reference): the run itself (machine, JDKs, dates, runs,
// statuses, steal), the write-ups' published figures beside ours (a table per source), every
// cell's median by workload, the claims with their verdicts, values and levels, and the README's
// summary of what the run confirms and refutes. Each block goes to OUT/NAME.md; the Makefile puts
// each into its doc with write-block.sh. Run by its make target with the harness jar on the
// class path, so that it reads a folder, its claims and their verdicts as the harness does.
package dev.jdkmatrix.bench;

import dev.jdkmatrix.claims.Claims;
import dev.jdkmatrix.claims.Verdicts;
import dev.jdkmatrix.report.ReportFolder;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.SummaryFigure;
import dev.jdkmatrix.results.CellSummary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

public class ReferenceDocs {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path claimsFile = Path.of(args[1]);
        Path out = Path.of(args[2]);
        String command = args.length > 3 ? args[3] : "make reference-docs";
        ReportFolder folder = ReportFolder.load(dir);
        Claims claims = Claims.read(claimsFile);
        List<Verdicts.FigureResult> figures = Verdicts.figures(claims, folder.summary(), folder.raw(), folder.comparisons());
        List<Verdicts.ClaimResult> verdicts = Verdicts.claims(claims, folder.summary(), folder.raw(), folder.comparisons());
        Files.createDirectories(out);
        write(out, "run", run(folder, dir, command));
        write(out, "figures", figures(figures));
        write(out, "cells", cells(folder.summary()));
        write(out, "claims", claims(verdicts, dir));
        write(out, "summary", summary(verdicts, folder, dir));
    }

    static void write(Path out, String name, String text) throws java.io.IOException {
        Files.writeString(out.resolve(name + ".md"), text, StandardCharsets.UTF_8);
    }

    /** What was run, where, when and how it went. */
    static String run(ReportFolder f, Path dir, String command) {
        RunMetadata m = f.meta();
        List<RawRow> raw = f.raw();
        StringBuilder b = new StringBuilder();
        RunMetadata.Host h = m.host();
        long cells = raw.stream().map(RawRow::cell).distinct().count();
        long measured = raw.stream().filter(RawRow::measured).count();
        long noisy = raw.stream().filter(RawRow::noisy).count();
        Map<String, Integer> statuses = new TreeMap<>();
        raw.stream().filter(r -> !r.noisy()).forEach(r -> statuses.merge(r.status(), 1, Integer::sum));
        b.append("`").append(dir).append("` is run `").append(m.runId()).append("` of `").append(m.matrixFile()).append("` (matrix sha256 ")
                .append(m.matrixSha256(), 0, 12).append("), made at commit ").append(m.gitCommit(), 0, Math.min(7, m.gitCommit().length()))
                .append(m.gitDirty() ? " (with uncommitted changes)" : "").append(" on ").append(h == null ? "an unrecorded host" : h.cpus() + " CPUs " + h.cpuModel()
                        + ", " + h.memoryBytes() / (1L << 30) + " GiB, " + h.os() + " " + h.kernel())
                .append(m.engine() == null ? "" : ", Docker " + m.engine().serverVersion() + " with cgroup " + m.engine().cgroupVersion()
                        + (m.engine().cgroupDriver() == null || m.engine().cgroupDriver().isEmpty() ? "" : " (" + m.engine().cgroupDriver() + ")")).append(".\n");
        b.append("JDKs: ").append(m.images().stream().map(i -> i.jdk() + ": " + (i.runtimeVersion().isEmpty() ? i.reference() : i.runtimeVersion()))
                .collect(Collectors.joining("; "))).append(".\n");
        b.append("From ").append(m.startedAt()).append(" to ").append(m.endedAt()).append(span(m)).append(": ").append(cells).append(" cells, ")
                .append(raw.size()).append(" runs stored (").append(measured).append(" measured")
                .append(noisy > 0 ? ", " + noisy + " of them made again for host CPU steal over max-steal" : "").append("); statuses: ")
                .append(statuses.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "))).append(".\n");
        if (!m.mergedFrom().isEmpty()) {
            b.append("Merged from ").append(m.mergedFrom().size()).append(" shards: ").append(m.mergedFrom().stream().map(s -> "shard " + s.shard() + " on " + s.hostname()
                    + ", " + s.startedAt() + " to " + s.endedAt()).collect(Collectors.joining("; "))).append(".\n");
        }
        double[] steal = raw.stream().filter(RawRow::measured).mapToDouble(r -> r.figure(RunFigure.HOST_STEAL_PCT)).filter(Double::isFinite).toArray();
        if (steal.length > 0) {
            Statistics s = Statistics.of(steal);
            long over = java.util.Arrays.stream(steal).filter(x -> x > 10).count();
            b.append(String.format(Locale.ROOT, "Host CPU steal per measured run: median %.1f %%, max %.1f %%; above 10 %%: %d of %d.%n", s.median(), s.max(), over, steal.length));
        }
        return b.toString();
    }

    static String span(RunMetadata m) {
        try {
            Duration d = Duration.between(Instant.parse(m.startedAt()), Instant.parse(m.endedAt()));
            return String.format(Locale.ROOT, " (%d h %02d min)", d.toHours(), d.toMinutesPart());
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** The write-ups' figures beside ours, a table per source. */
    static String figures(List<Verdicts.FigureResult> figures) {
        Map<String, List<Verdicts.FigureResult>> bySource = new LinkedHashMap<>();
        for (Verdicts.FigureResult f : figures) bySource.computeIfAbsent(f.figure().source(), k -> new ArrayList<>()).add(f);
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, List<Verdicts.FigureResult>> e : bySource.entrySet()) {
            b.append("**").append(e.getKey()).append("**\n\n| what | their setting | published | measured here | ours / theirs |\n|---|---|---|---|---|\n");
            for (Verdicts.FigureResult f : e.getValue()) {
                String measured = f.values().isEmpty() ? "not measured" : f.values().stream()
                        .map(v -> v.label() + ": " + f.figure().measure().format(v.value())).collect(Collectors.joining("; "));
                b.append("| ").append(cell(f.figure().what())).append(" | ").append(cell(f.figure().setting())).append(" | ")
                        .append(f.figure().measure().format(f.figure().published())).append(" | ").append(cell(measured)).append(" | ").append(f.ratioText()).append(" |\n");
            }
            b.append('\n');
        }
        return b.toString().stripTrailing() + "\n";
    }

    /** Every cell's median wall time with its range, by workload, and what its workload counts. */
    static String cells(List<CellSummary> summary) {
        Map<String, List<CellSummary>> byWorkload = new LinkedHashMap<>();
        for (CellSummary s : summary) byWorkload.computeIfAbsent(s.key().workload(), k -> new ArrayList<>()).add(s);
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, List<CellSummary>> e : byWorkload.entrySet()) {
            List<CellSummary> rows = e.getValue();
            java.util.SortedSet<String> params = new java.util.TreeSet<>();
            rows.forEach(r -> params.addAll(r.key().params().keySet()));
            params.removeIf(p -> rows.stream().map(r -> r.key().params().getOrDefault(p, "")).distinct().count() < 2);
            java.util.SortedSet<String> metrics = new java.util.TreeSet<>();
            rows.forEach(r -> metrics.addAll(r.metrics().keySet()));
            boolean pinned = rows.stream().anyMatch(r -> r.figure(SummaryFigure.PINNED_EVENTS_MEDIAN) > 0);
            b.append("**").append(e.getKey()).append("**\n\n|");
            for (String p : params) b.append(' ').append(p).append(" |");
            b.append(" executor | tasks | JDK | CPUs | n | median wall [min–max] | CV | container peak |");
            if (pinned) b.append(" pinned events |");
            for (String m : metrics) b.append(' ').append(m).append(" |");
            b.append("\n|").append("---|".repeat(params.size() + 8 + (pinned ? 1 : 0) + metrics.size())).append('\n');
            for (CellSummary r : rows) {
                b.append('|');
                for (String p : params) b.append(' ').append(r.key().params().getOrDefault(p, "")).append(" |");
                b.append(' ').append(r.key().executor()).append(" | ").append(String.format(Locale.ROOT, "%,d", r.key().tasks())).append(" | ").append(r.key().jdk())
                        .append(" | ").append(r.key().cpus().text()).append(" | ").append(r.n()).append(r.nFailed() > 0 ? " (" + r.failuresText() + ")" : "").append(" | ");
                if (r.n() > 0) {
                    b.append(ms(r.figure(SummaryFigure.WALL_MS_MEDIAN))).append(" [").append(whole(r.figure(SummaryFigure.WALL_MS_MIN))).append("–")
                            .append(whole(r.figure(SummaryFigure.WALL_MS_MAX))).append("] | ").append(String.format(Locale.ROOT, "%.1f %%", r.figure(SummaryFigure.WALL_MS_CV) * 100))
                            .append(" | ").append(mib(r.figure(SummaryFigure.CGROUP_PEAK_BYTES_MEDIAN))).append(" |");
                } else {
                    b.append("— | — | — |");
                }
                if (pinned) b.append(' ').append(whole(r.figure(SummaryFigure.PINNED_EVENTS_MEDIAN))).append(" |");
                for (String m : metrics) b.append(' ').append(r.metrics().containsKey(m) ? number(r.metrics().get(m)) : "").append(" |");
                b.append('\n');
            }
            b.append('\n');
        }
        return b.toString().stripTrailing() + "\n";
    }

    /** The claims table, with the count line and the command. */
    static String claims(List<Verdicts.ClaimResult> verdicts, Path dir) {
        StringBuilder b = new StringBuilder("| claim | source | verdict | bound | measured |\n|---|---|---|---|---|\n");
        for (Verdicts.ClaimResult v : verdicts) {
            b.append("| ").append(cell(v.claim().text())).append(" (`").append(v.claim().id()).append("`) | ").append(cell(v.claim().source()))
                    .append(" | **").append(v.verdict().text()).append("** | ").append(cell(v.claim().bound())).append(" | ").append(cell(v.evidence())).append(" |\n");
        }
        b.append('\n').append(counts(verdicts)).append(" (`make claims RESULTS=").append(dir).append("`).\n");
        return b.toString();
    }

    static String counts(List<Verdicts.ClaimResult> verdicts) {
        Map<Verdicts.Verdict, Long> n = verdicts.stream().collect(Collectors.groupingBy(Verdicts.ClaimResult::verdict, Collectors.counting()));
        return n.getOrDefault(Verdicts.Verdict.HOLDS, 0L) + " hold, " + n.getOrDefault(Verdicts.Verdict.FAILS, 0L) + " fail, "
                + n.getOrDefault(Verdicts.Verdict.UNDECIDED, 0L) + " undecided, " + n.getOrDefault(Verdicts.Verdict.NOT_MEASURED, 0L) + " not measured";
    }

    /** The README's lines: what the write-ups' claims come to on this run, confirmed, refuted, undecided, each with its figures. */
    static String summary(List<Verdicts.ClaimResult> verdicts, ReportFolder f, Path dir) {
        StringBuilder b = new StringBuilder();
        RunMetadata m = f.meta();
        int rounds = f.raw().stream().filter(RawRow::measured).mapToInt(RawRow::rep).max().orElse(0);
        b.append("On the reference run (").append(m.startedAt(), 0, 10).append(", ").append(rounds).append(" rounds a cell, `make claims RESULTS=").append(dir)
                .append("`): ").append(counts(verdicts)).append(" of the write-ups' ").append(verdicts.size()).append(" claims.\n");
        for (Verdicts.Verdict v : List.of(Verdicts.Verdict.HOLDS, Verdicts.Verdict.FAILS, Verdicts.Verdict.UNDECIDED)) {
            List<Verdicts.ClaimResult> these = verdicts.stream().filter(c -> c.verdict() == v).toList();
            if (these.isEmpty()) continue;
            b.append("- **").append(switch (v) {
                case HOLDS -> "Confirmed";
                case FAILS -> "Refuted";
                default -> "Undecided";
            }).append("**: ");
            b.append(these.stream().map(c -> c.claim().text() + " (" + c.claim().source() + ": " + (v == Verdicts.Verdict.UNDECIDED ? c.evidence() : range(c)) + ")")
                    .collect(Collectors.joining("; ")));
            b.append(".\n");
        }
        return b.toString();
    }

    /** A claim's measured values as a range in its measure's format: {@code 1.53x to 2.26x}, {@code 200}. */
    static String range(Verdicts.ClaimResult c) {
        double lo = c.values().stream().mapToDouble(Verdicts.Value::value).min().orElse(Double.NaN);
        double hi = c.values().stream().mapToDouble(Verdicts.Value::value).max().orElse(Double.NaN);
        String n = c.values().size() + (c.values().size() == 1 ? " value " : " values ");
        return n + c.claim().measure().format(lo) + (lo == hi ? "" : " to " + c.claim().measure().format(hi));
    }

    static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    static String ms(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f ms", v) : "—";
    }

    static String mib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%,.0f MiB", bytes / (1 << 20)) : "—";
    }

    static String whole(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f", v) : "";
    }

    static String number(double v) {
        if (!Double.isFinite(v)) return "";
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.3g", v);
    }
}
