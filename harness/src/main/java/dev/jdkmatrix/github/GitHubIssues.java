package dev.jdkmatrix.github;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one door to a GitHub repository's issues (REST API v3, {@code 2022-11-28}): list the open issues of a label, open one,
 * change its title and body, comment on it, close it; list an issue's or a pull request's comments, change one; say whose the
 * token is. The API's address is GitHub's, GitHub Enterprise's, or a stand-in's
 * ({@code GITHUB_API_URL}); the token is read by the caller from the environment, never from a command line. Every failure
 * says which request, what the API answered, and how to fix it.
 */
public final class GitHubIssues {

    /** An issue as the API holds it. */
    public record Issue(long number, String title, String body) {
        public Issue {
            if (number < 1) throw new IllegalArgumentException("an issue's number is positive, got " + number);
        }
    }

    /** A comment on an issue or a pull request, and who wrote it. */
    public record Comment(long id, String author, String body) {
        public Comment {
            if (id < 1) throw new IllegalArgumentException("a comment's id is positive, got " + id);
            Objects.requireNonNull(author, "author");
            Objects.requireNonNull(body, "body");
        }
    }

    /** A request the API refused or did not answer. */
    public static final class Failure extends IOException {
        public Failure(String message) {
            super(message);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 100;
    private static final int MAX_PAGES = 50;

    private final URI api;
    private final String repository;
    private final String token;
    private final HttpClient http;

    /**
     * @param api        e.g. https://api.github.com (no trailing slash needed)
     * @param repository owner/name
     * @param token      a token that may write the repository's issues
     */
    public GitHubIssues(String api, String repository, String token) {
        Objects.requireNonNull(api, "api");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(token, "token");
        if (!api.matches("https?://[^\\s]+")) throw new IllegalArgumentException("GitHub's API address is an http(s) URL, got '" + api + "'");
        if (!repository.matches("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("a repository is owner/name (letters, digits, . _ -), got '" + repository + "'");
        }
        if (token.isBlank() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) throw new IllegalArgumentException("a token is printable ASCII without spaces, and not empty");
        this.api = URI.create(api.replaceAll("/+$", "") + "/");
        this.repository = repository;
        this.token = token;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** The open issues that carry {@code label}, oldest first (pull requests, which the API lists too, left out). */
    public List<Issue> open(String label) throws IOException {
        List<Issue> out = new ArrayList<>();
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode list = send("GET", "repos/" + repository + "/issues?state=open&sort=created&direction=asc&per_page=" + PAGE + "&page=" + page
                    + "&labels=" + java.net.URLEncoder.encode(label, java.nio.charset.StandardCharsets.UTF_8), null);
            if (!list.isArray()) throw new Failure("GET the open issues of " + repository + ": the API answered no list\n  fix: check GITHUB_API_URL (" + api + ")");
            for (JsonNode i : list) {
                if (i.has("pull_request")) continue;
                out.add(new Issue(i.path("number").asLong(), i.path("title").asText(""), i.path("body").asText("")));
            }
            if (list.size() < PAGE) return out;
        }
        return out;
    }

    /** Opens an issue with {@code label}; its number. */
    public long create(String title, String body, String label) throws IOException {
        ObjectNode o = JSON.createObjectNode().put("title", title).put("body", body);
        o.putArray("labels").add(label);
        return send("POST", "repos/" + repository + "/issues", o).path("number").asLong();
    }

    /** Sets an issue's title and body. */
    public void update(long number, String title, String body) throws IOException {
        send("PATCH", "repos/" + repository + "/issues/" + number, JSON.createObjectNode().put("title", title).put("body", body));
    }

    /** Comments on an issue (or a pull request, which is an issue to this API); the comment's id. */
    public long comment(long number, String body) throws IOException {
        return send("POST", "repos/" + repository + "/issues/" + number + "/comments", JSON.createObjectNode().put("body", body)).path("id").asLong();
    }

    /** An issue's (or a pull request's) comments, oldest first. */
    public List<Comment> comments(long number) throws IOException {
        List<Comment> out = new ArrayList<>();
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode list = send("GET", "repos/" + repository + "/issues/" + number + "/comments?per_page=" + PAGE + "&page=" + page, null);
            if (!list.isArray()) throw new Failure("GET the comments of #" + number + " of " + repository + ": the API answered no list\n  fix: check GITHUB_API_URL (" + api + ")");
            for (JsonNode c : list) out.add(new Comment(c.path("id").asLong(), c.path("user").path("login").asText(""), c.path("body").asText("")));
            if (list.size() < PAGE) return out;
        }
        return out;
    }

    /** Sets a comment's body. */
    public void updateComment(long id, String body) throws IOException {
        send("PATCH", "repos/" + repository + "/issues/comments/" + id, JSON.createObjectNode().put("body", body));
    }

    /**
     * The login of the token's user, or empty for a token that has none to say: a GitHub App's, as a workflow's
     * {@code GITHUB_TOKEN} is (GitHub answers 403 "Resource not accessible by integration"); its comments are
     * {@code github-actions[bot]}'s.
     */
    public java.util.Optional<String> login() throws IOException {
        HttpResponse<String> r = exchange("GET", "user", null);
        if (r.statusCode() == 403 || r.statusCode() == 404) return java.util.Optional.empty();
        String login = checked("GET", r).path("login").asText("");
        return login.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(login);
    }

    /** Closes an issue, {@code reason} completed or not_planned. */
    public void close(long number, String reason) throws IOException {
        if (!reason.equals("completed") && !reason.equals("not_planned")) throw new IllegalArgumentException("a close reason is completed or not_planned, got " + reason);
        send("PATCH", "repos/" + repository + "/issues/" + number, JSON.createObjectNode().put("state", "closed").put("state_reason", reason));
    }

    private JsonNode send(String method, String path, ObjectNode body) throws IOException {
        return checked(method, exchange(method, path, body));
    }

    private JsonNode checked(String method, HttpResponse<String> r) throws IOException {
        URI uri = r.uri();
        if (r.statusCode() / 100 != 2) throw new Failure(method + " " + uri + ": HTTP " + r.statusCode() + " " + brief(r.body()) + "\n  fix: " + fix(r.statusCode()));
        return r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }

    private HttpResponse<String> exchange(String method, String path, ObjectNode body) throws IOException {
        URI uri = api.resolve(path);
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/vnd.github+json").header("X-GitHub-Api-Version", "2022-11-28")
                .header("Authorization", "Bearer " + token).header("User-Agent", "jdkmatrix");
        if (body != null) b.header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(method + " " + uri + ": interrupted");
        } catch (IOException e) {
            throw new Failure(method + " " + uri + ": no answer (" + e + ")\n  fix: check GITHUB_API_URL (" + api + ") and that this runner reaches it");
        }
        return r;
    }

    private String fix(int status) {
        return switch (status) {
            case 401 -> "the token was refused: give a valid one in GITHUB_TOKEN";
            case 403 -> "the token may not write " + repository + "'s issues or pull request comments: grant the job 'issues: write' (regression-issues) or "
                    + "'pull-requests: write' (pr-comment), and the caller workflow too; a pull request from a fork gets a read-only token; or wait out a rate limit";
            case 404 -> "no repository " + repository + " at " + api + ", or the token cannot see it: check --repository and GITHUB_API_URL";
            case 410 -> repository + " has its issues turned off: turn them on in its settings, or leave open-issues off";
            case 422 -> "GitHub refused the fields (an issue's label may be missing and not creatable by this token: create the label jdkmatrix-regression once; "
                    + "or a body is over 65,536 characters)";
            default -> "try again later; the answer above says what GitHub saw";
        };
    }

    /** The API's message, or the first 200 characters of its answer. */
    private static String brief(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.hasNonNull("message")) return "(" + n.get("message").asText() + ")";
        } catch (IOException e) {
            // not JSON: said as it came
        }
        String s = body == null ? "" : body.replaceAll("\\s+", " ");
        return s.length() > 200 ? "(" + s.substring(0, 200) + "...)" : "(" + s + ")";
    }
}
