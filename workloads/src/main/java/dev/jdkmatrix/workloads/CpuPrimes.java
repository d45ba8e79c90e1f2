package dev.jdkmatrix.workloads;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** SEEDS B, write-up 1: count the primes up to {@code limit} by trial division. */
public record CpuPrimes(int limit) implements Workload {
    public CpuPrimes {
        if (limit < 2) throw new IllegalArgumentException("cpu-primes: --limit must be >= 2, got " + limit);
    }
    /** Single-CPU ms to count the primes up to a million by trial division (results/reference); grows as limit^1.5. */
    static final double MS_PER_MILLION_LIMIT = 215;
    public static final Descriptor DESCRIPTOR = new Descriptor("cpu-primes", "each task counts the primes up to a limit by trial division (write-up 1)", "every count equals a sieve's",
            List.of(Descriptor.Param.whole("limit", 1_000_000, 2, "count the primes up to this number")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> s.cpuMillis(Math.pow(s.param("limit") / 1e6, 1.5) * MS_PER_MILLION_LIMIT),
            p -> new CpuPrimes(p.wholeInt("limit")));
    public String name() { return "cpu-primes"; }
    public Map<String, String> params() { return Map.of("limit", Integer.toString(limit)); }
    public Callable<Long> task(int index) {
        return () -> {
            long count = 0;
            for (int n = 2; n <= limit; n++) {
                if (isPrime(n)) count++;
            }
            return count;
        };
    }
    static boolean isPrime(int n) {
        if (n < 4) return n > 1;
        if (n % 2 == 0) return false;
        for (int d = 3; (long) d * d <= n; d += 2) {
            if (n % d == 0) return false;
        }
        return true;
    }
    /** Reference count by a sieve, an independent method. */
    long sieveCount() {
        boolean[] composite = new boolean[limit + 1];
        long count = 0;
        for (int i = 2; i <= limit; i++) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
            }
        }
        return count;
    }
    public String check(long[] results) { return Checks.allEqual(results, sieveCount(), "prime count"); }
}
