package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests that parse matrices written to a folder of their own, with the Dockerfiles a matrix names beside them. */
abstract class MatrixFiles {

    @TempDir
    Path dir;

    @BeforeEach
    void dockerfiles() throws IOException {
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Files.writeString(dir.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
    }

    Matrix parse(String yaml) throws IOException {
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, yaml);
        return new MatrixParser().parse(f);
    }
}
