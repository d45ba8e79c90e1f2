package dev.jdkmatrix.results.format;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** A CSV file of a folder's end written whole or not at all: through FILE.tmp, moved into place (OpenCSV, RFC 4180 quoting, "\n" lines). */
final class CsvFile {

    private CsvFile() {}

    /** Writes {@code header} and {@code rows} to {@code file}; on any failure the temporary file is removed and the error names both. */
    static void write(Path file, List<String> header, List<String[]> rows) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
             ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(header.toArray(String[]::new), false);
            for (String[] r : rows) w.writeNext(r, false);
            w.flush();
            if (w.checkError()) throw new IOException("the CSV writer failed");
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
    }
}
