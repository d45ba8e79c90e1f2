package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark list JMH 1.37 wrote into examples/jmh's uber-jar, read with JMH's own parser. */
class JmhJarTest {

    static String list() throws IOException {
        try (InputStream in = JmhJarTest.class.getResourceAsStream("/jmh/BenchmarkList")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void listsEveryBenchmarkWithItsModeAndDeclaredParams() throws IOException {
        List<JmhJar.Benchmark> all = JmhJar.parse(list());
        assertThat(all).extracting(JmhJar.Benchmark::name).contains(
                "dev.jdkmatrix.examples.jmh.PinningBench.sleepInSynchronized",
                "dev.jdkmatrix.examples.jmh.ParallelHashBench.parallelHash",
                "dev.jdkmatrix.examples.jmh.StringJoinBench.stringJoin");
        JmhJar.Benchmark join = all.stream().filter(b -> b.name().endsWith("StringJoinBench.stringJoin")).findFirst().orElseThrow();
        assertThat(join.mode()).isEqualTo("avgt");
        assertThat(join.params()).containsEntry("size", List.of("10", "1000"));
        JmhJar.Benchmark hash = all.stream().filter(b -> b.name().endsWith("parallelHash")).findFirst().orElseThrow();
        assertThat(hash.mode()).isEqualTo("thrpt");
        assertThat(hash.params()).containsEntry("n", List.of("4000000"));
        assertThat(hash.forks()).isEmpty();
    }

    @Test
    void aListJmhCannotReadIsRefusedWithTheFix() {
        assertThatThrownBy(() -> JmhJar.parse("not a benchmark list line\n")).hasMessageContaining("rebuild the jar with JMH 1.37");
    }

    @Test
    void aBenchmarkWhoseNameHoldsAControlCharacterIsRefused() throws IOException {
        // the list as a crafted jar could hold it: the method's name (a length-prefixed string) with an escape character in it
        String line = list().lines().filter(l -> l.contains("S 10 stringJoin ")).findFirst().orElseThrow();
        assertThatThrownBy(() -> JmhJar.parse(line.replace("S 10 stringJoin ", "S 11 string\u001bJoin ") + "\n"))
                .hasMessageContaining("which holds a control character").hasMessageContaining("StringJoinBench.string\\u001BJoin");
    }
}
