package dev.jdkmatrix.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntFunction;

/** Writes nights 0 .. n-1 of a site with SiteFixture, night i's settings from {@code night}. */
final class SplittableNights {

    private SplittableNights() {}

    static void write(Path site, int n, IntFunction<SiteFixture.Night> night) throws IOException {
        for (int i = 0; i < n; i++) SiteFixture.write(site, i, night.apply(i), 1);
    }
}
