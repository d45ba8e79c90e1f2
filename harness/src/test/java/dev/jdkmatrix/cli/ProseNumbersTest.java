package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The numbers the prose quotes from a block a bench writes are the block's: docs/history.md's words under the
 * reference nights' calibration (bench-reference-nights) and the README's nightly line say what the block says,
 * so a block written again with the prose left as it was fails here, naming both.
 */
class ProseNumbersTest {

    static final Path HISTORY = DocsTest.PROJECT.resolve("docs/history.md");

    /** The calibration's judged row at the chosen threshold: false changes and a 5 % step's detection, each with its interval. */
    record Judged(String nights, String confirmed, String confirmedCi, String suspected, String suspectedCi, String fails, String failsCi,
                  String failing, String detection) {
        static final Pattern ROW = Pattern.compile("\\| [0-9.]+ \\(chosen\\) \\| ([0-9.]+) \\[([0-9., ]+)\\] \\([0-9,]+ of [0-9,]+ nights\\) \\| "
                + "([0-9.]+) \\[([0-9., ]+)\\] \\([0-9,]+ of [0-9,]+ nights\\) \\| [^|]+ \\| [^|]+ \\| ([0-9.]+) \\[([0-9., ]+)\\] \\(([0-9,]+) of [0-9,]+ nights\\) \\| "
                + "([0-9.]+) \\[[0-9., ]+\\]");
        static final Pattern NIGHTS = Pattern.compile("the ([0-9]+) real nights of docs/runs/reference-nights");

        static Judged of(String block) {
            Matcher row = ROW.matcher(block);
            assertThat(row.find()).as("bench-reference-nights' block has its judged row at the chosen threshold:\n" + block).isTrue();
            Matcher nights = NIGHTS.matcher(block);
            assertThat(nights.find()).as("bench-reference-nights' block says on how many nights").isTrue();
            return new Judged(nights.group(1), row.group(1), row.group(2), row.group(3), row.group(4), row.group(5), row.group(6), row.group(7), row.group(8));
        }
    }

    static final String[] WORDS = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};

    /** Whitespace, line breaks among it, as one space: prose is wrapped where a block is not. */
    static String flat(String text) {
        return text.replaceAll("\\s+", " ");
    }

    /** The prose after a block, up to the next heading. */
    static String proseAfter(Path file, String block) throws IOException {
        String text = Files.readString(file);
        String marker = "<!-- " + block + ":end -->";
        String after = text.substring(text.indexOf(marker) + marker.length());
        int next = after.indexOf("\n#");
        return flat(next < 0 ? after : after.substring(0, next));
    }

    @Test
    void historysWordsOnTheReferenceNightsQuoteTheirCalibration() throws IOException {
        Judged j = Judged.of(DocsTest.between(HISTORY, "bench-reference-nights"));
        String prose = proseAfter(HISTORY, "bench-reference-nights");
        int n = Integer.parseInt(j.nights());
        assertThat(prose).as("the nights counted").startsWith(" What it says, on " + (n < WORDS.length ? WORDS[n] : j.nights()) + " real nights");
        assertThat(prose).as("the false changes over all figures").contains(j.confirmed() + " confirmed and " + j.suspected() + " suspected changes per 100 nights ["
                + j.confirmedCi() + "] and [" + j.suspectedCi() + "]");
        assertThat(prose).as("what fails a night").contains("what fails a night: " + j.fails() + " per 100 nights [" + j.failsCi() + "] (" + j.failing() + " of 5,000 nights)");
        assertThat(prose).as("a 5 % step's detection").contains("**A 5 % step within 3 nights: " + j.detection() + " % of histories");
    }

    @Test
    void theReadmesNightlyLineQuotesTheCalibration() throws IOException {
        Judged j = Judged.of(DocsTest.between(HISTORY, "bench-reference-nights"));
        String readme = flat(Files.readString(DocsTest.README));
        assertThat(readme).contains("Over the reference nightly's " + j.nights() + " real nights");
        assertThat(readme).contains(j.failing() + " false failing alarms in 5,000 nights; a 5 % step confirmed within 3 nights in " + j.detection() + " % of histories");
    }

    @Test
    void aJudgedRowIsReadAndAProseOfOtherNumbersIsSeen() {
        String block = "Written by `make bench-reference-nights` on 2026-12-07: the 12 real nights of docs/runs/reference-nights (4 day(s))\n"
                + "| 0.00001 (chosen) | 0.8 [0.0, 4.0] (42 of 5,000 nights) | 1.5 [0.0, 6.5] (73 of 5,000 nights) | 0.1 [0.0, 0.8] (4 of 5,000 nights) "
                + "| 0.2 [0.0, 0.8] (8 of 5,000 nights) | 0.0 [0.0, 0.8] (2 of 5,000 nights) | 6.5 [0.0, 20.0] (13 of 200 histories) |\n";
        Judged j = Judged.of(block);
        assertThat(j).isEqualTo(new Judged("12", "0.8", "0.0, 4.0", "1.5", "0.0, 6.5", "0.0", "0.0, 0.8", "2", "6.5"));
        assertThat(flat("a 5 % step within\n  3 nights")).isEqualTo("a 5 % step within 3 nights");
    }
}
