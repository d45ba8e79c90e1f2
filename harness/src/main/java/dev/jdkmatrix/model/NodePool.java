package dev.jdkmatrix.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The nodes of a Kubernetes cluster that take a session's pods: the labels a node must carry
 * ({@code nodeSelector}) and the taints the pods tolerate. A cluster's benchmark nodes are usually
 * a pool of their own, labelled and tainted so that nothing else lands there; a matrix
 * ({@code kubernetes: { node-selector: ..., tolerations: [...] }}) or a session
 * ({@code run --node-selector}, {@code --toleration}) names the pool. Text checked as Kubernetes
 * checks it: a bad key, value or effect is refused with what to write.
 */
public record NodePool(Map<String, String> nodeSelector, List<Toleration> tolerations) {

    /** Any node the scheduler likes. */
    public static final NodePool ANY = new NodePool(Map.of(), List.of());

    /** A label's key: an optional DNS prefix and a slash, then a name of at most 63 characters. */
    private static final Pattern KEY = Pattern.compile("([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
    /** A label's value: empty, or at most 63 characters starting and ending with a letter or digit. */
    private static final Pattern VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");
    /** The taint effects Kubernetes knows. */
    public static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");
    /** How a label is written, for the fixes. */
    public static final String LABEL_FORM = "KEY=VALUE as a node's label has it (kubectl get nodes --show-labels), e.g. dev.jdkmatrix/pool=bench";
    /** How a toleration is written, for the fixes. */
    public static final String TOLERATION_FORM = "KEY[=VALUE][:EFFECT] as kubectl taint writes a taint, EFFECT one of " + String.join(", ", EFFECTS)
            + ", e.g. dev.jdkmatrix/pool=bench:NoSchedule";

    /** A label or toleration Kubernetes would refuse: what is wrong, and the form to write instead (each caller names where it was written). */
    public static final class Invalid extends IllegalArgumentException {
        private final String problem;
        private final String form;

        Invalid(String problem, String form) {
            super(problem + ": write " + form);
            this.problem = problem;
            this.form = form;
        }

        public String problem() {
            return problem;
        }

        public String form() {
            return form;
        }
    }

    public NodePool {
        nodeSelector = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nodeSelector));
        tolerations = List.copyOf(tolerations);
        for (var e : nodeSelector.entrySet()) {
            if (!validKey(e.getKey()) || e.getValue() == null || !VALUE.matcher(e.getValue()).matches()) {
                throw new Invalid("'" + e.getKey() + "=" + e.getValue() + "' is no node label", LABEL_FORM);
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
                throw new Invalid("'" + text(key, value, effect) + "' is no toleration", TOLERATION_FORM);
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

        /** Whether it tolerates a taint of this key, value (null: none) and effect. */
        public boolean tolerates(String taintKey, String taintValue, String taintEffect) {
            return key.equals(taintKey) && (value == null || value.equals(taintValue == null ? "" : taintValue)) && (effect == null || effect.equals(taintEffect));
        }

        @Override
        public String toString() {
            return text(key, value, effect);
        }

        private static String text(String key, String value, String effect) {
            return key + (value == null ? "" : "=" + value) + (effect == null ? "" : ":" + effect);
        }
    }

    /** A pool of {@code KEY=VALUE} labels and {@code KEY[=VALUE][:EFFECT]} tolerations (either list may be null). */
    public static NodePool parse(List<String> labels, List<String> tolerations) {
        Map<String, String> selector = new LinkedHashMap<>();
        for (String s : labels == null ? List.<String>of() : labels) {
            int eq = s.indexOf('=');
            if (eq < 0) throw new Invalid("'" + s + "' names no value", LABEL_FORM);
            selector.put(s.substring(0, eq).strip(), s.substring(eq + 1).strip());
        }
        List<Toleration> tols = new ArrayList<>();
        for (String t : tolerations == null ? List.<String>of() : tolerations) tols.add(Toleration.parse(t));
        return new NodePool(selector, tols);
    }

    private static boolean validKey(String key) {
        return key != null && KEY.matcher(key).matches() && (key.indexOf('/') < 0 || key.indexOf('/') <= 253);
    }

    /** For the screen and run.json: empty for {@link #ANY}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        nodeSelector.forEach((k, v) -> parts.add("node label " + k + "=" + v));
        tolerations.forEach(t -> parts.add("tolerating " + t));
        return String.join(", ", parts);
    }
}
