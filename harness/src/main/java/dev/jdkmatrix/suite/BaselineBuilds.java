package dev.jdkmatrix.suite;

import dev.jdkmatrix.matrix.Baseline;
import dev.jdkmatrix.matrix.BaselineMatrix;
import dev.jdkmatrix.results.RunBaseline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The baselines of a matrix made ready for a night: a git ref of the team's repository checked
 * out (a shared clone, so the repository's objects are borrowed, not copied) and built by the
 * matrix's command once per commit and command, into {@code cache/COMMIT-HASH}, and taken from
 * there every later night; a folder or a jar as given. A build that fails costs the night its
 * baseline only: its entries run tonight's side alone, and run.json and the terminal say why.
 */
public final class BaselineBuilds {

    /** What marks a cached checkout as built: written last, so a build cut short is built again. */
    static final String MARKER = ".jdkmatrix-baseline";
    /** The build's output, kept beside the checkout (a failed build's too). */
    static final String LOG = ".jdkmatrix-build.log";

    private final Path cache;
    private final Duration timeout;

    /** Builds into {@code cache}, each build stopped after {@code timeout}. */
    public BaselineBuilds(Path cache, Duration timeout) {
        this.cache = cache.toAbsolutePath().normalize();
        this.timeout = timeout;
    }

    /** Where baselines are cached by default: $JDKMATRIX_CACHE/baselines, else $XDG_CACHE_HOME or ~/.cache, under jdkmatrix/baselines. */
    public static Path defaultCache(Map<String, String> env) {
        String own = env.get("JDKMATRIX_CACHE");
        if (own != null && !own.isBlank()) return Path.of(own, "baselines");
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jdkmatrix").resolve("baselines");
    }

    /** A matrix's derived text and what each baseline was tonight; null where the matrix names none. */
    public record Prepared(String yaml, List<RunBaseline> baselines) {
        public Prepared {
            baselines = List.copyOf(baselines);
        }

        /** The baselines tonight could not have, each with why. */
        public List<RunBaseline> failed() {
            return baselines.stream().filter(b -> !b.measured()).toList();
        }
    }

    /**
     * The matrix {@code yaml} of {@code matrixDir} with its baselines ready; {@code build} false
     * (a plan) builds nothing: a ref not built yet is planned with tonight's jars in its place.
     * {@code log} receives a line per baseline. Null where the matrix names no baseline.
     */
    public Prepared prepare(String yaml, Path matrixDir, boolean build, java.io.PrintWriter log) {
        if (!BaselineMatrix.names(yaml)) return null;
        Path dir = matrixDir.toAbsolutePath().normalize();
        Map<Baseline, RunBaseline> records = new java.util.LinkedHashMap<>();
        BaselineMatrix.Derived d = BaselineMatrix.derive(yaml, dir, b -> {
            Resolved r = resolve(b, dir, build);
            records.put(b, r.record());
            return r.side();
        });
        List<RunBaseline> out = new ArrayList<>();
        d.entries().forEach((b, names) -> {
            RunBaseline r = records.get(b);
            RunBaseline done = new RunBaseline(r.baseline(), r.commit(), r.path(), r.status(), r.detail(), names, r.build());
            out.add(done);
            log.println("jdkmatrix: baseline " + done.baseline() + (done.commit().isEmpty() ? "" : " (" + shortSha(done.commit()) + ")") + ": "
                    + switch (done.status()) {
                        case "built" -> "built tonight (" + done.detail() + ")";
                        case "cached" -> "built on an earlier night, from " + done.path();
                        case "given" -> "as given";
                        case "planned" -> "not built yet: run builds it once, then takes it from " + done.path();
                        default -> "NOT measured tonight: " + done.detail();
                    } + "; " + String.join(", ", names) + " against it");
        });
        log.flush();
        return new Prepared(d.yaml(), out);
    }

    private record Resolved(BaselineMatrix.Side side, RunBaseline record) {}

    private Resolved resolve(Baseline b, Path matrixDir, boolean build) {
        return switch (b) {
            case Baseline.Folder f -> given(b, f.dir(), Files.isDirectory(f.dir()), new BaselineMatrix.Side.InFolder(f.dir()));
            case Baseline.Jar j -> given(b, j.jar(), Files.isRegularFile(j.jar()), new BaselineMatrix.Side.FixedJar(j.jar()));
            case Baseline.Ref r -> ref(r, matrixDir, build);
            case Baseline.Jdk j -> new Resolved(new BaselineMatrix.Side.OwnJdk(j.name()), new RunBaseline(b.text(), "", "", "given", "", List.of()));
        };
    }

    private static Resolved given(Baseline b, Path p, boolean exists, BaselineMatrix.Side side) {
        if (!exists) {
            return missing(b, "", p + " does not exist; fix: build the baseline there, or name a ref of your repository (baseline: { ref: REF, build: CMD })");
        }
        return new Resolved(side, new RunBaseline(b.text(), "", p.toString(), "given", "", List.of()));
    }

    private static Resolved missing(Baseline b, String commit, String why) {
        return new Resolved(new BaselineMatrix.Side.Missing(why), new RunBaseline(b.text(), commit, "", "failed", why, List.of()));
    }

    private Resolved ref(Baseline.Ref r, Path matrixDir, boolean build) {
        Path repo = Git.top(r.repo() != null ? r.repo() : matrixDir);
        if (repo == null) {
            return missing(r, "", (r.repo() != null ? r.repo() + " is" : "the matrix's folder " + matrixDir + " is") + " in no git repository; fix: name "
                    + "the repository with baseline: { repo: PATH }, or a dir or jar");
        }
        String commit = Git.commit(repo, r.ref());
        if (commit.isEmpty()) {
            return missing(r, "", "no commit '" + r.ref() + "' in " + repo + "; fix: fetch it (git fetch origin " + r.ref() + ", or a checkout with fetch-depth: 0), or name a commit");
        }
        // the checkout stands for the repository: the matrix's folder at its place in it, or (a repository elsewhere) at its top
        Path real = Git.real(matrixDir);
        Path rel = real.startsWith(repo) ? repo.relativize(real) : Path.of("");
        Path checkout = cache.resolve(shortSha(commit) + "-" + shortSha(Git.sha256(r.build())));
        if (Files.isRegularFile(checkout.resolve(MARKER))) {
            return new Resolved(new BaselineMatrix.Side.InFolder(checkout.resolve(rel)), new RunBaseline(r.text(), commit, checkout.toString(), "cached", "", List.of(), r.build()));
        }
        if (!build) { // a plan: tonight's jars stand in, the same cells and estimate
            return new Resolved(new BaselineMatrix.Side.InFolder(matrixDir), new RunBaseline(r.text(), commit, checkout.toString(), "planned", "", List.of(), r.build()));
        }
        try {
            long t0 = System.nanoTime();
            String failed = checkoutAndBuild(repo, commit, r.build(), checkout);
            if (failed != null) return missing(r, commit, failed);
            String took = String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
            return new Resolved(new BaselineMatrix.Side.InFolder(checkout.resolve(rel)), new RunBaseline(r.text(), commit, checkout.toString(), "built", took, List.of(), r.build()));
        } catch (IOException e) {
            return missing(r, commit, "cannot make " + checkout + ": " + e.getMessage() + "; fix: a writable cache (--baseline-cache DIR or JDKMATRIX_CACHE)");
        }
    }

    /** A commit of a repository built by a command: its folder in the cache, whether it was there already, and why it could not be made (null: it was). */
    public record Checkout(Path dir, String commit, boolean cached, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /** {@code commit} of {@code repo} built by {@code build}, from the cache (one folder per commit and build command) or built into it now. */
    public Checkout checkout(Path repo, String commit, String build) {
        Path checkout = cache.resolve(shortSha(commit) + "-" + shortSha(Git.sha256(build)));
        if (Files.isRegularFile(checkout.resolve(MARKER))) return new Checkout(checkout, commit, true, null);
        try {
            return new Checkout(checkout, commit, false, checkoutAndBuild(repo, commit, build, checkout));
        } catch (IOException e) {
            return new Checkout(checkout, commit, false, "cannot make " + checkout + ": " + e.getMessage() + "; fix: a writable cache (--cache DIR or JDKMATRIX_CACHE)");
        }
    }

    /** Null when {@code checkout} holds {@code commit} built by {@code build}; else why not, with the log's last lines and the fix. */
    private String checkoutAndBuild(Path repo, String commit, String build, Path checkout) throws IOException {
        Path tmp = checkout.resolveSibling(checkout.getFileName() + ".tmp");
        Git.delete(tmp);
        Files.createDirectories(tmp.getParent());
        String cloned = Git.run(repo.getParent() == null ? repo : repo.getParent(), Duration.ofMinutes(5), "git", "clone", "--quiet", "--shared", "--no-checkout",
                repo.toString(), tmp.toString());
        if (cloned != null) return "git clone of " + repo + " failed: " + cloned + "; fix: check the repository can be read";
        String out = Git.run(tmp, Duration.ofMinutes(5), "git", "checkout", "--quiet", "--detach", commit);
        if (out != null) return "git checkout " + shortSha(commit) + " failed: " + out;
        if (!build.isEmpty()) {
            Path log = tmp.resolve(LOG);
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", build).directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            Process p = pb.start();
            try {
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    return "its build '" + build + "' took longer than " + timeout.toMinutes() + " min; " + keepFailed(tmp, checkout);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                return "its build was interrupted";
            }
            if (p.exitValue() != 0) {
                return "its build '" + build + "' exited " + p.exitValue() + " at " + shortSha(commit) + ": " + tail(log) + "; " + keepFailed(tmp, checkout);
            }
        }
        Files.writeString(tmp.resolve(MARKER), "commit " + commit + "\nbuild " + build + "\n", StandardCharsets.UTF_8);
        Git.delete(checkout);
        Files.move(tmp, checkout, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return null;
    }

    /** A failed build's folder kept for a look (the next night builds afresh); the fix. */
    private static String keepFailed(Path tmp, Path checkout) throws IOException {
        Path failed = checkout.resolveSibling(checkout.getFileName() + ".failed");
        Git.delete(failed);
        Files.move(tmp, failed);
        return "its log: " + failed.resolve(LOG) + "; fix: make the command build at that commit (or move the baseline to a ref that builds)";
    }

    /** The log's last 5 lines, on one line. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
            return "'" + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())).strip() + "'";
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(no log)";
        }
    }

    static String shortSha(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }
}
