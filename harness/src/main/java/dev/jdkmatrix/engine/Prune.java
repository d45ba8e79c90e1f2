package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Image;
import dev.jdkmatrix.images.Images;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code jdkmatrix prune} removes from an engine, on purpose: the containers of sessions that
 * are gone (on this host: their process is; on another host: older than a stated age), then the
 * run images no container uses (a live session holds its own, {@link Images#hold}), and with
 * {@code all} the JDK images too. Nothing a live session uses is removed: the engine refuses to
 * remove an image a container uses, and the harness does not force it.
 */
public final class Prune {

    private Prune() {}

    /** What was removed (or would be, on a dry run) and what was kept, each a line for a person. */
    public record Result(List<String> removed, List<String> kept) {
        public Result {
            removed = List.copyOf(removed);
            kept = List.copyOf(kept);
        }
    }

    public static Result prune(DockerClient client, boolean all, boolean dryRun, Duration olderThan) {
        List<String> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        String here = Environment.hostname();
        Instant cutoff = Instant.now().minus(olderThan);
        for (Container c : client.listContainersCmd().withShowAll(true).withLabelFilter(List.of(Labels.RUN)).exec()) {
            Map<String, String> labels = c.getLabels() == null ? Map.of() : c.getLabels();
            String what = "container " + name(c) + " (" + labels.getOrDefault(Labels.ROLE, "run") + " of run "
                    + labels.getOrDefault(Labels.RUN, "?") + ", host " + labels.getOrDefault(Labels.HOST, "?")
                    + ", pid " + labels.getOrDefault(Labels.PID, "?") + ")";
            boolean gone = ContainerRunner.orphaned(labels);
            boolean old = !here.equals(labels.get(Labels.HOST)) && c.getCreated() != null && Instant.ofEpochSecond(c.getCreated()).isBefore(cutoff);
            if (!gone && !old) {
                kept.add(what + ": " + (here.equals(labels.get(Labels.HOST)) ? "its process runs"
                        : "a session of another host, created less than " + dev.jdkmatrix.matrix.Durations.text(olderThan) + " ago (--older-than)"));
                continue;
            }
            if (!dryRun) {
                try {
                    client.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                } catch (NotFoundException e) {
                    continue;
                }
            }
            removed.add(what + ": " + (gone ? "its process is gone" : "older than " + dev.jdkmatrix.matrix.Durations.text(olderThan)));
        }
        Map<String, String> usedBy = new HashMap<>();
        for (Container c : client.listContainersCmd().withShowAll(true).exec()) {
            Map<String, String> labels = c.getLabels() == null ? Map.of() : c.getLabels();
            usedBy.putIfAbsent(c.getImageId(), labels.containsKey(Labels.RUN) ? "run " + labels.get(Labels.RUN) : "container " + name(c));
        }
        List<Image> images = new ArrayList<>(client.listImagesCmd().withLabelFilter(Images.LABEL_RUN_IMAGE).exec());
        if (all) {
            // JDK images after the run images built on them
            for (Image i : client.listImagesCmd().withLabelFilter("dev.jdkmatrix.jdk").exec()) {
                if (images.stream().noneMatch(r -> r.getId().equals(i.getId()))) images.add(i);
            }
        }
        for (Image img : images) {
            String tag = img.getRepoTags() == null || img.getRepoTags().length == 0 ? img.getId() : String.join(", ", Arrays.asList(img.getRepoTags()));
            if (usedBy.containsKey(img.getId())) {
                kept.add("image " + tag + ": in use by " + usedBy.get(img.getId()));
                continue;
            }
            if (!dryRun) {
                try {
                    client.removeImageCmd(img.getId()).withForce(false).exec();
                } catch (ConflictException e) {
                    kept.add("image " + tag + ": the engine keeps it (" + Docker.rootMessage(e) + ")");
                    continue;
                } catch (NotFoundException e) {
                    continue;
                }
            }
            removed.add("image " + tag);
        }
        return new Result(removed, kept);
    }

    private static String name(Container c) {
        return c.getNames() == null || c.getNames().length == 0 ? c.getId().substring(0, 12) : c.getNames()[0].replaceFirst("^/", "");
    }
}
