package org.zdict.conformance;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * Writes and reads the conformance folder (conformance/README.md): {@code cases.json}, {@code events/},
 * {@code payloads/} and {@code registries/}. Regenerate with
 *
 * <pre>mvn -pl core test -Dtest=ConformanceSuiteTest -Dzdict.conformance.regenerate=true</pre>
 */
final class ConformanceSuite {
    static final String CASES = "cases.json";
    private static final JsonFactory JSON = new JsonFactory();

    private ConformanceSuite() {}

    /** The conformance folder beside the module (Maven runs tests in the module's folder). */
    static Path folder() {
        return Path.of("..", "conformance").toAbsolutePath().normalize();
    }

    /** Replaces the generated parts of {@code dir} (README.md and registry-topic/ are kept). */
    static void regenerate(Path dir) throws IOException {
        for (String generated : List.of("events", "payloads", "registries", CASES)) {
            deleteRecursively(dir.resolve(generated));
        }
        Map<String, byte[]> events = new LinkedHashMap<>();
        events.put(ConformanceCases.EVENT, ConformanceRegistries.resource("/golden/event.json"));
        events.put(ConformanceCases.EMPTY, new byte[0]);
        events.put(ConformanceCases.BATCH, batch());
        Files.createDirectories(dir.resolve("events"));
        for (Map.Entry<String, byte[]> e : events.entrySet()) {
            Files.write(dir.resolve("events").resolve(e.getKey()), e.getValue());
        }
        ConformanceRegistries dictionaries = new ConformanceRegistries();
        dictionaries.write(dir.resolve("registries"));
        List<ConformanceCase> cases;
        try (DictionaryRegistry main =
                DictionaryRegistries.openFolder(dir.resolve("registries").resolve(ConformanceRegistries.MAIN))) {
            cases = new ConformanceCases(events, dictionaries).all(main);
        }
        for (String name : ConformanceRegistries.names()) {
            Files.deleteIfExists(dir.resolve("registries").resolve(name).resolve(".lock"));
        }
        Files.createDirectories(dir.resolve("payloads"));
        for (ConformanceCase c : cases) {
            Files.write(dir.resolve("payloads").resolve(c.name() + ".bin"), c.payload());
        }
        writeCases(dir.resolve(CASES), cases);
    }

    /** 200 synthetic events, one per line: about 80 KB, more than one zstd block. */
    private static byte[] batch() {
        StringBuilder text = new StringBuilder();
        for (byte[] event : SampleEvents.synthetic(200, 3434)) {
            text.append(new String(event, StandardCharsets.UTF_8)).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void writeCases(Path file, List<ConformanceCase> cases) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("format", 1);
            json.writeArrayFieldStart("cases");
            for (ConformanceCase c : cases) {
                json.writeStartObject();
                json.writeStringField("name", c.name());
                json.writeStringField("registry", "registries/" + c.registry());
                json.writeStringField("payload", "payloads/" + c.name() + ".bin");
                if (c.event() != null) {
                    json.writeStringField("decodesTo", "events/" + c.event());
                } else {
                    json.writeStringField("error", c.error());
                }
                json.writeBooleanField("acceptUnchecked", c.acceptUnchecked());
                if (c.maxDecompressedSize() >= 0) {
                    json.writeNumberField("maxDecompressedSize", c.maxDecompressedSize());
                }
                json.writeStringField("note", c.note());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        Files.writeString(file, Files.readString(file) + "\n");
    }

    /** A vector as {@code cases.json} states it, paths resolved against the folder. */
    record Vector(
            String name,
            Path registry,
            Path payload,
            Path decodesTo,
            String error,
            boolean acceptUnchecked,
            int maxDecompressedSize) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Vector> read(Path dir) throws IOException {
        List<Vector> vectors = new ArrayList<>();
        try (JsonParser json = JSON.createParser(dir.resolve(CASES).toFile())) {
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME && "cases".equals(json.currentName())) {
                    json.nextToken();
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        vectors.add(readVector(json, dir));
                    }
                }
            }
        }
        return vectors;
    }

    private static Vector readVector(JsonParser json, Path dir) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            json.nextToken();
            fields.put(name, json.getText());
        }
        return new Vector(
                fields.get("name"),
                dir.resolve(fields.get("registry")),
                dir.resolve(fields.get("payload")),
                fields.containsKey("decodesTo") ? dir.resolve(fields.get("decodesTo")) : null,
                fields.get("error"),
                Boolean.parseBoolean(fields.get("acceptUnchecked")),
                Integer.parseInt(fields.getOrDefault("maxDecompressedSize", "-1")));
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
