package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.support.RegistryFolder;

/**
 * Registry input is untrusted: version numbers out of range, metadata with odd keys, and manifests that
 * name other files are rejected or stored safely, and no file name is ever derived from input.
 */
class RegistryInputTest {
    private static final int[] ODD_VERSIONS = {0, -1, -128, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30};

    @TempDir
    Path root;

    @Test
    void rejectsVersionsOutOfRangeWithoutTouchingAnyFile() throws IOException {
        Path dir = root.resolve("registry");
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        registry.publish(PublishLoop.fakeDictionary(new Random(1)), 3, Map.of());
        Set<String> before = tree(root);
        for (int version : ODD_VERSIONS) {
            List<Executable> calls = List.of(
                    () -> registry.get(version),
                    () -> registry.activate(version),
                    () -> registry.retire(version),
                    () -> registry.remove(version));
            for (Executable call : calls) {
                UnknownDictionaryVersionException e = assertThrows(UnknownDictionaryVersionException.class, call);
                assertTrue(e.getMessage().contains(Integer.toString(version)), e.getMessage());
            }
            assertTrue(registry.info(version).isEmpty());
        }
        assertEquals(before, tree(root));
    }

    @Test
    void metadataWithOddKeysAndValuesRoundTripsAndNamesNoFile() throws IOException {
        Path dir = root.resolve("registry");
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("../../etc/passwd", "../../../tmp/evil.dict");
        metadata.put("v000002.dict", "/absolute/path");
        metadata.put("quote\"and\\backslash", "}]},{\"version\":99");
        metadata.put("new\nline\r\ttab", "\u0000nul\u0001\u001f");
        metadata.put("", "empty key");
        metadata.put("unicode ✓ 😀 \u2028", "Zürich");
        metadata.put("x".repeat(10_000), "y".repeat(100_000));
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        DictionaryInfo info = registry.publish(PublishLoop.fakeDictionary(new Random(2)), 3, metadata);

        DictionaryRegistry reopened = DictionaryRegistries.openFolder(dir);
        assertEquals(
                Map.copyOf(metadata),
                Map.copyOf(reopened.info(info.version()).orElseThrow().metadata()));
        assertEquals(
                Set.of("registry", "registry/.lock", "registry/manifest.json", "registry/v000001.dict"), tree(root));
    }

    @Test
    void manifestNamingAnotherFileIsIgnoredTheFileNameComesFromTheVersion() throws IOException {
        Path dir = Files.createDirectories(root.resolve("registry"));
        byte[] outside = PublishLoop.fakeDictionary(new Random(3));
        Files.write(root.resolve("outside.dict"), outside);
        String manifest = "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[{\"version\":1,"
                + "\"file\":\"../outside.dict\",\"status\":\"available\",\"sha256\":\""
                + Dictionary.sha256(outside) + "\",\"size\":" + outside.length + ",\"level\":3,"
                + "\"createdAt\":\"2026-01-01T00:00:00Z\",\"metadata\":{}}]}";
        Files.writeString(dir.resolve(RegistryFolder.MANIFEST), manifest);

        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        CorruptDictionaryException e = assertThrows(CorruptDictionaryException.class, () -> registry.get(1));
        assertTrue(e.getMessage().contains("v000001.dict"), e.getMessage());
        assertFalse(e.getMessage().contains("outside"), e.getMessage());
    }

    @Test
    void manifestWithOutOfRangeNumbersIsRejectedAsCorrupt() throws IOException {
        Path dir = Files.createDirectories(root.resolve("registry"));
        String record = "{\"version\":%s,\"status\":\"available\",\"sha256\":\"00\",\"size\":8,\"level\":3,"
                + "\"createdAt\":\"2026-01-01T00:00:00Z\",\"metadata\":{}}";
        List<String> manifests = List.of(
                "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[" + String.format(record, "0") + "]}",
                "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[" + String.format(record, "-5") + "]}",
                "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[" + String.format(record, "4294967297") + "]}",
                "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[" + String.format(record, "1.5") + "]}",
                "{\"format\":1,\"nextVersion\":2,\"dictionaries\":[" + String.format(record, "\"../1\"") + "]}",
                "{\"format\":1,\"nextVersion\":1,\"dictionaries\":[" + String.format(record, "1") + "]}",
                "{\"format\":1,\"nextVersion\":-1,\"dictionaries\":[]}",
                "{\"format\":1,\"nextVersion\":3,\"dictionaries\":[" + String.format(record, "1") + ","
                        + String.format(record, "1") + "]}");
        for (String manifest : manifests) {
            Files.writeString(dir.resolve(RegistryFolder.MANIFEST), manifest);
            RegistryException e =
                    assertThrows(RegistryException.class, () -> DictionaryRegistries.openFolder(dir), manifest);
            assertTrue(e.getMessage().contains("manifest.json"), e.getMessage());
        }
    }

    @Test
    void runningOutOfVersionNumbersFailsCleanlyAndKeepsTheManifest() throws IOException {
        Path dir = Files.createDirectories(root.resolve("registry"));
        String manifest = "{\"format\":1,\"nextVersion\":2147483647,\"dictionaries\":[]}";
        Files.writeString(dir.resolve(RegistryFolder.MANIFEST), manifest);
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        byte[] content = PublishLoop.fakeDictionary(new Random(4));
        RegistryException e = assertThrows(RegistryException.class, () -> registry.publish(content, 3, Map.of()));
        assertTrue(e.getMessage().contains("every version number"), e.getMessage());
        assertFalse(Files.exists(dir.resolve(RegistryFolder.fileName(Integer.MAX_VALUE))));
        assertEquals(manifest, Files.readString(dir.resolve(RegistryFolder.MANIFEST)));
        assertTrue(DictionaryRegistries.openFolder(dir).list().isEmpty());
    }

    @Test
    void fileNamesComeFromVersionNumbersOnly() {
        assertEquals("v000001.dict", RegistryFolder.fileName(1));
        assertEquals("v2147483647.dict", RegistryFolder.fileName(Integer.MAX_VALUE));
        Path dir = root.resolve("registry");
        assertEquals(
                dir.toAbsolutePath().normalize(),
                new RegistryFolder(dir).dictionaryFile(7).getParent());
    }

    @Test
    void rejectsContentThatIsNotAZstdDictionary() throws IOException {
        Path dir = root.resolve("registry");
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        byte[] notADictionary = "../../etc/passwd".getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> registry.publish(notADictionary, 3, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> registry.publish(new byte[0], 3, Map.of()));
        assertArrayEquals(
                new String[0],
                tree(dir).stream().filter(name -> name.endsWith(".dict")).toArray(String[]::new));
    }

    /** Every file and folder below {@code root}, relative, with '/' separators. */
    private static Set<String> tree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> !p.equals(root))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
