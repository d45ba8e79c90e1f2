package dev.jdkmatrix.model;

import java.math.BigDecimal;

/** A container CPU limit ({@code docker run --cpus}), fractions allowed: 0.5, 1, 2. */
public record CpuLimit(BigDecimal cpus) implements Comparable<CpuLimit> {

    public CpuLimit {
        if (cpus == null || cpus.signum() <= 0) {
            throw new IllegalArgumentException("a CPU limit must be above 0, got " + cpus);
        }
        if (cpus.scale() > 0 && cpus.stripTrailingZeros().scale() > 2) {
            throw new IllegalArgumentException("a CPU limit has at most 2 decimals, got " + cpus.toPlainString());
        }
        cpus = cpus.stripTrailingZeros();
        if (cpus.scale() < 0) cpus = cpus.setScale(0);
    }

    public static CpuLimit parse(String raw) {
        try {
            return new CpuLimit(new BigDecimal(raw.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + raw + "' is not a CPU count; write a number such as 0.5, 1 or 2");
        }
    }

    /** For Docker's HostConfig.NanoCPUs. */
    public long nanoCpus() {
        return cpus.movePointRight(9).longValueExact();
    }

    public double value() {
        return cpus.doubleValue();
    }

    /** Whole CPUs the JVM will see ({@code availableProcessors} rounds a quota up). */
    public int visibleProcessors() {
        return cpus.setScale(0, java.math.RoundingMode.CEILING).intValueExact();
    }

    public String text() {
        return cpus.toPlainString();
    }

    @Override
    public int compareTo(CpuLimit o) {
        return cpus.compareTo(o.cpus);
    }

    @Override
    public String toString() {
        return text();
    }
}
