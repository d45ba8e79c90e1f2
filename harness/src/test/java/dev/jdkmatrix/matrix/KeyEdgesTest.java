package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.run.TestMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key a matrix file may hold, at its edges: each top-level key, each key of matrix:, of a
 * built-in, a jmh and a jar workload entry, of repetitions and of a jar's result, given each of a
 * set of awkward values (zero, negative, huge, past 64 bits, a fraction over 100 %, empty, null,
 * a list, a mapping, a string with ; = and a line break). The parser either takes the matrix or
 * refuses it with a MatrixException that names the file, a line and a fix: never another exception.
 */
class KeyEdgesTest {

    @TempDir
    static Path dir;

    static final List<String> EDGES = List.of("0", "-1", "1", "2147483648", "99999999999999999999999", "1e309", "0.5%", "150%", "5", "''", "~",
            "[]", "{}", "[a, b]", "{a: 1}", "'a;b=c,d'", "\"x\\ny\"", "true", "-0.0", "NaN", "1m", "0s", "1g", "10%");

    static final String BUILTIN = TestMatrix.bare().jdks("21").axis("memory", "1g").workloads("""
            - name: sleep
              tasks: 10
              executor: virtual
              params: { wait-ms: 5 }
            """).yaml();

    /** BadMatrixTest's jmh entry. */
    static final String JMH = BadMatrixTest.JMH;

    static final String JAR = TestMatrix.bare().jdks("21").axis("memory", "1g").workloads("""
            - name: my-app
              kind: jar
              jar: app.jar
              main: com.example.Main
              result: { regex: 'took (\\\\d+) ms', unit: ms, better: lower }
            """).yaml();

    @BeforeAll
    static void jars() throws IOException {
        TestJars.write(dir);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
    }

    /** Every variant: the base with one key set to one edge value, at the top, under matrix:, in the entry, under repetitions or result. */
    static List<String[]> variants() {
        List<String[]> out = new ArrayList<>();
        for (String v : EDGES) {
            for (String key : MatrixKeys.TOP_KEYS) {
                if (key.equals("matrix")) continue;
                out.add(new String[] {"top " + key + ": " + v, key + ": " + v + "\n" + BUILTIN});
            }
            for (String key : List.of("min", "max", "target")) {
                String reps = "{min: 6, max: 10, target: 3%}".replace(key + ": " + (key.equals("target") ? "3%" : key.equals("min") ? "6" : "10"), key + ": " + v);
                out.add(new String[] {"repetitions " + key + ": " + v, "repetitions: " + reps + "\n" + BUILTIN});
            }
            for (String key : MatrixKeys.MATRIX_KEYS) {
                if (key.equals("workload")) continue;
                out.add(new String[] {"matrix " + key + ": " + v, BUILTIN.replace("matrix:\n", "matrix:\n  " + key + ": " + v + "\n")
                        .replace("  " + key + ": " + firstValue(key) + "\n", "")});
            }
            for (String key : MatrixKeys.WORKLOAD_KEYS) {
                if (key.equals("name")) continue;
                for (String[] base : List.of(new String[] {"builtin", BUILTIN}, new String[] {"jmh", JMH}, new String[] {"jar", JAR})) {
                    out.add(new String[] {base[0] + " entry " + key + ": " + v, base[1] + "      " + key + ": " + v + "\n"});
                }
            }
            for (String key : MatrixKeys.RESULT_KEYS) {
                out.add(new String[] {"jar result " + key + ": " + v, JAR.replaceAll("result: \\{[^}]*\\}", "result: { regex: 'took (\\\\\\\\d+) ms', unit: ms, better: lower, " + key + ": " + v + " }")});
            }
        }
        return out;
    }

    private static String firstValue(String key) {
        return switch (key) {
            case "jdk" -> "21";
            case "cpus" -> "1";
            case "memory" -> "1g";
            default -> "\u0000"; // not in the base: nothing to remove
        };
    }

    @Test
    void everyKeyAtEveryEdgeIsTakenOrRefusedWithItsPlaceAndFix() throws IOException {
        // the three bases are good matrices: a refusal below is the edge value's
        for (String base : List.of(BUILTIN, JMH, JAR)) {
            Path f = dir.resolve("base-" + base.hashCode() + ".yaml");
            Files.writeString(f, base);
            assertThat(new MatrixParser(2).parse(f).cells()).as(base).isNotEmpty();
        }
        int taken = 0;
        int refused = 0;
        List<String> wrong = new ArrayList<>();
        int i = 0;
        for (String[] variant : variants()) {
            Path f = dir.resolve("edge-" + i++ + ".yaml");
            Files.writeString(f, variant[1]);
            try {
                new MatrixParser(2).parse(f);
                taken++;
            } catch (MatrixException e) {
                refused++;
                if (!e.getMessage().startsWith(f.toString())) wrong.add(variant[0] + ": names no file: " + e.getMessage());
                if (!e.getMessage().contains("fix:")) wrong.add(variant[0] + ": no fix: " + e.getMessage());
            } catch (RuntimeException e) {
                wrong.add(variant[0] + ": " + e);
            }
        }
        assertThat(wrong).as("variants neither taken nor refused as a matrix error").isEmpty();
        assertThat(refused).as("most awkward values are refused").isGreaterThan(taken);
        assertThat(taken + refused).isGreaterThan(1000);
    }
}
