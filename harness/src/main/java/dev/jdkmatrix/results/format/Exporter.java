package dev.jdkmatrix.results.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One output format: the files it writes into a folder for what it is given ({@code S}: a results
 * folder's end, {@link FolderEnd}; a night of a site or a site's history, in {@code export}), named
 * so that the docs and a command can list it. Every format written after a run is one of these,
 * registered once in its subject's list ({@link ResultsFolder#END}, {@code export.Exporters}): a new
 * format is one new file (its writer and its constant of this type) and one line in that list, as
 * hyperfine's {@code Exporter} and {@code ExportManager} and JMH's {@code ResultFormatFactory} have it.
 */
public interface Exporter<S> {

    /** Its name: {@code summary.csv}, {@code bencher}, {@code explorer}. */
    String name();

    /** What a reader finds in it, one line. */
    String describe();

    /** The files it writes, relative to the folder it is given. */
    List<String> files();

    /** Writes its files for {@code subject} into {@code dir}. */
    void write(S subject, Path dir) throws IOException;

    /** How a format writes its files. */
    @FunctionalInterface
    interface Writer<S> {
        void write(S subject, Path dir) throws IOException;
    }

    /** A format from its name, its line, its files and its writer. */
    static <S> Exporter<S> of(String name, String describe, List<String> files, Writer<S> writer) {
        return new Of<>(name, describe, files, writer);
    }

    /** A format made by {@link #of}. */
    record Of<S>(String name, String describe, List<String> files, Writer<S> writer) implements Exporter<S> {
        public Of {
            if (name == null || name.isBlank()) throw new IllegalArgumentException("a format needs a name");
            Objects.requireNonNull(describe, "describe");
            files = List.copyOf(files);
            if (files.isEmpty()) throw new IllegalArgumentException("format " + name + " names no file it writes");
            Objects.requireNonNull(writer, "writer");
        }

        @Override
        public void write(S subject, Path dir) throws IOException {
            writer.write(subject, dir);
        }
    }
}
