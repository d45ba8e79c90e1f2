package dev.jdkmatrix.results;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What run.json holds: enough to know where, when, with what and how the numbers were made.
 * Written at the start of a run (ended_at null) and again when it ends. {@code imagesSeconds}
 * is the time spent making sure every JDK image exists, builds included.
 */
public record RunMetadata(
        int schema,
        String runId,
        String matrixFile,
        String matrixName,
        String matrixSha256,
        String gitCommit,
        boolean gitDirty,
        String startedAt,
        String endedAt,
        Host host,
        Engine engine,
        List<Image> images,
        Map<String, List<String>> jdkBuilds,
        Plan plan,
        Map<String, Integer> statusCounts,
        Overhead harnessOverheadMs,
        double imagesSeconds,
        List<Source> mergedFrom,
        List<Session> sessions,
        List<Jar> jars,
        String namedClass,
        Repository repository,
        List<RunBaseline> baselines) {

    public static final int SCHEMA = 1;

    public RunMetadata {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(startedAt, "startedAt");
        images = List.copyOf(images);
        jdkBuilds = Map.copyOf(jdkBuilds);
        statusCounts = Map.copyOf(statusCounts);
        mergedFrom = mergedFrom == null ? List.of() : List.copyOf(mergedFrom);
        sessions = sessions == null ? List.of() : List.copyOf(sessions);
        jars = jars == null ? List.of() : List.copyOf(jars); // a run.json written before it recorded its jars
        baselines = baselines == null ? List.of() : List.copyOf(baselines); // a night without a baseline, or written before nights had one
        namedClass = namedClass == null || namedClass.isBlank() ? null : dev.jdkmatrix.model.RunnerClass.checked(namedClass.strip(), "run.json's named_class");
    }

    /** Metadata of a run measured against no baseline. */
    public RunMetadata(int schema, String runId, String matrixFile, String matrixName, String matrixSha256, String gitCommit, boolean gitDirty,
                       String startedAt, String endedAt, Host host, Engine engine, List<Image> images, Map<String, List<String>> jdkBuilds, Plan plan,
                       Map<String, Integer> statusCounts, Overhead harnessOverheadMs, double imagesSeconds, List<Source> mergedFrom, List<Session> sessions,
                       List<Jar> jars, String namedClass, Repository repository) {
        this(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds, plan,
                statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, namedClass, repository, List.of());
    }

    /** The same run with what it measured its suite against. */
    public RunMetadata withBaselines(List<RunBaseline> b) {
        return new RunMetadata(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds,
                plan, statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, namedClass, repository, b);
    }

    /** Metadata of a run that records no measured repository. */
    public RunMetadata(int schema, String runId, String matrixFile, String matrixName, String matrixSha256, String gitCommit, boolean gitDirty,
                       String startedAt, String endedAt, Host host, Engine engine, List<Image> images, Map<String, List<String>> jdkBuilds, Plan plan,
                       Map<String, Integer> statusCounts, Overhead harnessOverheadMs, double imagesSeconds, List<Source> mergedFrom, List<Session> sessions,
                       List<Jar> jars, String namedClass) {
        this(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds, plan,
                statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, namedClass, null);
    }

    /**
     * The git repository the matrix file lives in (the team's, whose suite the run measured): its
     * remote {@code origin} (credentials taken out), the commit checked out and whether its tree had
     * changes not committed. Null where the matrix was in no repository (and in run.json files
     * written before it was recorded). A change between two nights names the commits between them,
     * and on GitHub links the compare view.
     */
    public record Repository(String remote, String commit, boolean dirty) {
        /** A remote of GitHub, by https or ssh: its owner and name. */
        private static final java.util.regex.Pattern GITHUB = java.util.regex.Pattern.compile(
                "(?:https://github\\.com/|git@github\\.com:|ssh://git@github\\.com/)([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+?)(?:\\.git)?/?");

        public Repository {
            remote = withoutCredentials(remote == null ? "" : remote.strip());
            commit = commit == null ? "" : commit.strip();
        }

        /**
         * The commits between two runs of the repository: "repository acme/lib commits
         * 1a2b3c4d5e6f..7a8b9c0d1e2f (https://github.com/acme/lib/compare/...)", the compare view where
         * it is on GitHub; empty where either run recorded none or both ran the same tree.
         */
        public static String range(Repository from, Repository to) {
            if (from == null || to == null || (from.commit().equals(to.commit()) && from.dirty() == to.dirty())) return "";
            String url = to.compareUrl(from);
            return "repository " + to.name() + " commits " + from.shortCommit() + ".." + to.shortCommit() + (url == null ? "" : " (" + url + ")");
        }

        /** Its commit's first 12 digits, "(dirty)" after it where its tree had changes, "(none)" where it had no commit. */
        public String shortCommit() {
            return shortCommit(commit, dirty);
        }

        /** A commit's first 12 digits, "(dirty)" after it where its tree had changes, "(none)" for no commit: the harness's and a repository's alike. */
        public static String shortCommit(String commit, boolean dirty) {
            String c = commit == null ? "" : commit;
            return (c.isEmpty() ? "(none)" : c.length() > 12 ? c.substring(0, 12) : c) + (dirty ? " (dirty)" : "");
        }

        /** The same repository at another commit. */
        public Repository withCommit(String commit, boolean dirty) {
            return new Repository(remote, commit, dirty);
        }

        /** A URL's user and password ({@code https://x-access-token:TOKEN@github.com/...}) never reach run.json. */
        static String withoutCredentials(String url) {
            return url.replaceFirst("^([a-z][a-z0-9+.-]*://)[^/@]*@", "$1");
        }

        /** {@code owner/name} of a GitHub remote, else null. */
        public String github() {
            java.util.regex.Matcher m = GITHUB.matcher(remote);
            return m.matches() ? m.group(1) : null;
        }

        /** How a change names it: {@code acme/lib} on GitHub, else its remote, else "the matrix's repository". */
        public String name() {
            return github() != null ? github() : remote.isEmpty() ? "the matrix's repository" : remote;
        }

        /** GitHub's compare view of the commits after {@code from} up to this one, or null (not on GitHub, or a commit unknown). */
        public String compareUrl(Repository from) {
            if (github() == null || from == null || !github().equals(from.github()) || commit.isEmpty() || from.commit().isEmpty()) return null;
            return "https://github.com/" + github() + "/compare/" + from.commit() + "..." + commit;
        }
    }

    /** The same run with the repository it measured. */
    public RunMetadata withRepository(Repository r) {
        return new RunMetadata(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds,
                plan, statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, namedClass, r, baselines);
    }

    /** Metadata of a run whose team named no runner class. */
    public RunMetadata(int schema, String runId, String matrixFile, String matrixName, String matrixSha256, String gitCommit, boolean gitDirty,
                       String startedAt, String endedAt, Host host, Engine engine, List<Image> images, Map<String, List<String>> jdkBuilds, Plan plan,
                       Map<String, Integer> statusCounts, Overhead harnessOverheadMs, double imagesSeconds, List<Source> mergedFrom, List<Session> sessions,
                       List<Jar> jars) {
        this(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds, plan,
                statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, null);
    }

    /** The same run with the runner class the team named ({@code --runner-class}, the matrix's {@code runner-class}); null names none. */
    public RunMetadata withNamedClass(String name) {
        return new RunMetadata(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds,
                plan, statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, jars, name, repository, baselines);
    }

    /** Metadata of a run with no record of its jars. */
    public RunMetadata(int schema, String runId, String matrixFile, String matrixName, String matrixSha256, String gitCommit, boolean gitDirty,
                       String startedAt, String endedAt, Host host, Engine engine, List<Image> images, Map<String, List<String>> jdkBuilds, Plan plan,
                       Map<String, Integer> statusCounts, Overhead harnessOverheadMs, double imagesSeconds, List<Source> mergedFrom, List<Session> sessions) {
        this(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds, plan,
                statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, sessions, List.of());
    }

    /**
     * A jar the run's containers ran: the built-in workloads jar, or a jmh or jar cell's own, by
     * {@code name} (its file name), {@code path} (where the harness read it) and the SHA-256 of its
     * bytes. A change between two nights names the jar whose bytes changed.
     */
    public record Jar(String name, String path, String sha256) {
        public Jar {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(sha256, "sha256");
            path = path == null ? "" : path;
        }
    }

    /** Metadata of a run with no record of its sessions. */
    public RunMetadata(int schema, String runId, String matrixFile, String matrixName, String matrixSha256, String gitCommit, boolean gitDirty,
                       String startedAt, String endedAt, Host host, Engine engine, List<Image> images, Map<String, List<String>> jdkBuilds, Plan plan,
                       Map<String, Integer> statusCounts, Overhead harnessOverheadMs, double imagesSeconds, List<Source> mergedFrom) {
        this(schema, runId, matrixFile, matrixName, matrixSha256, gitCommit, gitDirty, startedAt, endedAt, host, engine, images, jdkBuilds, plan,
                statusCounts, harnessOverheadMs, imagesSeconds, mergedFrom, List.of(), List.of());
    }

    /**
     * One harness process that worked on the run: the first, and each {@code --resume} after an
     * interruption; {@code endedAt} is null while it runs (or when it was killed), {@code runsStored}
     * the rows it added, {@code engine} the engine it ran on ({@link Engine#describe()}), and where its
     * runs were measured on a Kubernetes cluster, that cluster ({@code cluster}; null on the Docker
     * engine, and in a run.json written before it was recorded, whose {@code engine} sentence says it).
     */
    public record Session(String startedAt, String endedAt, String hostname, int runsStored, String engine, String lease, KubernetesCluster cluster) {
        public Session {
            if (lease == null) lease = ""; // a run.json written before sessions recorded the engine's lease
        }

        public Session(String startedAt, String endedAt, String hostname, int runsStored) {
            this(startedAt, endedAt, hostname, runsStored, "", "", null);
        }

        public Session(String startedAt, String endedAt, String hostname, int runsStored, String engine) {
            this(startedAt, endedAt, hostname, runsStored, engine, "", null);
        }

        public Session(String startedAt, String endedAt, String hostname, int runsStored, String engine, String lease) {
            this(startedAt, endedAt, hostname, runsStored, engine, lease, null);
        }
    }

    /**
     * The Kubernetes cluster a session measured on, as typed values: its version ({@code v1.34.2}),
     * its API server, and the node pool that took its pods (its node labels and tolerations, as
     * engine.Placement says them; empty: every node).
     */
    public record KubernetesCluster(String version, String server, String pool) {
        public KubernetesCluster {
            if (version == null || version.isBlank()) throw new IllegalArgumentException("a Kubernetes cluster's version is needed (v1.34.2)");
            server = server == null ? "" : server;
            pool = pool == null ? "" : pool;
        }

        /** {@code v1.34.2 (node label pool=bench)}: what a runner class names of it. */
        public String text() {
            return version + (pool.isEmpty() ? "" : " (" + pool + ")");
        }
    }

    /** The adaptive repetitions' target of the run as a fraction, NaN when it had none. */
    public double repetitionTarget() {
        return plan == null || plan.repetitionTarget() <= 0 ? Double.NaN : plan.repetitionTarget();
    }

    /**
     * What changes a run's figures, and so what a history keeps apart where asked to
     * ({@code history --by-runner}) and what {@code previous} compares a night with: the runner class
     * the team named ({@code --runner-class}), or the CPU model (of the harness's host; an engine
     * does not report its own), the engine's CPU count and, for a run on a Kubernetes cluster, the
     * cluster's version and node pool ("Kubernetes v1.34.2 (node label pool=bench)": a Job's pod
     * is not the Docker engine's container of the same machine). {@code ?} where run.json does not
     * say. Docker's version, the cgroup version and driver, the kernel, the runner image and the
     * host name are not in it: they are updated under a runner every week or two and are named
     * as what changed between two nights ({@code history.Attribution}), never a new series.
     */
    public String runnerClass() {
        return namedClass != null ? namedClass : String.join(", ", machine().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList());
    }

    /**
     * What a history follows one series across (its fleet): the runner class the team named, or
     * the runner class without the CPU model ("CPUs 2", "CPUs 2, Kubernetes v1.34.2"). The CPU
     * models within it ({@link #cpuModel()}) are its machines, each a level the history estimates.
     */
    public String fleet() {
        if (namedClass != null) return namedClass;
        Map<String, String> m = machine();
        m.remove("CPU");
        return String.join(", ", m.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList());
    }

    /** The CPU model of the harness's host, {@code ?} where run.json does not say. */
    public String cpuModel() {
        return host == null || host.cpuModel() == null || host.cpuModel().isEmpty() ? "?" : host.cpuModel();
    }

    private Map<String, String> machine() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("CPU", cpuModel());
        m.put("CPUs", engine == null || engine.cpus() <= 0 ? "?" : Integer.toString(engine.cpus()));
        String cluster = cluster();
        if (cluster != null) m.put(KUBERNETES, cluster);
        return m;
    }

    /** How a session's engine on a Kubernetes cluster begins (engine.Cluster#describe: "Kubernetes v1.34.2 at https://..."). */
    static final String KUBERNETES = "Kubernetes";

    /** How engine.Cluster#describe names a session's node pool: "..., N of them taking its pods (POOL), ...". */
    static final java.util.regex.Pattern POOL = java.util.regex.Pattern.compile(" taking its pods \\(([^)]*)\\)");

    /**
     * The version of the Kubernetes cluster a session of this run (or of a folder it was merged
     * from) ran on, with its node pool where it named one ("v1.34.2 (node label pool=bench)"), or
     * null: the Docker engine. Read from the sessions' typed {@link KubernetesCluster}; a run.json
     * written before it was recorded is read from the sentence its session's engine says.
     */
    public String cluster() {
        KubernetesCluster typed = kubernetes();
        return typed != null ? typed.text() : clusterFromSentence();
    }

    /** The Kubernetes cluster a session of this run (or of a folder it was merged from) measured on, as recorded; null: none recorded. */
    public KubernetesCluster kubernetes() {
        java.util.stream.Stream<KubernetesCluster> all = java.util.stream.Stream.concat(sessions.stream().map(Session::cluster),
                mergedFrom.stream().map(Source::cluster));
        return all.filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** The cluster as a run.json written before the typed value says it: in the sentence of its session's engine (engine.Cluster's). */
    private String clusterFromSentence() {
        java.util.stream.Stream<String> engines = java.util.stream.Stream.concat(sessions.stream().map(Session::engine), mergedFrom.stream().map(Source::engine));
        return engines.filter(e -> e != null && e.startsWith(KUBERNETES + " ")).map(e -> {
            java.util.regex.Matcher pool = POOL.matcher(e);
            return e.substring(KUBERNETES.length() + 1).split(" ", 2)[0] + (pool.find() ? " (" + pool.group(1) + ")" : "");
        }).findFirst().orElse(null);
    }

    /** How this run's machine differs from {@code other}'s ("CPU A vs B, CPUs 2 vs 4"), empty when they are of one runner class. */
    public String machineDifference(RunMetadata other) {
        if (namedClass != null || other.namedClass != null) {
            return runnerClass().equals(other.runnerClass()) ? "" : "runner class " + other.runnerClass() + " vs " + runnerClass();
        }
        Map<String, String> a = machine();
        Map<String, String> b = other.machine();
        List<String> diff = new java.util.ArrayList<>();
        java.util.Set<String> keys = new java.util.LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            String was = b.getOrDefault(k, k.equals(KUBERNETES) ? "none" : "?");
            String is = a.getOrDefault(k, k.equals(KUBERNETES) ? "none" : "?");
            if (!is.equals(was)) diff.add(k + " " + was + " vs " + is);
        }
        return String.join(", ", diff);
    }

    /** A results folder a merged run was made from: its run, shard and host. */
    public record Source(String runId, String shard, String hostname, String folder, String startedAt, String endedAt, String engine,
                         KubernetesCluster cluster) {
        public Source(String runId, String shard, String hostname, String folder, String startedAt, String endedAt) {
            this(runId, shard, hostname, folder, startedAt, endedAt, "", null);
        }

        public Source(String runId, String shard, String hostname, String folder, String startedAt, String endedAt, String engine) {
            this(runId, shard, hostname, folder, startedAt, endedAt, engine, null);
        }
    }

    /**
     * The machine the harness ran on; {@code runnerImage}: the hosted runner's image where the
     * runner says it ({@code ImageOS} and {@code ImageVersion} on GitHub's runners, "ubuntu24
     * 20261118.1"), empty elsewhere and in a run.json written before it was recorded.
     */
    public record Host(String hostname, String cpuModel, int cpus, long memoryBytes, String os, String kernel, String javaVersion, String runnerImage) {
        public Host {
            runnerImage = runnerImage == null ? "" : runnerImage;
        }

        public Host(String hostname, String cpuModel, int cpus, long memoryBytes, String os, String kernel, String javaVersion) {
            this(hostname, cpuModel, cpus, memoryBytes, os, kernel, javaVersion, "");
        }
    }

    /** The Docker engine that ran the containers. */
    public record Engine(String serverVersion, String apiVersion, String os, String kernel, int cpus, long memoryBytes,
                         String cgroupVersion, String cgroupDriver, String endpoint, String id, String name) {
        /** An engine recorded before its endpoint, id and name were. */
        public Engine(String serverVersion, String apiVersion, String os, String kernel, int cpus, long memoryBytes, String cgroupVersion, String cgroupDriver) {
            this(serverVersion, apiVersion, os, kernel, cpus, memoryBytes, cgroupVersion, cgroupDriver, "", "", "");
        }

        /** {@code engine NAME at ENDPOINT (Docker V, N CPUs)}. */
        public String describe() {
            return "engine " + (name == null || name.isEmpty() ? "?" : name) + " at " + (endpoint == null || endpoint.isEmpty() ? "?" : endpoint)
                    + " (Docker " + serverVersion + ", " + cpus + " CPUs)";
        }
    }

    /**
     * One JDK image: the tag that names its inputs' hash and the id Docker gave it, and what the JDK
     * in it says of itself inside a container (vendor, runtime version, VM; empty in run.json files
     * written before the probe).
     */
    public record Image(String jdk, String reference, String imageId, boolean built, double buildSeconds, String vendor, String runtimeVersion,
                        String vmName) {
        public Image(String jdk, String reference, String imageId, boolean built, double buildSeconds) {
            this(jdk, reference, imageId, built, buildSeconds, "", "", "");
        }
    }

    /**
     * The plan as run; {@code shard} is K/N ("1/1" for a whole plan, "merged" for merged shards).
     * {@code compareAlong}: the axes its cells are compared along (null in a run.json written
     * before comparisons: read as jdk and executor); {@code seed}: what a blocked order's shuffles
     * were drawn from; {@code groups}: how many groups of two or more cells it compares;
     * {@code cellIds}: the matrix's cells, numbered from 1 as {@code plan} lists them;
     * {@code rounds}: for each round (warm-ups first), the numbers of the cells in the order they
     * run (this shard's only); {@code minDifference}: the smallest difference a comparison inside
     * the run calls faster or slower (null in a run.json written before it: read as 0.5 %).
     */
    public record Plan(int cells, int runs, int repetitions, int warmup, String order, double estimatedSeconds, String shard,
                       double compareThreshold, int repetitionsMax, double repetitionTarget, double maxSteal,
                       List<String> compareAlong, long seed, int groups, List<String> cellIds, List<List<Integer>> rounds, Double minDifference) {
        /**
         * {@code runs} and {@code estimatedSeconds} count every run the plan may make (adaptive
         * repetitions: up to {@code repetitionsMax}, the minimum being {@code repetitions});
         * {@code repetitionTarget} and {@code maxSteal} are fractions, 0 when not set.
         */
        public Plan {
            if (repetitionsMax < repetitions) repetitionsMax = repetitions; // written before adaptive repetitions
            compareAlong = compareAlong == null ? null : List.copyOf(compareAlong);
            cellIds = cellIds == null ? List.of() : List.copyOf(cellIds);
            rounds = rounds == null ? List.of() : rounds.stream().map(List::copyOf).toList();
        }

        public Plan(int cells, int runs, int repetitions, int warmup, String order, double estimatedSeconds, String shard, double compareThreshold) {
            this(cells, runs, repetitions, warmup, order, estimatedSeconds, shard, compareThreshold, repetitions, 0, 0, null, 0, 0, null, null, null);
        }

        public Plan(int cells, int runs, int repetitions, int warmup, String order, double estimatedSeconds, String shard, double compareThreshold,
                    int repetitionsMax, double repetitionTarget, double maxSteal) {
            this(cells, runs, repetitions, warmup, order, estimatedSeconds, shard, compareThreshold, repetitionsMax, repetitionTarget, maxSteal,
                    null, 0, 0, null, null, null);
        }
    }

    /** The axes this run's cells are compared along; null where run.json does not say (a run from before comparisons). */
    public List<String> compareAlong() {
        return plan == null ? null : plan.compareAlong();
    }

    /** The matrix's cells in its order (as plan lists them); empty where run.json does not say. */
    public List<String> cellIds() {
        return plan == null ? List.of() : plan.cellIds();
    }

    /** The plan's order (blocked, interleaved, sequential); interleaved where run.json does not say. */
    public String order() {
        return plan == null || plan.order() == null ? "interleaved" : plan.order();
    }

    /** The smallest difference a comparison inside the run calls faster or slower; 0.5 % where run.json does not say. */
    public double minDifference() {
        return plan == null || plan.minDifference() == null ? Comparisons.DEFAULT_MIN_DIFFERENCE : plan.minDifference();
    }

    /** The matrix's compare-threshold, 10 % where run.json does not say. */
    public double compareThreshold() {
        return plan == null || !(plan.compareThreshold() > 0) ? 0.10 : plan.compareThreshold();
    }

    /** The harness's own time per run: container create until the record is stored, minus the JVM's uptime. */
    public record Overhead(int n, double median, double p90, double max) {}
}
