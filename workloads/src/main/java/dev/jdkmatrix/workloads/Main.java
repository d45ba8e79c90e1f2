package dev.jdkmatrix.workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Entry point: {@code java -jar workloads.jar <workload> --executor <spec> --tasks <n> [--param value ...]}.
 * Prints exactly one {@link ResultRecord} line on standard output. Exit code 0 when a record
 * was printed (the record says whether the work checked out), 2 for a usage error.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("upstream")) {
            try {
                Upstream.serve(args);
            } catch (java.io.IOException | IllegalArgumentException e) {
                System.err.println("workloads: upstream: " + e.getMessage());
                System.exit(2);
            }
            return; // the server's threads keep the JVM up until the container stops
        }
        Invocation inv;
        try {
            inv = Invocation.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("workloads: " + e.getMessage());
            System.err.println("usage: java -jar workloads.jar <workload> --executor <spec> --tasks <n> [--param value ...]");
            System.err.println("       java -jar workloads.jar upstream [--port N]   (the stub http-fanout fetches from)");
            System.err.println("  workloads: " + String.join(", ", Workloads.NAMES));
            System.err.println("  executors: " + ExecutorSpec.FORMS);
            System.exit(2);
            return;
        }
        if (inv.workload() instanceof Fault fault) {
            try {
                fault.beforeRun();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String unsupported = inv.workload().unsupported(inv.executor(), inv.tasks());
        ResultRecord record = unsupported != null ? unsupportedRecord(inv, unsupported) : run(inv);
        System.out.println(record.line());
        if (inv.workload() instanceof Fault fault && fault.mode().equals("two-records")) System.out.println(record.line());
        System.out.flush();
    }

    /** Parsed command line. */
    record Invocation(Workload workload, ExecutorSpec executor, int tasks) {
        Invocation {
            if (tasks < 1) throw new IllegalArgumentException("--tasks must be at least 1, got " + tasks);
        }

        static Invocation parse(String[] args) {
            if (args.length == 0) throw new IllegalArgumentException("no workload given");
            String name = args[0];
            String executor = null;
            Integer tasks = null;
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = 1; i < args.length; i++) {
                String a = args[i];
                if (!a.startsWith("--") || a.length() == 2) throw new IllegalArgumentException("expected --option, got '" + a + "'");
                if (i + 1 >= args.length) throw new IllegalArgumentException("option " + a + " needs a value");
                String v = args[++i];
                switch (a) {
                    case "--executor" -> executor = v;
                    case "--tasks" -> {
                        try {
                            tasks = Integer.parseInt(v.replace("_", ""));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--tasks must be a whole number, got '" + v + "'");
                        }
                    }
                    default -> params.put(a.substring(2), v);
                }
            }
            if (executor == null) throw new IllegalArgumentException("--executor is required");
            if (tasks == null) throw new IllegalArgumentException("--tasks is required");
            return new Invocation(Workload.create(name, params), ExecutorSpec.parse(executor), tasks);
        }
    }

    /** The record of a run the workload cannot do on this executor: it says so, and why. */
    static ResultRecord unsupportedRecord(Invocation inv, String why) {
        return new ResultRecord()
                .put("workload", inv.workload().name())
                .put("params", paramsText(inv.workload()))
                .put("executor", inv.executor().text())
                .put("tasks", inv.tasks())
                .put("completed", 0)
                .put("check", why)
                .put("supported", false)
                .put("available_processors", Runtime.getRuntime().availableProcessors())
                .put("java_version", System.getProperty("java.version"))
                .put("java_runtime_version", System.getProperty("java.runtime.version"))
                .put("java_vendor", System.getProperty("java.vendor"))
                .put("jvm_uptime_ms", Probes.uptimeMillis());
    }

    static String paramsText(Workload w) {
        StringJoiner params = new StringJoiner(";");
        w.params().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> params.add(e.getKey() + "=" + e.getValue()));
        return params.toString();
    }

    /** First progress line after this long; each next one after twice the previous wait, up to {@link #PROGRESS_MAX_MS}. */
    static final long PROGRESS_FIRST_MS = 1000;
    static final long PROGRESS_MAX_MS = 30_000;

    /**
     * Starts the daemon thread that prints {@link ResultRecord#PROGRESS_MARKER} lines while the
     * tasks run: a handful per run (after 1, 3, 7, 15 s ...), one platform thread that sleeps in
     * between, so a run killed before its record leaves how far it got in its output.
     */
    static Thread progress(Workload w, java.util.concurrent.atomic.AtomicInteger submitted, long t0) {
        Thread t = new Thread(() -> {
            long wait = PROGRESS_FIRST_MS;
            try {
                while (true) {
                    Thread.sleep(wait);
                    System.out.println(progressLine(w, submitted.get(), (System.nanoTime() - t0) / 1_000_000));
                    System.out.flush();
                    wait = Math.min(PROGRESS_MAX_MS, wait * 2);
                }
            } catch (InterruptedException e) {
                // the tasks are done
            }
        }, "jdkmatrix-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    static String progressLine(Workload w, int submitted, long elapsedMs) {
        StringJoiner line = new StringJoiner(";", ResultRecord.PROGRESS_MARKER, "");
        line.add("elapsed_ms=" + elapsedMs).add("submitted=" + submitted);
        try {
            w.metrics().forEach((k, v) -> line.add(k + "=" + v));
        } catch (RuntimeException e) {
            // a workload's metrics read while its tasks run: the counts may not be ready; the line goes without them
        }
        return line.toString();
    }

    /** The tasks' results, how many failed (or could not start) and the first failure. */
    record Tasks(long[] results, int failed, String firstFailure) {}

    /** Submits every task of the invocation to its executor and waits for them all: the measured section. */
    static Tasks execute(Invocation inv, int cpus, java.util.concurrent.atomic.AtomicInteger submitted) {
        long[] results = new long[inv.tasks()];
        int failed = 0;
        String firstFailure = null;
        try (ExecutorService executor = inv.executor().create(cpus)) {
            List<Future<Long>> futures = new ArrayList<>(inv.tasks());
            for (int i = 0; i < inv.tasks(); i++) {
                try {
                    futures.add(executor.submit(inv.workload().task(i)));
                    submitted.incrementAndGet();
                } catch (OutOfMemoryError | java.util.concurrent.RejectedExecutionException e) {
                    // a thread that cannot start (native threads, pids limit, memory) is an outcome to record
                    failed += inv.tasks() - i;
                    firstFailure = "task " + i + " could not start: " + e;
                    break;
                }
            }
            try {
                inv.workload().afterSubmit(futures.size());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results[i] = futures.get(i).get();
                } catch (ExecutionException e) {
                    failed++;
                    if (firstFailure == null) firstFailure = "task " + i + " threw " + e.getCause();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failed++;
                    if (firstFailure == null) firstFailure = "interrupted while waiting for task " + i;
                }
            }
        }
        return new Tasks(results, failed, firstFailure);
    }

    static ResultRecord run(Invocation inv) {
        int cpus = Runtime.getRuntime().availableProcessors();
        inv.workload().prepare();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long startupMs = Probes.uptimeMillis();

        long heapBefore = Probes.heapUsed();
        long gcCountBefore = Probes.gcCount();
        long gcMsBefore = Probes.gcMillis();
        long cpuBefore = Probes.processCpuNanos();
        Probes.resetHeapPeaks();
        threads.resetPeakThreadCount();

        java.util.concurrent.atomic.AtomicInteger submitted = new java.util.concurrent.atomic.AtomicInteger();
        long fromMs = System.currentTimeMillis();
        long t0 = System.nanoTime();
        Thread progress = progress(inv.workload(), submitted, t0);
        Tasks done = execute(inv, cpus, submitted);
        long[] results = done.results();
        int failed = done.failed();
        String firstFailure = done.firstFailure();
        long wallNanos = System.nanoTime() - t0;
        System.out.println(ResultRecord.SECTION_MARKER + "from_ms=" + fromMs + ";to_ms=" + System.currentTimeMillis());
        progress.interrupt();
        long cpuAfter = Probes.processCpuNanos();
        long heapAfter = Probes.heapUsed();
        long heapPeak = Probes.heapPeak();
        int peakThreads = threads.getPeakThreadCount();

        String problem = failed > 0 ? failed + " task(s) failed, first: " + firstFailure : inv.workload().check(results);
        long checksum = 0;
        for (long r : results) checksum = checksum * 31 + r;

        StringJoiner metrics = new StringJoiner(";");
        inv.workload().metrics().forEach((k, v) -> metrics.add(k + "=" + v));

        return new ResultRecord()
                .put("workload", inv.workload().name())
                .put("params", paramsText(inv.workload()))
                .put("executor", inv.executor().text())
                .put("tasks", inv.tasks())
                .put("completed", inv.tasks() - failed)
                .put("check", problem == null ? "ok" : problem)
                .put("checksum", Long.toHexString(checksum))
                .put("supported", true)
                .put("wall_ms", wallNanos / 1e6)
                .put("cpu_ms", cpuBefore < 0 || cpuAfter < 0 ? -1.0 : (cpuAfter - cpuBefore) / 1e6)
                .put("peak_threads", peakThreads)
                .put("heap_before_bytes", heapBefore)
                .put("heap_after_bytes", heapAfter)
                .put("heap_peak_bytes", heapPeak)
                .put("max_heap_bytes", Probes.maxHeap())
                .put("rss_peak_bytes", Probes.rssPeakBytes())
                .put("cgroup_peak_bytes", Probes.cgroupPeakBytes())
                .put("cgroup_limit_bytes", Probes.cgroupLimitBytes())
                .put("gc_count", Probes.gcCount() - gcCountBefore)
                .put("gc_ms", Probes.gcMillis() - gcMsBefore)
                .put("available_processors", cpus)
                .put("java_version", System.getProperty("java.version"))
                .put("java_runtime_version", System.getProperty("java.runtime.version"))
                .put("java_vendor", System.getProperty("java.vendor"))
                .put("jvm_startup_ms", startupMs)
                .put("metrics", metrics.toString())
                .put("jvm_uptime_ms", Probes.uptimeMillis());
    }
}
