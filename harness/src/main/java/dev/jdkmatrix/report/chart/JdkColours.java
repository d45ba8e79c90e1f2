package dev.jdkmatrix.report.chart;

import java.awt.Color;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.internal.series.AxesChartSeries;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.internal.series.Series;

/**
 * One colour per JDK in every chart and on every page, so that a reader who learnt that JDK 25 is
 * vermillion on the first chart reads it so on the last, and on the next night's gallery: the
 * JDKs jdkmatrix ships a Dockerfile of have their own (Okabe and Ito's colour-blind safe
 * palette), any other name the palette's next by its name's hash. Every chart that draws a series
 * per JDK paints it through {@link #paint}; a chart whose series are executors through {@link #paintExecutor}; a chart
 * whose series are neither (a memory chart's peaks, a throttling chart's CPU limits, a trend's CPU models) through
 * {@link #paintGrey}.
 */
final class JdkColours {

    private JdkColours() {}

    /** Okabe-Ito: blue, vermillion, bluish green, reddish purple, orange, sky blue, black, grey. */
    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7), new Color(0xE69F00),
            new Color(0x56B4E9), new Color(0x000000), new Color(0x999999)};

    /** jdkmatrix's own JDKs, each its colour of the palette. */
    static final Map<String, Integer> OWN = Map.of("21", 0, "25", 1, "17", 2, "27", 3);

    private static final Pattern JDK = Pattern.compile("JDK (\\S+)");

    /** The colour of a JDK by its name. */
    static Color of(String jdk) {
        Integer own = OWN.get(jdk);
        if (own != null) return PALETTE[own];
        int rest = PALETTE.length - OWN.size();
        return PALETTE[OWN.size() + Math.floorMod(jdk.hashCode(), rest)];
    }

    /**
     * Colours for a chart's series by their names, the same name the same colour on every chart and page where it can be: a
     * JDK's its own, any other the palette's entry its name hashes to, the next free one where two names of this chart meet
     * (in the names' sorted order, so that a chart's pages agree).
     */
    static Map<String, Color> byName(java.util.Collection<String> names) {
        Map<String, Color> out = new java.util.LinkedHashMap<>();
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        for (String name : new java.util.TreeSet<>(names)) {
            Matcher m = JDK.matcher(name);
            if (m.matches()) {
                out.put(name, of(m.group(1)));
                continue;
            }
            int i = Math.floorMod(name.hashCode(), PALETTE.length);
            for (int tries = 0; taken.contains(i) && tries < PALETTE.length; tries++) i = (i + 1) % PALETTE.length;
            taken.add(i);
            out.put(name, PALETTE[i]);
        }
        return out;
    }

    /**
     * The colour of an executor, the same on every chart where the executors are the series (a scaling line each): a virtual
     * thread per task bluish green, a thread per task black, a pool the palette's entry its name hashes to among the rest.
     */
    static Color executor(String executor) {
        if (executor.equals("virtual")) return PALETTE[2];
        if (executor.equals("thread-per-task")) return PALETTE[6];
        int[] rest = {0, 1, 3, 4, 5, 7};
        return PALETTE[rest[Math.floorMod(executor.hashCode(), rest.length)]];
    }

    /** An executor's series in its colour ({@link #executor}); returned for chaining. */
    static <S extends Series> S paintExecutor(S s, String executor) {
        return painted(s, executor(executor));
    }

    /** A JDK's series in its JDK's colour: its fill (bars), line and markers; returned for chaining. */
    static <S extends Series> S paint(S s, String jdk) {
        return painted(s, of(jdk));
    }

    /**
     * Greys for the series of a chart that are neither JDKs nor executors (a memory chart's three peaks), darkest first: a
     * reader who learnt a colour as a JDK or an executor does not meet it as anything else.
     */
    static final Color[] GREYS = {new Color(0x3A3A3A), new Color(0x8A8A8A), new Color(0xC4C4C4)};

    /** The i-th series of a chart whose series are neither JDKs nor executors, in the i-th grey; returned for chaining. */
    static <S extends Series> S paintGrey(S s, int i) {
        return painted(s, GREYS[Math.floorMod(i, GREYS.length)]);
    }

    private static <S extends Series> S painted(S s, Color c) {
        s.setFillColor(c);
        if (s instanceof MarkerSeries ms) ms.setMarkerColor(c);
        if (s instanceof AxesChartSeries as) as.setLineColor(c);
        return s;
    }
}
