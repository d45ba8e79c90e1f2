package dev.jdkmatrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Rooms stay small as they grow (CONTRIBUTING.md): no main source file over 450 lines and no method over 80, in the harness,
 * the workloads and the bench module alike. Methods are measured by the JDK's own parser (javac's tree: from a method's
 * first line, its annotations and modifiers, to its closing brace), not by counting braces.
 */
class RoomSizeTest {

    static final int MOST_LINES = 450;
    static final int MOST_METHOD_LINES = 80;
    static final List<Path> ROOTS = Stream.of("harness/src/main/java", "workloads/src/main/java", "bench/src/main/java")
            .map(ArchitectureListsTest.PROJECT::resolve).toList();

    static List<Path> sources() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path root : ROOTS) {
            assertThat(root).as("a source root this rule holds").isDirectory();
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    @Test
    void noMainFileIsLongerThan450Lines() throws IOException {
        List<String> long_ = new ArrayList<>();
        for (Path p : sources()) {
            long n;
            try (Stream<String> lines = Files.lines(p)) {
                n = lines.count();
            }
            if (n > MOST_LINES) long_.add(ArchitectureListsTest.PROJECT.relativize(p) + ": " + n + " lines");
        }
        assertThat(long_).as("split a file by job before it passes %d lines", MOST_LINES).isEmpty();
    }

    @Test
    void noMethodIsLongerThan80Lines() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> long_ = new ArrayList<>();
        int methods = 0;
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            JavacTask task = (JavacTask) javac.getTask(null, files, d -> { }, List.of("-proc:none"), null, files.getJavaFileObjectsFromPaths(sources()));
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                LineMap lines = unit.getLineMap();
                List<String> found = new ArrayList<>();
                int[] count = {0};
                new TreePathScanner<Void, Void>() {
                    private final List<String> classes = new ArrayList<>();

                    @Override
                    public Void visitClass(ClassTree c, Void v) {
                        classes.add(c.getSimpleName().toString());
                        try {
                            return super.visitClass(c, v);
                        } finally {
                            classes.remove(classes.size() - 1);
                        }
                    }

                    @Override
                    public Void visitMethod(MethodTree m, Void v) {
                        if (m.getBody() != null) {
                            count[0]++;
                            long from = lines.getLineNumber(positions.getStartPosition(unit, m));
                            long to = lines.getLineNumber(positions.getEndPosition(unit, m));
                            if (to - from + 1 > MOST_METHOD_LINES) {
                                found.add(Path.of(unit.getSourceFile().toUri()).getFileName() + ":" + from + " " + String.join(".", classes) + "."
                                        + m.getName() + ": " + (to - from + 1) + " lines");
                            }
                        }
                        return super.visitMethod(m, v);
                    }
                }.scan(unit, null);
                methods += count[0];
                long_.addAll(found);
            }
        }
        assertThat(methods).as("the parser read the methods").isGreaterThan(1000);
        assertThat(long_).as("split a method by job before it passes %d lines", MOST_METHOD_LINES).isEmpty();
    }
}
