package dev.jdkmatrix.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.model.ParamsText;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.Summarizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Param values that map to the same file name (a;b, a:b, a b) each keep a chart of their own: mapped, never merged. */
class ChartNamesTest {

    @Test
    void valuesAFileNameCannotTellApartGetChartsOfTheirOwn() {
        List<String> values = List.of("a;b", "a:b", "a b", "A/B");
        List<RawRow> raw = new ArrayList<>();
        for (String value : values) {
            for (int rep = 1; rep <= 6; rep++) {
                String params = ParamsText.format(Map.of("wait-ms", value));
                Rows.Builder v = Rows.from(Rows.measured("sleep", params, "virtual", "25", "1", rep, 100 + rep, "ok"));
                v.with("seq", Integer.toString(raw.size() + 1));
                raw.add(v.build());
            }
        }
        List<Figure> figures = new Charts(Summarizer.summarize(raw), raw).all();
        List<Figure> dist = figures.stream().filter(f -> f.section() == Figure.Section.DISTRIBUTION).toList();
        assertThat(dist).as("a distribution chart per value").hasSize(values.size());
        assertThat(dist).extracting(Figure::name).doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z0-9._-]+"));
        assertThat(figures).extracting(Figure::name).doesNotHaveDuplicates();
        // each chart is titled with its own value
        for (String value : values) assertThat(dist).anySatisfy(f -> assertThat(f.chart().getTitle()).contains(value));
    }
}
