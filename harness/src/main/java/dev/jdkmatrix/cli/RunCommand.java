package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.matrix.Durations;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.report.Report;
import dev.jdkmatrix.results.format.AnswerText;
import dev.jdkmatrix.run.MatrixRunner;
import dev.jdkmatrix.run.RunOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Runs every cell of a matrix in containers and writes raw.csv, summary.csv and run.json. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a matrix. Exit 0 when every run is ok, 1 when some failed (they are recorded), 2 for bad input, 3 when Docker or the jar is missing.")
public final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--matrix", description = "matrix file (default: ${DEFAULT-VALUE})", defaultValue = "matrix.yaml")
    Path matrixFile;

    @Option(names = "--out", description = "results folder (default: results/<run-id>)")
    Path out;

    @Option(names = "--run-id", description = "run id (default: UTC time and matrix name)")
    String runId;

    @Option(names = "--workloads-jar", description = "the built-in workloads jar, copied into each JDK's run image (default: ${DEFAULT-VALUE})", defaultValue = "${sys:jdkmatrix.workloads:-workloads/target/workloads.jar}")
    Path workloadsJar;

    @Option(names = "--resume", paramLabel = "DIR", description = "finish the run stored in DIR: its matrix and run id, skipping the runs it has")
    Path resume;

    /** The run.json of the run --resume finishes, as read to find its matrix (null: a new run). */
    private dev.jdkmatrix.results.RunMetadata resumed;

    @Option(names = "--parallel", description = "off (default): one run at a time; auto: runs of whole-CPU cells smaller than the host side by side "
            + "on disjoint CPU sets, for the workloads where packing was measured not to change results; force: every such cell (for measuring packing); "
            + "with --engine kubernetes, auto or force: comparison groups side by side over the cluster's nodes, one measured pod a node")
    String parallel = "off";

    @Option(names = "--order", description = "the order of the runs, instead of the matrix's order: blocked (each group's cells back to back in every round), "
            + "duet (each group's cells started together in every round, each on CPUs of its own), auto (blocked, duet where measured to help: docs/duet.md), "
            + "interleaved or sequential")
    String order;

    @Option(names = "--shard", paramLabel = "K/N", description = "run only shard K of N: whole cells, balanced by estimated duration (default: 1/1)")
    String shard = "1/1";

    @Option(names = "--no-lease", description = "measure without taking the engine's measuring lease: do not wait for another session measuring on "
            + "this engine, and let its runs overlap ours (run.json records it)")
    boolean noLease;

    @Option(names = "--keep-going", description = "make every run of a workload whose first round failed every run the same way "
            + "(default: its other runs are skipped, stored as skipped with the cause, and the run ends with exit 1)")
    boolean keepGoing;

    @Option(names = "--engine-cpus", paramLabel = "CPUS", description = "measure on these CPUs of the engine only (Docker's cpuset form: 1, 0,1, 2-3), "
            + "leasing just them, so that another session given other CPUs measures beside this one; every cell must be cpu-mode cpuset "
            + "(default: every CPU, leased as a whole)")
    String engineCpus;

    @Option(names = "--engine", description = "where the runs are measured: docker (default), each run a container of the Docker engine; "
            + "kubernetes, each run a Job of the cluster kubectl would reach (docs/kubernetes.md); default: the matrix's engine:, else docker")
    String engine;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "with --engine kubernetes: the kubeconfig (default: KUBECONFIG, else ~/.kube/config)")
    Path kubeconfig;

    @Option(names = "--context", description = "with --engine kubernetes: the kubeconfig's context (default: its current one)")
    String context;

    @Option(names = "--namespace", description = "with --engine kubernetes: the namespace of the runs' Jobs (default: ${DEFAULT-VALUE})", defaultValue = "default")
    String namespace;

    @Option(names = "--cluster-containerd", paramLabel = "SOCKET", description = "with --engine kubernetes: the containerd socket the run images are "
            + "imported into (default: make k8s-up's, /run/jdkmatrix-k8s/containerd.sock)")
    Path clusterContainerd;

    @Option(names = "--registry", paramLabel = "REGISTRY", description = "with --engine kubernetes: push the run images to this registry "
            + "(host[:port][/path], as docker push names it), from which the cluster's nodes pull them, instead of importing them into a containerd of this machine")
    String registry;

    @Option(names = "--node-selector", paramLabel = "KEY=VALUE", description = "with --engine kubernetes: only nodes with this label take the "
            + "session's pods, its probes too (repeatable: every label)")
    java.util.List<String> nodeSelector;

    @Option(names = "--toleration", paramLabel = "KEY[=VALUE][:EFFECT]", description = "with --engine kubernetes: the session's pods tolerate this "
            + "taint, as kubectl taint writes it (repeatable), e.g. a benchmark pool's dev.jdkmatrix/pool=bench:NoSchedule")
    java.util.List<String> toleration;

    @Option(names = "--runner-class", paramLabel = "NAME", description = "the name of the machines this run measures on, as the team calls them "
            + "(a testbed, e.g. gh-ubuntu-24.04-4core): run.json records it and a history follows its nights as one series whatever CPU models they had "
            + "(default: the matrix's runner-class, else the CPU count and engine, each CPU model a level of its own)")
    String runnerClass;

    @picocli.CommandLine.Mixin
    BaselineOptions baseline;

    @Option(names = "--yes", description = "run even when the estimate exceeds 24 hours")
    boolean yes;

    @Option(names = "--rebuild-images", description = "build every JDK and run image again without Docker's layer cache, whatever the engine "
            + "holds under their tags (an image is otherwise reused only where jdkmatrix recorded building it on this engine)")
    boolean rebuildImages;

    /** A matrix estimated to run longer than this is refused unless --yes. */
    static final java.time.Duration LONGEST_WITHOUT_YES = java.time.Duration.ofHours(24);

    @Option(names = "--no-report", description = "do not render the charts and gallery at the end (see the 'report' command)")
    boolean noReport;

    @Option(names = "--progress", description = "progress display: auto, bar or lines (default: ${DEFAULT-VALUE})", defaultValue = "auto")
    String progress;

    @Override
    public Integer call() {
        PrintWriter outw = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (resume != null) takeFromResumed();
        // With a local engine, refuse CPU limits above this host's before anything starts;
        // MatrixRunner checks them against the engine's own count as well.
        int hostCpus = Environment.localEngine() && engineNamed() != Matrix.Engine.KUBERNETES ? Runtime.getRuntime().availableProcessors() : 0;
        var against = baseline.prepare(matrixFile, true, outw);
        Matrix m = OrderOption.apply(named(new MatrixParser(hostCpus, Home.dockerfiles()).parse(matrixFile, against == null ? null : against.yaml())), order, hostCpus);
        String id = runId != null ? runId
                : ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + m.name();
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new ExitException(ExitException.BAD_INPUT, "run id '" + id + "' may use only letters, digits, '.', '_' and '-'\n  fix: pass --run-id with such a name");
        }
        Path dir = out != null ? out : Path.of("results", id);
        boolean bar = switch (progress) {
            case "bar" -> true;
            case "lines" -> false;
            case "auto" -> Progress.isTerminal();
            default -> throw new ExitException(ExitException.BAD_INPUT, "--progress must be auto, bar or lines, got '" + progress + "'");
        };
        dev.jdkmatrix.run.CpuSlots.Packing packed = switch (parallel) {
            case "off" -> dev.jdkmatrix.run.CpuSlots.Packing.OFF;
            case "auto" -> dev.jdkmatrix.run.CpuSlots.Packing.AUTO;
            case "force" -> dev.jdkmatrix.run.CpuSlots.Packing.FORCE;
            default -> throw new ExitException(ExitException.BAD_INPUT, "--parallel must be off, auto or force, got '" + parallel + "'");
        };
        if (m.order() == Matrix.Order.DUET && packed != dev.jdkmatrix.run.CpuSlots.Packing.OFF) {
            throw new ExitException(ExitException.BAD_INPUT, matrixFile + ": order duet places each group's runs side by side itself, and --parallel " + parallel
                    + " would place other runs beside them\n  fix: leave --parallel out with order duet, or use order blocked");
        }
        dev.jdkmatrix.matrix.Shard share;
        try {
            share = dev.jdkmatrix.matrix.Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--shard: " + e.getMessage() + "\n  fix: pass --shard K/N with 1 <= K <= N");
        }
        List<Integer> sessionCpus = sessionCpus();
        List<PlannedRun> runs = share.select(m);
        if (runs.isEmpty()) throw share.empty(m); // before any image is built or engine asked
        List<Integer> duetCpus = sessionCpus != null ? sessionCpus : dev.jdkmatrix.run.CpuSlots.all(Runtime.getRuntime().availableProcessors());
        Duration estimate = m.order().startsTogether() && packed == dev.jdkmatrix.run.CpuSlots.Packing.OFF
                ? dev.jdkmatrix.matrix.Duets.estimate(dev.jdkmatrix.matrix.Duets.of(runs, m.groups(), duetCpus, dev.jdkmatrix.matrix.Duets.chosen(m, duetCpus)))
                : Estimate.of(runs);
        if (estimate.compareTo(LONGEST_WITHOUT_YES) > 0 && !yes) {
            throw new ExitException(ExitException.BAD_INPUT, matrixFile + ": " + runs.size() + " runs are estimated to take " + Durations.text(estimate)
                    + ", more than " + LONGEST_WITHOUT_YES.toHours() + " hours\n  fix: check 'plan' for the cells that take longest, shrink the matrix, or pass --yes");
        }
        outw.printf("jdkmatrix: %s: %d cells, %d runs%s, estimated %s -> %s%n", matrixFile, m.cells().size(), runs.size(),
                share.count() > 1 ? " in shard " + share.text() : "", Durations.text(estimate), dir);
        PlanCommand.jmhDefaults(m).ifPresent(outw::println);
        outw.flush();
        Progress listener = new Progress(err, bar, runs);
        MatrixRunner.Result result = new MatrixRunner().run(m, new RunOptions(dir, id, workloadsJar, Path.of("").toAbsolutePath(), resumed, packed, share,
                !noLease, sessionCpus, keepGoing, cluster(packed, m), against == null ? List.of() : against.baselines(), rebuildImages), listener);
        listener.finish();
        ended(outw, m, dir, result, listener);
        outw.flush();
        if (!noReport && !result.interrupted() && result.runs() > 0) {
            Report.Result r = ReportCommand.render(dir, Report.Options.DEFAULT);
            outw.printf("jdkmatrix: %d charts, gallery %s%n", r.charts(), r.gallery());
            outw.flush();
        }
        if (result.interrupted()) return ExitException.INTERRUPTED;
        if (result.runs() > 0) answer(outw, dir, result.end());
        if (against != null && !against.failed().isEmpty()) {
            against.failed().forEach(b -> outw.printf("jdkmatrix: this night ran without its baseline %s (%s): %s%n", b.baseline(), String.join(", ", b.workloads()), b.detail()));
            outw.flush();
            return ExitException.RUNS_FAILED;
        }
        return result.allOk() ? 0 : ExitException.RUNS_FAILED;
    }

    /** What the run stored, where, and what it could not decide or did not make. */
    private void ended(PrintWriter outw, Matrix m, Path dir, MatrixRunner.Result result, Progress listener) {
        outw.printf("jdkmatrix: %d runs stored in %s (%s%s); statuses %s%n", result.runs(), dir.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW),
                resume != null ? result.sessionRuns() + " in this session, " : "", Durations.text(listener.total()), result.statusCounts());
        outw.printf("jdkmatrix: summary in %s, comparisons in %s, metadata in %s%n", dir.resolve(dev.jdkmatrix.results.format.ResultsFolder.SUMMARY), dir.resolve(dev.jdkmatrix.results.format.ResultsFolder.COMPARISONS), dir.resolve(dev.jdkmatrix.results.format.ResultsFolder.RUN_JSON));
        undecided(m).ifPresent(outw::println);
        if (result.statusCounts().containsKey("skipped")) {
            outw.printf("jdkmatrix: %d runs skipped: the first round of their workload failed every run the same way (raw.csv's status_detail names the cause);"
                    + " mend it and run again, or run with --keep-going%n", result.statusCounts().get("skipped"));
        }
    }

    /**
     * The run's answer, its last lines: the suites' verdicts, the decided differences and what the undecided lack ({@link AnswerText}),
     * from the comparisons and suites the folder's files were written from; said where those could not be written.
     */
    private static void answer(PrintWriter outw, Path dir, dev.jdkmatrix.results.format.FolderEnd end) {
        if (end == null) {
            outw.println("jdkmatrix: no answer: the end files of " + dir + " were not written (above: why)");
            return;
        }
        AnswerText.lines(end).forEach(outw::println);
        outw.flush();
    }

    /** A resume: the run id and matrix file of the run in {@code resume} (a --matrix given as well must name the same file), its folder as --out. */
    private void takeFromResumed() {
        Path json = resume.resolve(dev.jdkmatrix.results.format.ResultsFolder.RUN_JSON);
        if (!java.nio.file.Files.isRegularFile(json)) {
            throw new ExitException(ExitException.BAD_INPUT, "nothing to resume in " + resume + ": it has no run.json\n  fix: name the folder of an interrupted run");
        }
        try {
            dev.jdkmatrix.results.RunMetadata before = dev.jdkmatrix.results.format.ResultsFolder.at(resume).meta();
            resumed = before; // read once: the session takes it from here
            runId = before.runId();
            if (order == null && before.plan() != null && before.plan().order() != null && !before.plan().order().isEmpty()) order = before.order(); // as it was started
            if (runnerClass == null) runnerClass = before.namedClass(); // the class the run was started with
            Path stored = Path.of(before.matrixFile());
            if (!spec.commandLine().getParseResult().hasMatchedOption("--matrix")) {
                matrixFile = stored;
            } else if (!matrixFile.toAbsolutePath().normalize().equals(stored.toAbsolutePath().normalize())) {
                throw new ExitException(ExitException.BAD_INPUT, "run " + before.runId() + " in " + resume + " was started with the matrix " + stored
                        + ", and --matrix names another file, " + matrixFile + "; a resume takes its matrix from run.json"
                        + "\n  fix: leave out --matrix (through make: leave out MATRIX=), or start a new run of " + matrixFile + " in another folder");
            }
        } catch (java.io.IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + json + ": " + e.getMessage() + "\n  fix: start a new run in another folder");
        }
        out = resume;
    }

    /** --engine-cpus checked, and against --no-lease: the session's CPUs (null: all of the engine's). */
    private List<Integer> sessionCpus() {
        if (engineCpus == null) return null;
        List<Integer> cpus;
        try {
            cpus = dev.jdkmatrix.run.CpuSlots.parse(engineCpus);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--engine-cpus: " + e.getMessage());
        }
        if (noLease) {
            throw new ExitException(ExitException.BAD_INPUT, "--engine-cpus leases those CPUs and --no-lease takes no lease: the two contradict each other"
                    + "\n  fix: keep --engine-cpus (sessions on other CPUs measure beside this one) or --no-lease (measure beside any session), not both");
        }
        return cpus;
    }

    /** What a run of too few rounds to decide a comparison says when it ends (make quick's 3); empty when it can decide. */
    static java.util.Optional<String> undecided(dev.jdkmatrix.matrix.Matrix m) {
        int rounds = m.repetitions().max();
        if (rounds >= dev.jdkmatrix.matrix.Repetitions.ADAPTIVE_MIN || m.groups().stream().allMatch(g -> g.alone())) return java.util.Optional.empty();
        return java.util.Optional.of("jdkmatrix: " + rounds + " rounds a cell decide no comparison (faster, slower or same take a 95 % interval: "
                + dev.jdkmatrix.matrix.Repetitions.ADAPTIVE_MIN + " rounds); comparisons.csv says what each could resolve and the rounds it would need");
    }

    /** The nodes that take the session's pods: the command line's, where it names any, else the matrix's {@code kubernetes:}. */
    private dev.jdkmatrix.model.NodePool nodePool(Matrix m) {
        if (nodeSelector == null && toleration == null) return m.nodePool();
        Map<String, String> labels;
        List<dev.jdkmatrix.model.NodePool.Toleration> tolerations;
        try {
            labels = dev.jdkmatrix.model.NodePool.parse(nodeSelector, null).nodeSelector();
        } catch (dev.jdkmatrix.model.NodePool.Invalid e) {
            throw badPool("--node-selector", e);
        }
        try {
            tolerations = dev.jdkmatrix.model.NodePool.parse(null, toleration).tolerations();
        } catch (dev.jdkmatrix.model.NodePool.Invalid e) {
            throw badPool("--toleration", e);
        }
        return new dev.jdkmatrix.model.NodePool(labels, tolerations);
    }

    /** The matrix with --runner-class where given (it wins over the matrix's runner-class). */
    private Matrix named(Matrix m) {
        return runnerClass == null ? m : m.withRunnerClass(runnerClass(runnerClass));
    }

    /** The value of a --runner-class option checked (run, merge), or the error that names the form to write. */
    static String runnerClass(String option) {
        try {
            return new dev.jdkmatrix.model.RunnerClass(option.strip()).name();
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--runner-class '" + option + "' is not a name a history can keep\n  fix: write "
                    + dev.jdkmatrix.model.RunnerClass.FORM);
        }
    }

    private static ExitException badPool(String option, dev.jdkmatrix.model.NodePool.Invalid e) {
        return new ExitException(ExitException.BAD_INPUT, option + " " + e.problem() + "\n  fix: write " + e.form());
    }

    /** The engine --engine names, or null where it names none; refused with the fix where it names neither docker nor kubernetes. */
    private Matrix.Engine engineNamed() {
        if (engine == null) return null;
        return Matrix.Engine.parse(engine).orElseThrow(() -> new ExitException(ExitException.BAD_INPUT,
                "--engine must be docker or kubernetes, got '" + engine + "'\n  fix: write --engine docker (the default) or --engine kubernetes"));
    }

    /** The cluster of --engine kubernetes (or the matrix's engine: kubernetes), or null for the Docker engine. */
    private dev.jdkmatrix.engine.Cluster.Options cluster(dev.jdkmatrix.run.CpuSlots.Packing packed, Matrix m) {
        Matrix.Engine named = engineNamed();
        return switch (named != null ? named : m.engine()) {
            case DOCKER -> {
                if (registry != null || clusterContainerd != null) {
                    throw new ExitException(ExitException.BAD_INPUT, (registry != null ? "--registry" : "--cluster-containerd") + " brings the run images to a "
                            + "Kubernetes cluster, and this session measures on the Docker engine, which runs the images it built\n  fix: add --engine kubernetes, or leave it out");
                }
                if (nodeSelector != null || toleration != null) {
                    throw new ExitException(ExitException.BAD_INPUT, (nodeSelector != null ? "--node-selector" : "--toleration") + " chooses a Kubernetes "
                            + "cluster's nodes, and this session measures on the Docker engine\n  fix: add --engine kubernetes, or leave it out");
                }
                yield null;
            }
            case KUBERNETES -> {
                if (engineCpus != null) {
                    throw new ExitException(ExitException.BAD_INPUT, "--engine-cpus places runs on a Docker engine's CPUs; on Kubernetes "
                            + "the cluster places them (--parallel: comparison groups side by side, one measured pod a node)\n  fix: leave it out with --engine kubernetes");
                }
                if (registry != null && clusterContainerd != null) {
                    throw new ExitException(ExitException.BAD_INPUT, "--registry pushes the run images to a registry and --cluster-containerd imports them "
                            + "into a containerd: the two contradict each other\n  fix: keep the one your cluster's nodes get images from");
                }
                yield new dev.jdkmatrix.engine.Cluster.Options(kubeconfig, context, namespace, registry != null
                        ? new dev.jdkmatrix.engine.ImageDelivery.Push(registry) : new dev.jdkmatrix.engine.ImageDelivery.Import(clusterContainerd),
                        nodePool(m));
            }
        };
    }
}
