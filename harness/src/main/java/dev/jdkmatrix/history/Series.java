package dev.jdkmatrix.history;

import java.util.List;
import java.util.Objects;

/**
 * One figure across the nights of one group that measured it, oldest first: a fleet (the CPU count
 * and engine, or the runner class the team named; each CPU model a level, {@link Levels}), or with
 * {@code history --by-runner} a runner class. {@code runnerClass} names the group. Nights of another
 * group are never in it: a change of fleet is not a change of the figure.
 */
public record Series(String runnerClass, FigureKey key, List<Entry> entries) {

    /** One night's value of the figure. */
    public record Entry(Night night, Measured measured) {
        public Entry {
            Objects.requireNonNull(night, "night");
            Objects.requireNonNull(measured, "measured");
        }
    }

    public Series {
        Objects.requireNonNull(runnerClass, "runnerClass");
        Objects.requireNonNull(key, "key");
        entries = List.copyOf(entries);
        if (entries.isEmpty()) throw new IllegalArgumentException("a series of " + key.label() + " needs at least one night");
    }

    /** A series is its figure in its runner class (a record's equality would compare every night of it). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Series s && s.runnerClass.equals(runnerClass) && s.key.equals(key) && s.entries.size() == entries.size();
    }

    @Override
    public int hashCode() {
        return (runnerClass.hashCode() * 31 + key.hashCode()) * 31 + entries.size();
    }

    /** The figure's values on the log scale, where a ratio and its inverse are symmetric and a step of x % is the same size at any level. */
    public double[] logs() {
        return entries.stream().mapToDouble(e -> Math.log(e.measured().value())).toArray();
    }

    /** The newest night's reading: its unit, direction and comparison text stand for the series. */
    public Measured newest() {
        return entries.get(entries.size() - 1).measured();
    }

    /** The series without its newest night (as it stood a night ago); null for a series of one night. */
    public Series withoutNewest() {
        return entries.size() < 2 ? null : new Series(runnerClass, key, entries.subList(0, entries.size() - 1));
    }

    /** The first {@code n} nights. */
    public Series head(int n) {
        return new Series(runnerClass, key, entries.subList(0, n));
    }
}
