package dev.jdkmatrix.engine;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.output.ContainerResult;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a session asks of the engine its runs are measured on: one run's container, made, waited
 * for, read and removed, and the ones running stopped on a signal. {@link ContainerRunner} makes
 * each run a Docker container; {@link KubernetesRunner} a Kubernetes Job. The rest of what a
 * session asks of its engine (what it refuses, the sweep, the images and probes, the lease, how
 * runs are placed and watched) is {@link EngineSession}'s, which makes this one ({@link EngineSession#runs}).
 */
public sealed interface RunEngine permits ContainerRunner, KubernetesRunner {

    /**
     * Runs {@code cell} once from {@code image} as {@code name}: {@code slot} says where and when
     * ({@link RunSlot}: the CPUs of a Docker engine it is pinned to, and the partners of a duet it
     * starts with), {@code files} maps the files the run writes under {@link Commands#CONTAINER_OUT_DIR}
     * to where they are stored (absent afterwards when it wrote none), {@code profile} samples a profile run.
     */
    ContainerResult run(Cell cell, String image, String name, RunSlot slot, Map<String, Path> files, Profile profile);

    /** Stops the runs in flight: for a shutdown hook. Each running thread then collects and removes its run as after any other. */
    void abortCurrent();
}
