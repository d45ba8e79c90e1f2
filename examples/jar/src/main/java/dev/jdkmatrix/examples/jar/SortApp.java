package dev.jdkmatrix.examples.jar;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * An ordinary program, with nothing of jdkmatrix in it: sorts {@code --size} random ints
 * {@code --rounds} times, sequentially or with {@code Arrays.parallelSort}, and prints how long
 * the sorting took. examples/jar.yaml reads that line with a regex.
 */
public final class SortApp {

    private SortApp() {}

    public static void main(String[] args) {
        int size = 1_000_000;
        int rounds = 5;
        boolean parallel = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size" -> size = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--parallel" -> parallel = Boolean.parseBoolean(args[++i]);
                default -> {
                    System.err.println("usage: java -jar app.jar [--size N] [--rounds N] [--parallel true|false]; unknown '" + args[i] + "'");
                    System.exit(2);
                }
            }
        }
        SplittableRandom random = new SplittableRandom(42);
        long checksum = 0;
        long nanos = 0;
        for (int r = 0; r < rounds; r++) {
            int[] data = random.ints(size).toArray();
            long t0 = System.nanoTime();
            if (parallel) Arrays.parallelSort(data);
            else Arrays.sort(data);
            nanos += System.nanoTime() - t0;
            for (int i = 1; i < data.length; i++) {
                if (data[i - 1] > data[i]) throw new IllegalStateException("not sorted at " + i);
            }
            checksum += data[size / 2];
        }
        System.out.printf(java.util.Locale.ROOT, "sorted %d x %d ints (%s) in %.3f ms, checksum %d%n",
                rounds, size, parallel ? "parallel" : "sequential", nanos / 1e6, checksum);
    }
}
