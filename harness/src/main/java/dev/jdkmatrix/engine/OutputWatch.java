package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running container's standard output read as it comes, line by line, for a run that stops once
 * its output has what it needs ({@link RunSlot.StopWhen}): at the first line the rule says yes to,
 * the container is killed (its wait then returns, and the run is read as every run is). Follows
 * Docker's log stream from the container's start, so no line printed before it is missed.
 */
final class OutputWatch implements AutoCloseable {

    private final DockerClient client;
    private final String id;
    private final RunSlot.StopWhen stop;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final ResultCallback.Adapter<Frame> callback;

    private OutputWatch(DockerClient client, String id, RunSlot.StopWhen stop) {
        this.client = client;
        this.id = id;
        this.stop = stop;
        this.callback = client.logContainerCmd(id).withStdOut(true).withStdErr(false).withFollowStream(true).exec(new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame f) {
                read(f.getPayload());
            }
        });
    }

    /** Watches container {@code id}'s output with {@code stop}; null when there is no rule (the run ends on its own). */
    static OutputWatch start(DockerClient client, String id, RunSlot.StopWhen stop) {
        return stop == null ? null : new OutputWatch(client, id, stop);
    }

    /** Whether the rule said yes and the container was killed for it. */
    boolean stopped() {
        return stopped.get();
    }

    private synchronized void read(byte[] bytes) {
        for (byte b : bytes) {
            if (b != '\n') {
                line.write(b);
                continue;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (!stopped.get() && ask(text)) kill();
        }
    }

    private boolean ask(String text) {
        try {
            return stop.enough(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
        } catch (RuntimeException e) {
            return false; // a rule that cannot read a line lets the run go on to its end
        }
    }

    private void kill() {
        stopped.set(true);
        try {
            client.killContainerCmd(id).exec();
        } catch (RuntimeException e) {
            // it ended on its own meanwhile: read as it ended
        }
    }

    @Override
    public void close() {
        try {
            callback.close();
        } catch (java.io.IOException e) {
            // the stream is gone with the container
        }
    }
}
