package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The index's text from data: escaped, a GitHub compare view in a change a link and nothing else one. */
class RunIndexTest {

    @Test
    void aChangesCompareViewIsALinkAndTheRestOfItsTextIsEscaped() {
        String text = "jar <b>x</b> -> y; repository acme/lib commits 1a..2b (https://github.com/acme/lib/compare/1a2b...3c4d); see javascript:alert(1)";
        String html = RunIndex.linked(text);
        assertThat(html).contains("jar &lt;b&gt;x&lt;/b&gt; -&gt; y", "<a href=\"https://github.com/acme/lib/compare/1a2b...3c4d\">https://github.com/acme/lib/compare/1a2b...3c4d</a>")
                .doesNotContain("<b>", "href=\"javascript");
        assertThat(RunIndex.linked("https://github.com/a/b/compare/1...2\"><script>")).doesNotContain("<script>");
    }
}
