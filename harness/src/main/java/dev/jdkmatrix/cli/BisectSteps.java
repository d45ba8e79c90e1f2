package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import dev.jdkmatrix.suite.Bisect;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A bisect's steps (jdkmatrix bisect): each candidate (a commit, or a JDK build) measured against the good one in the same rounds,
 * a results folder a step: its matrix written ({@code matrixOf}, of the candidate and the step's id: null where the candidate cannot
 * be measured, said why), run by
 * {@code run}, and its comparisons read ({@link Reading}); one benchmark followed once the first step named the one slowed most.
 */
final class BisectSteps {

    /** How a step's comparisons say the candidate against the good one: each benchmark's, the candidate as the later side. */
    sealed interface Reading {
        List<Bisect.Measured> read(List<Comparisons.Row> rows, String candidate);

        /** A commit against the good commit's build: the base- / head- pairs of a baseline jar. */
        record Commits() implements Reading {
            @Override
            public List<Bisect.Measured> read(List<Comparisons.Row> rows, String candidate) {
                PullRequestVerdict v = PullRequestVerdict.of(rows, 0);
                List<PullRequestVerdict.Item> all = new ArrayList<>(v.decided());
                all.addAll(v.undecided());
                return all.stream().map(i -> new Bisect.Measured(i.cell(), i.cost(), i.verdict(), i.pairs())).toList();
            }
        }

        /** A JDK build against the good build (the matrix's baseline JDK): each cell's pair along jdk, named without its JDK. */
        record JdkBuilds(String good) implements Reading {
            @Override
            public List<Bisect.Measured> read(List<Comparisons.Row> rows, String candidate) {
                List<Bisect.Measured> out = new ArrayList<>();
                for (Comparisons.Row r : rows) {
                    boolean forward = token(r.cellA(), good) && token(r.cellB(), candidate);
                    boolean back = token(r.cellA(), candidate) && token(r.cellB(), good);
                    if (!forward && !back || r.ratio() == null) continue;
                    String goodCell = forward ? r.cellA() : r.cellB();
                    double ratio = forward ? r.ratio().ratio() : 1 / r.ratio().ratio();
                    double low = forward ? r.ratio().low() : 1 / r.ratio().high();
                    double high = forward ? r.ratio().high() : 1 / r.ratio().low();
                    Answer.Cost cost = r.higherIsBetter() ? new Answer.Cost(1 / ratio, 1 / high, 1 / low) : new Answer.Cost(ratio, low, high);
                    Comparisons.Verdict v = forward ? r.verdict() : r.verdict() == Comparisons.Verdict.FASTER ? Comparisons.Verdict.SLOWER
                            : r.verdict() == Comparisons.Verdict.SLOWER ? Comparisons.Verdict.FASTER : r.verdict();
                    out.add(new Bisect.Measured((" " + goodCell + " ").replace(" jdk=" + good + " ", " ").strip(), cost, v, r.pairs()));
                }
                return out;
            }

            private static boolean token(String cell, String jdk) {
                return (" " + cell + " ").contains(" jdk=" + jdk + " ");
            }
        }
    }

    private final Path dir;
    private final java.util.function.BiFunction<String, String, String> matrixOf;
    private final Reading reading;
    private final Function<List<String>, Integer> run;
    private final Function<String, String> label;
    private final PrintWriter out;
    private String followed;
    private int n;

    /**
     * @param run   runs a matrix with run's arguments (its matrix file, folder and id), returns run's exit code
     * @param label a candidate as a step's line names it (a commit's short id and subject; a JDK build's name)
     */
    BisectSteps(Path dir, java.util.function.BiFunction<String, String, String> matrixOf, Reading reading, Function<List<String>, Integer> run, Function<String, String> label, PrintWriter out) {
        this.dir = dir;
        this.matrixOf = matrixOf;
        this.reading = reading;
        this.run = run;
        this.label = label;
        this.out = out;
    }

    /** The step's id: its number and the candidate, as a folder's name. */
    private String id(String candidate) {
        return String.format(Locale.ROOT, "step-%02d-%s", n + 1, (candidate.length() > 12 ? candidate.substring(0, 12) : candidate).replaceAll("[^A-Za-z0-9._-]", "-"));
    }

    /** Measures {@code candidate} against the good one; null where it could not be (its line says why). */
    Bisect.Measured measure(String candidate) {
        String id = id(candidate);
        String matrix = matrixOf.apply(candidate, id);
        if (matrix == null) return null;
        n++;
        Path stepDir = dir.resolve(id);
        try {
            Files.createDirectories(stepDir);
            Files.writeString(stepDir.resolve("matrix.yaml"), matrix);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + stepDir + ": " + e.getMessage() + "\n  fix: name a writable --out");
        }
        int code = run.apply(List.of(stepDir.resolve("matrix.yaml").toString(), stepDir.toString(), id));
        if (code == ExitException.INTERRUPTED) throw new ExitException(code, "interrupted at " + label.apply(candidate));
        Bisect.Measured m = read(stepDir, candidate);
        out.printf("jdkmatrix: %s: %s%n", label.apply(candidate), m == null ? "no comparison (" + stepDir + "'s raw.csv says why)" : m.benchmark() + ": it is "
                + (m.cost() == null ? "without a figure" : Answer.change(m.cost()) + " against the good one") + ", " + m.verdict().text());
        out.flush();
        return m;
    }

    /** The step's comparison of the candidate with the good one: the followed benchmark's, else the one slowed most. */
    private Bisect.Measured read(Path stepDir, String candidate) {
        try {
            var stored = dev.jdkmatrix.results.format.ResultsFolder.read(stepDir, "bisect", true);
            List<Bisect.Measured> all = reading.read(Comparisons.of(stored.rows(), stored.meta()), candidate);
            if (all.isEmpty()) return null;
            Bisect.Measured m = followed != null ? all.stream().filter(i -> i.benchmark().equals(followed)).findFirst().orElse(null)
                    : all.stream().max(Comparator.comparingDouble((Bisect.Measured i) -> i.verdict() == Comparisons.Verdict.SLOWER ? 1 : 0)
                            .thenComparingDouble(i -> Double.isFinite(i.slowdown()) ? i.slowdown() : -1)).orElseThrow();
            if (m == null) return null;
            followed = m.benchmark();
            return m;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
