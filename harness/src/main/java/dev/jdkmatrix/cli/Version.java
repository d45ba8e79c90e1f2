package dev.jdkmatrix.cli;

import dev.jdkmatrix.Build;
import picocli.CommandLine;

/** {@code jdkmatrix --version}: the harness's version and the commit its jar was built at ({@link Build}). */
public final class Version implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {Build.text()};
    }
}
