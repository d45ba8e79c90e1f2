package dev.jdkmatrix.report.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The differential flame graph against ProfileDiffTest's hand-computed profiles. */
class DiffFlameGraphTest {

    static final Map<String, Long> A = ProfileDiffTest.A; // x (under a) 50 %, b 30 %, c 20 %
    static final Map<String, Long> B = ProfileDiffTest.B; // x 20 %, b 35 %, c 45 %

    @Test
    void eachFrameHasItsTwoSharesAtItsPlaceInTheStacks() {
        DiffFlameGraph.Node root = DiffFlameGraph.tree(A, B);
        DiffFlameGraph.Node x = root.children.get("main").children.get("a").children.get("x");
        assertThat(x.a).isCloseTo(0.50, within(1e-12));
        assertThat(x.b).isCloseTo(0.20, within(1e-12));
        assertThat(x.width()).isCloseTo(0.35, within(1e-12));
        assertThat(root.children.get("main").delta()).isCloseTo(0, within(1e-12));
        assertThat(DiffFlameGraph.largestChange(root)).isCloseTo(0.30, within(1e-12));
    }

    @Test
    void aFrameWhoseShareShrankIsBlueOneThatGrewRedAndAnUnchangedOneGrey() {
        Map<String, String> fills = fills(DiffFlameGraph.svg("t", "JDK 17", "JDK 25", A, B));
        assertThat(fills.get("x")).isEqualTo("rgb(31,119,180)"); // -30 pt: the largest change, full blue
        assertThat(fills.get("c")).isEqualTo(DiffFlameGraph.fill(0.25, 0.30)); // +25 pt
        assertThat(fills.get("c")).startsWith("rgb(").isNotEqualTo(fills.get("x"));
        int[] c = rgb(fills.get("c"));
        assertThat(c[0]).isGreaterThan(c[2] + 100); // red
        assertThat(fills.get("main")).isEqualTo("rgb(224,224,224)");
    }

    @Test
    void theWidthsAreTheMeanSharesAndAFrameOfOnlyOneProfileStillShows() {
        String svg = DiffFlameGraph.svg("t", "JDK 17", "JDK 25", Map.of("main;old", 10L), Map.of("main;new", 10L));
        assertThat(widths(svg).get("old")).isCloseTo(DiffFlameGraph.WIDTH / 2.0, within(0.1));
        assertThat(widths(svg).get("new")).isCloseTo(DiffFlameGraph.WIDTH / 2.0, within(0.1));
        assertThat(fills(svg).get("new")).isEqualTo("rgb(214,39,40)");
    }

    @Test
    void boxesNarrowerThanAPixelAreLeftOutAndThePageLoadsNothing() {
        Map<String, Long> many = new HashMap<>(Map.of("main;big", 100_000L));
        many.put("main;tiny", 1L);
        String svg = DiffFlameGraph.svg("<cell & co>", "JDK 17", "JDK 25", many, many);
        assertThat(fills(svg)).containsKey("big").doesNotContainKey("tiny");
        assertThat(svg).contains("&lt;cell &amp; co&gt;").doesNotContain("<script").doesNotContain("href").doesNotContain("@import")
                .doesNotContainPattern("(?i)url\\(");
    }

    @Test
    void aProfileOfManyStacksDrawsOnlyTheWidestBoxes() {
        String svg = DiffFlameGraph.svg("t", "JDK 17", "JDK 25", dev.jdkmatrix.report.ProfiledFolder.manyStacks(1, 600).lines()
                .collect(java.util.stream.Collectors.toMap(l -> l.substring(0, l.lastIndexOf(' ')), dev.jdkmatrix.results.format.CollapsedStacks::samples, Long::sum)),
                dev.jdkmatrix.report.ProfiledFolder.manyStacks(2, 600).lines()
                .collect(java.util.stream.Collectors.toMap(l -> l.substring(0, l.lastIndexOf(' ')), dev.jdkmatrix.results.format.CollapsedStacks::samples, Long::sum)));
        assertThat(svg.split("<rect ", -1).length - 1 - 4).as("boxes (the page's background and three legend keys aside)").isBetween(1000, DiffFlameGraph.MAX_BOXES);
        assertThat(svg.length()).isLessThan(400_000);
    }

    private static final Pattern BOX = Pattern.compile("<title>([^:<]+): [^<]*</title><rect [^>]*width=\"([0-9.]+)\"[^>]*fill=\"([^\"]+)\"");

    private static Map<String, String> fills(String svg) {
        Map<String, String> out = new HashMap<>();
        for (Matcher m = BOX.matcher(svg); m.find(); ) out.put(m.group(1), m.group(3));
        return out;
    }

    private static Map<String, Double> widths(String svg) {
        Map<String, Double> out = new HashMap<>();
        for (Matcher m = BOX.matcher(svg); m.find(); ) out.put(m.group(1), Double.parseDouble(m.group(2)));
        return out;
    }

    private static int[] rgb(String fill) {
        String[] p = fill.replaceAll("[^0-9,]", "").split(",");
        return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2])};
    }
}
