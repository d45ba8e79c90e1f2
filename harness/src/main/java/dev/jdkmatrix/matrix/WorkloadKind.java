package dev.jdkmatrix.matrix;

import dev.jdkmatrix.workloads.Descriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a cell's workload runs: what goes into the run image, the container's command, and how a
 * run's result is read. A closed set, one record per kind ({@code kind:} in matrix.yaml); the
 * command is built by {@code engine.Commands} and the result read by {@code output.Readings},
 * each a pattern switch over these records, so the compiler lists what a new kind must answer.
 * The files a new kind touches are listed once, in docs/architecture.md ("A new workload kind"):
 * every switch over these records or over {@code model.CellKey.Kind} is exhaustive with no
 * default, so the compiler names each place that must answer for it.
 */
public sealed interface WorkloadKind {

    /** The name in matrix.yaml and in the {@code kind} column. */
    String name();

    /** The user's jar this kind adds to the run image, if any. */
    default Optional<UserJar> userJar() {
        return switch (this) {
            case Builtin b -> Optional.empty();
            case Jmh j -> Optional.of(j.jar());
            case Jar j -> Optional.of(j.jar());
        };
    }

    /** The data files this kind adds to the run image, and the directory its JVM starts in ({@code files:}, {@code workdir:}). */
    default WorkloadFiles files() {
        return switch (this) {
            case Builtin b -> WorkloadFiles.NONE;
            case Jmh j -> j.files();
            case Jar j -> j.files();
        };
    }

    /** A jar of the user's, copied into the run image (content-hashed, sent as a build context). */
    record UserJar(Path path, String sha256, int classFile) {
        /** Where run images hold the user's jars. */
        public static final String IMAGE_DIR = "/opt/jdkmatrix/user";

        /**
         * {@code classFile}: the newest class-file version among the jar's classes (65 for Java 21;
         * multi-release versions and module-info left out), 0 when it holds none.
         */
        public UserJar {
            Objects.requireNonNull(path, "path");
            if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) throw new IllegalArgumentException("a jar's sha256 is 64 hex digits, got " + sha256);
            if (classFile < 0) throw new IllegalArgumentException("a class-file version is positive, got " + classFile);
        }

        public UserJar(Path path, String sha256) {
            this(path, sha256, 0);
        }

        /** The Java feature version the jar's newest classes need (class file 65: 21), 0 when unknown. */
        public int javaFeature() {
            return classFile >= 45 ? classFile - 44 : 0;
        }

        /** The jar's path inside a run image: named by its content, so two jars never collide. */
        public String imagePath() {
            return IMAGE_DIR + "/" + sha256.substring(0, 16) + ".jar";
        }
    }

    /** A workload of the project's workloads jar; prints one {@code JDKMATRIX-RESULT} record. */
    record Builtin(Descriptor descriptor) implements WorkloadKind {
        public Builtin {
            Objects.requireNonNull(descriptor, "descriptor");
        }

        public String name() {
            return "builtin";
        }
    }

    /**
     * One benchmark of a JMH uber-jar, in one mode: JMH runs it with the cell's params and writes
     * {@code -rf json}, which the harness copies out of the container.
     *
     * @param listed    the benchmark as the jar's list declares it: full name, mode, params, annotations
     * @param jmhArgs   handed to JMH as they are (forks, iterations, times)
     * @param profilers JMH {@code -prof} names; their secondary metrics are kept
     */
    record Jmh(UserJar jar, JmhJar.Benchmark listed, List<String> jmhArgs, List<String> profilers, WorkloadFiles files, Score score, Warmup warmup)
            implements WorkloadKind {
        public Jmh {
            Objects.requireNonNull(jar, "jar");
            Objects.requireNonNull(listed, "listed");
            Objects.requireNonNull(files, "files");
            Objects.requireNonNull(score, "score");
            Objects.requireNonNull(warmup, "warmup");
            jmhArgs = List.copyOf(jmhArgs);
            profilers = List.copyOf(profilers);
            if (warmup instanceof Warmup.UntilSteady && score != Score.STEADY) {
                throw new IllegalArgumentException("a run warmed up until steady is scored on its steady state: JMH gives no score of a run stopped early");
            }
        }

        /** A benchmark warmed up as its jmh-args say. */
        public Jmh(UserJar jar, JmhJar.Benchmark listed, List<String> jmhArgs, List<String> profilers, WorkloadFiles files, Score score) {
            this(jar, listed, jmhArgs, profilers, files, score, Warmup.FIXED);
        }

        /**
         * How a JMH run warms up ({@code warmup:} on a jmh entry): as its jmh-args say ({@code -wi},
         * {@code -i}: fixed, the default); or until steady: JMH iterates one fork without warm-up
         * iterations ({@code -wi 0 -i MAX -f 1}), the harness reads each iteration as JMH prints it and
         * stops the run once its iterations have reached a steady state ({@code stats.SteadyState})
         * and held it for {@code steady} iterations, or at {@code max} iterations; the run is scored on
         * its steady part.
         */
        public sealed interface Warmup {
            Fixed FIXED = new Fixed();

            record Fixed() implements Warmup {}

            record UntilSteady(int max, int steady) implements Warmup {
                public static final int DEFAULT_MAX = 30;
                public static final int DEFAULT_STEADY = 5;

                public UntilSteady {
                    if (steady < 2) throw new IllegalArgumentException("until steady needs at least 2 steady iterations, got " + steady);
                    if (max < Math.max(4, steady)) throw new IllegalArgumentException("until steady needs at most " + max + " iterations to hold " + steady + " steady ones and at least 4");
                }
            }

            default String text() {
                return switch (this) {
                    case Fixed f -> "fixed";
                    case UntilSteady u -> "until-steady";
                };
            }
        }

        /** A benchmark scored as JMH scores it. */
        public Jmh(UserJar jar, JmhJar.Benchmark listed, List<String> jmhArgs, List<String> profilers, WorkloadFiles files) {
            this(jar, listed, jmhArgs, profilers, files, Score.JMH);
        }

        /** A benchmark without files of its own. */
        public Jmh(UserJar jar, JmhJar.Benchmark listed, List<String> jmhArgs, List<String> profilers) {
            this(jar, listed, jmhArgs, profilers, WorkloadFiles.NONE);
        }

        /**
         * What a JMH run's figure is ({@code score:} on a jmh entry): JMH's own score, the mean of the
         * measured iterations its jmh-args ask for (the default); or the mean of each fork's iterations
         * from where its steady state begins (stats.SteadyState), warm-up ones included, where the
         * run has one (a run whose iterations reach none is stored invalid, saying so).
         */
        public enum Score {
            JMH, STEADY;

            public String text() {
                return name().toLowerCase(java.util.Locale.ROOT);
            }
        }

        public String name() {
            return "jmh";
        }

        /** The benchmark's full name, {@code package.Class.method}. */
        public String benchmark() {
            return listed.name();
        }

        /** JMH's short label of the mode: thrpt, avgt, sample, ss. */
        public String mode() {
            return listed.mode();
        }

        /**
         * {@code Class.method}: the benchmark without its package, for ids and labels; a nested
         * class keeps the classes around it ({@code Top.Outer.Inner.work} of
         * {@code pkg.Top.Outer.Inner.work}), so two nested classes of one name stay apart. The
         * package is the leading names that start with a lower-case letter; a name in none, the
         * last class and method.
         */
        public String shortBenchmark() {
            return dev.jdkmatrix.model.CellKey.shortBenchmark(benchmark());
        }
    }

    /**
     * Any runnable jar (or a main class in it) with arguments, {@code ${param}} replaced per cell.
     * Its figure is the JVM's wall time from start to exit, unless it prints a
     * {@code JDKMATRIX-RESULT} record or {@code result} names a regex for its output.
     */
    record Jar(UserJar jar, String mainClass, List<String> args, Result result, WorkloadFiles files) implements WorkloadKind {
        public Jar {
            Objects.requireNonNull(jar, "jar");
            Objects.requireNonNull(files, "files");
            mainClass = mainClass == null ? "" : mainClass;
            args = List.copyOf(args);
        }

        /** A jar without files of its own. */
        public Jar(UserJar jar, String mainClass, List<String> args, Result result) {
            this(jar, mainClass, args, result, WorkloadFiles.NONE);
        }

        public String name() {
            return "jar";
        }

        /** The first group of {@code regex} in the output is the run's figure, in {@code unit}. */
        public record Result(Pattern regex, String unit, boolean higherIsBetter) {
            public Result {
                Objects.requireNonNull(regex, "regex");
                if (unit == null || unit.isBlank()) throw new IllegalArgumentException("a result's unit must not be blank");
            }
        }
    }
}
