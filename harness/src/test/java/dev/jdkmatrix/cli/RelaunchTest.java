package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RelaunchTest {

    @Test
    void onlyTheCommandsThatTalkToAnEngineStartASecondJvm() {
        assertThat(Relaunch.touchesEngine(new String[] {"run", "--matrix", "m.yaml"})).isTrue();
        assertThat(Relaunch.touchesEngine(new String[] {"prune", "--yes"})).isTrue();
        assertThat(Relaunch.touchesEngine(new String[] {"report", "--results", "run"})).isFalse();
        assertThat(Relaunch.touchesEngine(new String[] {"compare", "a", "b"})).isFalse();
        assertThat(Relaunch.touchesEngine(new String[] {"history", "--site", "run"})).isFalse();
        assertThat(Relaunch.touchesEngine(new String[] {"--help"})).isFalse();
        assertThat(Relaunch.touchesEngine(new String[] {})).isFalse();
        // an option's value that reads like a command is not the command
        assertThat(Relaunch.touchesEngine(new String[] {"report", "--results", "run"})).isFalse();
    }
}
