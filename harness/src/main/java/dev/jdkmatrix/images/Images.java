package dev.jdkmatrix.images;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Image;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.matrix.WorkloadFiles;
import dev.jdkmatrix.matrix.WorkloadKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * One image per JDK. A Dockerfile is built through Testcontainers' {@link ImageFromDockerfile}
 * with the Dockerfile as its only build context, and tagged {@code jdkmatrix/jdk-NAME:HASH}
 * where HASH is the SHA-256 of the Dockerfile: an unchanged Dockerfile is not rebuilt. A tag is
 * reused only for the image this harness built under it on this engine (its inputs' label, and its
 * id in {@link BuiltImages}): one planted under the tag is built over, and {@code --rebuild-images}
 * builds every image again without the layer cache. A ready image is used as it is, pulled through
 * Testcontainers when absent.
 *
 * <p>Containers run a thin layer on top of it ({@link #withWorkloads}): the workloads jar and
 * an empty recording folder, sent to the engine as a build context. Nothing is bind-mounted from
 * the harness's file system, so a remote engine ({@code DOCKER_HOST}) runs the same containers.
 */
public final class Images {

    /** Bumped when the way images are built changes, so old tags are not reused. */
    static final String RECIPE = "jdkmatrix-image/2";
    public static final String LABEL_INPUTS = "dev.jdkmatrix.inputs-sha256";
    /** Marks the images with the workloads jar, {@code jdkmatrix/run-NAME:HASH}, so old ones can be found and removed. */
    public static final String LABEL_RUN_IMAGE = "dev.jdkmatrix.run-image-of";
    /** A run image's JDK image, by id. */
    static final String LABEL_BASE_IMAGE = "dev.jdkmatrix.base-image";
    /** Where the jar is in a run image. */
    public static final String IMAGE_JAR = "/opt/jdkmatrix/workloads.jar";
    /** Where async-profiler's library is in a run image: a profile run loads it with -agentpath (or JMH's -prof async:libPath=). */
    public static final String IMAGE_PROFILER = "/opt/jdkmatrix/libasyncProfiler.so";
    /**
     * An empty folder owned by {@link #IMAGE_USER_ID}: a run's volume for the files the harness
     * copies out afterwards (a JFR recording, JMH's JSON) starts as a copy of it.
     */
    public static final String IMAGE_OUT_DIR = "/out";
    /** The uid and gid that own {@link #IMAGE_OUT_DIR}; the containers run as this user. */
    public static final int IMAGE_USER_ID = 10001;

    private final DockerClient client;
    private final BuiltImages record;
    private final boolean rebuild;

    /** Images of the engine {@code client} talks to, reused by tag only where this harness's record of that engine has them. */
    public Images(DockerClient client) {
        this(client, BuiltImages.of(System.getenv(), engineId(client)), false);
    }

    /**
     * {@code record}: the images this harness built on the engine, the only ones a tag is reused for; {@code rebuild}: build
     * every image again without Docker's layer cache, whatever the engine holds ({@code run --rebuild-images}).
     */
    public Images(DockerClient client, BuiltImages record, boolean rebuild) {
        this.client = client;
        this.record = record;
        this.rebuild = rebuild;
    }

    /** The engine's id ({@code docker info}), which names its record of images; "" where it gives none. */
    public static String engineId(DockerClient client) {
        String id = client.infoCmd().exec().getId();
        return id == null ? "" : id;
    }

    public ImageRef ensure(Jdk jdk, Consumer<String> progress) {
        return switch (jdk.source()) {
            case Jdk.Dockerfile df -> fromDockerfile(jdk, df, progress);
            case Jdk.Image img -> ready(jdk, img, progress);
            case Jdk.Home home -> fromFolder(jdk, home, progress);
            case Jdk.Archive archive -> fromArchive(jdk, archive, progress);
        };
    }

    /** The image a {@code home:} or {@code archive:} JDK is added to: the base image the project's Dockerfiles use. */
    public static final String BASE_IMAGE = "debian:trixie-slim";
    /** Where such a JDK lives in its image. */
    public static final String IMAGE_JDK_HOME = "/opt/jdk";

    /** The Dockerfile that puts a JDK at {@link #IMAGE_JDK_HOME} on the base image, its {@code java} on the PATH, and the workloads' user. */
    static String jdkDockerfile(String copy) {
        return "FROM " + BASE_IMAGE + "\n"
                + copy
                + "ENV JAVA_HOME=" + IMAGE_JDK_HOME + " PATH=" + IMAGE_JDK_HOME + "/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n"
                + "RUN java -version\n"
                + "RUN useradd --system --uid " + IMAGE_USER_ID + " --no-create-home --home-dir /tmp bench\n"
                + "USER " + IMAGE_USER_ID + "\n"
                + "WORKDIR /tmp\n";
    }

    /**
     * A JDK folder of this machine, copied (symlinks resolved: Debian's JDKs link into /etc and
     * /usr/share) into a build context and onto the base image. Tagged by a fingerprint of the
     * folder: every file's path, size and modification time, and the release file's text. A JDK
     * changes only by being installed again or updated, which rewrites its files; hashing their
     * bytes too (a few hundred MB) would cost seconds at every start for nothing more.
     */
    private ImageRef fromFolder(Jdk jdk, Jdk.Home home, Consumer<String> progress) {
        String hash;
        try {
            hash = Digests.sha256(RECIPE + " home\n" + BASE_IMAGE + "\n", JdkFolder.fingerprint(home.dir()).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read JDK folder " + home.dir() + " of jdk '" + jdk.name() + "': " + e.getMessage()
                    + "\n  fix: check the path under jdks: and that this user can read it");
        }
        String tag = jdkTag(jdk, hash);
        ImageRef cached = cached(jdk, tag, hash, progress);
        if (cached != null) return cached;
        progress.accept("building image " + tag + " from the JDK in " + home.dir() + " (once; later runs reuse it)");
        long t0 = System.nanoTime();
        Path staged = null;
        try {
            staged = JdkFolder.stage(home.dir());
            build(jdk, tag, hash, new ImageFromDockerfile(tag, false)
                    .withFileFromString("Dockerfile", jdkDockerfile("COPY jdk/ " + IMAGE_JDK_HOME + "/\n"))
                    .withFileFromPath("jdk", staged), "the JDK folder " + home.dir(), NOT_A_LINUX_JDK);
        } catch (IOException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "cannot copy JDK folder " + home.dir() + " of jdk '" + jdk.name() + "' into a build context: " + e.getMessage()
                    + "\n  fix: check that this user can read it and that " + System.getProperty("java.io.tmpdir") + " has room", e);
        } finally {
            if (staged != null) JdkFolder.delete(staged);
        }
        return built(jdk, tag, t0, progress);
    }

    /** A vendor's .tar.gz, unpacked onto the base image by Docker's ADD; tagged by the archive's SHA-256. */
    private ImageRef fromArchive(Jdk jdk, Jdk.Archive archive, Consumer<String> progress) {
        String hash;
        try (InputStream in = Files.newInputStream(archive.file())) {
            hash = Digests.sha256(RECIPE + " archive\n" + BASE_IMAGE + "\n" + archive.top() + "\n", in);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read JDK archive " + archive.file() + " of jdk '" + jdk.name() + "': " + e.getMessage()
                    + "\n  fix: check the path under jdks:");
        }
        String tag = jdkTag(jdk, hash);
        ImageRef cached = cached(jdk, tag, hash, progress);
        if (cached != null) return cached;
        progress.accept("building image " + tag + " from " + archive.file().getFileName() + " (once; later runs reuse it)");
        long t0 = System.nanoTime();
        String copy = archive.top().isEmpty() ? "ADD jdk.tar.gz " + IMAGE_JDK_HOME + "/\n"
                : "ADD jdk.tar.gz /opt/unpacked/\nRUN ln -s \"/opt/unpacked/" + archive.top() + "\" " + IMAGE_JDK_HOME + "\n";
        build(jdk, tag, hash, new ImageFromDockerfile(tag, false)
                .withFileFromString("Dockerfile", jdkDockerfile(copy))
                .withFileFromPath("jdk.tar.gz", archive.file()), archive.file().toString(), NOT_A_LINUX_JDK);
        return built(jdk, tag, t0, progress);
    }

    /** The fix when a JDK folder's or tarball's image does not build. */
    private static final String NOT_A_LINUX_JDK = "the JDK must be a Linux x64 glibc build (musl/Alpine or macOS builds do not run on " + BASE_IMAGE
            + "); if " + BASE_IMAGE + " is missing, run 'make base-image'";

    /** Builds a JDK image, labelled with its inputs' hash; a failure names the image, the JDK, its source and {@code fix}. */
    private void build(Jdk jdk, String tag, String hash, ImageFromDockerfile image, String from, String fix) {
        try {
            image.withBuildImageCmdModifier(cmd -> cmd.withLabels(Map.of(LABEL_INPUTS, hash, "dev.jdkmatrix.jdk", jdk.name())).withNoCache(rebuild)).get();
        } catch (RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "building image " + tag + " for jdk '" + jdk.name() + "' from " + from + " failed: " + rootMessage(e)
                    + "\n  fix: " + fix, e);
        }
    }

    private ImageRef built(Jdk jdk, String tag, long t0, Consumer<String> progress) {
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        String id = imageId(tag);
        if (id == null) throw new ExitException(ExitException.ENVIRONMENT, "image " + tag + " was built but Docker does not list it; check the engine's disk space");
        recordBuilt(tag, id, progress);
        return new ImageRef(jdk.name(), tag, id, true, took);
    }

    /** The tag a Dockerfile's image gets: its name and the hash of its inputs. */
    public static String tagFor(Jdk jdk, byte[] dockerfile) {
        return jdkTag(jdk, inputsHash(dockerfile));
    }

    /** {@code jdkmatrix/jdk-NAME:HASH}: a JDK image named by its inputs' hash. */
    static String jdkTag(Jdk jdk, String inputsHash) {
        return "jdkmatrix/jdk-" + jdk.name().toLowerCase(Locale.ROOT) + ":" + inputsHash.substring(0, 16);
    }

    /** The JDK image of that tag if the engine has it as this harness built it from these inputs, else null (it is built). */
    private ImageRef cached(Jdk jdk, String tag, String hash, Consumer<String> progress) {
        String id = reusable(tag, Map.of(LABEL_INPUTS, hash), progress);
        return id == null ? null : new ImageRef(jdk.name(), tag, id, false, Duration.ZERO);
    }

    /**
     * The id of the image under {@code tag} where it may be reused: it carries {@code labels} (its inputs' hash; a run image
     * its JDK image's id too) and its id is one this harness recorded building on this engine ({@link BuiltImages}), so it
     * holds what this harness built. Else null, and where an image was there, why on {@code progress}: it is built again.
     */
    private String reusable(String tag, Map<String, String> labels, Consumer<String> progress) {
        com.github.dockerjava.api.command.InspectImageResponse image;
        try {
            image = client.inspectImageCmd(tag).exec();
        } catch (NotFoundException e) {
            return null;
        }
        String id = image.getId();
        String found = "image " + tag + " (" + (id == null ? "no id" : id.substring(0, Math.min(id.length(), 19))) + ")";
        if (rebuild) {
            progress.accept("building " + found + " again without Docker's layer cache, as --rebuild-images asks");
            return null;
        }
        Map<String, String> has = image.getConfig() == null || image.getConfig().getLabels() == null ? Map.of() : image.getConfig().getLabels();
        for (Map.Entry<String, String> want : labels.entrySet()) {
            String value = has.get(want.getKey());
            if (!want.getValue().equals(value)) {
                progress.accept(found + " is not what jdkmatrix builds from its inputs: its label " + want.getKey() + " is "
                        + (value == null ? "missing" : "'" + value + "'") + ", not '" + want.getValue() + "'; building it again");
                return null;
            }
        }
        if (id == null || !record.recorded(id)) {
            progress.accept(found + " is not one jdkmatrix recorded building on this engine (" + record.dir() + "): building it again to be sure what "
                    + "it holds (quick where Docker's layer cache has jdkmatrix's own layers)");
            return null;
        }
        return id;
    }

    /** Records an image just built as this harness's; where the record cannot be written, says that it will be built again next time. */
    private void recordBuilt(String tag, String id, Consumer<String> progress) {
        if (!record.record(id)) {
            progress.accept("cannot record image " + tag + " in " + record.dir() + ": the next session builds it again"
                    + " (fix: a writable cache, JDKMATRIX_CACHE=DIR)");
        }
    }

    static String inputsHash(byte[] dockerfile) {
        return Digests.sha256(RECIPE + "\n", dockerfile);
    }

    private ImageRef fromDockerfile(Jdk jdk, Jdk.Dockerfile df, Consumer<String> progress) {
        byte[] content;
        try {
            content = Files.readAllBytes(df.path());
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read Dockerfile " + df.path() + " for jdk '" + jdk.name() + "': " + e.getMessage()
                    + "\n  fix: check the path under jdks: in the matrix");
        }
        String hash = inputsHash(content);
        String tag = jdkTag(jdk, hash);
        ImageRef cached = cached(jdk, tag, hash, progress);
        if (cached != null) return cached;
        progress.accept("building image " + tag + " from " + df.path().getFileName() + " (once; later runs reuse it)");
        long t0 = System.nanoTime();
        build(jdk, tag, hash, new ImageFromDockerfile(tag, false).withFileFromPath("Dockerfile", df.path()), df.path().toString(),
                "check the Dockerfile; if its base image cannot be pulled (no registry), run 'make base-image' to create debian:trixie-slim locally");
        return built(jdk, tag, t0, progress);
    }

    private ImageRef ready(Jdk jdk, Jdk.Image img, Consumer<String> progress) {
        String id = imageId(img.reference());
        if (id == null) {
            progress.accept("pulling image " + img.reference() + " for jdk '" + jdk.name() + "'");
            try {
                DockerClientFactory.instance().checkAndPullImage(client, img.reference());
            } catch (RuntimeException e) {
                throw new ExitException(ExitException.ENVIRONMENT, "image " + img.reference() + " for jdk '" + jdk.name() + "' is not on the engine and cannot be pulled: "
                        + rootMessage(e) + "\n  fix: load it with 'docker load', or use a Dockerfile for this JDK under jdks:", e);
            }
            id = imageId(img.reference());
            if (id == null) throw new ExitException(ExitException.ENVIRONMENT, "image " + img.reference() + " was pulled but Docker does not list it");
        }
        return new ImageRef(jdk.name(), img.reference(), id, false, Duration.ZERO);
    }

    /**
     * The image containers run: {@code base} plus the workloads jar at {@link #IMAGE_JAR}, the
     * user's jars of jmh and jar cells (each at its {@code UserJar.imagePath()}, named by its
     * content) and an empty {@link #IMAGE_OUT_DIR} owned by the workload's user, tagged
     * {@code jdkmatrix/run-NAME:HASH} by the base image's id and every jar's bytes (built again
     * only when one changes; older run images of that JDK are removed when no container uses them).
     */
    public ImageRef withWorkloads(ImageRef base, Path jar, List<WorkloadKind.UserJar> userJars, Consumer<String> progress) {
        return withWorkloads(base, jar, userJars, List.of(), progress);
    }

    /**
     * As above, with the data files of jmh and jar workloads ({@code files:}): each set in its
     * {@code WorkloadFiles.imageDir()}, readable by the workload's user, its hash part of the tag.
     */
    public ImageRef withWorkloads(ImageRef base, Path jar, List<WorkloadKind.UserJar> userJars, List<WorkloadFiles> userFiles, Consumer<String> progress) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(jar);
        } catch (IOException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "cannot read the workloads jar " + jar + ": " + e.getMessage() + "\n  fix: run 'make build' (or pass --workloads-jar)");
        }
        List<WorkloadKind.UserJar> users = userJars.stream().distinct().sorted(java.util.Comparator.comparing(WorkloadKind.UserJar::sha256)).toList();
        byte[] profiler = ProfilerLibrary.bytes();
        List<WorkloadFiles> files = userFiles.stream().filter(f -> !f.isEmpty()).collect(java.util.stream.Collectors.toMap(WorkloadFiles::sha256, f -> f, (a, b) -> a,
                java.util.TreeMap::new)).values().stream().toList();
        List<String> inputs = new java.util.ArrayList<>(users.stream().map(WorkloadKind.UserJar::sha256).toList());
        files.forEach(f -> inputs.add("files " + f.sha256()));
        String hash = runImageHash(base.imageId(), bytes, inputs);
        String tag = "jdkmatrix/run-" + base.jdk().toLowerCase(Locale.ROOT) + ":" + hash.substring(0, 16);
        Map<String, String> labels = Map.of(LABEL_INPUTS, hash, LABEL_RUN_IMAGE, base.jdk(), "dev.jdkmatrix.jdk", base.jdk(), LABEL_BASE_IMAGE, base.imageId());
        String id = reusable(tag, labels, progress);
        if (id != null) return new ImageRef(base.jdk(), tag, id, base.built(), base.buildTime());
        progress.accept("adding the workloads jar" + (users.isEmpty() ? "" : " and " + users.size() + " jar(s) of yours")
                + (files.isEmpty() ? "" : " and " + files.stream().mapToInt(f -> f.files().size()).sum() + " data file(s)") + " to " + base.reference() + " as " + tag);
        long t0 = System.nanoTime();
        StringBuilder dockerfile = new StringBuilder("FROM " + base.reference() + "\n"
                + "COPY workloads.jar " + IMAGE_JAR + "\n"
                + "COPY libasyncProfiler.so " + IMAGE_PROFILER + "\n");
        // jars of the same bytes (a night's baseline and tonight's build of an unchanged suite) are one file in the image
        java.util.Collection<WorkloadKind.UserJar> distinct = users.stream().collect(java.util.stream.Collectors.toMap(WorkloadKind.UserJar::sha256, u -> u,
                (a, b) -> a, java.util.LinkedHashMap::new)).values();
        for (WorkloadKind.UserJar u : distinct) dockerfile.append("COPY user/").append(u.sha256()).append(".jar ").append(u.imagePath()).append('\n');
        for (WorkloadFiles f : files) dockerfile.append("COPY files/").append(f.sha256(), 0, 16).append("/ ").append(f.imageDir()).append("/\n");
        dockerfile.append("COPY --chown=" + IMAGE_USER_ID + ":" + IMAGE_USER_ID + " out/ " + IMAGE_OUT_DIR + "/\n");
        for (int attempt = 1; ; attempt++) {
            try {
                ImageFromDockerfile image = new ImageFromDockerfile(tag, false)
                        .withFileFromString("Dockerfile", dockerfile.toString())
                        .withFileFromPath("workloads.jar", jar)
                        .withFileFromTransferable("libasyncProfiler.so", org.testcontainers.images.builder.Transferable.of(profiler, 0644))
                        .withFileFromString("out/.keep", "");
                for (WorkloadKind.UserJar u : distinct) image.withFileFromPath("user/" + u.sha256() + ".jar", u.path());
                for (WorkloadFiles f : files) f.files().forEach((name, path) -> image.withFileFromPath("files/" + f.sha256().substring(0, 16) + "/" + name, path, 0644));
                image.withBuildImageCmdModifier(cmd -> cmd.withLabels(labels).withNoCache(rebuild)).get();
                break;
            } catch (RuntimeException e) {
                // another session on the engine that built a run image of this JDK removes the older ones no container uses
                // (removeOlderRunImages): one whose layers this build took from the cache fails it with "No such image", or,
                // removed while the builder read it, with "failed to get digest sha256:...: open .../imagedb/...: no such file
                // or directory" (seen once in a fresh-clone .ci/run at 650a041, ProfileIT beside other sessions)
                if (attempt < 3 && removedMidBuild(String.valueOf(rootMessage(e)))) {
                    progress.accept("an image the build of " + tag + " took from the cache was removed by another client of the engine meanwhile ("
                            + rootMessage(e) + "); building it again");
                    continue;
                }
                throw new ExitException(ExitException.ENVIRONMENT, "adding the workloads jar to image " + base.reference() + " for jdk '" + base.jdk()
                        + "' failed: " + rootMessage(e) + "\n  fix: check that the engine has disk space ('docker system df') and that the image has a file system to copy into", e);
            }
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        id = imageId(tag);
        if (id == null) throw new ExitException(ExitException.ENVIRONMENT, "image " + tag + " was built but Docker does not list it; check the engine's disk space");
        recordBuilt(tag, id, progress);
        removeOlderRunImages(base.jdk(), tag);
        return new ImageRef(base.jdk(), tag, id, true, base.buildTime().plus(took));
    }

    /** Whether a build failed because an image it took from the cache was removed meanwhile (by another client of the engine). */
    static boolean removedMidBuild(String message) {
        return message.contains("No such image") || message.contains("failed to get digest") && message.contains("no such file or directory");
    }

    static String runImageHash(String baseImageId, byte[] jar, List<String> userJarHashes) {
        return Digests.sha256(RECIPE + " run\n" + baseImageId + "\n" + String.join("\n", userJarHashes) + "\nasync-profiler " + ProfilerLibrary.SHA256 + "\n", jar);
    }

    /**
     * Earlier run images of this JDK; one a container still uses stays: a run in flight, or the
     * hold of a live session (another harness that runs an older jar on this engine).
     */
    private void removeOlderRunImages(String jdk, String keep) {
        for (Image img : client.listImagesCmd().withLabelFilter(Map.of(LABEL_RUN_IMAGE, jdk)).exec()) {
            String[] tags = img.getRepoTags() == null ? new String[0] : img.getRepoTags();
            if (java.util.Arrays.asList(tags).contains(keep)) continue;
            try {
                client.removeImageCmd(img.getId()).withForce(false).exec();
            } catch (ConflictException | NotFoundException e) {
                // in use by a container, or gone already
            }
        }
    }

    /**
     * Holds a run image for a session: a container of it, created and never started, labelled with
     * {@code labels} (the session's run, pid and host, and its role). The engine
     * refuses to remove an image a container uses, so another session's cleanup
     * ({@link #removeOlderRunImages}) or {@code jdkmatrix prune} leaves it alone until the session
     * removes its holds at its end (a session killed on this host: the next start removes them as
     * orphans). Throws {@link NotFoundException} when the image is gone.
     */
    public String hold(ImageRef ref, Map<String, String> labels) {
        return client.createContainerCmd(ref.reference()).withLabels(labels).withCmd("true").exec().getId();
    }

    /** Removes a session's holds; one that is gone already is no matter. */
    public void release(List<String> holds) {
        for (String id : holds) {
            try {
                client.removeContainerCmd(id).withForce(true).exec();
            } catch (RuntimeException e) {
                // gone already, or the engine is: the next start removes it as an orphan
            }
        }
    }

    /** Whether a failure is the engine's "not found" ({@link #hold}'s image, removed as it was checked). */
    public static boolean notFound(RuntimeException e) {
        return e instanceof NotFoundException;
    }

    /** Whether a failure is the engine's "No such image" (an image removed under the session). */
    public static boolean missingImage(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NotFoundException && t.getMessage() != null && t.getMessage().contains("No such image")) return true;
        }
        return false;
    }

    /** The image's id, or null when the engine does not have it. */
    public String imageId(String reference) {
        try {
            return client.inspectImageCmd(reference).exec().getId();
        } catch (NotFoundException e) {
            return null;
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
