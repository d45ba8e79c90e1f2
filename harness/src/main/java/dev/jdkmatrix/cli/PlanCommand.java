package dev.jdkmatrix.cli;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Durations;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.Group;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Lists the cells of a matrix and an estimated duration; runs nothing. */
@Command(name = "plan", mixinStandardHelpOptions = true, description = "List the cells of a matrix and estimate how long it runs. Starts nothing.")
public final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--matrix", description = "matrix file (default: ${DEFAULT-VALUE})", defaultValue = "matrix.yaml")
    Path matrixFile;

    @Option(names = "--from", paramLabel = "RUN_DIR", description = "an earlier run of this matrix: say how many rounds its comparisons need for ±--target, "
            + "from the spread their rounds had there")
    Path from;

    @Option(names = "--engine-cpus", paramLabel = "LIST", description = "check the matrix as run would for a session given these engine CPUs "
            + "(such as 1 or 0-1): pinned cells only, each within them")
    String engineCpus;

    @Option(names = "--order", description = "plan in this order instead of the matrix's: blocked, duet, auto, interleaved or sequential")
    String order;

    @picocli.CommandLine.Mixin
    BaselineOptions baseline;

    @Option(names = "--target", paramLabel = "PCT", description = "the difference --from counts rounds for, in per cent (default: ${DEFAULT-VALUE})", defaultValue = "5")
    double targetPct;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        // as run does: with a local engine, CPU limits above this host's are refused here already
        int hostCpus = dev.jdkmatrix.engine.Environment.localEngine() ? Runtime.getRuntime().availableProcessors() : 0;
        var against = baseline.prepare(matrixFile, false, out);
        Matrix m = OrderOption.apply(new MatrixParser(hostCpus, Home.dockerfiles()).parse(matrixFile, against == null ? null : against.yaml()), order, hostCpus);
        List<Integer> cpus = null;
        if (engineCpus != null) {
            try {
                cpus = dev.jdkmatrix.run.CpuSlots.parse(engineCpus);
            } catch (IllegalArgumentException e) {
                throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.BAD_INPUT, "--engine-cpus: " + e.getMessage());
            }
            // as run checks them (against this host's CPUs when the engine is local; run checks the engine's own count too)
            dev.jdkmatrix.run.MatrixRunner.checkEngineCpus(m, cpus, hostCpus > 0 ? hostCpus : Integer.MAX_VALUE);
            String refusal = m.order() == Matrix.Order.DUET ? dev.jdkmatrix.matrix.Duets.refusal(m, cpus.size()) : null;
            if (refusal != null) throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.BAD_INPUT, m.file() + ": order duet on --engine-cpus " + engineCpus + ": " + refusal);
        }
        // a duet shares these CPUs: the session's, or this host's (an estimate where the engine is remote)
        List<Integer> duetCpus = cpus != null ? cpus : dev.jdkmatrix.run.CpuSlots.all(hostCpus > 0 ? hostCpus : Runtime.getRuntime().availableProcessors());
        out.printf("matrix %s (%s): %d cells x (%d warm-up + %s measured) runs, order %s%s%n", m.name(), m.file(), m.cells().size(),
                m.warmup(), m.repetitions().text(), m.order().text(), m.order() == Matrix.Order.BLOCKED || m.order().startsTogether() ? " (seed " + m.seed() + ")" : "");
        out.println(groups(m));
        if (m.order().startsTogether()) out.println(dev.jdkmatrix.matrix.Duets.describe(m, duetCpus));
        if (!Double.isNaN(m.maxSteal())) {
            out.printf("a measured run during which the host's CPU steal passes %s is stored as noisy and made again (up to %d attempts)%n",
                    dev.jdkmatrix.matrix.Repetitions.percent(m.maxSteal()), dev.jdkmatrix.run.MatrixRunner.MAX_ATTEMPTS);
        }
        m.jdks().values().forEach(j -> out.printf("  jdk %-6s %s%n", j.name(), switch (j.source()) {
            case dev.jdkmatrix.matrix.Jdk.Dockerfile d -> "built from " + d.path();
            case dev.jdkmatrix.matrix.Jdk.Image i -> "image " + i.reference();
            case dev.jdkmatrix.matrix.Jdk.Home h -> "the JDK in " + h.dir() + (h.release().isEmpty() ? "" : " (" + h.release() + ")");
            case dev.jdkmatrix.matrix.Jdk.Archive a -> "unpacked from " + a.file() + (a.release().isEmpty() ? "" : " (" + a.release() + ")");
        }));
        out.printf("%4s  %-72s %10s%n", "#", "cell", "est/run");
        int i = 1;
        for (Cell c : m.cells()) {
            out.printf("%4d  %-72s %10s%n", i++, c.id() + (c.jfr() ? " +jfr" : "") + (c.profile() != dev.jdkmatrix.matrix.Profile.NONE ? " +profile=" + c.profile().text() : ""), Durations.text(Duration.ofMillis(Math.round(Estimate.runMillis(c)))));
        }
        Duration total = m.order().startsTogether()
                ? dev.jdkmatrix.matrix.Duets.estimate(dev.jdkmatrix.matrix.Duets.of(m.plan(), m.groups(), duetCpus, dev.jdkmatrix.matrix.Duets.chosen(m, duetCpus)))
                : Estimate.of(m.plan());
        if (m.repetitions().adaptive()) {
            out.printf("at most %d runs, estimated %s if every cell needs the maximum of %d measured runs (container and JVM start included; "
                    + "an estimate, not a measurement); at least %d runs if every cell reaches ±%s after %d%n", m.plan().size(), Durations.text(total),
                    m.repetitions().max(), m.cells().size() * (m.warmup() + m.repetitions().min()), dev.jdkmatrix.matrix.Repetitions.percent(m.repetitions().target()),
                    m.repetitions().min());
        } else {
            out.printf("%d runs, estimated %s (container and JVM start included; an estimate, not a measurement)%n", m.plan().size(), Durations.text(total));
        }
        jmhDefaults(m).ifPresent(out::println);
        if (from != null) {
            if (!(targetPct > 0 && targetPct < 100)) {
                throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.BAD_INPUT, "plan --target " + targetPct
                        + ": a difference in per cent, above 0 and below 100\n  fix: --target 5 for ±5 %");
            }
            out.println(PlanRounds.text(m, from, targetPct / 100));
        }
        out.flush();
        return 0;
    }

    /**
     * The JMH entries whose runs take JMH's own defaults (no jmh-args, nothing in the benchmark's annotations): 5 forks of 5 + 5
     * iterations of 10 s, minutes a run; said with their time and the fix, as JMH would not. Empty where there are none.
     */
    static java.util.Optional<String> jmhDefaults(Matrix m) {
        java.util.Map<String, Duration> byWorkload = new java.util.TreeMap<>();
        for (Cell c : m.cells()) {
            if (c.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh j && j.jmhArgs().isEmpty() && j.listed().forks().isEmpty()
                    && j.listed().iterations().isEmpty()) {
                byWorkload.merge(c.workload(), Duration.ofMillis(Math.round(Estimate.runMillis(c))).multipliedBy(m.repetitions().max()), Duration::plus);
            }
        }
        if (byWorkload.isEmpty()) return java.util.Optional.empty();
        Duration all = byWorkload.values().stream().reduce(Duration.ZERO, Duration::plus);
        return java.util.Optional.of("note: " + String.join(", ", byWorkload.keySet()) + (byWorkload.size() == 1 ? " runs" : " run")
                + " with JMH's own defaults (no jmh-args: 5 forks of 5 warm-up and 5 measured iterations of 10 s, each repetition a fresh container): "
                + Durations.text(all) + " of the estimate\n  fix: give the entry jmh-args, e.g. jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 1s, -r, 1s] "
                + "(a fork a run: the repetitions are the forks)");
    }

    /** What the plan compares: the groups of cells that differ only along compare-along, and the cells left alone. */
    static String groups(Matrix m) {
        List<Group> groups = m.groups();
        List<Group> compared = groups.stream().filter(g -> !g.alone()).toList();
        long alone = groups.stream().filter(Group::alone).count();
        String aloneText = alone == 0 ? "" : "; " + alone + (alone == 1 ? " cell stands" : " cells stand") + " alone (nothing differs from "
                + (alone == 1 ? "it" : "them") + " only along " + (m.compareAlong().isEmpty() ? "compare-along" : String.join(", ", m.compareAlong())) + ")";
        if (compared.isEmpty()) {
            return "compared along " + (m.compareAlong().isEmpty() ? "nothing" : String.join(", ", m.compareAlong())) + ": no two cells differ only along it, "
                    + "so nothing is compared pair by pair" + aloneText + " (set compare-along: to the axes your question is about)";
        }
        int lo = compared.stream().mapToInt(g -> g.cells().size()).min().orElseThrow();
        int hi = compared.stream().mapToInt(g -> g.cells().size()).max().orElseThrow();
        long pairs = compared.stream().mapToLong(g -> (long) g.cells().size() * (g.cells().size() - 1) / 2).sum();
        return "compared along " + String.join(", ", m.compareAlong()) + ": " + compared.size() + (compared.size() == 1 ? " group" : " groups") + " of "
                + (lo == hi ? lo : lo + " to " + hi) + " cells, " + pairs + (pairs == 1 ? " pair" : " pairs")
                + (m.order() == Matrix.Order.BLOCKED ? ", each group's cells back to back in every round" : "")
                + (m.order() == Matrix.Order.DUET ? ", each group's cells started together in every round" : "")
                + (m.order() == Matrix.Order.AUTO ? ", each group's cells started together in every round where measured to gain from it, else back to back" : "") + aloneText;
    }
}
