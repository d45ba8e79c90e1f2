package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JDK behaviour changes a chart's JDKs cross. */
class JdkMarkersTest {

    static List<String> ids(Integer... features) {
        return JdkMarkers.crossed(List.of(features), List.of(JdkMarkers.Scope.values())).stream().map(JdkMarkers.Marker::id).toList();
    }

    @Test
    void aChartShowsTheChangesItsJdksLieOnBothSidesOf() {
        assertThat(ids(21, 25)).containsExactly("JEP 491");
        assertThat(ids(17, 21, 25, 27)).containsExactly("JDK-8281181", "JEP 444", "JEP 491");
        assertThat(ids(17, 21)).containsExactly("JDK-8281181", "JEP 444");
        assertThat(ids(25, 27)).isEmpty();
        assertThat(ids(21)).isEmpty();
        assertThat(ids(Integer.MAX_VALUE, 21)).as("a JDK whose version is unknown crosses nothing").isEmpty();
    }

    @Test
    void aChangeShowsOnlyOnChartsWhoseCellsCanMeetIt() {
        List<Integer> all = List.of(17, 25);
        assertThat(JdkMarkers.crossed(all, List.of(JdkMarkers.Scope.EVERY))).extracting(JdkMarkers.Marker::id).containsExactly("JDK-8281181");
        assertThat(JdkMarkers.crossed(all, List.of(JdkMarkers.Scope.EVERY, JdkMarkers.Scope.VIRTUAL))).extracting(JdkMarkers.Marker::id)
                .containsExactly("JDK-8281181", "JEP 444");
        assertThat(JdkMarkers.crossed(List.of(21, 25), List.of(JdkMarkers.Scope.EVERY, JdkMarkers.Scope.VIRTUAL)))
                .as("sleep on virtual threads, JDK 21 and 25: JEP 491 changes nothing there").isEmpty();
    }
}
