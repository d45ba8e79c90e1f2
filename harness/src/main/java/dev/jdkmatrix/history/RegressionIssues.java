package dev.jdkmatrix.history;

import dev.jdkmatrix.results.format.Markdown;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a site's history asks of a team's issue tracker ({@code jdkmatrix regression-issues}): one issue per confirmed regression
 * the team has not accepted and the nights have not taken back, and, for an issue opened before, whether it still stands or
 * why it closes (accepted, reverted, no longer confirmed). An issue is found again by a marker in its body, an HTML comment that
 * names the site, the figure's series (a hash of its fleet and label) and the first night after the change; an issue matches a
 * change of the same site and series whose first night after lies within a night of the marker's (the nights after a change can
 * move its point by one as they come, as {@link Acceptance} allows). Pure: the REST calls are {@code github.GitHubIssues}'.
 */
public final class RegressionIssues {

    /** The label every such issue carries (and the list of open ones is asked by). */
    public static final String LABEL = "jdkmatrix-regression";

    private static final Pattern MARKER = Pattern.compile("<!-- jdkmatrix-regression site=(\\S+) series=([0-9a-f]{16}) after=(\\S+) -->");

    private final History history;
    private final String site;
    private final String siteUrl;
    private final java.util.function.Function<Change, String> bisected;
    private List<Wanted> wanted;

    /**
     * @param site     the site's name among a repository's sites (its branch): issues of another site are left alone
     * @param siteUrl  where the site is published ("" for nowhere): the issue links its index and the night
     * @param bisected a change's bisect result as Markdown ("" for none), kept beside the change on the site
     */
    public RegressionIssues(History history, String site, String siteUrl, java.util.function.Function<Change, String> bisected) {
        this.history = Objects.requireNonNull(history, "history");
        this.site = Objects.requireNonNull(site, "site");
        if (!site.matches("[A-Za-z0-9._/-]+")) throw new IllegalArgumentException("a site's name is a branch name (letters, digits, . _ / -), got '" + site + "'");
        this.siteUrl = siteUrl == null ? "" : siteUrl.replaceAll("/+$", "");
        if (!this.siteUrl.isEmpty() && !this.siteUrl.matches("https?://[A-Za-z0-9._~:/?#@!$&*+,;=%-]+")) {
            throw new IllegalArgumentException("a site's address is an http(s) URL without spaces, quotes or brackets, got '" + siteUrl + "'");
        }
        this.bisected = Objects.requireNonNull(bisected, "bisected");
    }

    /**
     * An issue the history wants open: its marker, title and body; {@code opens} whether it is recent enough to open one where none
     * is open (confirmed within twice the confirm-nights, as the nightly's alert is: a site's old regressions open none when the
     * input is first turned on; one still open is kept in step whatever its age).
     */
    public record Wanted(Change change, String marker, String title, String body, boolean opens) {
        public Wanted {
            Objects.requireNonNull(change, "change");
            if (!MARKER.matcher(marker).matches()) throw new IllegalArgumentException("not a regression issue's marker: " + marker);
            if (title.isBlank() || title.length() > 256) throw new IllegalArgumentException("an issue's title is 1 to 256 characters, got " + title.length());
        }
    }

    /** An open issue of the tracker: its number, title and body as the tracker holds them. */
    public record Open(long number, String title, String body) {
        public Open {
            if (number < 1) throw new IllegalArgumentException("an issue's number is positive, got " + number);
            title = title == null ? "" : title;
            body = body == null ? "" : body;
        }
    }

    /** What to do with an open issue of this site: keep it (updated to {@code wanted}), or close it with {@code comment}. */
    public sealed interface Decision {
        Open issue();

        record Keep(Open issue, Wanted wanted) implements Decision {}

        record Close(Open issue, String comment, String reason) implements Decision {}
    }

    /** Every confirmed regression the team has not accepted and the nights have not taken back, oldest first (made once). */
    public List<Wanted> wanted() {
        if (wanted == null) {
            List<Wanted> out = new ArrayList<>();
            for (Change c : history.changes()) {
                if (standing(c)) out.add(issueOf(c));
            }
            out.sort(java.util.Comparator.comparing((Wanted w) -> w.change().after().started()).thenComparing(w -> w.change().figure()));
            wanted = List.copyOf(out);
        }
        return wanted;
    }

    /** The issue change {@code c} has or would have. */
    Wanted issueOf(Change c) {
        return new Wanted(c, marker(c), title(c), body(c), c.nightsAfter() <= 2 * history.options().confirmNights());
    }

    /** A confirmed regression that fails nights (not a paired cell's runner's day), not accepted, not reverted. */
    private boolean standing(Change c) {
        return c.status() == Change.Status.CONFIRMED && c.regression() && !BaselineEpochs.pairedCell(c.figure(), c.after())
                && !history.accepted().containsKey(c) && reverted(c).isEmpty();
    }

    /** The later confirmed change of the same series that takes back at least half of {@code c} (its log size), if any. */
    Optional<Change> reverted(Change c) {
        double size = Math.log(c.ratio());
        return history.changes().stream().filter(l -> l.status() == Change.Status.CONFIRMED && l.runnerClass().equals(c.runnerClass())
                        && l.figure().equals(c.figure()) && l.after().started().isAfter(c.after().started()))
                .filter(l -> Math.log(l.ratio()) * size < 0 && Math.abs(Math.log(l.ratio())) >= 0.5 * Math.abs(size)).findFirst();
    }

    /** The open issue of this site that {@code c} is, by its marker. */
    private boolean matches(Open issue, Change c) {
        Matcher m = MARKER.matcher(issue.body());
        if (!m.find() || !m.group(1).equals(site) || !m.group(2).equals(series(c))) return false;
        List<Night> nights = history.nights();
        int after = nights.indexOf(c.after());
        for (int i = Math.max(0, after - 1); i <= Math.min(nights.size() - 1, after + 1); i++) if (nights.get(i).folder().equals(m.group(3))) return true;
        return false;
    }

    /** Whether an issue is one of this site's (its marker names it); another site's, or a person's, is left alone. */
    public boolean ours(Open issue) {
        Matcher m = MARKER.matcher(issue.body());
        return m.find() && m.group(1).equals(site);
    }

    /** For each open issue of this site: keep it (the change still stands) or close it, saying why. */
    public List<Decision> decide(List<Open> open) {
        List<Wanted> wanted = wanted();
        List<Decision> out = new ArrayList<>();
        for (Open issue : open) {
            if (!ours(issue)) continue;
            Optional<Wanted> w = wanted.stream().filter(x -> matches(issue, x.change())).findFirst();
            if (w.isPresent()) {
                out.add(new Decision.Keep(issue, w.get()));
                continue;
            }
            Optional<Change> gone = history.changes().stream().filter(c -> c.regression() && matches(issue, c)).findFirst();
            out.add(close(issue, gone));
        }
        return out;
    }

    private Decision close(Open issue, Optional<Change> gone) {
        if (gone.isPresent() && history.accepted().containsKey(gone.get())) {
            return new Decision.Close(issue, "Accepted as expected: " + Markdown.text(history.acceptedText(gone.get())) + ". The nightly no longer fails on it.", "completed");
        }
        Optional<Change> taken = gone.flatMap(this::reverted);
        if (taken.isPresent()) {
            Change back = taken.get();
            return new Decision.Close(issue, String.format(Locale.ROOT, "Taken back: the figure moved %s from the night of %s (%s), confirmed over the nights after it.",
                    Markdown.text(back.sizeText()), Markdown.text(back.after().date()), Markdown.code(back.after().folder())), "completed");
        }
        return new Decision.Close(issue, "The site's history no longer confirms this regression (the nights after it did not hold it, or its nights left the site). "
                + "Reopen it if you still see it.", "not_planned");
    }

    /** {@code <!-- jdkmatrix-regression site=gh-pages series=0123456789abcdef after=night-12-1 -->}. */
    String marker(Change c) {
        String after = c.after().folder().matches("\\S+") && !c.after().folder().contains("--") ? c.after().folder() : "unnamed";
        return "<!-- jdkmatrix-regression site=" + site + " series=" + series(c) + " after=" + after + " -->";
    }

    /** The series a change is of: its fleet and figure, hashed (a marker holds no text of data). */
    static String series(Change c) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((c.runnerClass() + "\n" + c.figure().kind() + "\n" + c.figure().label()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** "jdkmatrix: StringJoinBench.stringJoin ... +9.8 % slower (regression since 2026-11-29)", at most 256 characters. */
    static String title(Change c) {
        String size = String.format(Locale.ROOT, "%+.1f %%", c.percent());
        String t = "jdkmatrix regression: " + c.figure().label().replaceAll("\\s+", " ") + " " + size + " since " + c.after().date();
        if (t.length() <= 256) return t;
        String label = c.figure().label().replaceAll("\\s+", " ");
        return "jdkmatrix regression: " + label.substring(0, 256 - 40 - size.length()) + "... " + size + " since " + c.after().date();
    }

    /** The change as the index says it, its nights and commits, the command that finds its commit and what that found: every string from data escaped. */
    String body(Change c) {
        StringBuilder md = new StringBuilder(marker(c)).append('\n');
        md.append("The nightly confirmed a **regression** of ").append(c.figure() instanceof FigureKey.Pair ? "the comparison " + Markdown.text(c.compared()) + ": " : "the cell ")
                .append(Markdown.code(c.figure().label())).append(".\n\n");
        md.append("| | |\n|---|---|\n");
        md.append("| change [95 % CI] | ").append(Markdown.text(c.sizeText())).append(" |\n");
        md.append("| last night before it | ").append(night(c.before())).append(" |\n");
        md.append("| first night after it | ").append(night(c.after())).append(" |\n");
        md.append("| nights before / after | ").append(c.nightsBefore()).append(" / ").append(c.nightsAfter()).append(" |\n");
        md.append("| p | ").append(String.format(Locale.ROOT, "%.2g", c.pValue())).append(" |\n");
        md.append("| runners | ").append(Markdown.text(c.runnerClass())).append(" |\n");
        md.append("| what changed | ").append(Markdown.text(c.whatChangedText())).append(" |\n");
        if (!c.byMachine().isEmpty()) md.append("| by CPU model | ").append(Markdown.text(c.byMachine())).append(" |\n");
        String bisect = BisectHint.of(c);
        if (!bisect.isEmpty()) md.append("\nFind its commit (or run the nightly workflow's bisect with these refs):\n\n```\n").append(bisect.replace("```", "'''")).append("\n```\n");
        String found = bisected.apply(c);
        if (found != null && !found.isBlank()) md.append("\n<details><summary>What the bisect found</summary>\n\n").append(found.strip()).append("\n\n</details>\n");
        md.append("\nAccept it as expected with `jdkmatrix accept` (or the workflow's accept-* inputs) and this issue closes on the next night; ")
                .append("it closes too when the nights take it back. Opened and kept by jdkmatrix's nightly (regression-issues); last seen on ")
                .append(Markdown.text(history.nights().get(history.nights().size() - 1).date())).append(".\n");
        return md.toString();
    }

    private String night(Night n) {
        String text = Markdown.text(n.date()) + " " + Markdown.code(n.folder());
        if (siteUrl.isEmpty()) return text;
        return text + " ([night](" + siteUrl + "/" + urlPart(n.folder()) + "/), [index](" + siteUrl + "/))";
    }

    /** A folder's name as a URL's path part: only the characters a night's folder is made of pass, any other percent-encoded. */
    private static String urlPart(String s) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            char ch = (char) (x & 0xff);
            if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.') b.append(ch);
            else b.append(String.format(Locale.ROOT, "%%%02X", x & 0xff));
        }
        return b.toString();
    }
}
