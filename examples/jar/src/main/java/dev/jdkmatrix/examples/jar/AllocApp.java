package dev.jdkmatrix.examples.jar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An allocation-heavy program, with nothing of jdkmatrix in it: builds {@code --count} small
 * objects per round (boxed keys, short strings, records in a map and a list), {@code --rounds}
 * times, and prints how long the rounds took. What it measures is mostly the allocator and the
 * garbage collector of the JDK it runs on. Runs on JDK 17 and later.
 */
public final class AllocApp {

    private AllocApp() {}

    record Item(int id, String name, long[] payload) {}

    public static void main(String[] args) {
        int count = 1_000_000;
        int rounds = 5;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--count" -> count = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: java -cp app.jar " + AllocApp.class.getName() + " [--count N] [--rounds N]; unknown '" + args[i] + "'");
                    System.exit(2);
                }
            }
        }
        long checksum = 0;
        long t0 = System.nanoTime();
        for (int r = 0; r < rounds; r++) {
            Map<Integer, Item> byId = new HashMap<>();
            List<Item> all = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Item item = new Item(i, "item-" + i, new long[] {i, r});
                byId.put(i, item);
                all.add(item);
            }
            for (int i = 0; i < count; i += 97) checksum += byId.get(i).name().length() + all.get(i).payload()[0];
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf(java.util.Locale.ROOT, "allocated %d x %d items in %.3f ms, checksum %d%n", rounds, count, ms, checksum);
    }
}
