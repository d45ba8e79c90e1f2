package dev.jdkmatrix.output;

import java.util.ArrayList;
import java.util.List;

/**
 * An exception as a program's output prints it, read from its own line on: its frames, its
 * causes ({@code Caused by:}, the last of which is the root cause), the blocks of suppressed
 * exceptions (left out) and {@code ... n more}. What a run's detail says of it: the root cause's
 * type and message, where it was thrown, and the first frames of the user's code, so that an
 * {@code ExceptionInInitializerError} around a {@code FileNotFoundException} says the file.
 */
public final class Traces {

    /** The frames kept: where the exception was thrown, then the first of the user's code. */
    static final int FRAMES = 3;

    /** Frames of the JDK and of JMH's own runner: not the user's code (nor the code JMH generates, in the user's package, though JMH's samples are). */
    private static final List<String> NOT_USER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.openjdk.jmh.runner.",
            "org.openjdk.jmh.infra.", "org.openjdk.jmh.util.", "org.openjdk.jmh.results.", "org.openjdk.jmh.profile.", "org.openjdk.jmh.Main.");

    private Traces() {}

    /** One exception of the chain: its line ({@code type: message}) and its frames ({@code at ...}). */
    record Level(String exception, List<String> frames) {
        String type() {
            int colon = exception.indexOf(':');
            return colon < 0 ? exception : exception.substring(0, colon);
        }
    }

    /** The chain that starts with {@code exception} at {@code lines[at]}: it, then each cause, in order. */
    static List<Level> chain(String exception, List<String> lines, int at) {
        List<Level> chain = new ArrayList<>();
        List<String> frames = new ArrayList<>();
        chain.add(new Level(exception, frames));
        int indent = indent(lines.get(at));
        boolean suppressed = false;
        for (int k = at + 1; k < lines.size(); k++) {
            String raw = lines.get(k);
            String t = raw.strip();
            if (t.startsWith("Caused by: ") && (!suppressed || indent(raw) <= indent)) {
                suppressed = false;
                frames = new ArrayList<>();
                chain.add(new Level(t.substring("Caused by: ".length()).strip(), frames));
            } else if (t.startsWith("Suppressed: ")) {
                suppressed = true;
            } else if (t.startsWith("at ")) {
                if (!suppressed) frames.add(t);
            } else if (!(t.startsWith("...") && t.endsWith("more")) && !(suppressed && t.startsWith("Caused by: "))) {
                break; // the trace ended
            }
        }
        return chain;
    }

    /**
     * The root cause with its frames (where it was thrown, then the user's code: its own frames
     * first, then those of the exceptions around it, from the inside out), and what it was thrown
     * as when it is a cause; joined by {@code " | "}.
     */
    static String describe(List<Level> chain) {
        Level root = chain.get(chain.size() - 1);
        List<String> kept = new ArrayList<>();
        if (!root.frames().isEmpty()) kept.add(root.frames().get(0));
        for (int i = chain.size() - 1; i >= 0 && kept.size() < FRAMES; i--) {
            for (String f : chain.get(i).frames()) {
                if (kept.size() >= FRAMES) break;
                if (user(f) && !kept.contains(f)) kept.add(f);
            }
        }
        if (kept.size() == 1) {
            // none of the user's code: where it was thrown and the frames below it
            kept = root.frames().subList(0, Math.min(FRAMES, root.frames().size()));
        }
        StringBuilder b = new StringBuilder(root.exception());
        for (String f : kept) b.append(" | ").append(f);
        if (chain.size() > 1) b.append(" | the root cause of ").append(chain.get(0).type());
        return b.toString();
    }

    /** Whether a frame ({@code at [loader/][module/]pkg.Class.method(...)}) is the user's code. */
    static boolean user(String frame) {
        String name = frame.substring(3);
        int paren = name.indexOf('(');
        if (paren >= 0) name = name.substring(0, paren);
        name = name.substring(name.lastIndexOf('/') + 1);
        for (String p : NOT_USER) {
            if (name.startsWith(p)) return false;
        }
        return !name.contains(".jmh_generated.");
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) i++;
        return i;
    }
}
