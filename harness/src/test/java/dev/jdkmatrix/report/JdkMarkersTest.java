package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JDK behaviour changes a chart's JDKs cross. */
class JdkMarkersTest {

    static List<String> ids(Integer... features) {
        return JdkMarkers.crossed(List.of(features)).stream().map(JdkMarkers.Marker::id).toList();
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
}
