package dev.jdkmatrix.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record of the images this harness built on an engine: only a recorded id lets a tag be reused (ImageTrustIT plants images). */
class BuiltImagesTest {

    private static final String ID = "sha256:" + "ab".repeat(32);

    @TempDir
    Path dir;

    @Test
    void anIdIsRecordedOnceAndKnownAfterwardsAnotherIdIsNot() {
        BuiltImages record = new BuiltImages(dir.resolve("engine"));
        assertThat(record.recorded(ID)).isFalse();
        assertThat(record.record(ID)).isTrue();
        assertThat(record.record(ID)).as("twice: no matter").isTrue();
        assertThat(record.recorded(ID)).isTrue();
        assertThat(record.recorded("sha256:" + "ac".repeat(32))).isFalse();
        assertThat(new BuiltImages(dir.resolve("another engine")).recorded(ID)).as("another engine's record").isFalse();
    }

    @Test
    void whatIsNoImageIdIsNeverRecordedNorKnown() {
        BuiltImages record = new BuiltImages(dir);
        for (String bad : new String[] {null, "", "sha256:", "sha256:ABC", "../../etc/passwd", "sha256:" + "ab".repeat(31), "jdkmatrix/run-25:abc"}) {
            assertThat(record.record(bad)).as(String.valueOf(bad)).isFalse();
            assertThat(record.recorded(bad)).as(String.valueOf(bad)).isFalse();
        }
        assertThat(BuiltImages.fileName("ab".repeat(32))).as("an id without its algorithm").isEqualTo("sha256-" + "ab".repeat(32));
    }

    @Test
    void aRecordThatCannotBeWrittenSaysSoAndTrustsNothing() throws Exception {
        Path file = dir.resolve("a file, not a folder");
        Files.writeString(file, "");
        BuiltImages record = new BuiltImages(file.resolve("engine"));
        assertThat(record.record(ID)).isFalse();
        assertThat(record.recorded(ID)).isFalse();
    }

    @Test
    void theRecordLivesInTheCacheUnderTheEnginesIdMadeAFoldersName() {
        assertThat(BuiltImages.of(Map.of("JDKMATRIX_CACHE", "/c"), "YRK3:AJS6:QX").dir()).isEqualTo(Path.of("/c/images/YRK3_AJS6_QX"));
        assertThat(BuiltImages.of(Map.of("XDG_CACHE_HOME", "/x"), "id").dir()).isEqualTo(Path.of("/x/jdkmatrix/images/id"));
        assertThat(BuiltImages.of(Map.of(), "id").dir()).isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "jdkmatrix", "images", "id"));
        assertThat(BuiltImages.engineFolder("")).isEqualTo("unknown");
        assertThat(BuiltImages.engineFolder("..")).isEqualTo("unknown");
        assertThat(BuiltImages.engineFolder("../x")).isEqualTo(".._x");
    }
}
