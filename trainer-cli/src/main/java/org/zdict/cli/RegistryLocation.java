package org.zdict.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DirectoryDictionaryRegistry;

/**
 * Where a registry lives, parsed from a {@code --registry} value: the only place that opens registries
 * for the command line. A folder path opens a {@link DirectoryDictionaryRegistry} (created on first
 * publish). {@code kafka://HOST:PORT/TOPIC} is recognised but needs the kafka-serde module, which this
 * build does not include yet.
 */
public final class RegistryLocation {
    public static final String KAFKA_SCHEME = "kafka://";

    private final String value;
    private final Path directory;

    private RegistryLocation(String value, Path directory) {
        this.value = value;
        this.directory = directory;
    }

    /**
     * Parses a {@code --registry} value.
     *
     * @throws IllegalArgumentException naming the value when it is not a usable location
     */
    public static RegistryLocation parse(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Empty registry location: give a folder path");
        }
        if (value.startsWith(KAFKA_SCHEME)) {
            throw new IllegalArgumentException("Registry '" + value
                    + "': kafka:// registries need the kafka-serde module, which this build of zdict does not"
                    + " include; use a folder path");
        }
        if (value.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
            throw new IllegalArgumentException(
                    "Registry '" + value + "': unsupported scheme; give a folder path (or kafka://HOST:PORT/TOPIC)");
        }
        Path directory = Path.of(value);
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("Registry '" + value + "' is a file, not a folder");
        }
        return new RegistryLocation(value, directory);
    }

    /** Whether the registry exists already (a folder holding a manifest). */
    public boolean exists() {
        return Files.isRegularFile(directory.resolve(DirectoryDictionaryRegistry.MANIFEST));
    }

    /** Opens the registry, creating its folder if needed. The caller closes it. */
    public DictionaryRegistry open() {
        return DirectoryDictionaryRegistry.open(directory);
    }

    /** The folder, for a registry kept in one. */
    public Path directory() {
        return directory;
    }

    @Override
    public String toString() {
        return value;
    }
}
