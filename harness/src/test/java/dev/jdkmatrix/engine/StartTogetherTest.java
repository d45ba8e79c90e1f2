package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs started together: nobody starts before all are created, a member that leaves frees the others, the skew is read from the engine's start stamps. */
class StartTogetherTest {

    @Test
    void noMemberStartsBeforeEveryMemberIsReady() throws Exception {
        StartTogether t = new StartTogether(List.of("1", "2"));
        CompletableFuture<Long> first = CompletableFuture.supplyAsync(() -> {
            t.member(0).ready();
            return System.nanoTime();
        });
        Thread.sleep(300);
        assertThat(first).as("the first side waits for its partner").isNotDone();
        long late = System.nanoTime();
        t.member(1).ready();
        assertThat(first.get(10, TimeUnit.SECONDS)).isGreaterThanOrEqualTo(late);
    }

    @Test
    void aMemberThatLeavesLetsTheOthersGoAtOnce() throws Exception {
        StartTogether t = new StartTogether(List.of("1", "2", "3"));
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> t.member(0).ready());
        Thread.sleep(200);
        t.member(1).leave();
        waiting.get(10, TimeUnit.SECONDS);
        // and one that comes later does not wait either
        CompletableFuture.runAsync(() -> t.member(2).ready()).get(10, TimeUnit.SECONDS);
        assertThat(t.member(2).skewMs()).isEmpty();
    }

    @Test
    void theSkewIsHowFarAMembersStartLayFromItsFarthestPartnersAndNeedsEveryPartnersStart() {
        StartTogether t = new StartTogether(List.of("7", "8", "9"));
        Instant at = Instant.parse("2026-11-27T19:36:13.973000000Z");
        t.member(0).started(at);
        assertThat(t.member(0).skewMs()).isEmpty();
        t.member(1).started(at.plusNanos(38_500_000));
        assertThat(t.member(0).skewMs()).as("the third has not started").isEmpty();
        t.member(2).started(at.minusNanos(2_000_000));
        assertThat(t.member(0).skewMs()).hasValue(38.5);
        assertThat(t.member(1).skewMs()).hasValue(40.5);
        assertThat(t.member(2).skewMs()).hasValue(40.5);
        assertThat(t.member(0).partners()).containsExactly("8", "9");
        assertThat(t.member(1).partners()).containsExactly("7", "9");
    }

    @Test
    void aSetIsAtLeastTwoDistinctRuns() {
        assertThatThrownBy(() -> new StartTogether(List.of("1"))).hasMessageContaining("at least two");
        assertThatThrownBy(() -> new StartTogether(List.of("1", "1"))).hasMessageContaining("distinct");
        assertThatThrownBy(() -> new StartTogether(List.of("1", "2")).member(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
