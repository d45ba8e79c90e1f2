package dev.jdkmatrix.report.chart;

import java.awt.Color;
import java.util.Map;
import org.knowm.xchart.internal.series.AxesChartSeries;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.internal.series.Series;

/**
 * One colour per JDK in every chart and on every page, so that a reader who learnt that JDK 25 is
 * vermillion on the first chart reads it so on the last, and on the next night's gallery: the
 * JDKs jdkmatrix ships a Dockerfile of have their own (Okabe and Ito's colour-blind safe
 * palette), any other name the palette's next by its name's hash. Every chart that draws a series
 * per JDK paints it through {@link #paint}; a chart whose series are executors in the run's {@link #executors}; a chart
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

    /** The colour of a JDK by its name. */
    static Color of(String jdk) {
        Integer own = OWN.get(jdk);
        if (own != null) return PALETTE[own];
        int rest = PALETTE.length - OWN.size();
        return PALETTE[OWN.size() + Math.floorMod(jdk.hashCode(), rest)];
    }

    /**
     * The colours of a run's executors, each its own among them and the same on every chart and page of its gallery where the
     * executors are the series (the scaling lines, the speedup rows): a virtual thread per task bluish green, a thread per task
     * black, the pools by their size (fixed:cpus first, then fixed:N by N, then any other by name) the palette's other
     * entries in turn, from a seventh pool on again from the first. An executor's name hashed to a colour met two pools of one
     * run in one colour (fixed:200, fixed:512 and fixed:20 all reddish purple).
     */
    static Map<String, Color> executors(java.util.Collection<String> executors) {
        Map<String, Color> out = new java.util.LinkedHashMap<>();
        int[] rest = {0, 1, 3, 4, 5, 7};
        int next = 0;
        for (String e : executors.stream().distinct().sorted(POOLS_FIRST).toList()) {
            if (e.equals("virtual")) out.put(e, PALETTE[2]);
            else if (e.equals("thread-per-task")) out.put(e, PALETTE[6]);
            else out.put(e, PALETTE[rest[next++ % rest.length]]);
        }
        return out;
    }

    /** fixed:cpus, then fixed:N by N, then any other executor by name. */
    private static final java.util.Comparator<String> POOLS_FIRST = java.util.Comparator.comparingLong((String e) -> e.equals("fixed:cpus") ? -1
            : e.matches("fixed:\\d{1,18}") ? Long.parseLong(e.substring(6)) : Long.MAX_VALUE).thenComparing(java.util.Comparator.naturalOrder());

    /** A series in its colour; returned for chaining. */
    static <S extends Series> S paintIn(S s, Color c) {
        return painted(s, c);
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

    /** The markers that tell apart, with a grey each, series that are neither JDKs nor executors (CPU limits, CPU models), in turn. */
    static final org.knowm.xchart.style.markers.Marker[] MARKERS = {org.knowm.xchart.style.markers.SeriesMarkers.CIRCLE,
            org.knowm.xchart.style.markers.SeriesMarkers.DIAMOND, org.knowm.xchart.style.markers.SeriesMarkers.SQUARE,
            org.knowm.xchart.style.markers.SeriesMarkers.TRIANGLE_UP, org.knowm.xchart.style.markers.SeriesMarkers.TRIANGLE_DOWN,
            org.knowm.xchart.style.markers.SeriesMarkers.CROSS};

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
