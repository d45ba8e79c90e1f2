package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.github.GitHubIssues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How a command reaches a repository through GitHub's REST API (a mixin of regression-issues and pr-comment): the repository,
 * the API's address, and the token, read from $GITHUB_TOKEN, $GH_TOKEN or a file, never from the command line.
 */
final class GitHubAccess {

    @Option(names = "--repository", paramLabel = "OWNER/NAME", description = "the repository (default: $GITHUB_REPOSITORY)")
    String repository;

    @Option(names = "--api", paramLabel = "URL", description = "GitHub's REST API (default: $GITHUB_API_URL, else https://api.github.com)")
    String api;

    @Option(names = "--token-file", paramLabel = "FILE", description = "read the token from FILE instead of $GITHUB_TOKEN")
    Path tokenFile;

    /** The door to the repository's issues, or a refusal that says what is missing; {@code may}: what the token must be allowed ("write issues"). */
    GitHubIssues door(Map<String, String> env, String may, String permission) {
        String repo = repository != null ? repository : env.getOrDefault("GITHUB_REPOSITORY", "");
        String url = api != null ? api : env.getOrDefault("GITHUB_API_URL", "https://api.github.com");
        String token = env.getOrDefault("GITHUB_TOKEN", env.getOrDefault("GH_TOKEN", ""));
        if (tokenFile != null) {
            try {
                token = Files.readString(tokenFile).strip();
            } catch (IOException e) {
                throw new ExitException(ExitException.BAD_INPUT, "cannot read --token-file " + tokenFile + ": " + e.getMessage() + "\n  fix: name a readable file that holds the token");
            }
        }
        if (repo.isEmpty()) throw new ExitException(ExitException.BAD_INPUT, "no repository named\n  fix: --repository owner/name (or $GITHUB_REPOSITORY)");
        if (token.isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, "no token in $GITHUB_TOKEN, $GH_TOKEN or --token-file\n  fix: export GITHUB_TOKEN=<a token that may " + may + " in " + repo
                    + "> (in a workflow: env: GITHUB_TOKEN: ${{ github.token }} with permissions: " + permission + ")");
        }
        try {
            return new GitHubIssues(url, repo, token);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, e.getMessage() + "\n  fix: --repository owner/name, --api https://api.github.com");
        }
    }
}
