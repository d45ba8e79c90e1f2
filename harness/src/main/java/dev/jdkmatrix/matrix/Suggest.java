package dev.jdkmatrix.matrix;

import java.util.Collection;

/** "Did you mean" for keys and names: the closest candidate by edit distance, if close enough. */
public final class Suggest {

    private Suggest() {}

    static String closest(String input, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(input.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= Math.max(2, input.length() / 2) ? best : null;
    }

    /** A fix text: "did you mean X?" or the full list. */
    public static String fix(String input, Collection<String> candidates, String what) {
        String c = closest(input, candidates);
        String all = String.join(", ", candidates);
        return c != null ? "did you mean '" + c + "'? Valid " + what + ": " + all : "valid " + what + ": " + all;
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
