package dev.jdkmatrix.engine;

/**
 * The labels of everything a session creates on the engine (run containers, probes, holds, the
 * lease, an upstream stub and its network): which run, harness process, host and results folder
 * it belongs to, and its role, so that a harness finds and removes what a dead one left behind
 * and never what a live one uses. Their one owner.
 */
public final class Labels {

    private Labels() {}

    public static final String RUN = "dev.jdkmatrix.run-id";
    public static final String PID = "dev.jdkmatrix.pid";
    public static final String HOST = "dev.jdkmatrix.host";
    public static final String CELL = "dev.jdkmatrix.cell";
    /** The absolute results folder: under its lock, containers with it belong to no live harness. */
    public static final String OUT = "dev.jdkmatrix.out";
    /** Set to {@code probe} on the short containers that ask a JDK image what it holds (not a measured run). */
    public static final String ROLE = "dev.jdkmatrix.role";
    /** A cluster duet's set of runs (its pods one node may hold at once, each on CPUs of its own): the harness's pid and the runs' sequence numbers. */
    public static final String DUET = "dev.jdkmatrix.duet";
}
