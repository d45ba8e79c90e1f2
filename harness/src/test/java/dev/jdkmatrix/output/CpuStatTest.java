package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The container's cpu.stat lines, as printed by the script around its command ({@code Commands.CPU_STAT_SCRIPT}), read and taken out of stderr. */
class CpuStatTest {

    @Test
    void cgroupV1IsReadInNanosecondsAndTheLinesLeaveStderr() {
        String stderr = "a warning\n" + CpuStat.MARKER + "nr_periods 9\n" + CpuStat.MARKER + "nr_throttled 5\n"
                + CpuStat.MARKER + "throttled_time 88123456\n" + CpuStat.MARKER + "nr_bursts 0\n";
        CpuStat.Split s = CpuStat.split(stderr);
        assertThat(s.stderr()).isEqualTo("a warning\n");
        assertThat(s.stat()).isEqualTo(new CpuStat(9, 5, 88.123456));
        assertThat(s.stat().throttledShare()).isEqualTo(5.0 / 9);
    }

    @Test
    void cgroupV2IsReadInMicroseconds() {
        String stderr = CpuStat.MARKER + "usage_usec 350000\n" + CpuStat.MARKER + "nr_periods 4\n" + CpuStat.MARKER + "nr_throttled 0\n"
                + CpuStat.MARKER + "throttled_usec 0\n";
        assertThat(CpuStat.split(stderr).stat()).isEqualTo(new CpuStat(4, 0, 0));
    }

    @Test
    void noFiguresWhenTheContainerPrintedNoneOrNoCfsOnes() {
        assertThat(CpuStat.split("plain stderr\n").stat()).isNull();
        assertThat(CpuStat.split("plain stderr\n").stderr()).isEqualTo("plain stderr\n");
        // a v2 cgroup without the cpu controller has usage only
        assertThat(CpuStat.split(CpuStat.MARKER + "usage_usec 1\n").stat()).isNull();
        assertThat(CpuStat.split(CpuStat.MARKER + "nr_periods x\n" + CpuStat.MARKER + "nr_throttled 1\n" + CpuStat.MARKER + "throttled_time 1\n").stat()).isNull();
    }

}
