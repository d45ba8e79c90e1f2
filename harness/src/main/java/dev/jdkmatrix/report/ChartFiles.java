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
 * Writes a figure as PNG (raster, for pages) and, when asked, SVG (vector, through VectorGraphics2D,
 * coordinates to a tenth of a pixel). Headless.
 * The PNG is painted by XChart and encoded here with a light deflate level: charts are flat
 * colours, so the file stays small and encoding takes a fraction of the default's time.
 */
final class ChartFiles {

    /** ImageIO's PNG quality: 1 is the fastest deflate, 0 the smallest file. */
    static final float PNG_QUALITY = 0.75f;

    private ChartFiles() {}

    static void write(Figure f, Path dir, boolean svg) throws IOException {
        try {
            png(f, dir);
            if (svg) svg(f, dir);
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

    /** Colours of a chart's palette PNG; the rest are drawn in the nearest of them. */
    static final int PALETTE = 256;

    private static void png(Figure f, Path dir) throws IOException {
        BufferedImage image = indexed(BitmapEncoder.getBufferedImage(f.chart()));
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
    }

    /**
     * The image with at most {@link #PALETTE} colours: a chart is flat colours plus the shades that
     * anti-aliasing puts at their edges, so the most frequent colours are kept exactly and every other
     * pixel takes the nearest of them (in RGB). An 8-bit palette PNG of a chart is a third to a
     * quarter of the size of its true-colour PNG, and deflates faster.
     */
    static BufferedImage indexed(BufferedImage rgb) {
        int w = rgb.getWidth();
        int h = rgb.getHeight();
        int[] pixels = rgb.getRGB(0, 0, w, h, null, 0, w);
        java.util.HashMap<Integer, int[]> counts = new java.util.HashMap<>();
        for (int p : pixels) counts.computeIfAbsent(p & 0xFFFFFF, k -> new int[1])[0]++;
        int[] palette = counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue()[0], a.getValue()[0]))
                .limit(PALETTE).mapToInt(java.util.Map.Entry::getKey).toArray();
        byte[] r = new byte[palette.length];
        byte[] g = new byte[palette.length];
        byte[] b = new byte[palette.length];
        for (int i = 0; i < palette.length; i++) {
            r[i] = (byte) (palette[i] >> 16);
            g[i] = (byte) (palette[i] >> 8);
            b[i] = (byte) palette[i];
        }
        int bits = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
        java.awt.image.IndexColorModel model = new java.awt.image.IndexColorModel(bits, palette.length, r, g, b);
        BufferedImage out = new BufferedImage(w, h, bits == 8 ? BufferedImage.TYPE_BYTE_INDEXED : BufferedImage.TYPE_BYTE_BINARY, model);
        java.util.HashMap<Integer, Integer> nearest = new java.util.HashMap<>();
        for (int i = 0; i < palette.length; i++) nearest.put(palette[i], i);
        java.awt.image.WritableRaster raster = out.getRaster();
        int[] index = new int[w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) index[x] = nearest.computeIfAbsent(pixels[y * w + x] & 0xFFFFFF, c -> closest(c, palette));
            raster.setPixels(0, y, w, 1, index);
        }
        return out;
    }

    private static int closest(int c, int[] palette) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < palette.length; i++) {
            int dr = ((c >> 16) & 0xFF) - ((palette[i] >> 16) & 0xFF);
            int dg = ((c >> 8) & 0xFF) - ((palette[i] >> 8) & 0xFF);
            int db = (c & 0xFF) - (palette[i] & 0xFF);
            long d = 3L * dr * dr + 4L * dg * dg + 2L * db * db;
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }

    private static void svg(Figure f, Path dir) throws IOException {
        java.io.ByteArrayOutputStream svg = new java.io.ByteArrayOutputStream(1 << 20);
        VectorGraphicsEncoder.saveVectorGraphic(f.chart(), svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        Files.write(dir.resolve(f.name() + ".svg"), oneDecimal(svg.toByteArray()));
    }
}
