// Writes the table of where make test's time goes (make test-times, after make test): every test
// class of the last run, unit (surefire) and integration (failsafe), with its tests and its seconds
// as the reports recorded them, the longest first. Run as a single-file program: java TestTimes.java ROOT.
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

public class TestTimes {

    record Suite(String name, String kind, int tests, int skipped, double seconds) {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<Suite> suites = new ArrayList<>();
        for (String module : List.of("harness", "workloads")) {
            for (String[] dir : List.of(new String[] {"surefire-reports", "unit"}, new String[] {"failsafe-reports", "integration"})) {
                Path reports = root.resolve(module).resolve("target").resolve(dir[0]);
                if (!Files.isDirectory(reports)) continue;
                try (Stream<Path> files = Files.list(reports)) {
                    for (Path f : files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
                        Element e = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f.toFile()).getDocumentElement();
                        String name = e.getAttribute("name");
                        suites.add(new Suite(name.substring(name.lastIndexOf('.') + 1), dir[1], Integer.parseInt(e.getAttribute("tests")),
                                Integer.parseInt(e.getAttribute("skipped")), Double.parseDouble(e.getAttribute("time"))));
                    }
                }
            }
        }
        if (suites.isEmpty()) throw new IllegalStateException("no test reports under " + root + ": run make test first");
        suites.sort(Comparator.comparingDouble(Suite::seconds).reversed());
        double unit = suites.stream().filter(s -> s.kind().equals("unit")).mapToDouble(Suite::seconds).sum();
        double it = suites.stream().filter(s -> s.kind().equals("integration")).mapToDouble(Suite::seconds).sum();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%d test classes: %d unit (%.0f s in their classes), %d integration (%.0f s); %d tests, %d skipped. "
                        + "The classes run one after the other, so their seconds add up to the time `make test` spends in them; "
                        + "the rest is Maven, the images, `check-resume`, `check-scripts` and `nightly-local`.%n%n",
                suites.size(), suites.stream().filter(s -> s.kind().equals("unit")).count(), unit,
                suites.stream().filter(s -> s.kind().equals("integration")).count(), it,
                suites.stream().mapToInt(Suite::tests).sum(), suites.stream().mapToInt(Suite::skipped).sum()));
        b.append("| test class | kind | tests | seconds | share of the tests' time |\n|---|---|---|---|---|\n");
        double total = unit + it;
        double shown = 0;
        for (Suite s : suites) {
            if (s.seconds() < 1.0) break;
            shown += s.seconds();
            b.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f %% |%n", s.name(), s.kind(), s.tests(), s.seconds(), 100 * s.seconds() / total));
        }
        long rest = suites.stream().filter(s -> s.seconds() < 1.0).count();
        if (rest > 0) b.append(String.format(Locale.ROOT, "| %d classes under 1 s each | | | %.1f | %.1f %% |%n", rest, total - shown, 100 * (total - shown) / total));
        System.out.print(b);
    }
}
