package dev.jdkmatrix.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdkmatrix.workloads.ResultRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds and parses the workload's one result record in its standard output. */
public final class ResultLine {

    /** Decimals are kept as the workload printed them (12.500 stays 12.500). */
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private ResultLine() {}

    /** Either the record's fields as text, or why there is no usable record. */
    public sealed interface Parsed {
        record Found(Map<String, String> fields) implements Parsed {}
        record Problem(String detail) implements Parsed {}
    }

    /** The text after the marker of every record line in the output. */
    static List<String> records(String stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.startsWith(ResultRecord.MARKER)) lines.add(line.substring(ResultRecord.MARKER.length()).strip());
        }
        return lines;
    }

    public static Parsed parse(String stdout) {
        List<String> lines = records(stdout);
        if (lines.isEmpty()) return new Parsed.Problem("no result record (no line starting with '" + ResultRecord.MARKER.strip() + "')");
        if (lines.size() > 1) return new Parsed.Problem(lines.size() + " result records; a run prints exactly one");
        Map<String, Object> raw;
        try {
            raw = MAPPER.readValue(lines.get(0), new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (JsonProcessingException e) {
            return new Parsed.Problem("malformed result record: " + e.getOriginalMessage());
        }
        Object schema = raw.get("schema");
        if (!(schema instanceof Number n) || n.intValue() != ResultRecord.SCHEMA) {
            return new Parsed.Problem("result record schema " + schema + ", this harness reads schema " + ResultRecord.SCHEMA
                    + "; rebuild the workloads jar with 'make build'");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        raw.forEach((k, v) -> fields.put(k, switch (v) {
            case null -> "";
            case java.math.BigDecimal d -> d.toPlainString();
            default -> v.toString();
        }));
        return new Parsed.Found(fields);
    }
}
