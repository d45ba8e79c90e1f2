package dev.jdkmatrix.results.format;

import dev.jdkmatrix.ExitException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What is wrong with a results folder, as a value: the folder, what it lacks or holds, and what to
 * do instead. {@link ResultsFolder} finds them ({@link ResultsFolder#missing}, {@link ResultsFolder#passedOver})
 * and refuses with them ({@link Refused}); a command reads the kind it can act on (a history's nights
 * pass over a folder that {@link NoRunJson lacks run.json}, a merge refuses it) and shows
 * {@link #text} to a person. A {@link RowsPassedOver} is the one problem that refuses nothing: its rows are left out.
 */
public sealed interface FolderProblem {

    /** The folder (for {@link RowsPassedOver}, the file) the problem is in. */
    Path where();

    /** What is wrong, after the folder's name: {@code is in use by another jdkmatrix process}. */
    String what();

    /** What to do instead, one line: {@code choose a writable folder with --out}. */
    String fix();

    /** The exit code of a refusal with it ({@link ExitException}'s codes). */
    default int exitCode() {
        return ExitException.BAD_INPUT;
    }

    /** How the message names the folder: its path, or for a problem of the folder a run writes, {@code results folder PATH}. */
    default String subject() {
        return where().toString();
    }

    /** {@code SUBJECT WHAT\n  fix: FIX}, as a person reads it. */
    default String text() {
        return subject() + " " + what() + "\n  fix: " + fix();
    }

    /** No raw.csv, nor the raw.csv.gz a published night keeps: not a results folder. */
    record NoRows(Path where) implements FolderProblem {
        public NoRows {
            Objects.requireNonNull(where, "where");
        }

        public String what() {
            return "is not a results folder: it has no " + ResultsFolder.RAW + " (nor " + ResultsFolder.RAW_GZ + ", as a published night keeps it)";
        }

        public String fix() {
            return "name a folder written by 'run' or 'merge'";
        }
    }

    /** Rows ({@code rawFile}: raw.csv or raw.csv.gz; empty where the command reads run.json alone) and no run.json, where the command needs the run's metadata. */
    record NoRunJson(Path where, String rawFile) implements FolderProblem {
        public NoRunJson {
            Objects.requireNonNull(where, "where");
            Objects.requireNonNull(rawFile, "rawFile");
        }

        public String what() {
            return rawFile.isEmpty() ? "has no " + ResultsFolder.RUN_JSON : "has " + rawFile + " but no " + ResultsFolder.RUN_JSON;
        }

        public String fix() {
            return "name a folder written by 'run' or 'merge' (a published night keeps both)";
        }
    }

    /** A run.json and no rows: a night whose rows were lost. */
    record NoRowsBesideRunJson(Path where) implements FolderProblem {
        public NoRowsBesideRunJson {
            Objects.requireNonNull(where, "where");
        }

        public String what() {
            return "is not a results folder: it has " + ResultsFolder.RUN_JSON + " but no " + ResultsFolder.RAW + " (nor " + ResultsFolder.RAW_GZ
                    + ", as a published night keeps it)";
        }

        public String fix() {
            return "name a folder written by 'run' or 'merge': this one's rows are lost (a published night keeps raw.csv.gz beside run.json)";
        }
    }

    /** The folder (or its logs folder) cannot be made: {@code cause} says why. */
    record CannotCreate(Path where, String cause) implements FolderProblem {
        public CannotCreate {
            Objects.requireNonNull(where, "where");
            Objects.requireNonNull(cause, "cause");
        }

        public String what() {
            return "cannot be created as a results folder: " + cause;
        }

        public String fix() {
            return "choose a writable folder with --out";
        }

        @Override
        public String text() {
            return "cannot create results folder " + where + ": " + cause + "\n  fix: " + fix();
        }
    }

    /** The folder exists and this process may not write it. */
    record NotWritable(Path where) implements FolderProblem {
        public NotWritable {
            Objects.requireNonNull(where, "where");
        }

        public String what() {
            return "is not writable";
        }

        public String fix() {
            return "choose a writable folder with --out";
        }

        @Override
        public String subject() {
            return "results folder " + where;
        }
    }

    /** Its lock file cannot be opened or locked: the machine's problem, not the input's. */
    record CannotLock(Path where, String cause) implements FolderProblem {
        public CannotLock {
            Objects.requireNonNull(where, "where");
            Objects.requireNonNull(cause, "cause");
        }

        public String what() {
            return "cannot be locked: " + cause;
        }

        public String fix() {
            return "check that " + where + " is writable and its disk has space";
        }

        @Override
        public int exitCode() {
            return ExitException.ENVIRONMENT;
        }

        @Override
        public String text() {
            return "cannot lock results folder " + where + ": " + cause + "\n  fix: " + fix();
        }
    }

    /** Another harness process holds the folder's lock. */
    record InUse(Path where) implements FolderProblem {
        public InUse {
            Objects.requireNonNull(where, "where");
        }

        public String what() {
            return "is in use by another jdkmatrix process";
        }

        public String fix() {
            return "wait for it to finish, or write to another folder with --out";
        }

        @Override
        public String subject() {
            return "results folder " + where;
        }
    }

    /** Only the gzipped rows of a published night, where a run would append to raw.csv. */
    record PublishedOnly(Path where) implements FolderProblem {
        public PublishedOnly {
            Objects.requireNonNull(where, "where");
        }

        public String what() {
            return "holds " + ResultsFolder.RAW_GZ + " (a published night's rows) and no " + ResultsFolder.RAW + ": a run appends to " + ResultsFolder.RAW;
        }

        public String fix() {
            return "write to a new folder with --out, or gunzip " + where.resolve(ResultsFolder.RAW_GZ) + " first";
        }
    }

    /** Rows of {@code where} (raw.csv or raw.csv.gz) cut short or damaged, at these lines: left out, nothing refused. */
    record RowsPassedOver(Path where, List<Long> lines) implements FolderProblem {
        public RowsPassedOver {
            Objects.requireNonNull(where, "where");
            lines = List.copyOf(lines);
            if (lines.isEmpty()) throw new IllegalArgumentException("rows passed over in " + where + " name at least one line");
        }

        public String what() {
            return lines.size() + (lines.size() == 1 ? " row" : " rows") + " cut short or damaged (line" + (lines.size() == 1 ? " " : "s ")
                    + String.join(", ", lines.stream().limit(5).map(String::valueOf).toList()) + (lines.size() > 5 ? ", ..." : "") + ")";
        }

        public String fix() {
            return "nothing to do: the rows that can be read are read; a run's resume runs the lost ones again";
        }

        /** {@code raw.csv: 1 row cut short or damaged (line 17) passed over}, as a note beside what was read. */
        public String note() {
            return where.getFileName() + ": " + what() + " passed over";
        }
    }

    /** The refusal a person reads: an {@link ExitException} that carries its problem. */
    final class Refused extends ExitException {
        private final transient FolderProblem problem;

        /** {@code who} (the command: {@code merge}; null for none) begins the message. */
        public Refused(String who, FolderProblem problem) {
            super(problem.exitCode(), (who == null ? "" : who + ": ") + problem.text());
            this.problem = problem;
        }

        public FolderProblem problem() {
            return problem;
        }
    }
}
