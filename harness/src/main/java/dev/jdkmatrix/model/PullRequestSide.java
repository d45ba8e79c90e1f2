package dev.jdkmatrix.model;

/**
 * The two sides of a pull request's suite in its matrix ({@code matrix.PullRequestMatrix}): each
 * workload entry with a jar twice, named with the side's prefix, and read back by that prefix
 * ({@code results.PullRequestVerdict}).
 */
public enum PullRequestSide {
    /** The pull request's base: its suite built at the base commit. */
    BASE("base-"),
    /** The pull request's head: its suite built at the commit under review. */
    HEAD("head-");

    private final String prefix;

    PullRequestSide(String prefix) {
        this.prefix = prefix;
    }

    /** {@code base-} or {@code head-}: what a side's workload name (and so its cells' ids) starts with. */
    public String prefix() {
        return prefix;
    }

    /** A name without the side's prefix it starts with ({@code strings:Bench.x} of {@code head-strings:Bench.x}); as it is where it has none. */
    public static String unprefixed(String name) {
        for (PullRequestSide side : values()) if (name.startsWith(side.prefix)) return name.substring(side.prefix.length());
        return name;
    }
}
