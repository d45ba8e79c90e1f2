package dev.jdkmatrix.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.output.ReadingsTest;
import dev.jdkmatrix.results.CellColumns;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A cell's key: its id as the CSV files have always written it, its axes and defaults, and the columns that hold it read back. */
class CellKeyTest {

    static Cell builtin(String jvmArgs, CpuMode mode) {
        return new Cell(new dev.jdkmatrix.matrix.WorkloadKind.Builtin(dev.jdkmatrix.workloads.Workloads.get("sleep")), "sleep",
                new TreeMap<>(Map.of("wait-ms", "100")), "virtual", 10000, "21", CpuLimit.parse("2"), mode, MemoryLimit.parse("1g"),
                jvmArgs.isEmpty() ? List.of() : List.of(jvmArgs.split(" ")), Duration.ofMinutes(1), false);
    }

    @Test
    void aCellsIdIsTheOneTheCsvFilesHaveAlwaysHeld() {
        assertThat(builtin("", CpuMode.QUOTA).id()).isEqualTo("sleep(wait-ms=100) virtual tasks=10000 jdk=21 cpus=2 mem=1g");
        assertThat(builtin("-Xint -XX:+UseSerialGC", CpuMode.CPUSET).id())
                .isEqualTo("sleep(wait-ms=100) virtual tasks=10000 jdk=21 cpus=2 cpu-mode=cpuset mem=1g jvm=[-Xint -XX:+UseSerialGC]");
        assertThat(ReadingsTest.jmh("org.sample.Outer.Inner.work").id()).startsWith("my-bench:Outer.Inner.work[avgt]").endsWith(" jdk=25 cpus=1 mem=512m");
        assertThat(ReadingsTest.jar(null).id()).isEqualTo("my-app(size=10) jdk=25 cpus=1 mem=512m");
    }

    @Test
    void theAxesOfACellAreItsKeysAndEveryKindHasThemAll() {
        CellKey jmh = ReadingsTest.jmh("org.sample.Bench.work").key();
        assertThat(jmh.axes()).containsKeys(CellKey.AXIS_KEYS.toArray(String[]::new))
                .containsEntry("kind", "jmh").containsEntry("jmh-mode", "avgt").containsEntry("benchmark", "org.sample.Bench.work")
                .containsEntry("tasks", "").containsEntry("executor", "").containsEntry("cpu-mode", "quota");
        CellKey sleep = builtin("", CpuMode.QUOTA).key();
        assertThat(sleep.axes()).containsEntry("tasks", "10000").containsEntry("wait-ms", "100").containsEntry("jmh-mode", "");
        assertThat(sleep.valueOf("no-such-key")).isNull();
    }

    @Test
    void aKeyWrittenToItsColumnsReadsBackEqualAnyCharacterOfAParamOrArgumentKept() {
        for (Cell c : List.of(builtin("-Dx=<b>;a=b \"q\"", CpuMode.CPUSET), ReadingsTest.jmh("org.sample.Bench.work"), ReadingsTest.jar(null))) {
            RawRow row = Rows.of(c.key()).build();
            assertThat(row.key()).as(c.id()).isEqualTo(c.key());
            assertThat(row.cell()).isEqualTo(c.id());
        }
        java.util.SortedMap<String, String> hostile = new TreeMap<>(Map.of("text", "a;b=c\n%3B</script>"));
        CellKey k = CellKey.of(CellKey.Kind.JAR, "app", "", "", hostile, "", 0, "25", CpuLimit.parse("0.5"), CpuMode.QUOTA, MemoryLimit.parse("256m"), "");
        Map<String, String> columns = new LinkedHashMap<>();
        CellColumns.write(k, columns);
        assertThat(CellColumns.read(c -> columns.getOrDefault(c, ""))).isEqualTo(k);
    }

    @Test
    void aRowStoredBeforeTheKindsAndCpuModesReadsWithTheirDefaults() {
        RawRow old = Rows.of("sleep(wait-ms=20) fixed:4 tasks=100 jdk=17 cpus=1 mem=1g").builtin("sleep", "wait-ms=20", "fixed:4", 100, "17", "1", "1g").build();
        CellKey k = old.key();
        assertThat(k.kind()).isEqualTo(CellKey.Kind.BUILTIN);
        assertThat(k.cpuMode()).isEqualTo(CpuMode.QUOTA);
        assertThat(k.id()).as("the id it was stored under").isEqualTo(old.cell());
        assertThat(k.params()).containsEntry("wait-ms", "20");
    }

    @Test
    void aColumnThatIsNoCpuCountOrMemorySizeIsRefusedNamingTheCellAndTheColumn() {
        RawRow bad = Rows.of("x").with("cpus", "two").build();
        assertThatThrownBy(bad::key).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cell 'x'").hasMessageContaining("'two' is not a CPU count");
        RawRow cut = Rows.of("y").with("memory", "").build();
        assertThatThrownBy(cut::key).hasMessageContaining("cell 'y'").hasMessageContaining("memory column is empty");
        assertThatThrownBy(() -> Rows.of("z").with("kind", "applet").build().key()).hasMessageContaining("'applet' is not a workload kind");
    }
}
