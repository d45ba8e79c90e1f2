import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in of GitHub's REST API for issues and their comments, on loopback only (no GitHub here): what jdkmatrix
 * regression-issues and pr-comment call, and nothing else. It keeps issues and comments in memory (a pull request's comments
 * as an issue's, as GitHub does), refuses a request without a known {@code Authorization: Bearer TOKEN} (401), writes each
 * comment as its token's user, and logs every request it answers as a JSON line (method, path, query, body, user) for a test
 * to check. A token is given as TOKEN=LOGIN (a person's: /user names them) or TOKEN alone (a workflow's, whose comments are
 * github-actions[bot]'s and which /user refuses with 403, as GitHub refuses an App's token).
 *
 * <p>Run: {@code java -cp <a classpath with jackson-databind, e.g. harness/target/jdkmatrix.jar> GitHubApiStandIn.java PORT_FILE LOG_FILE TOKEN[=LOGIN]...};
 * it writes its port to PORT_FILE once it listens, and stops when its standard input closes or it is killed.
 */
public final class GitHubApiStandIn {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ISSUES = Pattern.compile("/repos/([^/]+)/([^/]+)/issues");
    private static final Pattern ISSUE = Pattern.compile("/repos/([^/]+)/([^/]+)/issues/(\\d+)");
    private static final Pattern COMMENTS = Pattern.compile("/repos/([^/]+)/([^/]+)/issues/(\\d+)/comments");
    private static final Pattern COMMENT = Pattern.compile("/repos/([^/]+)/([^/]+)/issues/comments/(\\d+)");
    private static final String BOT = "github-actions[bot]";

    private final Map<Long, ObjectNode> issues = new LinkedHashMap<>();
    /** Every comment by its id, in the order made, with its issue's (or pull request's) number. */
    private final Map<Long, ObjectNode> comments = new LinkedHashMap<>();
    private final Path log;
    /** Each token's user. */
    private final Map<String, String> users = new LinkedHashMap<>();

    private GitHubApiStandIn(Path log, List<String> tokens) {
        this.log = log;
        for (String t : tokens) {
            int eq = t.indexOf('=');
            users.put(eq < 0 ? t : t.substring(0, eq), eq < 0 ? BOT : t.substring(eq + 1));
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) throw new IllegalArgumentException("usage: GitHubApiStandIn PORT_FILE LOG_FILE TOKEN[=LOGIN]...");
        GitHubApiStandIn api = new GitHubApiStandIn(Path.of(args[1]), List.of(args).subList(2, args.length));
        Files.writeString(api.log, "");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", api::answer);
        server.start();
        Path port = Path.of(args[0]);
        Files.writeString(Path.of(args[0] + ".tmp"), Integer.toString(server.getAddress().getPort()));
        Files.move(Path.of(args[0] + ".tmp"), port, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        while (System.in.read() >= 0) {
            // until standard input closes
        }
        server.stop(0);
    }

    private synchronized void answer(HttpExchange x) throws IOException {
        String method = x.getRequestMethod();
        String path = x.getRequestURI().getPath();
        String query = x.getRequestURI().getRawQuery() == null ? "" : x.getRequestURI().getRawQuery();
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        ObjectNode line = JSON.createObjectNode().put("method", method).put("path", path).put("query", query);
        line.set("body", body.isBlank() ? JSON.nullNode() : JSON.readTree(body));
        String auth = x.getRequestHeaders().getFirst("Authorization");
        String user = auth != null && auth.startsWith("Bearer ") ? users.get(auth.substring("Bearer ".length())) : null;
        line.put("authorized", user != null);
        line.put("user", user);
        Files.writeString(log, JSON.writeValueAsString(line) + "\n", StandardOpenOption.APPEND);
        if (user == null) {
            send(x, 401, JSON.createObjectNode().put("message", "Bad credentials"));
            return;
        }
        Matcher m;
        if (method.equals("GET") && path.equals("/user")) {
            if (user.equals(BOT)) send(x, 403, JSON.createObjectNode().put("message", "Resource not accessible by integration"));
            else send(x, 200, JSON.createObjectNode().put("login", user));
        } else if (method.equals("GET") && (m = COMMENTS.matcher(path)).matches()) {
            send(x, 200, page(commentsOf(Long.parseLong(m.group(3))), query));
        } else if (method.equals("POST") && (m = COMMENTS.matcher(path)).matches()) {
            long number = Long.parseLong(m.group(3));
            String text = JSON.readTree(body).path("body").asText();
            if (issues.containsKey(number)) ((ArrayNode) issues.get(number).get("comments_bodies")).add(text);
            long id = comments.size() + 1;
            ObjectNode c = JSON.createObjectNode().put("id", id).put("issue", number).put("body", text);
            c.putObject("user").put("login", user);
            comments.put(id, c);
            send(x, 201, c);
        } else if (method.equals("PATCH") && (m = COMMENT.matcher(path)).matches() && comments.containsKey(Long.parseLong(m.group(3)))) {
            ObjectNode c = comments.get(Long.parseLong(m.group(3)));
            if (!c.path("user").path("login").asText().equals(user)) {
                send(x, 403, JSON.createObjectNode().put("message", "Must have admin rights to Repository."));
                return;
            }
            c.put("body", JSON.readTree(body).path("body").asText());
            send(x, 200, c);
        } else if (method.equals("GET") && ISSUES.matcher(path).matches()) {
            send(x, 200, list(query));
        } else if (method.equals("POST") && ISSUES.matcher(path).matches()) {
            JsonNode in = JSON.readTree(body);
            long number = issues.size() + 1;
            ObjectNode issue = JSON.createObjectNode().put("number", number).put("state", "open").put("title", in.path("title").asText()).put("body", in.path("body").asText());
            issue.set("labels", labels(in.path("labels")));
            issue.putArray("comments_bodies");
            issues.put(number, issue);
            send(x, 201, issue);
        } else if (method.equals("PATCH") && (m = ISSUE.matcher(path)).matches() && issues.containsKey(Long.parseLong(m.group(3)))) {
            ObjectNode issue = issues.get(Long.parseLong(m.group(3)));
            JSON.readTree(body).properties().forEach(e -> issue.set(e.getKey(), e.getValue()));
            send(x, 200, issue);
        } else {
            send(x, 404, JSON.createObjectNode().put("message", "Not Found"));
        }
    }

    /** The open issues with every label the query names, oldest first, paged as GitHub pages them. */
    private ArrayNode list(String query) {
        Map<String, String> q = query(query);
        List<String> wanted = q.containsKey("labels") ? List.of(q.get("labels").split(",")) : List.of();
        List<ObjectNode> open = new ArrayList<>();
        for (ObjectNode i : issues.values()) {
            List<String> has = new ArrayList<>();
            i.get("labels").forEach(l -> has.add(l.path("name").asText()));
            if (i.path("state").asText().equals(q.getOrDefault("state", "open")) && has.containsAll(wanted)) open.add(i);
        }
        return page(open, query);
    }

    /** The comments of an issue or a pull request, oldest first. */
    private List<ObjectNode> commentsOf(long number) {
        return comments.values().stream().filter(c -> c.path("issue").asLong() == number).toList();
    }

    /** A page of {@code items}, as the query's per_page and page ask. */
    private static ArrayNode page(List<ObjectNode> items, String query) {
        Map<String, String> q = query(query);
        int perPage = Integer.parseInt(q.getOrDefault("per_page", "30"));
        int page = Integer.parseInt(q.getOrDefault("page", "1"));
        ArrayNode out = JSON.createArrayNode();
        items.stream().skip((long) (page - 1) * perPage).limit(perPage).forEach(out::add);
        return out;
    }

    private static Map<String, String> query(String query) {
        Map<String, String> q = new LinkedHashMap<>();
        for (String kv : query.split("&")) {
            int eq = kv.indexOf('=');
            if (eq > 0) q.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return q;
    }

    private static ArrayNode labels(JsonNode names) {
        ArrayNode out = JSON.createArrayNode();
        names.forEach(n -> out.addObject().put("name", n.asText()));
        return out;
    }

    private static void send(HttpExchange x, int status, JsonNode body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }
}
