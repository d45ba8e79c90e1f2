import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The workload of make history-real (harness/scripts/history-real.sh): hashes a long for as many
 * rounds as its jar's work.properties says, and prints how long that took. The script packs it
 * twice: the second jar does 5 % more rounds when it runs on JDK 25 or later (a change that reaches
 * only the newer JDK, as a multi-release jar's or a JDK-specific code path's would), and the
 * script swaps it in from a given night on.
 */
public final class Work {

    public static void main(String[] args) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Work.class.getResourceAsStream("/work.properties")) {
            p.load(in);
        }
        long rounds = Long.parseLong(p.getProperty("rounds"));
        double newer = Double.parseDouble(p.getProperty("jdk25-factor", "1"));
        if (Runtime.version().feature() >= 25) rounds = Math.round(rounds * newer);
        long h = 0x9E3779B97F4A7C15L;
        long t0 = System.nanoTime();
        for (long i = 0; i < rounds; i++) {
            h ^= i;
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf(java.util.Locale.ROOT, "hashed %d rounds in %.3f ms (checksum %x)%n", rounds, ms, h);
    }
}
