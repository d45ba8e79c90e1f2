package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.workloads.ExecutorSpec;
import java.util.List;
import java.util.Objects;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * One value of an axis, typed as the matrix file is read (the CPU limit a {@link CpuLimit}, the JVM's
 * arguments a list), with the node it came from, where every error about it points. {@link #text()}
 * is its canonical text, so that 1 and 1.0, or 1g and 1024m, are one value to exclude, include and
 * the duplicate checks.
 */
sealed interface AxisValue {

    /** The canonical text: equal values written differently have the same. */
    String text();

    /** Where the matrix file gives it. */
    Node node();

    /**
     * The value of axis or param {@code key} written as {@code raw}.
     *
     * @throws NumberFormatException where tasks is not a whole number
     * @throws IllegalArgumentException where the value is not one of its axis
     */
    static AxisValue of(String key, String raw, Node node) {
        return switch (key) {
            case "cpus" -> new Cpus(CpuLimit.parse(raw), node);
            case "memory" -> new Memory(MemoryLimit.parse(raw), node);
            case "cpu-mode" -> new Mode(CpuMode.parse(raw), node);
            case "executor" -> new Executor(ExecutorSpec.parse(raw), node);
            case "tasks" -> {
                long t = Long.parseLong(raw.replace("_", ""));
                if (t < 1 || t > Integer.MAX_VALUE) throw new IllegalArgumentException("tasks must be between 1 and " + Integer.MAX_VALUE + ", got " + raw);
                yield new Tasks((int) t, node);
            }
            case "jdk", "workload" -> new Text(raw, node);
            default -> new Text(raw.matches("[0-9_]+") ? raw.replace("_", "") : raw, node);
        };
    }

    /** A JDK's name, a workload's, a param's value, a kind or a benchmark: text as written (a param's digits without '_'). */
    record Text(String text, Node node) implements AxisValue {
        public Text {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(node, "node");
        }
    }

    record Cpus(CpuLimit limit, Node node) implements AxisValue {
        public Cpus {
            Objects.requireNonNull(limit, "limit");
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String text() {
            return limit.text();
        }
    }

    record Memory(MemoryLimit limit, Node node) implements AxisValue {
        public Memory {
            Objects.requireNonNull(limit, "limit");
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String text() {
            return limit.text();
        }
    }

    record Mode(CpuMode mode, Node node) implements AxisValue {
        public Mode {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String text() {
            return mode.text();
        }
    }

    record Executor(ExecutorSpec spec, Node node) implements AxisValue {
        public Executor {
            Objects.requireNonNull(spec, "spec");
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String text() {
            return spec.text();
        }
    }

    record Tasks(int count, Node node) implements AxisValue {
        public Tasks {
            if (count < 1) throw new IllegalArgumentException("tasks must be at least 1, got " + count);
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String text() {
            return Integer.toString(count);
        }
    }

    /** The JVM's arguments of one cell (jvm-args: a list is one value, a list of lists an axis); each starts with '-'. */
    record JvmArgs(List<String> args, Node node) implements AxisValue {
        public JvmArgs {
            args = List.copyOf(args);
            for (String a : args) if (!a.startsWith("-")) throw new IllegalArgumentException("jvm argument '" + a + "' does not start with '-'");
            Objects.requireNonNull(node, "node");
        }

        /** The arguments joined by NUL, which no argument holds: equal lists have equal text. */
        @Override
        public String text() {
            return String.join("\u0000", args);
        }
    }
}
