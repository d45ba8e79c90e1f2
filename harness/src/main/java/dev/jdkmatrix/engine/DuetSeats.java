package dev.jdkmatrix.engine;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Where a cluster measures a duet ({@code order: duet} on {@code --engine kubernetes}): the whole
 * CPUs one machine's nodes hand out to Guaranteed pods (each node's allocatable CPUs, which its
 * static CPU manager gives as CPUs of their own), one seat a CPU, node after node. A machine is
 * a node, or the nodes whose kubelets run on one host (the same boot id, as {@code make k8s-up
 * K8S_NODES=2} runs two, each handing out another CPU of it): the sides of a duet sit on one
 * machine, so its bursts fall on both. The duet's sides take the seats as {@link Duets} gives a
 * Docker duet the host's CPUs (the seats' indices are the session's CPUs), in the group's cell
 * order turned by the round; a side's seats are one node's, so its pod goes to that node, and
 * which side has which node (on one node, which pod is created first and takes the CPUs the
 * manager hands out first) alternates from round to round.
 *
 * @param machine what the machine's nodes share (their boot id), or the one node's name
 * @param seats the node of each seat, in order
 * @param memory the memory each of the machine's nodes can give pods, in bytes
 */
record DuetSeats(String machine, List<String> seats, Map<String, Long> memory) {

    DuetSeats {
        seats = List.copyOf(seats);
        memory = Map.copyOf(memory);
        if (seats.isEmpty()) throw new IllegalArgumentException("a machine for duets has a seat at least, got none on " + machine);
    }

    /** The seats' indices: the CPUs a duet plan shares out ({@link Duets#of}). */
    List<Integer> indices() {
        return IntStream.range(0, seats.size()).boxed().toList();
    }

    /** The node of a side that was given {@code cpus} (seats, as Docker's {@code --cpuset-cpus} writes CPUs); a side's seats are one node's. */
    String nodeOf(String cpus) {
        List<String> nodes = CpuSetText.parse(cpus).stream().map(seats::get).distinct().toList();
        if (nodes.size() != 1) throw new IllegalArgumentException("a duet's side sits on one node, seats " + cpus + " are on " + nodes);
        return nodes.get(0);
    }

    /** How many seats each node of the machine has, in seat order: {@code 127.0.0.1: 1 CPU, 127.0.0.2: 1 CPU}. */
    String describe() {
        Map<String, Integer> per = new LinkedHashMap<>();
        for (String n : seats) per.merge(n, 1, Integer::sum);
        List<String> out = new ArrayList<>();
        per.forEach((n, k) -> out.add(n + ": " + k + " CPU" + (k == 1 ? "" : "s")));
        return String.join(", ", out);
    }

    /** The machine of {@code nodes} (the session's) with most seats, the first by node name among equals; null where no node has a whole CPU. */
    static DuetSeats of(List<Node> nodes) {
        Map<String, List<Node>> byMachine = new TreeMap<>();
        for (Node n : nodes) byMachine.computeIfAbsent(machineOf(n), k -> new ArrayList<>()).add(n);
        DuetSeats best = null;
        for (Map.Entry<String, List<Node>> m : byMachine.entrySet()) {
            List<Node> sorted = m.getValue().stream().sorted(Comparator.comparing(n -> n.getMetadata().getName())).toList();
            List<String> seats = new ArrayList<>();
            Map<String, Long> memory = new LinkedHashMap<>();
            for (Node n : sorted) {
                String name = n.getMetadata().getName();
                for (int i = 0; i < (int) Math.floor(allocatable(n, "cpu") + 1e-9); i++) seats.add(name);
                memory.put(name, (long) allocatable(n, "memory"));
            }
            if (!seats.isEmpty() && (best == null || seats.size() > best.seats().size())) best = new DuetSeats(m.getKey(), seats, memory);
        }
        return best;
    }

    /** A node's machine: its boot id (kubelets of one host share it), or its own name where it says none. */
    static String machineOf(Node n) {
        String boot = n.getStatus() == null || n.getStatus().getNodeInfo() == null ? null : n.getStatus().getNodeInfo().getBootID();
        return boot == null || boot.isBlank() ? n.getMetadata().getName() : boot;
    }

    private static double allocatable(Node n, String resource) {
        Map<String, Quantity> a = n.getStatus() == null ? null : n.getStatus().getAllocatable();
        return a == null || a.get(resource) == null ? 0 : a.get(resource).getNumericalAmount().doubleValue();
    }

    /**
     * Why {@code matrix}'s duets cannot sit on {@code seats} (null: no machine has a whole CPU to
     * give), with the fix; null when they can: every compared cell pinned to whole CPUs, without a
     * peer, at most half the machine's seats, each side's seats on one node, and each node's sides'
     * memory within the node's.
     */
    static String refusal(Matrix matrix, DuetSeats seats, List<Node> nodes) {
        String fix = "\n  fix: give a node of the session's two whole CPUs for Guaranteed pods under the static CPU manager (or as many as the compared cells ask, "
                + "twice over; docs/kubernetes.md), or use order: blocked on this engine";
        if (seats == null) {
            return "no node of the session's " + nodes.size() + " has a whole CPU to give a pod, and each side of a duet needs CPUs of its own" + fix;
        }
        String on = "the machine with most CPUs to give pods (" + seats.describe() + ")";
        String cpus = Duets.refusal(matrix, seats.seats().size());
        if (cpus != null) return on + ": " + cpus.replace("this host has", "it has");
        for (dev.jdkmatrix.matrix.Group g : matrix.groups()) {
            for (Cell c : g.alone() ? List.<Cell>of() : g.cells()) {
                if (UpstreamStub.needed(c)) {
                    return "cell '" + c.id() + "' has a peer in its pod (http-fanout's upstream stub, a whole CPU of its own beside a pinned run), "
                            + "which a duet on a cluster does not seat\n  fix: use order: blocked for it on this engine, or measure its duet on the Docker engine";
                }
            }
        }
        for (Duets.Duet d : Duets.of(matrix.plan(), matrix.groups(), seats.indices(), Duets.chosen(matrix, seats.indices()))) {
            if (d.alone()) continue;
            Map<String, Long> memoryOn = new TreeMap<>();
            for (PlannedRun r : d.runs()) {
                List<String> on1 = d.cpusOf(r).stream().map(seats.seats()::get).distinct().toList();
                if (on1.size() != 1) {
                    return on + ": cell '" + r.cell().id() + "' asks for " + r.cell().cpus().text() + " CPUs, and beside its partner they would lie on nodes "
                            + on1 + ": a pod's CPUs are one node's" + fix;
                }
                memoryOn.merge(on1.get(0), KubernetesJobs.podMemory(r.cell()), Long::sum);
            }
            for (Map.Entry<String, Long> m : memoryOn.entrySet()) {
                if (m.getValue() > seats.memory().getOrDefault(m.getKey(), 0L)) {
                    return on + ": the sides of a duet on node " + m.getKey() + " ask for " + m.getValue() / (1 << 20) + "m of memory, more than its "
                            + seats.memory().get(m.getKey()) / (1 << 20) + "m" + "\n  fix: give the compared cells less memory, or use order: blocked on this engine";
                }
            }
        }
        return null;
    }
}
