package org.zdict.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.zdict.CorruptPayloadException;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Runs every vector of the conformance folder (conformance/README.md) through the Java codec: each
 * positive vector decodes to its event, each negative one raises the exception its kind names. The
 * Python package's tests run the same files. Regenerate (then review the diff) with
 *
 * <pre>mvn -pl core test -Dtest=ConformanceSuiteTest -Dzdict.conformance.regenerate=true</pre>
 */
class ConformanceSuiteTest {
    @BeforeAll
    static void regenerateWhenAsked() throws IOException {
        if (Boolean.getBoolean("zdict.conformance.regenerate")) {
            ConformanceSuite.regenerate(ConformanceSuite.folder());
        }
    }

    static Stream<ConformanceSuite.Vector> vectors() throws IOException {
        List<ConformanceSuite.Vector> vectors = ConformanceSuite.read(ConformanceSuite.folder());
        assertTrue(vectors.size() >= 60, "the suite lists " + vectors.size() + " vectors");
        return vectors.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodesOrRefusesAsTheSuiteStates(ConformanceSuite.Vector vector) throws IOException {
        byte[] payload = Files.readAllBytes(vector.payload());
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(vector.registry());
                ZdictCodec codec = codec(registry, vector)) {
            if (vector.decodesTo() != null) {
                assertArrayEquals(Files.readAllBytes(vector.decodesTo()), codec.decompress(payload));
            } else {
                ZdictException e = assertThrows(ZdictException.class, () -> codec.decompress(payload));
                assertEquals(vector.error(), errorKind(e), e.getMessage());
            }
        }
    }

    /**
     * The suite's error kind of {@code e}: the exception's name without "Exception", except that the
     * kinds of a {@link CorruptPayloadException} other than a malformed payload are their own kinds.
     */
    private static String errorKind(ZdictException e) {
        if (e instanceof CorruptPayloadException corrupt) {
            return switch (corrupt.kind()) {
                case MALFORMED -> "CorruptPayload";
                case TRUNCATED -> "TruncatedPayload";
                case DICTIONARY_MISMATCH -> "DictionaryMismatch";
                case NO_CHECKSUM -> "UncheckedPayload";
            };
        }
        String name = e.getClass().getSimpleName();
        return name.substring(0, name.length() - "Exception".length());
    }

    private static ZdictCodec codec(DictionaryRegistry registry, ConformanceSuite.Vector vector) {
        ZdictCodecBuilder builder = ZdictCodec.builder(registry).acceptUnchecked(vector.acceptUnchecked());
        if (vector.maxDecompressedSize() >= 0) {
            builder.maxDecompressedSize(vector.maxDecompressedSize());
        }
        return builder.build();
    }
}
