package dev.jdkmatrix.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** EDivisive finds what Apache Otava 0.8.0 finds, on series Otava itself analysed (harness/scripts/otava-fixtures.py). */
class EDivisiveTest {

    static Stream<Arguments> otava() throws IOException {
        JsonNode doc;
        try (InputStream in = EDivisiveTest.class.getResourceAsStream("/history/otava-fixtures.json")) {
            doc = new ObjectMapper().readTree(in);
        }
        assertThat(doc.get("made_by").asText()).contains("apache-otava 0.8.0");
        List<Arguments> cases = new ArrayList<>();
        for (JsonNode c : doc.get("cases")) cases.add(Arguments.of(c.get("name").asText(), c));
        assertThat(cases).hasSizeGreaterThan(50);
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otava")
    void findsTheChangePointsOtavaFinds(String name, JsonNode c) {
        double[] series = new double[c.get("series").size()];
        for (int i = 0; i < series.length; i++) series[i] = c.get("series").get(i).asDouble();
        EDivisive.Options options = new EDivisive.Options(c.get("window").asInt(), c.get("max_pvalue").asDouble(), c.get("min_magnitude").asDouble());

        List<Integer> weak = EDivisive.split(series, options.window(), options.firstPassP()).stream().map(EDivisive.ChangePoint::index).toList();
        List<Integer> otavaWeak = new ArrayList<>();
        c.get("weak").forEach(w -> otavaWeak.add(w.asInt()));
        assertThat(weak).as("weak change points of %s", name).isEqualTo(otavaWeak);

        List<EDivisive.ChangePoint> found = EDivisive.changePoints(series, options);
        JsonNode expected = c.get("change_points");
        assertThat(found.stream().map(EDivisive.ChangePoint::index).toList()).as("change points of %s", name)
                .isEqualTo(indices(expected));
        for (int i = 0; i < found.size(); i++) {
            EDivisive.ChangePoint cp = found.get(i);
            JsonNode e = expected.get(i);
            assertThat(cp.pValue()).as("p of %s at %d", name, cp.index()).isCloseTo(e.get("pvalue").asDouble(), within(1e-9 + 1e-6 * e.get("pvalue").asDouble()));
            assertThat(cp.meanBefore()).isCloseTo(e.get("mean_before").asDouble(), within(1e-9 * Math.abs(e.get("mean_before").asDouble()) + 1e-12));
            assertThat(cp.meanAfter()).isCloseTo(e.get("mean_after").asDouble(), within(1e-9 * Math.abs(e.get("mean_after").asDouble()) + 1e-12));
            assertThat(cp.sdBefore()).isCloseTo(e.get("sd_before").asDouble(), within(1e-9 * Math.abs(e.get("sd_before").asDouble()) + 1e-12));
            assertThat(cp.sdAfter()).isCloseTo(e.get("sd_after").asDouble(), within(1e-9 * Math.abs(e.get("sd_after").asDouble()) + 1e-12));
        }
    }

    private static List<Integer> indices(JsonNode cps) {
        List<Integer> out = new ArrayList<>();
        cps.forEach(c -> out.add(c.get("index").asInt()));
        return out;
    }

    @Test
    void theFixturesHoldChangesAndSeriesWithNone() throws IOException {
        long withChanges = otava().filter(a -> ((JsonNode) a.get()[1]).get("change_points").size() > 0).count();
        long without = otava().filter(a -> ((JsonNode) a.get()[1]).get("change_points").size() == 0).count();
        assertThat(withChanges).isGreaterThan(20);
        assertThat(without).isGreaterThan(10);
    }

    @Test
    void aStepOfFiveSdsIsFoundAtItsNight() {
        double[] s = new double[40];
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        for (int i = 0; i < s.length; i++) s[i] = (i >= 25 ? 105 : 100) + (r.nextDouble() - 0.5) * 2;
        assertThat(EDivisive.changePoints(s, EDivisive.Options.OTAVA)).extracting(EDivisive.ChangePoint::index).containsExactly(25);
    }

    @Test
    void refusesWhatItCannotAnalyse() {
        assertThatThrownBy(() -> new EDivisive.Options(1, 0.001, 0)).hasMessageContaining("at least 2 points");
        assertThatThrownBy(() -> new EDivisive.Options(30, 0, 0)).hasMessageContaining("(0, 1)");
        assertThatThrownBy(() -> EDivisive.changePoints(new double[] {1, Double.NaN}, EDivisive.Options.OTAVA)).hasMessageContaining("finite");
    }
}
