package dev.jdkmatrix.images;

import java.time.Duration;
import java.util.Objects;

/** A JDK image ready to run: the reference used to start containers and the id Docker gave it. */
public record ImageRef(String jdk, String reference, String imageId, boolean built, Duration buildTime) {
    public ImageRef {
        Objects.requireNonNull(jdk, "jdk");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(imageId, "imageId");
        Objects.requireNonNull(buildTime, "buildTime");
    }
}
