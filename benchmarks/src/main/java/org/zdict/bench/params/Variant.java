package org.zdict.bench.params;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import org.zdict.engine.codec.KafkaLz4Codec;

/** One way to compress a batch, with the native resources it holds. */
abstract class Variant implements AutoCloseable {
    final String name;
    final String detail;

    Variant(String name, String detail) {
        this.name = name;
        this.detail = detail;
    }

    /** Compresses {@code src} into {@code dst}, returning the bytes written. */
    abstract int compress(byte[] src, byte[] dst);

    /** Whether the output is a zstd frame to decode with the dictionary (else Kafka's lz4). */
    boolean zstd() {
        return true;
    }

    @Override
    public abstract void close();

    /**
     * Today's path: a digested dictionary at {@code level} ({@code ZstdDictCompress}), or none when
     * {@code dictionary} is null; frame options as zdict writes record values.
     */
    static Variant digested(String name, byte[] dictionary, int level) {
        ZstdDictCompress digested = dictionary == null ? null : new ZstdDictCompress(dictionary, level);
        ZstdCompressCtx context = frameOptions(new ZstdCompressCtx());
        if (digested == null) {
            context.setLevel(level);
        } else {
            context.loadDict(digested);
        }
        return new ZstdVariant(name, "ZstdDictCompress L" + level, context, digested);
    }

    /** The other route: parameters set on the context, then the raw dictionary, digested by the context. */
    static Variant raw(String name, byte[] dictionary, ParameterSet parameters) {
        ZstdCompressCtx context = parameters.apply(frameOptions(new ZstdCompressCtx()), dictionary.length);
        context.loadDict(dictionary);
        return new ZstdVariant(name, parameters.describe(dictionary.length), context, null);
    }

    static Variant kafkaLz4() {
        return new Variant("kafka-lz4", "Kafka's LZ4 frame stream per batch") {
            private final KafkaLz4Codec codec = new KafkaLz4Codec();

            @Override
            int compress(byte[] src, byte[] dst) {
                return codec.compress(src, 0, src.length, dst);
            }

            @Override
            boolean zstd() {
                return false;
            }

            @Override
            public void close() {
                codec.close();
            }
        };
    }

    private static ZstdCompressCtx frameOptions(ZstdCompressCtx context) {
        return context.setChecksum(false).setContentSize(true).setDictID(true);
    }

    private static final class ZstdVariant extends Variant {
        private final ZstdCompressCtx context;
        private final ZstdDictCompress digested;

        ZstdVariant(String name, String detail, ZstdCompressCtx context, ZstdDictCompress digested) {
            super(name, detail);
            this.context = context;
            this.digested = digested;
        }

        @Override
        int compress(byte[] src, byte[] dst) {
            return context.compressByteArray(dst, 0, dst.length, src, 0, src.length);
        }

        @Override
        public void close() {
            context.close();
            if (digested != null) {
                digested.close();
            }
        }
    }
}
