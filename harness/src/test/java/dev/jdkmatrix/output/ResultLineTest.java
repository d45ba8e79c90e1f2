package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.workloads.ResultRecord;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ResultLineTest {

    static final String GOOD = new ResultRecord().put("check", "ok").put("supported", true).put("wall_ms", 12.5).line();

    @Test
    void findsTheOneRecordAmongLogLines() {
        ResultLine.Parsed p = ResultLine.parse("log\n" + GOOD + "\nmore log\n");
        assertThat(p).isInstanceOfSatisfying(ResultLine.Parsed.Found.class,
                f -> assertThat(f.fields()).containsEntry("wall_ms", "12.500").containsEntry("check", "ok"));
    }

    @Test
    void refusesMissingDuplicatedMalformedAndForeignRecords() {
        assertThat(ResultLine.parse("just log")).isInstanceOfSatisfying(ResultLine.Parsed.Problem.class,
                p -> assertThat(p.detail()).contains("no result record"));
        assertThat(ResultLine.parse(GOOD + "\n" + GOOD)).isInstanceOfSatisfying(ResultLine.Parsed.Problem.class,
                p -> assertThat(p.detail()).contains("2 result records"));
        assertThat(ResultLine.parse(ResultRecord.MARKER + "{\"schema\":1,")).isInstanceOfSatisfying(ResultLine.Parsed.Problem.class,
                p -> assertThat(p.detail()).contains("malformed"));
        assertThat(ResultLine.parse(ResultRecord.MARKER + "{\"schema\":99}")).isInstanceOfSatisfying(ResultLine.Parsed.Problem.class,
                p -> assertThat(p.detail()).contains("schema 99"));
    }

    static final Cell CELL = new Cell("sleep", new TreeMap<>(java.util.Map.of("wait-ms", "1")), "virtual", 1, "21",
            CpuLimit.parse("1"), MemoryLimit.parse("256m"), List.of(), Duration.ofSeconds(5));

    static ContainerResult result(long exit, boolean oom, boolean timeout, String stdout) {
        return new ContainerResult("id", "name", exit, oom, timeout, stdout, "stderr line", "", 1, 1, 1, 1, 1);
    }

    @Test
    void classifiesEveryWayARunCanEnd() {
        Readings.Reading good = Readings.record(GOOD);
        assertThat(Outcome.classify(CELL, result(0, false, false, GOOD), good, "l")).isEqualTo(new Outcome.Ok());
        assertThat(Outcome.classify(CELL, result(137, false, true, ""), Readings.record(""), "l").status()).isEqualTo("timeout");
        assertThat(Outcome.classify(CELL, result(137, true, false, ""), Readings.record(""), "l").status()).isEqualTo("oom");
        Outcome error = Outcome.classify(CELL, result(3, false, false, ""), Readings.record(""), "logs/1.log");
        assertThat(error.status()).isEqualTo("error");
        assertThat(error.detail()).contains("exit code 3", "stderr line", "logs/1.log");
        assertThat(Outcome.classify(CELL, result(0, false, false, "x"), Readings.record("x"), "l").status()).isEqualTo("invalid");
        String failed = new ResultRecord().put("check", "task 3 failed").put("supported", true).line();
        Outcome invalid = Outcome.classify(CELL, result(0, false, false, failed), Readings.record(failed), "l");
        assertThat(invalid.status()).isEqualTo("invalid");
        assertThat(invalid.detail()).contains("task 3 failed");
    }
}
