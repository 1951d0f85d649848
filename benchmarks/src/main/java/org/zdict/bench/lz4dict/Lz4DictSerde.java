package org.zdict.bench.lz4dict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.zdict.internal.lz4.Lz4Dictionary;

/**
 * The LZ4-dictionary payload ({@link Lz4DictCodec}) as a Kafka serializer and deserializer, for the
 * broker harness only: {@value #DICTIONARY_CONFIG} names a dictionary file (its last 64 KiB are used;
 * one {@link Lz4Dictionary} per file per JVM, shared), {@value #MODE_CONFIG} the search ({@code fast},
 * {@code hc<depth>}). The deserializer decodes straight from the fetched buffer, as zdict's does.
 */
public final class Lz4DictSerde {
    public static final String DICTIONARY_CONFIG = "lz4dict.dictionary";
    public static final String MODE_CONFIG = "lz4dict.mode";

    private static final Map<String, Lz4Dictionary> DICTIONARIES = new ConcurrentHashMap<>();

    private Lz4DictSerde() {}

    static Lz4DictCodec codec(Map<String, ?> configs) {
        Object file = configs.get(DICTIONARY_CONFIG);
        if (file == null) {
            throw new IllegalArgumentException(DICTIONARY_CONFIG + " is not set");
        }
        Object mode = configs.get(MODE_CONFIG);
        String search = mode == null ? "hc16" : mode.toString();
        Lz4Dictionary dictionary = DICTIONARIES.computeIfAbsent(file.toString(), path -> {
            try {
                return Lz4Dictionary.of(Files.readAllBytes(Paths.get(path)));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + DICTIONARY_CONFIG + " " + path, e);
            }
        });
        return new Lz4DictCodec("lz4dict-" + search, dictionary, Lz4DictModes.depth(search));
    }

    /** Compresses each value alone; one per producer, called from its sending thread. */
    public static final class Lz4DictSerializer implements Serializer<byte[]> {
        private Lz4DictCodec codec;
        private byte[] scratch = new byte[0];

        public Lz4DictSerializer() {}

        @Override
        public void configure(Map<String, ?> configs, boolean isKey) {
            codec = codec(configs);
        }

        @Override
        public byte[] serialize(String topic, byte[] data) {
            if (data == null) {
                return null;
            }
            int bound = codec.maxCompressedLength(data.length);
            if (scratch.length < bound) {
                scratch = new byte[Math.max(bound, 2 * scratch.length)];
            }
            return Arrays.copyOf(scratch, codec.compress(data, 0, data.length, scratch));
        }
    }

    /** Decodes each value into a new array of its declared length. */
    public static final class Lz4DictDeserializer implements Deserializer<byte[]> {
        private Lz4DictCodec codec;

        public Lz4DictDeserializer() {}

        @Override
        public void configure(Map<String, ?> configs, boolean isKey) {
            codec = codec(configs);
        }

        @Override
        public byte[] deserialize(String topic, byte[] data) {
            return data == null ? null : codec.decompress(data);
        }

        @Override
        public byte[] deserialize(String topic, Headers headers, ByteBuffer data) {
            if (data == null) {
                return null;
            }
            if (data.hasArray()) {
                return codec.decompress(data.array(), data.arrayOffset() + data.position(), data.remaining());
            }
            byte[] copy = new byte[data.remaining()];
            data.duplicate().get(copy);
            return codec.decompress(copy);
        }
    }
}
