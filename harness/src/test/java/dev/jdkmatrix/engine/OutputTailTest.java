package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A run's output is kept to its last bytes, whatever the workload floods it with, and says it was cut; a short one is kept whole. */
class OutputTailTest {

    @Test
    void aFloodIsCutToItsLastBytesAndSaysSo() throws IOException {
        OutputTail tail = new OutputTail();
        byte[] line = "x".repeat(1023).concat("\n").getBytes(StandardCharsets.UTF_8);
        byte[] flood = new byte[line.length * 40 * 1024]; // 40 MiB
        for (int i = 0; i < flood.length; i += line.length) System.arraycopy(line, 0, flood, i, line.length);
        tail.readAll(new ByteArrayInputStream(flood));
        tail.write("the harness's figures: 42 ms\n".getBytes(StandardCharsets.UTF_8));
        String text = tail.text();
        assertThat(text).startsWith("[... earlier output cut: the last 8 MiB are kept ...]\n").endsWith("the harness's figures: 42 ms\n");
        assertThat(text.length()).as("at most the kept bytes and the note").isLessThan(OutputTail.MAX_BYTES + 100).isGreaterThan(OutputTail.MAX_BYTES / 2);
    }

    @Test
    void aShortOutputIsKeptWhole() {
        OutputTail tail = new OutputTail();
        tail.write("hello\n".getBytes(StandardCharsets.UTF_8));
        assertThat(tail.text()).isEqualTo("hello\n");
    }
}
