package org.zdict.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The registry folders of the conformance suite (conformance/README.md), written through {@link
 * DictionaryRegistry#restore} so that their manifests are exactly what zdict writes.
 */
final class ConformanceRegistries {
    static final String MAIN = "main";
    static final String OTHER = "other";
    static final String TAMPERED = "tampered";
    /** A subject other than default, with its own active version. */
    static final String SUBJECT = "orders-value";

    /** Versions of {@link #MAIN}: zstd, a retired one, LZ4 over a window of 64 KiB, varints of 2, 3 and 4 bytes. */
    static final int RETIRED_ZSTD = 1;

    static final int ACTIVE_ZSTD = 2;
    static final int LARGE_LZ4 = 3;
    static final int SUBJECT_ZSTD = 4;
    static final int TWO_BYTE_ZSTD = 300;
    static final int THREE_BYTE_LZ4 = 16_384;
    static final int SEVEN_DIGIT_ZSTD = 1_000_000;

    private static final Instant CREATED = Instant.parse("2026-12-01T00:00:00Z");
    private static final Map<String, String> LZ4 = DictionaryInfo.Codec.LZ4.metadata();

    /** The golden vectors' 8 KiB dictionary. */
    final byte[] small;
    /** A 16 KiB dictionary trained on synthetic events. */
    final byte[] medium;
    /** A 96 KiB dictionary: an LZ4 block uses only its last 65,536 bytes. */
    final byte[] large;

    ConformanceRegistries() {
        this.small = resource("/golden/dictionary.dict");
        this.medium = TestTrainer.train(SampleEvents.synthetic(3000, 34), 16 << 10, 3);
        this.large = TestTrainer.train(SampleEvents.synthetic(6000, 35), 96 << 10, 3);
        if (large.length <= 65_536) {
            throw new IllegalStateException("the large dictionary came out at " + large.length + " bytes");
        }
    }

    void write(Path registries) throws IOException {
        restore(
                registries.resolve(MAIN),
                SEVEN_DIGIT_ZSTD + 1,
                List.of(
                        entry(
                                RETIRED_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.RETIRED,
                                small,
                                Map.of()),
                        entry(
                                ACTIVE_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.ACTIVE,
                                medium,
                                Map.of()),
                        entry(LARGE_LZ4, DictionaryInfo.DEFAULT_SUBJECT, DictionaryInfo.Status.AVAILABLE, large, LZ4),
                        entry(SUBJECT_ZSTD, SUBJECT, DictionaryInfo.Status.ACTIVE, medium, Map.of()),
                        entry(
                                TWO_BYTE_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.AVAILABLE,
                                small,
                                Map.of()),
                        entry(
                                THREE_BYTE_LZ4,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.AVAILABLE,
                                small,
                                LZ4),
                        entry(
                                SEVEN_DIGIT_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.AVAILABLE,
                                medium,
                                Map.of())));
        // The same version numbers, other dictionaries: what a registry rebuilt from scratch looks like.
        restore(
                registries.resolve(OTHER),
                LARGE_LZ4 + 1,
                List.of(
                        entry(
                                RETIRED_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.AVAILABLE,
                                medium,
                                Map.of()),
                        entry(
                                ACTIVE_ZSTD,
                                DictionaryInfo.DEFAULT_SUBJECT,
                                DictionaryInfo.Status.ACTIVE,
                                small,
                                Map.of()),
                        entry(LARGE_LZ4, DictionaryInfo.DEFAULT_SUBJECT, DictionaryInfo.Status.AVAILABLE, small, LZ4)));
        // Version 2's file no longer matches the SHA-256 its manifest records.
        Path tampered = registries.resolve(TAMPERED);
        restore(
                tampered,
                ACTIVE_ZSTD + 1,
                List.of(entry(
                        ACTIVE_ZSTD, DictionaryInfo.DEFAULT_SUBJECT, DictionaryInfo.Status.ACTIVE, medium, Map.of())));
        byte[] changed = medium.clone();
        changed[changed.length - 1] ^= 1;
        Files.write(tampered.resolve("v000002.dict"), changed);
    }

    private static void restore(Path dir, int nextVersion, List<Dictionary> versions) throws IOException {
        Files.createDirectories(dir);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.restore(versions, nextVersion);
        }
        Files.deleteIfExists(dir.resolve(".lock"));
    }

    private static Dictionary entry(
            int version, String subject, DictionaryInfo.Status status, byte[] content, Map<String, String> metadata) {
        DictionaryInfo info = DictionaryInfo.builder(version)
                .subject(subject)
                .sha256(Dictionary.sha256(content))
                .size(content.length)
                .level(3)
                .createdAt(CREATED)
                .status(status)
                .metadata(metadata)
                .build();
        return new Dictionary(info, content);
    }

    static byte[] resource(String name) {
        try (InputStream in = ConformanceRegistries.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> names() {
        return new ArrayList<>(List.of(MAIN, OTHER, TAMPERED));
    }
}
