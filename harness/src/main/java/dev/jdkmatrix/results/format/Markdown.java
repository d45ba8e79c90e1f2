package dev.jdkmatrix.results.format;

/**
 * The escaper of every string from data (cell ids, params, jvm-args, run ids, what changed) on its
 * way into GitHub-flavoured Markdown: a job summary, compare's report, the history's. A code span
 * keeps its text literal (no HTML, no emphasis) with a fence of more backticks than any run inside
 * it; inside a table, a pipe is escaped in either form, and a line break becomes a space.
 */
public final class Markdown {

    private Markdown() {}

    /** {@code text} as a code span, read exactly as given (within a table cell too). */
    public static String code(String text) {
        String s = oneLine(text).replace("|", "\\|");
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = s.startsWith("`") || s.endsWith("`") || s.isEmpty();
        return fence + (pad ? " " : "") + s + (pad ? " " : "") + fence;
    }

    /**
     * {@code text} as plain text: every character Markdown or HTML reads as markup anywhere in a line
     * escaped with a backslash or an entity, and a line start that would make a heading, a list or a
     * quote escaped too.
     */
    public static String text(String text) {
        String s = oneLine(text);
        StringBuilder b = new StringBuilder(s.length() + 8);
        if (s.matches("^[#>+=-].*")) b.append('\\');
        int ordered = s.matches("^\\d+[.)].*") ? s.replaceAll("^(\\d+).*", "$1").length() : -1; // "1." starts a list: its dot escaped
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (i == ordered) b.append('\\');
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '\\', '`', '*', '_', '[', ']', '|', '~' -> b.append('\\').append(c);
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
    }
}
