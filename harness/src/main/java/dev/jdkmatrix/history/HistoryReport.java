package dev.jdkmatrix.history;

import dev.jdkmatrix.results.format.Markdown;
import java.util.List;
import java.util.Locale;

/** The history for people: a table for the terminal, and Markdown of tonight's news for a job summary. */
public final class HistoryReport {

    private HistoryReport() {}

    /** Every change as a table, with what the history read and passed over. */
    public static String table(History h) {
        StringBuilder b = new StringBuilder();
        b.append(summary(h)).append('\n');
        h.skipped().forEach(s -> b.append("passed over: ").append(s).append('\n'));
        h.events().forEach(e -> b.append("runner event: ").append(e.text()).append('\n'));
        h.baselineMoves().forEach(m -> b.append("baseline moved: ").append(m.text()).append('\n'));
        if (h.changes().isEmpty()) return b.toString();
        b.append(String.format(Locale.ROOT, "%n%-10s %-12s %-3s %-10s %-26s %-24s %-9s %s%n", "status", "direction", "new", "night", "run", "change [95 % CI]", "p", "figure / what changed"));
        for (Change c : h.changes()) {
            b.append(String.format(Locale.ROOT, "%-10s %-12s %-3s %-10s %-26s %-24s %-9.2g %s%n", c.status().text(), c.direction(),
                    h.newTonight().contains(c) ? "yes" : "", c.after().date(), c.after().runId(), c.sizeText(), c.pValue(), describe(c)));
            b.append(String.format(Locale.ROOT, "%88s %s%n", "", c.whatChangedText()));
            if (!h.acceptedText(c).isEmpty()) b.append(String.format(Locale.ROOT, "%88s %s%n", "", h.acceptedText(c)));
            if (!c.byMachine().isEmpty()) b.append(String.format(Locale.ROOT, "%88s %s%n", "", c.byMachine()));
            String bisect = BisectHint.of(c);
            if (!bisect.isEmpty()) b.append(String.format(Locale.ROOT, "%88s find its commit: %s%n", "", bisect));
        }
        return b.toString();
    }

    /** "25 nights of 1 runner class, 26 figures (2 too short to look at), 1 change (1 regression); 0 folders passed over". */
    static String summary(History h) {
        long shortOnes = h.findings().stream().filter(f -> !f.examined()).count();
        long regressions = h.changes().stream().filter(Change::regression).count();
        return String.format(Locale.ROOT, "jdkmatrix history: %d night(s) of %d %s on %d CPU model(s), %d figure(s)%s, %d change(s) (%d regression(s), %d suspected), "
                        + "%d new tonight, %d night(s) the runner moved every figure; %d folder(s) passed over; method: E-Divisive means (Otava) window %d, p %s, "
                        + "confirmed after %d night(s)%s",
                h.nights().size(), h.runnerClasses().size(), h.byRunner() ? "runner class(es)" : "fleet(s)", h.machines().size(), h.findings().size(),
                shortOnes > 0 ? " (" + shortOnes + " with too few nights to look at)" : "", h.changes().size(), regressions, h.suspected().size(),
                h.newTonight().size(), h.events().size(), h.skipped().size(), h.options().method().window(), h.options().method().maxPText(),
                h.options().confirmNights(), h.byRunner() ? "" : ", each CPU model's level taken out");
    }

    /**
     * "3 of 29 figures can show a 5 % step within 3 nights; of the 12 head / base ratios against a baseline, 3": what the
     * nights can hear (each figure's smallest step is on the index and in figures.csv.gz).
     */
    public static String watchable(History h) {
        long all = h.watches().size();
        long can = h.watches().values().stream().filter(Watch::watchable).count();
        double target = h.watches().values().stream().findFirst().map(Watch::target).orElse(Watch.DEFAULT_TARGET);
        List<Series> ratios = h.allSeries().stream().filter(HistoryReport::ratio).toList();
        long ratiosCan = ratios.stream().filter(s -> h.watches().get(s) != null && h.watches().get(s).watchable()).count();
        return String.format(Locale.ROOT, "%d of %d figures can show a %.0f %% step within %d nights", can, all, target * 100, h.options().confirmNights())
                + (ratios.isEmpty() ? "" : String.format(Locale.ROOT, "; of the %d head / base ratios against a baseline, %d", ratios.size(), ratiosCan))
                + " (each figure's smallest step: the index, figures.csv.gz).";
    }

    /** The figures a step list shows in a job summary at most; the index and figures.csv.gz hold every one. */
    static final int STEP_ROWS = 20;

    /**
     * Each figure's smallest step within the confirm-nights at the site's settings, the head / base ratios first, the smallest step
     * first (at most {@link #STEP_ROWS}), as a collapsed Markdown table; "" where no figure has enough nights to say.
     */
    static String steps(History h) {
        List<Series> all = h.allSeries().stream().filter(s -> h.watches().get(s) != null && Double.isFinite(h.watches().get(s).resolvable()))
                .sorted(stepOrder(h)).toList();
        if (all.isEmpty()) return "";
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "<details><summary>The smallest step each figure can show within %d nights (max-p %s)</summary>%n%n",
                h.options().confirmNights(), h.options().method().maxPText()));
        md.append("| figure | nights | spread night to night | smallest step |\n|---|---|---|---|\n");
        for (Series s : all.subList(0, Math.min(STEP_ROWS, all.size()))) {
            Watch w = h.watches().get(s);
            md.append("| ").append(s.key() instanceof FigureKey.Pair ? Markdown.text(s.newest().compared()) + ": " : "").append(Markdown.code(s.key().label()))
                    .append(" | ").append(s.entries().size()).append(String.format(Locale.ROOT, " | %.1f %% | ", w.spread() * 100))
                    .append(w.watchable() ? "**" + pct(w.resolvable()) + "**" : pct(w.resolvable())).append(" |\n");
        }
        if (all.size() > STEP_ROWS) md.append("\n").append(all.size() - STEP_ROWS).append(" more: the site's index and figures.csv.gz list every figure.\n");
        return md.append("\n</details>\n\n").toString();
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f %%", f * 100);
    }

    /**
     * The order figures are listed in by the step they can show (the job summary, the index): the head / base ratios first, then
     * the smallest step first (one with too few nights to say last), then by figure.
     */
    public static java.util.Comparator<Series> stepOrder(History h) {
        return java.util.Comparator.comparing((Series s) -> !ratio(s))
                .thenComparingDouble(s -> h.watches().get(s) != null && Double.isFinite(h.watches().get(s).resolvable()) ? h.watches().get(s).resolvable() : Double.MAX_VALUE)
                .thenComparing(Series::key);
    }

    /** Whether a series is a head / base ratio against a baseline (its newest night's). */
    public static boolean ratio(Series s) {
        return !BaselineEpochs.of(s.key(), s.entries().get(s.entries().size() - 1).night()).isEmpty();
    }

    private static String describe(Change c) {
        return (c.figure() instanceof FigureKey.Pair ? "comparison " + c.compared() + ": " : "cell ") + c.figure().label()
                + (c.status() == Change.Status.SUSPECTED ? " (" + c.nightsAfter() + " night(s) after it so far)" : "");
    }

    /** Tonight's new changes and what is suspected, as Markdown for a job summary; every string from data escaped. */
    public static String markdown(History h) {
        StringBuilder md = new StringBuilder("## jdkmatrix: what changed over the nights\n\n");
        md.append(Markdown.text(summary(h))).append(".\n\n");
        md.append(Markdown.text(watchable(h))).append("\n\n").append(steps(h));
        List<Change> fresh = h.changes().stream().filter(h.newTonight()::contains).toList();
        md.append(fresh.isEmpty() ? "No change confirmed tonight.\n\n" : "### Confirmed tonight\n\n" + rows(h, fresh) + "\n");
        for (Change c : fresh) {
            String bisect = BisectHint.of(c);
            if (!bisect.isEmpty()) md.append("Find the commit of ").append(Markdown.code(c.figure().label())).append(": ").append(Markdown.code(bisect)).append("\n\n");
        }
        if (!h.suspected().isEmpty()) md.append("### Suspected (too few nights after them to confirm)\n\n").append(rows(h, h.suspected())).append('\n');
        List<NightEvents.Event> recent = h.events().stream().filter(e -> recent(h, e.night())).toList();
        if (!recent.isEmpty()) {
            md.append("### The runner, not the figures\n\n");
            recent.forEach(e -> md.append("- ").append(Markdown.text(e.text())).append('\n'));
            md.append('\n');
        }
        List<BaselineEpochs.Move> moved = h.baselineMoves().stream().filter(m -> recent(h, m.night())).toList();
        if (!moved.isEmpty()) {
            md.append("### The baseline moved\n\n");
            moved.forEach(m -> md.append("- ").append(Markdown.text(m.text())).append('\n'));
            md.append('\n');
        }
        long older = h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED && !h.newTonight().contains(c)).count();
        if (older > 0) md.append(older).append(" change(s) confirmed on earlier nights: the site's index and changes.csv list them all.\n");
        if (!h.skipped().isEmpty()) {
            md.append("\n").append(h.skipped().size()).append(" folder(s) passed over:\n\n");
            h.skipped().forEach(s -> md.append("- ").append(Markdown.text(s)).append('\n'));
        }
        return md.toString();
    }

    /** How a change's row is marked: a regression that fails the night in bold; an accepted one with its note; a cell of a benchmark against its baseline as the runner's day. */
    private static String verdict(History h, Change c) {
        if (!c.regression()) return "improvement";
        if (BaselineEpochs.pairedCell(c.figure(), c.after())) return "slower: the runner's day (its ratio to the baseline decides)";
        return h.acceptedText(c).isEmpty() ? "**regression**" : "regression, " + Markdown.text(h.acceptedText(c));
    }

    /** Whether a night is among the newest confirm-nights: what a job summary still reports of it. */
    private static boolean recent(History h, Night n) {
        return h.nights().indexOf(n) >= h.nights().size() - h.options().confirmNights();
    }

    private static String rows(History h, List<Change> changes) {
        StringBuilder md = new StringBuilder("| | figure | first night after it | change [95 % CI] | p | what changed |\n|---|---|---|---|---|---|\n");
        for (Change c : changes) {
            md.append("| ").append(verdict(h, c)).append(" | ")
                    .append(c.figure() instanceof FigureKey.Pair ? Markdown.text(c.compared()) + ": " : "").append(Markdown.code(c.figure().label()))
                    .append(" | ").append(Markdown.text(c.after().date())).append(' ').append(Markdown.code(c.after().runId()))
                    .append(" | ").append(Markdown.text(c.sizeText())).append(" | ").append(String.format(Locale.ROOT, "%.2g", c.pValue()))
                    .append(" | ").append(Markdown.text(c.whatChangedText() + (c.byMachine().isEmpty() ? "" : "; " + c.byMachine()))).append(" |\n");
        }
        return md.toString();
    }
}
