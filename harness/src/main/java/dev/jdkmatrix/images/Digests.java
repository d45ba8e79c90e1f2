package dev.jdkmatrix.images;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The SHA-256 an image's tag is named by: a header naming the recipe, then the inputs' bytes. */
final class Digests {

    private Digests() {}

    /** Hex SHA-256 of a header naming the recipe, then a stream's bytes. */
    static String sha256(String header, InputStream in) throws IOException {
        MessageDigest md = sha256();
        md.update(header.getBytes(StandardCharsets.UTF_8));
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        return HexFormat.of().formatHex(md.digest());
    }

    /** Hex SHA-256 of a header naming the recipe, then the input's bytes. */
    static String sha256(String header, byte[] bytes) {
        MessageDigest md = sha256();
        md.update(header.getBytes(StandardCharsets.UTF_8));
        md.update(bytes);
        return HexFormat.of().formatHex(md.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
