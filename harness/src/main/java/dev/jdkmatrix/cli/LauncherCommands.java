package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The commands the launcher runs itself ({@code harness/scripts/jdkmatrix.sh}, a release's
 * {@code bin/jdkmatrix}): {@code setup} and {@code publish} are shell scripts, listed here so that
 * {@code --help} names them and each has its own help; run through the jar they say where they run.
 */
final class LauncherCommands {

    private LauncherCommands() {}

    @Command(name = "setup", mixinStandardHelpOptions = true, description = {
            "Bring up what a run needs: a Docker engine (Debian's docker.io installed and started where none answers and we are root; "
                    + "DOCKER_HOST's where it is set) and the base image debian:trixie-slim (pulled, or built with mmdebstrap where no registry answers). "
                    + "Run by the launcher: harness/scripts/jdkmatrix.sh setup (make setup).",
            "Exit 0 when both are ready."})
    static final class Setup implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new ExitException(ExitException.BAD_INPUT, "setup is run by the launcher, not the jar\n  fix: harness/scripts/jdkmatrix.sh setup (a release's bin/jdkmatrix setup), or make setup");
        }
    }

    @Command(name = "publish", mixinStandardHelpOptions = true, description = {
            "Add a night to a site: its stored files copied under SITE/<name>/ (CSV gzipped), its gallery within the night's byte budget, "
                    + "the comparison with the night before, the site's index and its history (docs/nightly.md). Run by the launcher "
                    + "(harness/scripts/jdkmatrix.sh publish SITE NEW, make publish SITE=dir NEW=dir); its settings are environment variables: "
                    + "RUNNER_CLASS, KEEP_GALLERIES, HISTORY_OPTIONS, NIGHT_BYTES, EXPORT (docs/nightly.md).",
            "Exit 0 when the night was published."})
    static final class Publish implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "SITE", description = "the site: a folder of published nights (made by the first publish)")
        String site;

        @Parameters(index = "1", paramLabel = "NEW", description = "the night's results folder, written by 'run' or 'merge'")
        String night;

        @Override
        public Integer call() {
            throw new ExitException(ExitException.BAD_INPUT, "publish is run by the launcher, not the jar\n  fix: harness/scripts/jdkmatrix.sh publish " + site + " " + night
                    + " (a release's bin/jdkmatrix publish), or make publish SITE=" + site + " NEW=" + night);
        }
    }
}
