package org.zdict.engine.codec;

import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The product: {@link ZdictCodec} over an in-memory registry holding one active dictionary, so sizes
 * are zdict payloads, prefix included, exactly as pipelines store them: without zstd's content
 * checksum, as the Kafka serde and the Connect converter write record values (Kafka's CRC covers them).
 * Files written by {@code zdict compress} carry 4 more bytes each. A dictionary published for {@link
 * DictionaryInfo.Codec#LZ4} gives LZ4 blocks (0xD0 payloads), as the codec writes them for such a version.
 */
public final class ZdictBlockCodec implements BlockCodec {
    private final String name;
    private final DictionaryRegistry registry;
    private final ZdictCodec codec;

    /** zstd frames with {@code dictionary} at {@code level}. */
    public ZdictBlockCodec(String name, int level, byte[] dictionary) {
        this(name, level, dictionary, DictionaryInfo.Codec.ZSTD);
    }

    /** Payloads of {@code codec} with {@code dictionary}, its version recorded at {@code level}. */
    public ZdictBlockCodec(String name, int level, byte[] dictionary, DictionaryInfo.Codec codec) {
        this(name, level, withActive(dictionary, level, codec));
    }

    /**
     * Writes as {@code registry}'s active state says (a dictionary set routes each payload by its first
     * event); closing this codec closes {@code registry}.
     */
    public ZdictBlockCodec(String name, int level, DictionaryRegistry registry) {
        this.name = name;
        this.registry = registry;
        this.codec = ZdictCodec.builder(registry).level(level).checksum(false).build();
    }

    private static DictionaryRegistry withActive(byte[] dictionary, int level, DictionaryInfo.Codec codec) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(dictionary, level, codec.metadata()).version());
        return registry;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxCompressedLength(int length) {
        return ZdictCodec.maxCompressedLength(length);
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        return codec.compress(src, offset, length, dst, 0);
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        return codec.decompress(src, offset, length, dst, 0);
    }

    @Override
    public void close() {
        codec.close();
        registry.close();
    }
}
