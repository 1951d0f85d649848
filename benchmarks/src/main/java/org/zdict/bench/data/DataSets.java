package org.zdict.bench.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Where the benchmark events come from. {@code wikiticker} is the Wikipedia edits sample inside the
 * Maven Central artifact {@code org.apache.druid:druid-processing:31.0.0:tests}, read straight out of
 * the jar in the local Maven repository; any other name is {@code <shared>/data/<name>.jsonl}.
 */
public final class DataSets {
    /** The project's own sample, fetched through Maven. */
    public static final String WIKITICKER = "wikiticker";

    static final String DRUID_ENTRY = "wikipedia/wikiticker-2015-09-12-sampled.json.gz";

    private DataSets() {}

    /** Reads up to {@code limit} non-empty lines of the named data set, each as UTF-8 bytes. */
    public static List<byte[]> read(String name, int limit) {
        try {
            if (WIKITICKER.equals(name)) {
                Path jar = druidTestsJar();
                try (ZipFile zip = new ZipFile(jar.toFile())) {
                    ZipEntry entry = zip.getEntry(DRUID_ENTRY);
                    if (entry == null) {
                        throw new IllegalStateException(jar + " has no entry " + DRUID_ENTRY);
                    }
                    try (InputStream in = new GZIPInputStream(zip.getInputStream(entry))) {
                        return lines(in, limit);
                    }
                }
            }
            Path file = sharedDataDir().resolve(name + ".jsonl");
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("No data set '" + name + "': " + file + " does not exist");
            }
            try (InputStream in = Files.newInputStream(file)) {
                return lines(in, limit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read data set " + name, e);
        }
    }

    /**
     * The shared data folder: {@code -Dzdict.shared.dir=<shared>} (its {@code data} child), else the
     * first {@code shared/data} found walking up from the working directory.
     */
    public static Path sharedDataDir() {
        String property = System.getProperty("zdict.shared.dir");
        if (property != null) {
            return Paths.get(property).resolve("data");
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("data");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return Paths.get("..", "shared", "data");
    }

    /** The druid-processing tests jar in the local Maven repository ({@code -Dmaven.repo.local} honoured). */
    public static Path druidTestsJar() {
        String repo = System.getProperty(
                "maven.repo.local",
                Paths.get(System.getProperty("user.home"), ".m2", "repository").toString());
        Path jar = Paths.get(
                repo, "org", "apache", "druid", "druid-processing", "31.0.0", "druid-processing-31.0.0-tests.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: fetch it with mvn dependency:get "
                    + "-Dartifact=org.apache.druid:druid-processing:31.0.0:jar:tests -Dtransitive=false");
        }
        return jar;
    }

    private static List<byte[]> lines(InputStream in, int limit) throws IOException {
        List<byte[]> events = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        String line;
        while (events.size() < limit && (line = reader.readLine()) != null) {
            if (!line.isBlank()) {
                events.add(line.getBytes(StandardCharsets.UTF_8));
            }
        }
        return events;
    }
}
