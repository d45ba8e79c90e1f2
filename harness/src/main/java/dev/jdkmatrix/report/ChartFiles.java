package dev.jdkmatrix.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
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
 * Writes a figure as PNG (raster, for pages) and SVG (vector, through VectorGraphics2D). Headless.
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
        try (OutputStream svg = Files.newOutputStream(dir.resolve(f.name() + ".svg"))) {
            VectorGraphicsEncoder.saveVectorGraphic(f.chart(), svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
    }
}
