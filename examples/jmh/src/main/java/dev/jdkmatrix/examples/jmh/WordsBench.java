package dev.jdkmatrix.examples.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Counting the words of a text that the benchmark reads from {@code data/words.txt}, relative to
 * its working directory, as many real suites read their input documents: examples/files.yaml
 * ships that folder with {@code files:}, and the run starts in the folder that holds it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WordsBench {

    /** The input, relative to the working directory. */
    static final Path INPUT = Path.of("data", "words.txt");

    private List<String> lines;

    @Setup
    public void read() {
        try {
            lines = Files.readAllLines(INPUT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the input " + INPUT.toAbsolutePath(), e);
        }
    }

    @Benchmark
    public Map<String, Integer> countWords() {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : lines) {
            for (String word : line.split(" ")) {
                if (!word.isEmpty()) counts.merge(word, 1, Integer::sum);
            }
        }
        return counts;
    }
}
