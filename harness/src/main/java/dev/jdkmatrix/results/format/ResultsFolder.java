package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A results folder, held: the one door to its files. It knows their names (raw.csv, or raw.csv.gz
 * where a published night keeps only that; run.json; summary.csv; comparisons.csv; suites.csv;
 * iterations.csv.gz), reads each once, when first asked, and keeps it (its raw rows and the lines
 * passed over, its run.json, its JMH iterations), and refuses a folder a command cannot take with
 * what to name instead ({@link #read}, {@link #missing}: each a typed {@link FolderProblem}). The one process that writes a folder ({@link #lock}: a run
 * or its resume; a merge into a new folder) appends its rows through it (kept as written, so its
 * end reads nothing again), writes run.json as the session goes, and the end files from one place
 * ({@link #writeEnd}: every format of {@link #END}, run.json last). Every command that reads or
 * writes a folder (run, resume, merge, report, compare, previous, plan --from, pr-verdict, bisect,
 * label, history's nights) goes through it. Safe for use by one thread at a time, but for {@link Appending#write}.
 */
public final class ResultsFolder implements AutoCloseable {

    /** The raw rows as a run appends them. */
    public static final String RAW = RawCsv.FILE;
    /** The same, gzipped: what a published night keeps (make publish). */
    public static final String RAW_GZ = RawCsv.GZIPPED;
    public static final String RUN_JSON = RunJson.FILE;
    public static final String SUMMARY = SummaryCsv.FILE;
    public static final String COMPARISONS = ComparisonsCsv.FILE;
    public static final String ITERATIONS = IterationsCsv.FILE;
    /** What keeps a second harness process out of a folder one writes. */
    public static final String LOCK = ".lock";

    /** The formats of a folder's end, in the order they are written: run.json last, so a folder that has it is whole. */
    public static final List<Exporter<FolderEnd>> END = List.of(SummaryCsv.EXPORT, ComparisonsCsv.EXPORT, SuitesCsv.EXPORT, IterationsCsv.EXPORT, RunJson.EXPORT);

    private final Path dir;
    private final FileChannel lockFile;
    private final FileLock lock;
    private RawCsv.Read raw;
    private Path rawRead;
    private boolean metaRead;
    private RunMetadata meta;
    private List<IterationsCsv.Stored> iterations;
    private Appending appending;
    /** The rows this process appended, as raw.csv holds them. */
    private final List<RawRow> appended = Collections.synchronizedList(new ArrayList<>());

    private ResultsFolder(Path dir, FileChannel lockFile, FileLock lock) {
        this.dir = Objects.requireNonNull(dir, "dir");
        this.lockFile = lockFile;
        this.lock = lock;
    }

    /** The folder at {@code dir}, nothing of it read yet: each file is read when first asked. */
    public static ResultsFolder at(Path dir) {
        return new ResultsFolder(dir, null, null);
    }

    /**
     * Reads a results folder: its raw rows from raw.csv or raw.csv.gz, its run.json where it has one.
     * {@code who} begins a refusal (the command: {@code merge}, {@code plan --from}; null: the folder does); with
     * {@code needsRunJson} a folder without run.json is refused too. A refusal is a
     * {@link FolderProblem.Refused}: its problem names the folder, what it lacks and what to name instead.
     */
    public static ResultsFolder read(Path dir, String who, boolean needsRunJson) throws IOException {
        ResultsFolder folder = at(dir);
        Optional<FolderProblem> missing = folder.missing(needsRunJson);
        if (missing.isPresent()) throw new FolderProblem.Refused(who, missing.get());
        folder.meta();
        folder.raw();
        return folder;
    }

    /**
     * Holds the folder for the one process that writes it, made where it is missing (its logs
     * folder too): refused while another harness process holds it, or where it cannot be made,
     * written or locked, each with its fix.
     */
    public static ResultsFolder lock(Path dir) {
        try {
            Files.createDirectories(dir.resolve("logs"));
        } catch (IOException e) {
            throw new FolderProblem.Refused(null, new FolderProblem.CannotCreate(dir, e.toString()));
        }
        if (!Files.isWritable(dir)) throw new FolderProblem.Refused(null, new FolderProblem.NotWritable(dir));
        FileChannel channel;
        FileLock held;
        try {
            channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null;
            }
        } catch (IOException e) {
            throw new FolderProblem.Refused(null, new FolderProblem.CannotLock(dir, String.valueOf(e.getMessage())));
        }
        if (held == null) {
            closeQuietly(channel);
            throw new FolderProblem.Refused(null, new FolderProblem.InUse(dir));
        }
        return new ResultsFolder(dir, channel, held);
    }

    public Path dir() {
        return dir;
    }

    /** The folder's raw.csv, or its raw.csv.gz when it has only that; empty when it has neither. */
    public Optional<Path> rawFile() {
        return RawCsv.in(dir);
    }

    /** Where a run appends its rows: raw.csv. */
    public Path rawCsv() {
        return dir.resolve(RAW);
    }

    public Path runJsonFile() {
        return dir.resolve(RUN_JSON);
    }

    public boolean hasRunJson() {
        return Files.isRegularFile(runJsonFile());
    }

    /**
     * What the folder lacks to be read: no rows ({@link FolderProblem.NoRows}, or {@link FolderProblem.NoRowsBesideRunJson}
     * where it has run.json); with {@code needsRunJson},
     * rows and no run.json ({@link FolderProblem.NoRunJson}); empty when it has what is asked. Nothing is read.
     */
    public Optional<FolderProblem> missing(boolean needsRunJson) {
        Optional<Path> raw = rawFile();
        if (raw.isEmpty()) return Optional.of(hasRunJson() ? new FolderProblem.NoRowsBesideRunJson(dir) : new FolderProblem.NoRows(dir));
        if (needsRunJson && !hasRunJson()) return Optional.of(new FolderProblem.NoRunJson(dir, raw.get().getFileName().toString()));
        return Optional.empty();
    }

    /** Refused ({@link FolderProblem.NoRunJson}, {@code who} beginning the message) where the folder has no run.json, whatever rows it has. */
    public ResultsFolder requireRunJson(String who) {
        if (!hasRunJson()) throw new FolderProblem.Refused(who, new FolderProblem.NoRunJson(dir, rawFile().map(p -> p.getFileName().toString()).orElse("")));
        return this;
    }

    /** Its run.json, read once; null where it has none (a run from before run.json). */
    public RunMetadata meta() throws IOException {
        if (!metaRead) {
            meta = hasRunJson() ? RunJson.read(runJsonFile()) : null;
            metaRead = true;
        }
        return meta;
    }

    /** Its raw rows as the folder held them when first asked (and the lines passed over), read once; none where it has no raw file. */
    public RawCsv.Read raw() throws IOException {
        if (raw == null) {
            Optional<Path> file = rawFile();
            rawRead = file.orElse(rawCsv());
            raw = file.isPresent() ? RawCsv.readAll(file.get()) : new RawCsv.Read(List.of(), List.of());
        }
        return raw;
    }

    /** Its raw rows: those it held when first read, then those this process appended. */
    public List<RawRow> rows() throws IOException {
        List<RawRow> held = raw().rows();
        if (appended.isEmpty()) return held;
        List<RawRow> all = new ArrayList<>(held);
        synchronized (appended) {
            all.addAll(appended);
        }
        return List.copyOf(all);
    }

    /** The rows of its raw file cut short or damaged, left out of {@link #rows}; empty when none was. */
    public Optional<FolderProblem.RowsPassedOver> passedOver() throws IOException {
        List<Long> cut = raw().cut();
        return cut.isEmpty() ? Optional.empty() : Optional.of(new FolderProblem.RowsPassedOver(rawRead, cut));
    }

    /** {@code raw.csv: 1 row cut short or damaged (line 17) passed over}, or empty when none was. */
    public String cut() throws IOException {
        return passedOver().map(FolderProblem.RowsPassedOver::note).orElse("");
    }

    /** Its JMH runs' iterations (iterations.csv.gz), read once; none where it has no such file. */
    public List<IterationsCsv.Stored> iterations() throws IOException {
        if (iterations == null) iterations = IterationsCsv.read(dir);
        return iterations;
    }

    /**
     * Begins appending rows to raw.csv ({@code paramColumns}: the param columns of every cell the
     * rows may come from): a row cut short by a kill is dropped, and a raw.csv of other columns refused.
     * The rows held before are read first, so {@link #rows} is theirs and then the appended ones.
     */
    public Appending append(List<String> paramColumns) throws IOException {
        if (appending != null) throw new IllegalStateException(dir + ": rows are being appended already");
        if (!Files.exists(rawCsv()) && rawFile().isPresent()) throw new FolderProblem.Refused(null, new FolderProblem.PublishedOnly(dir));
        raw();
        appending = new Appending(RawCsv.append(rawCsv(), paramColumns));
        return appending;
    }

    /** The rows a process appends to raw.csv, each synced to the disk as it is written; closed, the appending ends. */
    public final class Appending implements AutoCloseable {
        private final RawCsv csv;

        private Appending(RawCsv csv) {
            this.csv = csv;
        }

        /** Appends one row, synced to the disk before it returns. */
        public void write(RawRow row) {
            synchronized (appended) {
                appended.add(csv.write(row));
            }
        }

        @Override
        public void close() throws IOException {
            if (appending != this) return;
            appending = null;
            csv.close();
        }
    }

    /** Writes run.json as the session has it now (the folder's meta from then on). */
    public void writeRunJson(RunMetadata now) throws IOException {
        RunJson.write(runJsonFile(), now);
        meta = now;
        metaRead = true;
    }

    /**
     * The folder's final files from its rows and {@code ended} (a run's end, a merge): each format
     * of {@link #END} in its order; returns what they were written from (its comparisons and suites among it).
     */
    public FolderEnd writeEnd(RunMetadata ended, List<IterationsCsv.Stored> iterations) throws IOException {
        FolderEnd end = FolderEnd.of(rows(), ended, iterations);
        for (Exporter<FolderEnd> format : END) format.write(end, dir);
        meta = ended;
        metaRead = true;
        return end;
    }

    /** Ends an appending left open and lets the folder go. */
    @Override
    public void close() throws IOException {
        try {
            if (appending != null) appending.close();
        } finally {
            if (lock != null) {
                try {
                    lock.release();
                } finally {
                    lockFile.close();
                }
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // the refusal is the message
        }
    }
}
