package dev.jdkmatrix.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * Issue 73 item 4, on the real engine: an image planted under a tag jdkmatrix computes (the tag is named by public files) is
 * built over, not run, whether it carries no label of its inputs or a forged copy of them; {@code --rebuild-images} builds
 * again what the engine holds. Each JDK here is one of its own (a Dockerfile of a name no other test builds), so planting
 * an image under its tags touches no other test's images.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class ImageTrustIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final DockerClient client = DockerClientFactory.instance().client();

    /** The JDK names this test's images are tagged with, and the images it made that lost their tag (planted, built over). */
    private final List<String> names = new java.util.ArrayList<>();
    private final List<String> made = new java.util.ArrayList<>();

    /** Each image this test made removed (a 1.2 GB image built without the layer cache each make test, left, filled the engine's disk). */
    @AfterEach
    void removeTheImagesThisTestMade() {
        for (com.github.dockerjava.api.model.Image i : client.listImagesCmd().exec()) {
            String[] tags = i.getRepoTags() == null ? new String[0] : i.getRepoTags();
            boolean named = java.util.Arrays.stream(tags).anyMatch(t -> names.stream().anyMatch(n -> t.contains("-" + n + ":")));
            if (!named && !made.contains(i.getId())) continue;
            try {
                client.removeImageCmd(i.getId()).withForce(true).exec();
            } catch (RuntimeException e) {
                // gone already, or a layer of another image still: nothing of this test's stays tagged either way
            }
        }
    }

    /** A JDK of its own: the project's Dockerfile.jdk25 (its layers in the engine's cache already) with a line of this test's. */
    private Path ownDockerfile(String name) throws IOException {
        Path df = tmp.resolve("Dockerfile." + name);
        Files.writeString(df, Files.readString(ItSupport.PROJECT.resolve("Dockerfile.jdk25")) + "\n# ImageTrustIT " + name + "\n");
        return df;
    }

    /** Builds {@code FROM tag} plus {@code lines} under {@code tag} itself: the image an earlier job on the runner would plant there. */
    private String plant(String tag, String lines) {
        new ImageFromDockerfile(tag, false).withFileFromString("Dockerfile", "FROM " + tag + "\n" + lines).get();
        return client.inspectImageCmd(tag).exec().getId();
    }

    /** A LABEL line copying every label of {@code tag}'s image: a planter who read how jdkmatrix labels its images. */
    private String forgedLabels(String tag) {
        Map<String, String> labels = client.inspectImageCmd(tag).exec().getConfig().getLabels();
        return "LABEL " + labels.entrySet().stream().map(e -> "\"" + e.getKey() + "\"=\"" + e.getValue() + "\"").collect(Collectors.joining(" ")) + "\n";
    }

    @Test
    void aRunImagePlantedUnderItsTagWithForgedLabelsIsBuiltOverAndTheRunMeasuresWhatJdkmatrixBuilt() throws Exception {
        String name = "planted" + ProcessHandle.current().pid();
        names.add(name);
        Path matrix = tmp.resolve("planted.yaml");
        Files.writeString(matrix, "name: planted\nrepetitions: 1\nwarmup: 0\ntimeout: 60s\njdks:\n  " + name + ": { dockerfile: " + ownDockerfile(name) + " }\n"
                + "matrix:\n  jdk: " + name + "\n  cpus: 1\n  memory: 256m\n  tasks: 1\n  executor: virtual\n  workload:\n    - name: sleep\n");
        ItSupport.Ran first = ItSupport.run(matrix, tmp.resolve("first"), "it-planted-1-" + ProcessHandle.current().pid(), 0, ItSupport.NO_LEASE);
        JsonNode built = image(tmp.resolve("first"));
        String tag = built.path("reference").asText();
        String ours = built.path("image_id").asText();
        assertThat(tag).as(first.err()).startsWith("jdkmatrix/run-" + name + ":");

        String planted = plant(tag, forgedLabels(tag) + "ENV JAVA_TOOL_OPTIONS=-Dimpostor=planted-by-an-earlier-job\n");
        made.add(planted);
        assertThat(planted).as("the planted image is another image under the same tag").isNotEqualTo(ours);

        ItSupport.Ran second = ItSupport.run(matrix, tmp.resolve("second"), "it-planted-2-" + ProcessHandle.current().pid(), 0, ItSupport.NO_LEASE);
        assertThat(second.err()).contains("image " + tag + " (" + planted.substring(0, 19) + ") is not one jdkmatrix recorded building on this engine");
        assertThat(image(tmp.resolve("second")).path("image_id").asText()).as("the run measured on the image jdkmatrix built").isEqualTo(ours);
        assertThat(client.inspectImageCmd(tag).exec().getId()).as("the tag is jdkmatrix's image again").isEqualTo(ours);
        assertThat(second.rows()).hasSize(1).allMatch(dev.jdkmatrix.results.RawRow::ok, "ok");
    }

    @Test
    void aJdkImagePlantedWithoutItsLabelIsBuiltOverAndRebuildImagesBuildsAgainWhatTheEngineHolds() throws Exception {
        String name = "unlabelled" + ProcessHandle.current().pid();
        names.add(name);
        Jdk jdk = new Jdk(name, new Jdk.Dockerfile(ownDockerfile(name)));
        Images images = new Images(client, new BuiltImages(tmp.resolve("record")), false);
        ImageRef ours = images.ensure(jdk, s -> { });
        assertThat(images.ensure(jdk, s -> { }).built()).as("recorded: reused").isFalse();

        String planted = plant(ours.reference(), "LABEL dev.jdkmatrix.inputs-sha256=\"\"\nENV JAVA_TOOL_OPTIONS=-Dimpostor=planted\n");
        made.add(planted);
        StringWriter said = new StringWriter();
        ImageRef again = images.ensure(jdk, s -> said.append(s).append('\n'));
        assertThat(said.toString()).contains("image " + ours.reference() + " (" + planted.substring(0, 19) + ") is not what jdkmatrix builds from its inputs: "
                + "its label " + Images.LABEL_INPUTS + " is ''");
        assertThat(again.imageId()).as("built over, from the layer cache: jdkmatrix's own image").isEqualTo(ours.imageId());

        Images rebuilding = new Images(client, new BuiltImages(tmp.resolve("record")), true);
        StringWriter forced = new StringWriter();
        ImageRef rebuilt = rebuilding.withWorkloads(again, ItSupport.JAR, List.of(), s -> forced.append(s).append('\n'));
        made.add(rebuilt.imageId());
        ImageRef rebuiltAgain = rebuilding.withWorkloads(again, ItSupport.JAR, List.of(), s -> forced.append(s).append('\n'));
        made.add(rebuiltAgain.imageId());
        assertThat(rebuilt.built()).isTrue();
        assertThat(forced.toString()).contains("building image " + rebuilt.reference()).contains("again without Docker's layer cache, as --rebuild-images asks");
        assertThat(rebuiltAgain.imageId()).as("without the layer cache, each build is an image of its own").isNotEqualTo(rebuilt.imageId());
    }

    /** The one image run.json of a results folder records. */
    private static JsonNode image(Path results) throws IOException {
        JsonNode images = JSON.readTree(results.resolve("run.json").toFile()).path("images");
        assertThat(images.size()).as(images.toString()).isEqualTo(1);
        return images.get(0);
    }
}
