package dev.jdkmatrix.report.profile;

import dev.jdkmatrix.report.chart.ChartText;
import dev.jdkmatrix.report.html.Html;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.CollapsedStacks;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * The gallery's profiles: for every profile run whose stacks are in the folder, a flame graph page
 * beside them ({@code profiles/SEQ.html}, async-profiler's own converter: one self-contained HTML
 * file, its script inline, nothing loaded from elsewhere), and for every two profiled cells that
 * differ only in the JDK (or only in the executor), the frames whose share of the samples changed
 * most, with a one-line takeaway and their differential flame graph ({@link DiffFlameGraph}). A gallery with a
 * byte budget draws the pages that fit (the differentials first) and says how many it left out.
 */
public final class ProfilePages {

    /** Frames in a differential table. */
    static final int TOP_FRAMES = 20;

    /**
     * One profiled cell's profile run, and where its stacks are (null when not in this folder, or
     * unusable); {@code problem}: why they are unusable (a failed profile run, a damaged file), else empty.
     */
    public record Profiled(RawRow row, Path stacks, Path folder, String problem) {
        public Profiled {
            problem = problem == null ? "" : problem;
        }

        String cell() {
            return row.cell();
        }

        String jdk() {
            return row.key().jdk();
        }

        /** The cell's axes and params but {@code axis} (jdk or executor), and the event: two profiles of one key differ only along it. */
        String keyWithout(String axis) {
            java.util.SortedMap<String, String> axes = new java.util.TreeMap<>(row.key().axes());
            axes.remove(axis);
            return row.profileEvent() + "|" + axes;
        }

        /** The cell's value of {@code axis}, as the table's heading names it. */
        String value(String axis) {
            return axis.equals("jdk") ? "JDK " + jdk() : java.util.Objects.requireNonNullElse(row.key().valueOf(axis), "");
        }

        String page() {
            return row.profileFile().replace(".collapsed.gz", ".html");
        }

        /** Whether its flame graph page is in the folder (a published night keeps the ones its bytes allow). */
        boolean drawn() {
            return Files.isRegularFile(folder.resolve(page()));
        }
    }

    private ProfilePages() {}

    /**
     * The folder's profile runs. A run that did not end ok, and stacks that do not read (a cut,
     * empty or not gzipped file), are kept with their problem and no stacks: named in the gallery
     * and on screen, left out of every page and pair; the rest of the report is written.
     */
    public static List<Profiled> of(Path dir, List<RawRow> raw) {
        List<Profiled> out = new ArrayList<>();
        for (RawRow r : raw) {
            if (!"profile".equals(r.phase()) || r.profileFile().isEmpty()) continue;
            Path stacks = dir.resolve(r.profileFile()).normalize();
            boolean here = stacks.startsWith(dir.normalize()) && Files.isRegularFile(stacks);
            if (!r.ok()) {
                out.add(new Profiled(r, null, dir, "the profile run ended " + r.status() + (r.statusDetail().isEmpty() ? "" : ": " + r.statusDetail())));
                continue;
            }
            String problem = here ? damage(stacks, r.profileFile()) : "";
            out.add(new Profiled(r, here && problem.isEmpty() ? stacks : null, dir, problem));
        }
        return out;
    }

    /** Why a stored profile's stacks do not read ({@code profiles/00042.collapsed.gz is damaged: ...}), or empty when they do. */
    private static String damage(Path stacks, String name) {
        try {
            CollapsedStacks.read(stacks);
            return "";
        } catch (IOException | RuntimeException e) {
            return name + " is damaged (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
        }
    }

    /** The problems of the folder's profiles, one line each, for the screen and the gallery. */
    public static List<String> problems(List<Profiled> profiles) {
        return profiles.stream().filter(p -> !p.problem().isEmpty()).map(p -> p.cell() + ": " + p.problem()).toList();
    }

    /**
     * Writes the differential flame graph of every pair, then every profile's flame graph page,
     * each while the pages written stay within {@code bytes} (a page that does not fit is not
     * written, and one written before by another report is removed); returns the bytes written.
     */
    public static long writePages(List<Profiled> profiles, Path dir, long bytes) throws IOException {
        long used = 0;
        for (Pair p : pairs(profiles)) {
            String title = without(p.b(), p.axis()) + " " + p.b().row().profileEvent() + ": " + p.a().value(p.axis()) + " against " + p.b().value(p.axis());
            byte[] svg = DiffFlameGraph.svg(title, p.a().value(p.axis()), p.b().value(p.axis()), rooted(p.a()), rooted(p.b())).getBytes(StandardCharsets.UTF_8);
            used += keep(dir.resolve(p.page()), svg, bytes - used);
        }
        for (Profiled p : profiles) {
            if (p.stacks() == null) continue;
            Arguments args = new Arguments();
            // the converter puts the title into the page as it is, and the frame names into string literals of its script
            args.title = Html.esc(p.cell() + " - " + p.row().profileEvent() + " profile, " + dev.jdkmatrix.results.Summarizer.significant(p.row().figure(RunFigure.PROFILE_SAMPLES)) + " samples");
            FlameGraph fg = new FlameGraph(args);
            try (Reader in = new InputStreamReader(new GZIPInputStream(Files.newInputStream(p.stacks())), StandardCharsets.UTF_8)) {
                fg.parseCollapsed(in);
            }
            java.io.ByteArrayOutputStream page = new java.io.ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(page, false, StandardCharsets.UTF_8)) {
                fg.dump(out);
            }
            used += keep(dir.resolve(p.page()), scriptSafe(page.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8), bytes - used);
        }
        return used;
    }

    /**
     * The converter's page with its frame names made safe where they land: the constant pool of
     * names, string literals in the page's inline script, through {@link Html#inScriptString}.
     */
    static String scriptSafe(String page) {
        int from = page.indexOf("const cpool = [");
        int to = from < 0 ? -1 : page.indexOf("\n];", from);
        if (to < 0) throw new IllegalStateException("async-profiler's flame graph page has no 'const cpool = [ ... ];' to make safe: its template changed");
        return page.substring(0, from) + Html.inScriptString(page.substring(from, to)) + page.substring(to);
    }

    /** Writes {@code content} to {@code file} if it fits in {@code left} bytes (else removes the file); returns the bytes written. */
    private static long keep(Path file, byte[] content, long left) throws IOException {
        if (content.length > left) {
            Files.deleteIfExists(file);
            return 0;
        }
        Files.write(file, content);
        return content.length;
    }

    /** The gallery's section, or empty when the run profiled nothing. */
    public static String section(List<Profiled> profiles) {
        if (profiles.isEmpty()) return "";
        StringBuilder b = new StringBuilder("<h2 id=\"profiles\">Profiles</h2>\n");
        b.append("<p>Each profiled cell's one profile run (left out of every figure above), sampled by async-profiler: its flame graph and its ")
                .append("collapsed stacks. For two cells that differ only in the JDK, or only in the executor, the ").append(TOP_FRAMES)
                .append(" frames whose share of the samples changed most: self is the frame itself sampled, total anywhere on the stack.</p>\n");
        b.append("<table>\n<tr><th>cell</th><th>event</th><th>samples</th><th>flame graph</th><th>stacks</th></tr>\n");
        int missing = 0;
        int undrawn = 0;
        for (Profiled p : profiles) {
            b.append("<tr><td>").append(Html.esc(p.cell())).append("</td><td>").append(Html.esc(p.row().profileEvent())).append("</td><td>")
                    .append(Html.esc(dev.jdkmatrix.results.Summarizer.significant(p.row().figure(RunFigure.PROFILE_SAMPLES)))).append("</td>");
            if (!p.problem().isEmpty()) {
                b.append("<td colspan=\"2\">left out: ").append(Html.esc(p.problem())).append("</td></tr>\n");
            } else if (p.stacks() == null) {
                missing++;
                b.append("<td colspan=\"2\">not in this folder</td></tr>\n");
            } else {
                if (p.drawn()) b.append("<td><a href=\"").append(Html.href(p.page())).append("\">flame graph</a></td>");
                else {
                    undrawn++;
                    b.append("<td>not drawn</td>");
                }
                b.append("<td><a href=\"").append(Html.href(p.row().profileFile())).append("\">").append(Html.esc(p.row().profileFile())).append("</a></td></tr>\n");
            }
        }
        b.append("</table>\n");
        if (missing > 0) b.append("<p>").append(missing).append(" profile(s) are not in this folder: their stacks were not copied with it.</p>\n");
        long bad = profiles.stream().filter(p -> !p.problem().isEmpty()).count();
        if (bad > 0) b.append("<p>").append(bad).append(" profile(s) left out, failed or damaged (named in the table); the rest of the report is drawn.</p>\n");
        long diffsUndrawn = pairs(profiles).stream().filter(x -> !x.drawn()).count();
        if (undrawn + diffsUndrawn > 0) {
            b.append("<p>").append(undrawn).append(" flame graph(s) and ").append(diffsUndrawn)
                    .append(" differential flame graph(s) were not drawn within this gallery's bytes; their stacks are here, and <code>jdkmatrix report --results</code> on a copy of this folder draws them all.</p>\n");
        }
        for (Pair pair : pairs(profiles)) b.append(diff(pair));
        return b.toString();
    }

    /** Two profiles of cells that differ only along {@code axis} (jdk or executor); A is the older JDK, or the executor the run lists first. */
    public record Pair(Profiled a, Profiled b, String axis) {
        /** The differential flame graph's page, beside the two profiles' stacks. */
        String page() {
            return "profiles/diff-" + seq(a) + "-" + seq(b) + ".svg";
        }

        boolean drawn() {
            return Files.isRegularFile(a.folder().resolve(page()));
        }

        private static String seq(Profiled p) {
            String f = p.row().profileFile();
            return f.substring(f.lastIndexOf('/') + 1).replace(".collapsed.gz", "");
        }
    }

    /** Every pair of profiles (with their stacks in the folder) to set side by side: along the JDK, older first, then along the executor. */
    static List<Pair> pairs(List<Profiled> profiles) {
        List<Pair> out = new ArrayList<>();
        for (String axis : List.of("jdk", "executor")) {
            Map<String, List<Profiled>> byKey = new LinkedHashMap<>();
            for (Profiled p : profiles) {
                if (p.stacks() != null && !(axis.equals("executor") && p.row().key().executor().isEmpty())) {
                    byKey.computeIfAbsent(p.keyWithout(axis), k -> new ArrayList<>()).add(p);
                }
            }
            for (List<Profiled> same : byKey.values()) {
                if (axis.equals("jdk")) same.sort(java.util.Comparator.comparingInt((Profiled x) -> ChartText.jdkOrder(x.jdk())).thenComparing(Profiled::jdk));
                for (int i = 0; i + 1 < same.size(); i++) out.add(new Pair(same.get(i), same.get(i + 1), axis));
            }
        }
        return out;
    }

    /** A cell's id without the token of {@code axis}, for the heading of a pair that differs along it. */
    static String without(Profiled p, String axis) {
        String id = p.cell();
        if (axis.equals("jdk")) return id.replaceAll("(^| )jdk=\\S+", "");
        String executor = p.row().key().executor();
        return executor.isEmpty() ? id : id.replace(" " + executor + " ", " ");
    }

    /** The differential table of two profiles that differ along {@code axis} (A on the older JDK), under its takeaway. */
    static String diff(Pair pair) {
        Profiled a = pair.a();
        Profiled b = pair.b();
        String axis = pair.axis();
        List<ProfileDiff.Change> top;
        String takeaway;
        Map<String, Long> stacksA;
        Map<String, Long> stacksB;
        try {
            stacksA = rooted(a);
            stacksB = rooted(b);
            top = ProfileDiff.top(stacksA, stacksB, TOP_FRAMES);
            takeaway = ProfileDiff.takeaway(b.value(axis), stacksA, stacksB);
        } catch (IOException e) {
            return "<p>cannot read " + Html.esc(a.stacks() + " or " + b.stacks()) + ": " + Html.esc(e.getMessage()) + "</p>\n";
        }
        StringBuilder h = new StringBuilder();
        String va = a.value(axis);
        String vb = b.value(axis);
        h.append("<h3>").append(Html.esc(without(b, axis) + " " + b.row().profileEvent() + ": " + va + " against " + vb))
                .append("</h3>\n<p><strong>").append(Html.esc(takeaway)).append("</strong>");
        if (pair.drawn()) {
            h.append(" (<a href=\"").append(Html.href(pair.page())).append("\">differential flame graph</a>: red where ").append(Html.esc(vb))
                    .append(" spends a larger share, blue a smaller one)");
        }
        h.append("</p>\n");
        long na = ProfileDiff.samples(stacksA);
        long nb = ProfileDiff.samples(stacksB);
        h.append("<p>Each stack rooted at the benchmark method (a built-in workload's code), the frames above it left out, so a path into it that")
                .append(" changed between the two is no difference; shares of ").append(String.format(Locale.ROOT, "%,d", na)).append(" and ")
                .append(String.format(Locale.ROOT, "%,d", nb)).append(" samples; &plusmn;: the change's 95 % margin as two proportions, a change")
                .append(" within it shaded as noise.</p>\n");
        h.append("<table>\n<tr><th>frame</th><th>self, ").append(Html.esc(va)).append("</th><th>self, ").append(Html.esc(vb))
                .append("</th><th>change</th><th>total, ").append(Html.esc(va)).append("</th><th>total, ").append(Html.esc(vb))
                .append("</th><th>change</th></tr>\n");
        for (ProfileDiff.Change c : top) {
            h.append("<tr><td title=\"").append(Html.esc(c.frame())).append("\">").append(Html.esc(ProfileDiff.shortName(c.frame())))
                    .append(Html.esc(onlyOneSide(c, va, vb))).append("</td>")
                    .append(pct(c.selfA())).append(pct(c.selfB())).append(delta(c.selfDelta(), ProfileDiff.margin(c.selfA(), na, c.selfB(), nb)))
                    .append(pct(c.totalA())).append(pct(c.totalB())).append(delta(c.totalDelta(), ProfileDiff.margin(c.totalA(), na, c.totalB(), nb))).append("</tr>\n");
        }
        return h.append("</table>\n").toString();
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "<td class=\"num\">%.1f %%</td>", share * 100);
    }

    private static String delta(double d, double margin) {
        boolean noise = !(Math.abs(d) > margin);
        return String.format(Locale.ROOT, "<td class=\"num%s\">%+.1f pt &plusmn;%.1f</td>", noise ? " noisy" : "", d * 100, margin * 100);
    }

    /** A JVM-internal frame found in one profile only (a class renamed or added between JDKs), said so beside its name. */
    public static String onlyOneSide(ProfileDiff.Change c, String va, String vb) {
        if (ProfileDiff.isJava(c.frame()) || (c.totalA() > 0 && c.totalB() > 0)) return "";
        return " (JVM internal, only in " + (c.totalA() > 0 ? va : vb) + ": renamed or new)";
    }

    /** A profile's stacks rooted at its benchmark method or workload's code ({@link ProfileDiff#rooted}). */
    static Map<String, Long> rooted(Profiled p) throws IOException {
        return ProfileDiff.rooted(CollapsedStacks.read(p.stacks()), ProfileDiff.entry(p.row().key().kind(), p.row().key().benchmark()));
    }
}
