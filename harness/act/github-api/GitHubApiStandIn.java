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
 * A stand-in of GitHub's REST API for issues, on loopback only (no GitHub here): what jdkmatrix regression-issues calls, and
 * nothing else. It keeps issues in memory, refuses a request without {@code Authorization: Bearer TOKEN} (401), and logs
 * every request it answers as a JSON line (method, path, query, body) for a test to check.
 *
 * <p>Run: {@code java -cp <a classpath with jackson-databind, e.g. harness/target/jdkmatrix.jar> GitHubApiStandIn.java PORT_FILE LOG_FILE TOKEN};
 * it writes its port to PORT_FILE once it listens, and stops when its standard input closes or it is killed.
 */
public final class GitHubApiStandIn {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ISSUES = Pattern.compile("/repos/([^/]+)/([^/]+)/issues");
    private static final Pattern ISSUE = Pattern.compile("/repos/([^/]+)/([^/]+)/issues/(\\d+)");
    private static final Pattern COMMENTS = Pattern.compile("/repos/([^/]+)/([^/]+)/issues/(\\d+)/comments");

    private final Map<Long, ObjectNode> issues = new LinkedHashMap<>();
    private final Path log;
    private final String token;

    private GitHubApiStandIn(Path log, String token) {
        this.log = log;
        this.token = token;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) throw new IllegalArgumentException("usage: GitHubApiStandIn PORT_FILE LOG_FILE TOKEN");
        GitHubApiStandIn api = new GitHubApiStandIn(Path.of(args[1]), args[2]);
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
        line.put("authorized", ("Bearer " + token).equals(x.getRequestHeaders().getFirst("Authorization")));
        Files.writeString(log, JSON.writeValueAsString(line) + "\n", StandardOpenOption.APPEND);
        if (!line.get("authorized").asBoolean()) {
            send(x, 401, JSON.createObjectNode().put("message", "Bad credentials"));
            return;
        }
        Matcher m;
        if (method.equals("GET") && ISSUES.matcher(path).matches()) {
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
        } else if (method.equals("POST") && (m = COMMENTS.matcher(path)).matches() && issues.containsKey(Long.parseLong(m.group(3)))) {
            ((ArrayNode) issues.get(Long.parseLong(m.group(3))).get("comments_bodies")).add(JSON.readTree(body).path("body").asText());
            send(x, 201, JSON.createObjectNode().put("id", 1));
        } else {
            send(x, 404, JSON.createObjectNode().put("message", "Not Found"));
        }
    }

    /** The open issues with every label the query names, oldest first, paged as GitHub pages them. */
    private ArrayNode list(String query) {
        Map<String, String> q = new LinkedHashMap<>();
        for (String kv : query.split("&")) {
            int eq = kv.indexOf('=');
            if (eq > 0) q.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
        List<String> wanted = q.containsKey("labels") ? List.of(q.get("labels").split(",")) : List.of();
        int perPage = Integer.parseInt(q.getOrDefault("per_page", "30"));
        int page = Integer.parseInt(q.getOrDefault("page", "1"));
        List<ObjectNode> open = new ArrayList<>();
        for (ObjectNode i : issues.values()) {
            List<String> has = new ArrayList<>();
            i.get("labels").forEach(l -> has.add(l.path("name").asText()));
            if (i.path("state").asText().equals(q.getOrDefault("state", "open")) && has.containsAll(wanted)) open.add(i);
        }
        ArrayNode out = JSON.createArrayNode();
        open.stream().skip((long) (page - 1) * perPage).limit(perPage).forEach(out::add);
        return out;
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
