package dev.jdkmatrix.workloads;

/** What the workloads' checks share. */
final class Checks {

    private Checks() {}

    /** Null when every result is {@code expected}, else which task's is not. */
    static String allEqual(long[] results, long expected, String what) {
        for (int i = 0; i < results.length; i++) {
            if (results[i] != expected) return "task " + i + ": " + what + " " + results[i] + " != expected " + expected;
        }
        return null;
    }
}
