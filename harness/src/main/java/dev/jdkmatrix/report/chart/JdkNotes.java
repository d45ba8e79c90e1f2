package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;

import java.util.List;
import org.knowm.xchart.AnnotationTextPanel;

/** The JDK behaviour changes ({@link JdkMarkers}) a chart notes where its cells cross one and can meet it. */
public final class JdkNotes {

    private JdkNotes() {}

    /** JEP 491 (JDK 24): a virtual thread blocked in synchronized releases its carrier. */
    static final int JEP_491_JDK = 24;

    /**
     * The JDK behaviour changes ({@link JdkMarkers}) that this chart's JDKs cross and its cells can
     * meet, as a note on it: JEP 491 where JDK 21 and 25 run the pinning workload (or a user's
     * benchmark of synchronized or pinning), JEP 444 where JDK 17 and 21 run virtual threads,
     * JDK-8281181 where a pool sized by the CPUs (or a user's parallel benchmark) runs on JDK 17 and 21.
     */
    static void jdkNote(org.knowm.xchart.internal.chartpart.AxesChart<?, ?> chart, List<CellSummary> g) {
        jdkNote(chart, g, 1);
    }

    /** The note, on a chart whose scores are shown {@code factor} times their stored figure ({@link ScoreUnit}). */
    static void jdkNote(org.knowm.xchart.internal.chartpart.AxesChart<?, ?> chart, List<CellSummary> g, double factor) {
        List<JdkMarkers.Marker> crossed = markers(g);
        if (crossed.isEmpty()) return;
        boolean log = chart.getStyler().isYAxisLogarithmic();
        // room above the highest bar and the high end of its interval, so the note covers none
        double top = g.stream().mapToDouble(c -> c.builtin() ? Math.max(c.median(), finiteOr(c.ciHigh(), c.median())) : Math.max(c.score(), finiteOr(c.scoreCiHigh(), c.score())) * factor)
                .filter(Double::isFinite).max().orElse(Double.NaN);
        if (Double.isFinite(top) && top > 0) {
            chart.getStyler().setYAxisMax(log ? top * Math.pow(4, crossed.size() + 1) : top * (1.12 + 0.08 * (crossed.size() + 1)));
            Double min = chart.getStyler().getYAxisMin();
            if (log && min != null && min > 0) labelEveryStep(chart.getStyler(), chart.getStyler().getYAxisMax() / min);
        }
        chart.addAnnotation(new AnnotationTextPanel(String.join("\n", crossed.stream().map(JdkMarkers.Marker::text).toList()), WIDTH * 0.30, HEIGHT - 110, true));
    }

    private static double finiteOr(double v, double or) {
        return Double.isFinite(v) ? v : or;
    }

    /** The JDK behaviour changes these cells' JDKs cross and some of the cells are concerned by. */
    public static List<JdkMarkers.Marker> markers(List<CellSummary> g) {
        return JdkMarkers.crossed(g.stream().map(JdkNotes::feature).toList(), g);
    }

    /** A cell's JDK feature version: from the build it ran ("25.0.3+9-LTS"), else from the JDK's name ("21", "temurin-25"). */
    static int feature(CellSummary c) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)").matcher(c.build());
        if (m.find()) return Integer.parseInt(m.group(1));
        java.util.regex.Matcher n = java.util.regex.Pattern.compile("(\\d+)").matcher(c.jdk());
        return n.find() ? Integer.parseInt(n.group(1)) : Integer.MAX_VALUE;
    }
}
