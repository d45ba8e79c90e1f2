package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.JdkProbe;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What run.json says of a run while this session adds to it: the run's start (a resumed run keeps
 * the start of the run it finishes), its images, plan and commit, the sessions before this one and
 * this one's rows so far and lease.
 */
final class SessionRecord {

    /** What a session knows before its first run: the engine, the run images' JDKs, the plan and what is stored of it. */
    record Start(RunMetadata.Engine engine, RunMetadata.Host host, List<Integer> sessionCpus, Map<String, JdkProbe> probes,
                 double imagesSeconds, List<PlannedRun> plan, Set<String> stored, RunMetadata before, List<RawRow> storedAtStart) {
        Start {
            sessionCpus = List.copyOf(sessionCpus);
            plan = List.copyOf(plan);
            storedAtStart = List.copyOf(storedAtStart);
        }
    }

    private final Path out;
    private final RunOptions options;
    private final Matrix matrix;
    private final Start start;
    private final String commit;
    private final boolean dirty;
    /** The repository the matrix file is in: the team's suite, whose commit a change names. */
    private final RunMetadata.Repository repository;
    private final Instant started;
    private final List<RunMetadata.Image> images;
    private final RunMetadata.Plan plan;
    private final List<RunMetadata.Session> earlier = new ArrayList<>();
    private final String sessionStart = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    private volatile String leaseNote;
    /** Where the runs are measured when not on the Docker engine that built the images (a cluster), else null. */
    private volatile String measuredOn;
    private volatile RunMetadata.KubernetesCluster cluster;

    SessionRecord(Path out, RunOptions options, Matrix matrix, Start start, SessionImages refs) {
        this.out = out;
        this.options = options;
        this.matrix = matrix;
        this.start = start;
        RunMetadata before = start.before();
        this.started = before != null ? Instant.parse(before.startedAt()) : Instant.now().truncatedTo(ChronoUnit.MILLIS);
        // the harness's commit: the one its jar was built at (a release runs from any folder), else its project folder's
        boolean stamped = !dev.jdkmatrix.Build.commit().isEmpty();
        this.commit = stamped ? dev.jdkmatrix.Build.commit() : Environment.gitCommit(options.projectDir());
        this.dirty = stamped ? dev.jdkmatrix.Build.dirty() : !commit.isEmpty() && Environment.gitDirty(options.projectDir());
        this.repository = Environment.repository(matrix.file().toAbsolutePath().getParent());
        this.plan = RunSession.planMetadata(matrix, start.plan(), options.shard());
        this.images = refs.refs().values().stream().map(r -> {
            JdkProbe p = start.probes().get(r.jdk());
            return new RunMetadata.Image(r.jdk(), r.reference(), r.imageId(), r.built(), r.buildTime().toMillis() / 1000.0,
                    p.vendor(), p.runtimeVersion(), p.vmName());
        }).toList();
        // the sessions before this one (a run.json written before sessions were recorded: its start, end and rows as one)
        int rowsBefore = start.storedAtStart().size();
        if (before != null) {
            earlier.addAll(before.sessions());
            if (earlier.isEmpty() && rowsBefore > 0) {
                earlier.add(new RunMetadata.Session(before.startedAt(), before.endedAt(), before.host() == null ? "" : before.host().hostname(), rowsBefore,
                        before.engine() == null ? "" : before.engine().describe()));
            }
        }
        this.leaseNote = options.lease() ? "" : EngineLease.UNLEASED;
    }

    /** This session measures under {@code lease} (its description goes into run.json's session). */
    void leased(EngineLease lease) {
        leaseNote = lease.describe();
    }

    /** This session measures its runs on a cluster ({@code where}: what it says of itself; {@code cluster}: it as typed values), not on the Docker engine; no lease is taken there. */
    void measuredOn(String where, RunMetadata.KubernetesCluster cluster) {
        measuredOn = where;
        this.cluster = cluster;
        leaseNote = "none: the cluster keeps its pods apart (a Guaranteed pod's whole CPUs are its own), one run at a time";
    }

    /** run.json as of now, from the rows raw.csv holds now; {@code ended} null while the session runs. */
    RunMetadata at(String ended, List<RawRow> rows) {
        List<RunMetadata.Session> sessions = new ArrayList<>(earlier);
        int now = rows.size() - start.storedAtStart().size();
        String engine = measuredOn == null ? start.engine().describe() : measuredOn + " (images built on " + start.engine().describe() + ")";
        sessions.add(new RunMetadata.Session(sessionStart, ended, start.host().hostname(), Math.max(0, now), engine, leaseNote, cluster));
        return RunSession.metadata(rows, options, matrix, commit, dirty, started, ended, start.host(), start.engine(), images, plan,
                start.imagesSeconds(), sessions, repository);
    }
}
