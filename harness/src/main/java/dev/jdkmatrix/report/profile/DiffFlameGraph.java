package dev.jdkmatrix.report.profile;

import dev.jdkmatrix.report.html.Html;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A differential flame graph of two profiles (A, the older JDK, and B) as one self-contained SVG
 * page: no script, no font or style from elsewhere. Each box is a frame with the frames below it
 * (its stack from the thread's root); its width is the mean of its two shares of the samples (so a
 * frame of either profile shows), its colour the change of that share from A to B: red where B
 * spends a larger share there, blue a smaller one, grey none, full colour at the largest change of
 * the graph. Its tooltip gives both shares. Boxes narrower than a pixel are left out, and beyond
 * {@link #MAX_BOXES} the narrowest.
 */
public final class DiffFlameGraph {

    static final int WIDTH = 1200;
    static final int ROW = 16;
    private static final int TOP = 60;
    private static final double MIN_PIXELS = 1;
    /** At most this many boxes (the widest): a page of a few hundred kB whatever the stacks. */
    static final int MAX_BOXES = 2000;

    /** The colour of no change, and the two ends. */
    static final int[] NEUTRAL = {224, 224, 224};
    static final int[] GREW = {214, 39, 40};
    static final int[] SHRANK = {31, 119, 180};

    private DiffFlameGraph() {}

    /** One frame at one place in the stacks: its shares of A's and B's samples (totals: the frame and all above it). */
    public static final class Node {
        final String name;
        double a;
        double b;
        final TreeMap<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        public double width() {
            return (a + b) / 2;
        }

        public double delta() {
            return b - a;
        }
    }

    /** The merged tree of two profiles' collapsed stacks ({@code stack -> samples}), frames as {@link ProfileDiff#normalized}. */
    public static Node tree(Map<String, Long> a, Map<String, Long> b) {
        Node root = new Node("all");
        add(root, a, true);
        add(root, b, false);
        return root;
    }

    private static void add(Node root, Map<String, Long> stacks, boolean isA) {
        long all = ProfileDiff.samples(stacks);
        if (all == 0) return;
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            double share = (double) e.getValue() / all;
            Node n = root;
            credit(n, share, isA);
            for (String frame : ProfileDiff.frames(e.getKey())) {
                n = n.children.computeIfAbsent(frame, Node::new);
                credit(n, share, isA);
            }
        }
    }

    private static void credit(Node n, double share, boolean isA) {
        if (isA) n.a += share;
        else n.b += share;
    }

    /** The largest change of any frame's share (at least one point, so two equal profiles stay grey). */
    public static double largestChange(Node n) {
        double most = Math.abs(n.delta());
        for (Node c : n.children.values()) most = Math.max(most, largestChange(c));
        return Math.max(most, 0.01);
    }

    /** The fill of a change {@code delta} when {@code scale} is full colour: grey towards red (grew) or blue (shrank). */
    public static String fill(double delta, double scale) {
        double t = Math.min(1, Math.abs(delta) / scale);
        int[] end = delta >= 0 ? GREW : SHRANK;
        return String.format(Locale.ROOT, "rgb(%d,%d,%d)", mix(NEUTRAL[0], end[0], t), mix(NEUTRAL[1], end[1], t), mix(NEUTRAL[2], end[2], t));
    }

    private static int mix(int from, int to, double t) {
        return (int) Math.round(from + (to - from) * t);
    }

    /** The SVG page: a title, the legend, and the graph with the root at the bottom. */
    public static String svg(String title, String nameA, String nameB, Map<String, Long> a, Map<String, Long> b) {
        Node root = tree(a, b);
        double scale = largestChange(root);
        List<String> boxes = new ArrayList<>();
        List<Double> widths = new ArrayList<>();
        widths(root, widths);
        widths.sort(java.util.Comparator.reverseOrder());
        double narrowest = Math.max(MIN_PIXELS, widths.size() > MAX_BOXES ? widths.get(MAX_BOXES - 1) * WIDTH * (1 + 1e-9) : 0);
        int depth = layout(root, 0, 0, WIDTH, narrowest, scale, boxes, nameA, nameB);
        int height = TOP + depth * ROW + 10;
        StringBuilder s = new StringBuilder(64 * 1024);
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
                WIDTH + 20, height, WIDTH + 20, height));
        s.append("<style>g rect{stroke:white;stroke-width:0.5}</style>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        s.append("<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">").append(Html.esc(title)).append("</text>\n");
        s.append("<text x=\"10\" y=\"36\">width: a frame's mean share of the two profiles' samples; colour: its share on ")
                .append(Html.esc(nameB)).append(" against ").append(Html.esc(nameA)).append(" (hover a frame for both)</text>\n");
        s.append("<rect x=\"10\" y=\"42\" width=\"12\" height=\"10\" fill=\"").append(fill(1, 1)).append("\"/>");
        s.append(String.format(Locale.ROOT, "<text x=\"26\" y=\"51\">larger on %s (+%.1f pt at full colour)</text>", Html.esc(nameB), scale * 100));
        s.append("<rect x=\"330\" y=\"42\" width=\"12\" height=\"10\" fill=\"").append(fill(-1, 1)).append("\"/>");
        s.append(String.format(Locale.ROOT, "<text x=\"346\" y=\"51\">smaller on %s (-%.1f pt)</text>", Html.esc(nameB), scale * 100));
        s.append("<rect x=\"650\" y=\"42\" width=\"12\" height=\"10\" fill=\"").append(fill(0, 1)).append("\"/>");
        s.append("<text x=\"666\" y=\"51\">unchanged</text>\n");
        s.append("<g transform=\"translate(10,").append(height - 10).append(")\">\n");
        for (String box : boxes) s.append(box);
        s.append("</g>\n</svg>\n");
        return s.toString();
    }

    private static void widths(Node n, List<Double> out) {
        out.add(n.width());
        for (Node c : n.children.values()) widths(c, out);
    }

    /** Lays out {@code n} at {@code x} (pixels) on row {@code level} (0 at the bottom), then its children, each if at least {@code narrowest} pixels wide; returns the rows used. */
    private static int layout(Node n, int level, double x, double pixelsPerShare, double narrowest, double scale, List<String> out, String nameA, String nameB) {
        double w = n.width() * pixelsPerShare;
        if (w < narrowest) return 0;
        double y = -(level + 1) * ROW;
        String tip = String.format(Locale.ROOT, "%s: %s %.1f %%, %s %.1f %% (%+.1f pt)", n.name, nameA, n.a * 100, nameB, n.b * 100, n.delta() * 100);
        StringBuilder g = new StringBuilder();
        g.append(String.format(Locale.ROOT, "<g><title>%s</title><rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>",
                Html.esc(tip), x, y, w, ROW - 1, fill(n.delta(), scale)));
        int chars = (int) ((w - 6) / 6.5);
        if (chars >= 3) {
            String label = ProfileDiff.shortName(n.name);
            if (label.length() > chars) label = label.substring(0, chars - 2) + "..";
            g.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", x + 3, y + ROW - 4, Html.esc(label)));
        }
        out.add(g.append("</g>\n").toString());
        int rows = 1;
        double cx = x;
        for (Node c : n.children.values()) {
            rows = Math.max(rows, 1 + layout(c, level + 1, cx, pixelsPerShare, narrowest, scale, out, nameA, nameB));
            cx += c.width() * pixelsPerShare;
        }
        return rows;
    }
}
