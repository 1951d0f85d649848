package org.zdict.cli.train;

import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.InMemoryDictionaryRegistry;

/** A candidate dictionary measured exactly as pipelines use it: zdict payloads (prefix included). */
final class DictionaryCodec implements BlockCodec {
    private final String name;
    private final ZdictCodec codec;
    private final int version;

    DictionaryCodec(String name, byte[] dictionary, int level) {
        this.name = name;
        InMemoryDictionaryRegistry registry = new InMemoryDictionaryRegistry();
        this.version = registry.publish(dictionary, level, Map.of()).version();
        this.codec = ZdictCodec.of(registry);
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
    public int compress(byte[] src, int length, byte[] dst) {
        return codec.compress(version, src, 0, length, dst, 0);
    }

    @Override
    public void decompress(byte[] src, int length, byte[] dst, int originalLength) {
        codec.decompress(src, 0, length, dst, 0);
    }

    @Override
    public void close() {
        codec.close();
    }
}
