package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.model.CpuMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/** An axis value is typed as it is read, and its text is canonical: one value however it is written. */
class AxisValueTest {

    private static final Node AT = new ScalarNode(Tag.STR, "x", ScalarStyle.PLAIN);

    @Test
    void eachLimitIsReadAsItsTypeAndWrittenOneWay() {
        AxisValue cpus = AxisValue.of("cpus", "1.50", AT);
        assertThat(cpus).isInstanceOfSatisfying(AxisValue.Cpus.class, c -> assertThat(c.limit().value()).isEqualTo(1.5));
        assertThat(cpus.text()).isEqualTo(AxisValue.of("cpus", "1.5", AT).text());
        assertThat(AxisValue.of("memory", "1g", AT).text()).isEqualTo(AxisValue.of("memory", "1024m", AT).text());
        assertThat(AxisValue.of("cpu-mode", "cpuset", AT)).isEqualTo(new AxisValue.Mode(CpuMode.CPUSET, AT));
        assertThat(AxisValue.of("tasks", "10_000", AT)).isEqualTo(new AxisValue.Tasks(10_000, AT));
        assertThat(AxisValue.of("executor", "fixed:8", AT)).isInstanceOf(AxisValue.Executor.class);
    }

    @Test
    void namesStayAsWrittenAndParamDigitsLoseTheirUnderscores() {
        assertThat(AxisValue.of("jdk", "0021", AT).text()).isEqualTo("0021");
        assertThat(AxisValue.of("workload", "sleep", AT)).isEqualTo(new AxisValue.Text("sleep", AT));
        assertThat(AxisValue.of("wait-ms", "1_000", AT).text()).isEqualTo("1000");
        assertThat(AxisValue.of("lock", "a_b", AT).text()).isEqualTo("a_b");
    }

    @Test
    void jvmArgumentsAreOneValueWhoseTextTellsListsApart() {
        AxisValue.JvmArgs two = new AxisValue.JvmArgs(List.of("-Xmx1g", "-XX:+UseSerialGC"), AT);
        assertThat(two.args()).containsExactly("-Xmx1g", "-XX:+UseSerialGC");
        assertThat(two.text()).isNotEqualTo(new AxisValue.JvmArgs(List.of("-Xmx1g-XX:+UseSerialGC"), AT).text());
        assertThat(new AxisValue.JvmArgs(List.of(), AT).text()).isEmpty();
        assertThatThrownBy(() -> new AxisValue.JvmArgs(List.of("Xmx1g"), AT)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'Xmx1g'");
    }

    @Test
    void whatIsNotAValueOfItsAxisIsRefused() {
        assertThatThrownBy(() -> AxisValue.of("tasks", "0", AT)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 1");
        assertThatThrownBy(() -> AxisValue.of("tasks", "many", AT)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> AxisValue.of("cpus", "0", AT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AxisValue.of("cpu-mode", "pinned", AT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AxisValue.Tasks(0, AT)).isInstanceOf(IllegalArgumentException.class);
    }
}
