package dev.jdkmatrix.report.chart;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;

/**
 * Writes a figure as PNG (raster, for pages) and, when asked, SVG (vector, through VectorGraphics2D,
 * coordinates to a tenth of a pixel). Headless.
 * The PNG is painted by XChart, reduced here to an 8-bit palette and encoded by {@link #palettePng}.
 */
public final class ChartFiles {

    private ChartFiles() {}

    public static void write(Figure f, Path dir, boolean svg) throws IOException {
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
    public static byte[] oneDecimal(byte[] in) {
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

    /**
     * Colours of a chart's palette PNG; the rest are drawn in the nearest of them. 128 and not 256:
     * 9 % smaller files (the reference run's charts: 1,680,159 bytes at 256, 1,535,617 at 128), the
     * text as legible, and room in a published night's 2 MB for the JDK and comparison figures.
     */
    public static final int PALETTE = 128;

    private static void png(Figure f, Path dir) throws IOException {
        Files.write(dir.resolve(f.name() + ".png"), palettePng(indexed(BitmapEncoder.getBufferedImage(f.chart()))));
    }

    /**
     * The image with at most {@link #PALETTE} colours: a chart is flat colours plus the shades that
     * anti-aliasing puts at their edges, so the most frequent colours are kept exactly and every other
     * pixel takes the nearest of them (in RGB). An 8-bit palette PNG of a chart is a third to a
     * quarter of the size of its true-colour PNG, and deflates faster.
     */
    public static BufferedImage indexed(BufferedImage rgb) {
        int w = rgb.getWidth();
        int h = rgb.getHeight();
        int[] pixels = rgb.getType() == BufferedImage.TYPE_INT_RGB || rgb.getType() == BufferedImage.TYPE_INT_ARGB
                ? ((java.awt.image.DataBufferInt) rgb.getRaster().getDataBuffer()).getData() // XChart's own: read in place, only the low 24 bits
                : rgb.getRGB(0, 0, w, h, null, 0, w);
        // a chart is long runs of one colour: count and map a run at a time
        ColourTable counts = new ColourTable();
        for (int i = 0; i < pixels.length; ) {
            int c = pixels[i] & 0xFFFFFF;
            int j = i + 1;
            while (j < pixels.length && (pixels[j] & 0xFFFFFF) == c) j++;
            counts.add(c, j - i);
            i = j;
        }
        int[] palette = counts.mostFrequent(PALETTE);
        byte[] r = new byte[palette.length];
        byte[] g = new byte[palette.length];
        byte[] b = new byte[palette.length];
        for (int i = 0; i < palette.length; i++) {
            r[i] = (byte) (palette[i] >> 16);
            g[i] = (byte) (palette[i] >> 8);
            b[i] = (byte) palette[i];
        }
        java.awt.image.IndexColorModel model = new java.awt.image.IndexColorModel(8, palette.length, r, g, b);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED, model);
        ColourTable nearest = new ColourTable();
        for (int i = 0; i < palette.length; i++) nearest.add(palette[i], i);
        // one byte per pixel, rows back to back: write the indices in place
        byte[] data = ((java.awt.image.DataBufferByte) out.getRaster().getDataBuffer()).getData();
        int lastColour = -1;
        int lastIndex = 0;
        for (int i = 0; i < pixels.length; i++) {
            int c = pixels[i] & 0xFFFFFF;
            if (c != lastColour) {
                lastColour = c;
                lastIndex = nearest.indexOf(c, palette);
            }
            data[i] = (byte) lastIndex;
        }
        return out;
    }

    /**
     * An 8-bit palette image as PNG, written here rather than by ImageIO: ImageIO tries every row
     * filter on every row, which costs more than drawing the chart, while for a palette of flat
     * colours filter "none" and zlib's deflate give smaller files (the 197 charts make bench-report
     * drew on 2026-11-24: 7,850 KiB written by ImageIO, 5,541 KiB written here at level 6; filters
     * "up" and "sub" on every row make the 79 of results/reference 10 and 12 % larger than "none"). The chunks are PNG's
     * (IHDR, PLTE, IDAT, IEND; ISO/IEC 15948).
     */
    public static byte[] palettePng(BufferedImage image) throws IOException {
        java.awt.image.IndexColorModel model = (java.awt.image.IndexColorModel) image.getColorModel();
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] data = ((java.awt.image.DataBufferByte) image.getRaster().getDataBuffer()).getData();
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream(64 << 10);
        file.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        java.nio.ByteBuffer ihdr = java.nio.ByteBuffer.allocate(13).putInt(w).putInt(h).put((byte) 8).put((byte) 3).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(file, "IHDR", ihdr.array());
        int n = model.getMapSize();
        byte[] plte = new byte[3 * n];
        for (int i = 0; i < n; i++) {
            plte[3 * i] = (byte) model.getRed(i);
            plte[3 * i + 1] = (byte) model.getGreen(i);
            plte[3 * i + 2] = (byte) model.getBlue(i);
        }
        chunk(file, "PLTE", plte);
        java.io.ByteArrayOutputStream idat = new java.io.ByteArrayOutputStream(64 << 10);
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(PNG_DEFLATE_LEVEL);
        try (java.util.zip.DeflaterOutputStream z = new java.util.zip.DeflaterOutputStream(idat, deflater, 1 << 16)) {
            for (int y = 0; y < h; y++) {
                z.write(0); // filter: none
                z.write(data, y * w, w);
            }
        } finally {
            deflater.end();
        }
        chunk(file, "IDAT", idat.toByteArray());
        chunk(file, "IEND", new byte[0]);
        return file.toByteArray();
    }

    /**
     * Deflate level of a palette PNG. Measured on the 97 charts of make bench-report and the 79 of
     * results/reference (2026-11-24, one thread): level 6, zlib's default, 418 and 269 ms; 8, 1,083
     * and 713 ms for files 5 and 7 % smaller (2.70 against 2.85 MB; 1.51 against 1.62 MB); 9, 2,974
     * and 1,887 ms for 1 % less again. Level 8 keeps a published night under 2 MB (docs/site-growth.md)
     * at a third of a second more per report.
     */
    static final int PNG_DEFLATE_LEVEL = 8;

    private static void chunk(java.io.ByteArrayOutputStream file, String type, byte[] body) throws IOException {
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(t);
        crc.update(body);
        file.write(java.nio.ByteBuffer.allocate(4).putInt(body.length).array());
        file.write(t);
        file.write(body);
        file.write(java.nio.ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /**
     * Colour (24-bit RGB) to a whole number, open addressing over two int arrays: a chart has a few
     * thousand colours and a million pixels, and boxing each lookup in a HashMap stood high in a JFR
     * profile of report.
     */
    public static final class ColourTable {
        private int[] keys = new int[1 << 12];
        private int[] values = new int[1 << 12];
        private int size;

        ColourTable() {
            java.util.Arrays.fill(keys, -1);
        }

        private int slot(int colour) {
            int mask = keys.length - 1;
            int i = (colour * 0x9E3779B1) >>> 8 & mask;
            while (keys[i] != -1 && keys[i] != colour) i = (i + 1) & mask;
            return i;
        }

        /** Adds {@code n} to the colour's value (0 for a colour not yet seen). */
        void add(int colour, int n) {
            int i = slot(colour);
            if (keys[i] == -1) {
                keys[i] = colour;
                values[i] = 0;
                if (++size * 2 > keys.length) {
                    grow();
                    i = slot(colour);
                }
            }
            values[i] += n;
        }

        /** The colour's palette index; one not seen yet gets that of its nearest palette colour, remembered. */
        int indexOf(int colour, int[] palette) {
            int i = slot(colour);
            if (keys[i] == colour) return values[i];
            int best = closest(colour, palette);
            add(colour, best);
            return best;
        }

        /** Up to {@code n} colours, the most frequent first. */
        int[] mostFrequent(int n) {
            Integer[] order = new Integer[size];
            int k = 0;
            for (int i = 0; i < keys.length; i++) if (keys[i] != -1) order[k++] = i;
            java.util.Arrays.sort(order, (a, b) -> Integer.compare(values[b], values[a]));
            int[] out = new int[Math.min(n, size)];
            for (int j = 0; j < out.length; j++) out[j] = keys[order[j]];
            return out;
        }

        private void grow() {
            int[] oldKeys = keys;
            int[] oldValues = values;
            keys = new int[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            java.util.Arrays.fill(keys, -1);
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] == -1) continue;
                int j = slot(oldKeys[i]);
                keys[j] = oldKeys[i];
                values[j] = oldValues[i];
            }
        }
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
