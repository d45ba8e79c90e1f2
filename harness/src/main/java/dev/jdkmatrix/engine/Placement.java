package dev.jdkmatrix.engine;

import dev.jdkmatrix.ExitException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which nodes of a cluster take a session's pods ({@code run --node-selector}, {@code --toleration}):
 * the labels a node must carry, and the taints the pods tolerate. A cluster's benchmark nodes are
 * usually a pool of their own, labelled and tainted so that nothing else lands there; a session
 * names the pool and its pods (measured runs and probes alike) go nowhere else. The session checks
 * its cells against those nodes only, probes each of them, and runs as many groups side by side as
 * there are ({@code --parallel}).
 */
public record Placement(Map<String, String> nodeSelector, List<Toleration> tolerations) {

    /** Any node the scheduler likes (no selector, no toleration). */
    public static final Placement ANY = new Placement(Map.of(), List.of());

    /** A label's key: an optional DNS prefix and a slash, then a name of at most 63 characters. */
    private static final Pattern KEY = Pattern.compile("([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
    /** A label's value: empty, or at most 63 characters starting and ending with a letter or digit. */
    private static final Pattern VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");
    /** The taint effects Kubernetes knows. */
    static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    public Placement {
        nodeSelector = Map.copyOf(nodeSelector);
        tolerations = List.copyOf(tolerations);
        for (var e : nodeSelector.entrySet()) {
            if (!validKey(e.getKey()) || !VALUE.matcher(e.getValue()).matches()) {
                throw new ExitException(ExitException.BAD_INPUT, "--node-selector '" + e.getKey() + "=" + e.getValue() + "' is no node label"
                        + "\n  fix: KEY=VALUE as a node's label has it (kubectl get nodes --show-labels), e.g. --node-selector dev.jdkmatrix/pool=bench");
            }
        }
    }

    /**
     * A taint the pods tolerate: its key, its value (null: any value, the operator Exists) and its
     * effect (null: every effect).
     */
    public record Toleration(String key, String value, String effect) {
        public Toleration {
            if (key == null || !validKey(key) || value != null && !VALUE.matcher(value).matches() || effect != null && !EFFECTS.contains(effect)) {
                throw new ExitException(ExitException.BAD_INPUT, "--toleration '" + text(key, value, effect) + "' is no toleration"
                        + "\n  fix: KEY[=VALUE][:EFFECT] as kubectl taint writes a taint, EFFECT one of " + String.join(", ", EFFECTS)
                        + ", e.g. --toleration dev.jdkmatrix/pool=bench:NoSchedule");
            }
        }

        /** {@code KEY[=VALUE][:EFFECT]}, as {@code kubectl taint} writes a taint. */
        public static Toleration parse(String text) {
            String rest = text == null ? "" : text.strip();
            String effect = null;
            int colon = rest.lastIndexOf(':');
            if (colon >= 0) {
                effect = rest.substring(colon + 1);
                rest = rest.substring(0, colon);
            }
            int eq = rest.indexOf('=');
            return eq < 0 ? new Toleration(rest, null, effect) : new Toleration(rest.substring(0, eq), rest.substring(eq + 1), effect);
        }

        boolean tolerates(Taint t) {
            return key.equals(t.getKey()) && (value == null || value.equals(t.getValue() == null ? "" : t.getValue()))
                    && (effect == null || effect.equals(t.getEffect()));
        }

        @Override
        public String toString() {
            return text(key, value, effect);
        }

        private static String text(String key, String value, String effect) {
            return key + (value == null ? "" : "=" + value) + (effect == null ? "" : ":" + effect);
        }
    }

    /** A placement of {@code --node-selector KEY=VALUE} and {@code --toleration KEY[=VALUE][:EFFECT]} options (either list may be null). */
    public static Placement parse(List<String> selectors, List<String> tolerations) {
        Map<String, String> selector = new LinkedHashMap<>();
        for (String s : selectors == null ? List.<String>of() : selectors) {
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw new ExitException(ExitException.BAD_INPUT, "--node-selector '" + s + "' names no value"
                        + "\n  fix: KEY=VALUE as a node's label has it, e.g. --node-selector dev.jdkmatrix/pool=bench");
            }
            selector.put(s.substring(0, eq).strip(), s.substring(eq + 1).strip());
        }
        List<Toleration> tols = new ArrayList<>();
        for (String t : tolerations == null ? List.<String>of() : tolerations) tols.add(Toleration.parse(t));
        return new Placement(selector, tols);
    }

    private static boolean validKey(String key) {
        int slash = key.indexOf('/');
        return KEY.matcher(key).matches() && (slash < 0 || slash <= 253);
    }

    /** The pod goes to the nodes this placement names only. Its own node selector (a node it is bound to) is kept. */
    void applyTo(PodSpec pod) {
        if (!nodeSelector.isEmpty()) {
            Map<String, String> s = new LinkedHashMap<>(nodeSelector);
            if (pod.getNodeSelector() != null) s.putAll(pod.getNodeSelector());
            pod.setNodeSelector(s);
        }
        if (!tolerations.isEmpty()) {
            pod.setTolerations(tolerations.stream().map(t -> new TolerationBuilder().withKey(t.key()).withOperator(t.value() == null ? "Exists" : "Equal")
                    .withValue(t.value()).withEffect(t.effect()).build()).toList());
        }
    }

    /**
     * Why {@code node} takes none of the session's measured pods, or empty where it takes them: not
     * Ready, cordoned, a label of the selector it lacks, a taint (NoSchedule, NoExecute) not tolerated.
     */
    public Optional<String> refuses(Node node) {
        if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) return Optional.of("cordoned");
        boolean ready = node.getStatus() != null && node.getStatus().getConditions() != null && node.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        if (!ready) return Optional.of("not Ready");
        Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
        for (var e : nodeSelector.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) return Optional.of("no label " + e.getKey() + "=" + e.getValue());
        }
        for (Taint t : node.getSpec() == null || node.getSpec().getTaints() == null ? List.<Taint>of() : node.getSpec().getTaints()) {
            if ("PreferNoSchedule".equals(t.getEffect())) continue;
            if (tolerations.stream().noneMatch(tol -> tol.tolerates(t))) {
                return Optional.of("its taint " + t.getKey() + (t.getValue() == null || t.getValue().isEmpty() ? "" : "=" + t.getValue()) + ":" + t.getEffect()
                        + " not tolerated");
            }
        }
        return Optional.empty();
    }

    /** For the screen and run.json: empty for {@link #ANY}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        nodeSelector.forEach((k, v) -> parts.add("node label " + k + "=" + v));
        tolerations.forEach(t -> parts.add("tolerating " + t));
        return String.join(", ", parts);
    }
}
