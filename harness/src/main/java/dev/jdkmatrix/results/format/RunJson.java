package dev.jdkmatrix.results.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.StandardCopyOption;

/** run.json: the run's metadata, snake_case keys, written atomically. */
public final class RunJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            // run.json gains fields over versions: an older harness still reads a newer file.
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunJson() {}

    public static final String FILE = "run.json";

    /** run.json as a folder's end writes it: last, so a folder with it is whole. */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "the run's metadata: machine, engine, images, JDK builds, plan, sessions",
            List.of(FILE), (end, dir) -> write(dir.resolve(FILE), end.meta()));

    public static void write(Path file, RunMetadata metadata) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), metadata);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
    }

    /** A run.json's run; a file that holds none (not JSON, JSON's null, a run without its start) refused as unreadable, naming it. */
    public static RunMetadata read(Path file) throws IOException {
        RunMetadata m;
        try {
            m = MAPPER.readValue(file.toFile(), RunMetadata.class);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IOException(file.getFileName() + " is not a run's JSON: " + e.getOriginalMessage(), e);
        }
        if (m == null) throw new IOException(file.getFileName() + " holds no run (null)");
        return m;
    }
}
