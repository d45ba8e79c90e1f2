package dev.jdkmatrix.report.html;

/** HTML text escaping: every string from a matrix, a record or run.json passes through it. */
public final class Html {

    private Html() {}

    public static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Text inside a JavaScript string literal of an inline script: every '<' as {@code \x3c}, so no
     * data can close the script element ({@code </script>}) or open a comment ({@code <!--}); the
     * string reads the same. A carriage return, which would end the literal, as {@code \r}.
     */
    public static String inScriptString(String s) {
        return s == null ? "" : s.replace("<", "\\x3c").replace("\r", "\\r");
    }

    /** A relative link target: each path segment percent-encoded, so a name with spaces or '#' still resolves. */
    public static String href(String relative) {
        StringBuilder b = new StringBuilder();
        for (String seg : relative.split("/", -1)) {
            if (!b.isEmpty()) b.append('/');
            b.append(segment(seg));
        }
        return esc(b.toString());
    }

    /** One path segment or query value percent-encoded (a space as %20), not yet escaped for HTML. */
    public static String segment(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }
}
