package dev.jdkmatrix.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;

/**
 * Writes a figure as PNG (raster, for pages) and SVG (vector, through VectorGraphics2D, coordinates
 * to a tenth of a pixel). Headless.
 * The PNG is painted by XChart and encoded here with a light deflate level: charts are flat
 * colours, so the file stays small and encoding takes a fraction of the default's time.
 */
final class ChartFiles {

    /** ImageIO's PNG quality: 1 is the fastest deflate, 0 the smallest file. */
    static final float PNG_QUALITY = 0.75f;

    private ChartFiles() {}

    static void write(Figure f, Path dir) throws IOException {
        try {
            encode(f, dir);
        } catch (RuntimeException e) {
            throw new IOException("cannot draw chart " + f.name() + " ('" + f.chart().getTitle() + "'): " + e.getMessage(), e);
        }
    }

    /**
     * Drops every decimal past the first of the numbers in an SVG: XChart draws each glyph as a
     * path, and a tenth of a pixel is finer than any screen shows; it halves the file. One pass
     * over the bytes (digits and '.' are ASCII in UTF-8).
     */
    static byte[] oneDecimal(byte[] in) {
        byte[] out = new byte[in.length];
        int n = 0;
        for (int i = 0; i < in.length; i++) {
            byte b = in[i];
            out[n++] = b;
            if (b == '.' && i > 0 && digit(in[i - 1]) && i + 1 < in.length && digit(in[i + 1])) {
                out[n++] = in[++i];
                while (i + 1 < in.length && digit(in[i + 1])) i++;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static void encode(Figure f, Path dir) throws IOException {
        BufferedImage image = BitmapEncoder.getBufferedImage(f.chart());
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        try (ImageOutputStream png = ImageIO.createImageOutputStream(Files.newOutputStream(dir.resolve(f.name() + ".png")))) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(PNG_QUALITY);
            writer.setOutput(png);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        java.io.ByteArrayOutputStream svg = new java.io.ByteArrayOutputStream(1 << 20);
        VectorGraphicsEncoder.saveVectorGraphic(f.chart(), svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        Files.write(dir.resolve(f.name() + ".svg"), oneDecimal(svg.toByteArray()));
    }
}
