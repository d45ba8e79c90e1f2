package dev.jdkmatrix.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The name a team gives its runners: kept as written when a history can keep it, refused with the form to write when not. */
class RunnerClassTest {

    @Test
    void namesATeamWritesAreKept() {
        for (String ok : List.of("gh-ubuntu-24.04-4core", "bench pool 2", "AMD EPYC 7763 (64 cores)", "runner@eu-west-1", "x86_64/linux#2", "Prüfstand 1")) {
            assertThat(new RunnerClass(ok).name()).isEqualTo(ok);
        }
    }

    @Test
    void aNameAPageOrACsvWouldMisreadIsRefused() {
        for (String bad : List.of("", " lead", "<b>x</b>", "a\nb", "a,b\"c", "x".repeat(101), "-dash")) {
            assertThatThrownBy(() -> new RunnerClass(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a name a history can keep: write 1 to 100 letters");
        }
        assertThatThrownBy(() -> RunnerClass.checked("a;b", "run.json's named_class")).hasMessageStartingWith("run.json's named_class: runner class 'a;b'");
    }
}
