package org.zdict.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Event data for tests: a deterministic synthetic stream, and the real dumps in ../shared when present. */
public final class SampleEvents {
    private static final String[] TYPES = {"page_view", "click", "purchase", "signup", "logout", "search"};
    private static final String[] COUNTRIES = {"DE", "US", "FR", "BR", "JP", "IN", "GB", "NG"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0"
    };

    private SampleEvents() {}

    /** {@code count} JSON events of 200–600 bytes with a shared structure, the same for the same seed. */
    public static List<byte[]> synthetic(int count, long seed) {
        Random random = new Random(seed);
        List<byte[]> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String json = "{\"event_id\":\"" + Long.toHexString(random.nextLong()) + "\",\"type\":\""
                    + TYPES[random.nextInt(TYPES.length)] + "\",\"ts\":" + (1_700_000_000_000L + i * 137L)
                    + ",\"user\":{\"id\":" + random.nextInt(1_000_000) + ",\"country\":\""
                    + COUNTRIES[random.nextInt(COUNTRIES.length)] + "\",\"premium\":" + random.nextBoolean()
                    + "},\"page\":\"/products/" + random.nextInt(5000) + "\",\"referrer\":"
                    + (random.nextBoolean()
                            ? "null"
                            : "\"https://www.example.com/search?q=item" + random.nextInt(100) + "\"")
                    + ",\"user_agent\":\"" + AGENTS[random.nextInt(AGENTS.length)] + "\",\"duration_ms\":"
                    + random.nextInt(30_000) + ",\"tags\":[\"web\",\"" + (random.nextBoolean() ? "beta" : "stable")
                    + "\"]}";
            events.add(json.getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }

    /** The folder of real dumps (../shared/data), if this checkout has it. */
    public static Optional<Path> sharedDataDir() {
        return sharedDir().map(dir -> dir.resolve("data")).filter(Files::isDirectory);
    }

    /** ../shared beside the project root, if present. */
    public static Optional<Path> sharedDir() {
        String configured = System.getProperty("zdict.shared.dir");
        List<Path> candidates = new ArrayList<>();
        if (configured != null) {
            candidates.add(Path.of(configured));
        }
        candidates.add(Path.of("..", "shared"));
        candidates.add(Path.of("..", "..", "shared"));
        return candidates.stream().filter(Files::isDirectory).findFirst().map(Path::toAbsolutePath);
    }

    /** The first {@code limit} lines of a JSON Lines file, one event each. */
    public static List<byte[]> readLines(Path file, int limit) throws java.io.IOException {
        List<byte[]> events = new ArrayList<>();
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            lines.filter(line -> !line.isBlank())
                    .limit(limit)
                    .forEach(line -> events.add(line.getBytes(StandardCharsets.UTF_8)));
        }
        return events;
    }
}
