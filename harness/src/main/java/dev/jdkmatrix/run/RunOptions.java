package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.Cluster;
import dev.jdkmatrix.matrix.Shard;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where and with what a session runs; {@code resumed} (null: a new run) is the run.json of the run
 * stored in {@code outDir} that this session finishes, as the command read it to find its matrix;
 * {@code packing} packs cells onto disjoint CPU sets (see {@link CpuSlots}); {@code lease} measures
 * under the engine's lease ({@link EngineLease}); {@code engineCpus} (null: all) are the engine's
 * CPUs this session measures on, leased one by one, so that two sessions given disjoint ones
 * measure side by side ({@code --engine-cpus}); {@code keepGoing} makes every run of a workload
 * whose first round failed ({@link FailFast}: off, its runs are skipped); {@code cluster} measures
 * every run as a Job of a Kubernetes cluster (null: as a container of the Docker engine);
 * {@code baselines}: what the matrix's suite is measured against tonight (run.json keeps it);
 * {@code rebuildImages}: every image built again without Docker's layer cache ({@code --rebuild-images}).
 */
public record RunOptions(Path outDir, String runId, Path workloadsJar, Path projectDir, dev.jdkmatrix.results.RunMetadata resumed, CpuSlots.Packing packing,
                         Shard shard, boolean lease, List<Integer> engineCpus, boolean keepGoing, Cluster.Options cluster,
                         List<dev.jdkmatrix.results.RunBaseline> baselines, boolean rebuildImages) {

    /** A session that reuses the images it built before. */
    public RunOptions(Path outDir, String runId, Path workloadsJar, Path projectDir, dev.jdkmatrix.results.RunMetadata resumed, CpuSlots.Packing packing,
                      Shard shard, boolean lease, List<Integer> engineCpus, boolean keepGoing, Cluster.Options cluster,
                      List<dev.jdkmatrix.results.RunBaseline> baselines) {
        this(outDir, runId, workloadsJar, projectDir, resumed, packing, shard, lease, engineCpus, keepGoing, cluster, baselines, false);
    }

    /** A session measuring against no baseline. */
    public RunOptions(Path outDir, String runId, Path workloadsJar, Path projectDir, dev.jdkmatrix.results.RunMetadata resumed, CpuSlots.Packing packing,
                      Shard shard, boolean lease, List<Integer> engineCpus, boolean keepGoing, Cluster.Options cluster) {
        this(outDir, runId, workloadsJar, projectDir, resumed, packing, shard, lease, engineCpus, keepGoing, cluster, List.of());
    }

    /** A session on the Docker engine. */
    public RunOptions(Path outDir, String runId, Path workloadsJar, Path projectDir, dev.jdkmatrix.results.RunMetadata resumed, CpuSlots.Packing packing,
                      Shard shard, boolean lease, List<Integer> engineCpus, boolean keepGoing) {
        this(outDir, runId, workloadsJar, projectDir, resumed, packing, shard, lease, engineCpus, keepGoing, null);
    }

    /** Measuring under the engine's lease, on all of its CPUs, stopping a workload whose first round failed. */
    public RunOptions(Path outDir, String runId, Path workloadsJar, Path projectDir, dev.jdkmatrix.results.RunMetadata resumed, CpuSlots.Packing packing, Shard shard) {
        this(outDir, runId, workloadsJar, projectDir, resumed, packing, shard, true, null, false);
    }

    public RunOptions {
        Objects.requireNonNull(outDir, "outDir");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(workloadsJar, "workloadsJar");
        Objects.requireNonNull(projectDir, "projectDir");
        Objects.requireNonNull(packing, "packing");
        Objects.requireNonNull(shard, "shard");
        engineCpus = engineCpus == null ? null : List.copyOf(engineCpus);
        baselines = baselines == null ? List.of() : List.copyOf(baselines);
    }

    /** Whether this session finishes a stored run. */
    public boolean resume() {
        return resumed != null;
    }
}
