package dev.jdkmatrix.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A change the team accepted as expected (a faster algorithm that allocates more, a JDK update
 * whose cost is known): the figure (its label, or a part of it), the night the change came on
 * (a night's folder, run id or date), why, who, when and how (the command or workflow input). The
 * site keeps them in {@code accepted.json}; the history shows an accepted change as accepted and
 * a nightly's verdict does not fail on it. A change is accepted when its figure's label contains
 * {@code figure} and its first night after lies within a night of {@code night} (the nights after
 * a change can move its point by one as they come).
 */
public record Acceptance(String figure, String night, String note, String by, String at, String how) {

    /** The file a site keeps them in. */
    public static final String FILE = "accepted.json";

    private static final ObjectMapper MAPPER = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public Acceptance {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(night, "night");
        if (figure.isBlank()) throw new IllegalArgumentException("an accepted change names its figure (its label on the index, or a part of it), got a blank one");
        if (night.isBlank()) throw new IllegalArgumentException("an accepted change names the night it came on (a night's folder, run id or date), got a blank one");
        note = note == null ? "" : note;
        by = by == null ? "" : by;
        at = at == null ? "" : at;
        how = how == null ? "" : how;
    }

    /** Whether {@code night} is the one this acceptance names: its folder, run id or date. */
    boolean names(Night n) {
        return night.equals(n.folder()) || night.equals(n.runId()) || night.equals(n.date());
    }

    /** Whether this acceptance covers change {@code c} of a history whose nights are {@code nights}. */
    boolean covers(Change c, List<Night> nights) {
        if (!c.figure().label().contains(figure)) return false;
        int after = nights.indexOf(c.after());
        for (int i = Math.max(0, after - 1); i <= Math.min(nights.size() - 1, after + 1); i++) if (names(nights.get(i))) return true;
        return false;
    }

    /** "accepted 2026-11-29 by alice (jdkmatrix accept): the new parser allocates more, on purpose". */
    public String text() {
        return "accepted" + (at.length() >= 10 ? " " + at.substring(0, 10) : "") + (by.isEmpty() ? "" : " by " + by) + (how.isEmpty() ? "" : " (" + how + ")")
                + (note.isEmpty() ? "" : ": " + note);
    }

    /** The acceptances a site keeps (none where it keeps no file). */
    public static List<Acceptance> read(Path site) throws IOException {
        Path f = site.resolve(FILE);
        if (!Files.isRegularFile(f)) return List.of();
        try {
            return List.of(MAPPER.readValue(f.toFile(), Acceptance[].class));
        } catch (IOException e) {
            throw new IOException(f + " cannot be read (" + e.getMessage().lines().findFirst().orElse("") + "); fix: mend it or remove it (it holds a JSON list of "
                    + "{figure, night, note, by, at, how}), then accept again", e);
        }
    }

    /** {@code a} added to the site's acceptances, written atomically. */
    public static void add(Path site, Acceptance a) throws IOException {
        List<Acceptance> all = new ArrayList<>(read(site));
        all.add(a);
        Path f = site.resolve(FILE);
        Path tmp = f.resolveSibling(FILE + ".tmp");
        MAPPER.writeValue(tmp.toFile(), all);
        Files.move(tmp, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
