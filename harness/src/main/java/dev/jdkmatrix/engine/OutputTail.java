package dev.jdkmatrix.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A run's output as the harness keeps it: its last {@value #MAX_BYTES} bytes a stream, whatever the workload writes (a
 * container's stdout and stderr on Docker, a pod's log on Kubernetes), the cut said at its start. The harness's own lines
 * (its figures, its markers) come last, so the tail is what it reads; a log that floods the run's folder is cut to it.
 */
final class OutputTail {

    /** Bytes kept a stream. */
    static final int MAX_BYTES = 8 << 20;

    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private boolean cut;

    synchronized void write(byte[] b) {
        write(b, 0, b.length);
    }

    synchronized void write(byte[] b, int off, int len) {
        buf.write(b, off, len);
        if (buf.size() > 2 * MAX_BYTES) {
            byte[] all = buf.toByteArray();
            buf.reset();
            buf.write(all, all.length - MAX_BYTES, MAX_BYTES);
            cut = true;
        }
    }

    /** Reads {@code in} to its end into the tail. */
    void readAll(InputStream in) throws IOException {
        byte[] chunk = new byte[1 << 16];
        for (int n; (n = in.read(chunk)) >= 0; ) write(chunk, 0, n);
    }

    synchronized String text() {
        String s = buf.toString(StandardCharsets.UTF_8);
        return cut ? "[... earlier output cut: the last " + (MAX_BYTES >> 20) + " MiB are kept ...]\n" + s.substring(Math.max(0, s.length() - MAX_BYTES)) : s;
    }
}
