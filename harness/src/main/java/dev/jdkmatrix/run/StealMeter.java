package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.Environment;

/**
 * The host's CPU steal over a run: the share of the host's CPU time that the hypervisor gave to
 * other guests (a run during which it is high measured a slower machine). {@link #HOST} reads
 * this host's /proc/stat (NaN with a remote engine, whose host it cannot see); a test gives its
 * own values through this seam rather than loading the machine.
 */
@FunctionalInterface
public interface StealMeter {

    /** Starts a span; its {@link Span#percent()} is the steal since, in percent of CPU time (NaN: unknown). */
    Span start();

    @FunctionalInterface
    interface Span {
        double percent();
    }

    StealMeter HOST = () -> {
        long[] before = Environment.cpuTicks();
        return () -> Environment.stealPercent(before, Environment.cpuTicks());
    };
}
