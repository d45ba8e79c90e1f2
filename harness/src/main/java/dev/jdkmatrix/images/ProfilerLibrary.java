package dev.jdkmatrix.images;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.io.InputStream;

/** async-profiler's library, which every run image carries: read once from the harness jar and checked against its SHA-256. */
final class ProfilerLibrary {

    /** The library's place in the harness jar (tools.profiler:async-profiler, classifier linux-x64, from Maven Central). */
    static final String RESOURCE = "linux-x64/libasyncProfiler.so";
    /** SHA-256 of async-profiler 4.1's linux-x64 library, checked before it goes into an image. */
    static final String SHA256 = "8d16556469adc3fe6661f0c023bfc2081342c930796b1d68ae1cd8248bef4c28";

    private ProfilerLibrary() {}

    /** The library once read and checked: every JDK's run image carries the same bytes. */
    private static volatile byte[] bytes;

    /** The library's bytes, checked against {@link #SHA256} (read once per harness process). */
    static byte[] bytes() {
        byte[] read = bytes;
        if (read == null) bytes = read = read();
        return read;
    }

    private static byte[] read() {
        byte[] lib;
        try (InputStream in = ProfilerLibrary.class.getResourceAsStream("/" + RESOURCE)) {
            if (in == null) throw new IOException("no " + RESOURCE + " on the harness's class path");
            lib = in.readAllBytes();
        } catch (IOException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "cannot read async-profiler's library: " + e.getMessage()
                    + "\n  fix: run 'make build' (the harness jar carries it from Maven Central's tools.profiler:async-profiler, classifier linux-x64)", e);
        }
        String sha = Digests.sha256("", lib);
        if (!sha.equals(SHA256)) {
            throw new ExitException(ExitException.ENVIRONMENT, RESOURCE + " has SHA-256 " + sha + ", not async-profiler 4.1's " + SHA256
                    + "\n  fix: rebuild the harness (make clean build); if the version in pom.xml changed on purpose, put its library's SHA-256 in ProfilerLibrary.SHA256");
        }
        return lib;
    }
}
