package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar jdkmatrix.jar <command>}. The only place that maps errors to exit codes. */
@Command(name = "jdkmatrix", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Runs a matrix of JDKs x CPU limits x memory x workloads x executors in constrained containers.",
        subcommands = {JmhCommand.class, JarCommand.class, BisectCommand.class, PlanCommand.class, WorkloadsCommand.class, RunCommand.class, MergeCommand.class, LabelCommand.class, PullRequestMatrixCommand.class, PullRequestVerdictCommand.class, PullRequestCommentCommand.class, AcceptCommand.class, RegressionIssuesCommand.class, CompareCommand.class, PreviousCommand.class, PruneCommand.class, ReportCommand.class, IndexCommand.class, HistoryCommand.class, ClaimsCommand.class, LauncherCommands.Setup.class, LauncherCommands.Publish.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) throws Exception {
        if (Relaunch.needed(args)) {
            System.exit(Relaunch.run(args));
            return;
        }
        Relaunch.exitWithParent();
        System.setProperty("java.awt.headless", "true");
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = execute(args, out, err);
        out.flush();
        err.flush();
        if (code == ExitException.ENGINE_LOST) {
            // The shutdown hooks would talk to the lost engine (Testcontainers' reaper prunes its
            // containers through it) and, if it hangs rather than refuses, wait for ever. Nothing
            // else is pending: every stored row is synced, the lock goes with the process, and the
            // run's labelled containers are removed by the next start (the resume).
            Runtime.getRuntime().halt(code);
        }
        System.exit(code);
    }

    /** Runs a command with the given writers; returns the exit code. Tests call this. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        CommandLine.IParameterExceptionHandler usage = cl.getParameterExceptionHandler();
        cl.setParameterExceptionHandler((ex, rest) -> {
            // an unknown command: said as one, with the nearest (picocli suggests only for options)
            if (ex instanceof CommandLine.UnmatchedArgumentException u && ex.getCommandLine().getParent() == null && !u.getUnmatched().isEmpty()
                    && !u.getUnmatched().get(0).startsWith("-")) {
                String unknown = u.getUnmatched().get(0);
                ex.getCommandLine().getErr().println("jdkmatrix: unknown command '" + unknown + "'\n  fix: "
                        + dev.jdkmatrix.matrix.Suggest.fix(unknown, ex.getCommandLine().getSubcommands().keySet(), "commands"));
                ex.getCommandLine().getErr().flush();
                return ExitException.BAD_INPUT;
            }
            return usage.handleParseException(ex, rest);
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            if (ex instanceof ExitException e) {
                cmd.getErr().println("jdkmatrix: " + e.getMessage());
                cmd.getErr().flush();
                return e.exitCode();
            }
            throw ex;
        });
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
