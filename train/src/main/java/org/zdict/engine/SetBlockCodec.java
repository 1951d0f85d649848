package org.zdict.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.DictionarySet.Rule;

/**
 * The product writing with a dictionary set: {@link ZdictCodec} over an in-memory registry whose active
 * state is the set, so that every compression routes its event ({@link DictionarySet#versionFor}) as
 * writers do, the routing scan included in the time measured. A payload of several events is routed by
 * its first event, as the codec routes whatever bytes it is given.
 */
final class SetBlockCodec implements BlockCodec {
    private final String name;
    private final DictionaryRegistry registry;
    private final ZdictCodec codec;

    SetBlockCodec(String name, Rule rule, int level, byte[] fallback, Map<String, byte[]> members) {
        this.name = name;
        this.registry = DictionaryRegistries.inMemory();
        int fallbackVersion = registry.publish(fallback, level, Map.of()).version();
        Map<String, Integer> versions = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> member : members.entrySet()) {
            versions.put(
                    member.getKey(),
                    registry.publish(member.getValue(), level, Map.of()).version());
        }
        registry.activateSet(new DictionarySet(rule, fallbackVersion, versions));
        this.codec = ZdictCodec.builder(registry).level(level).checksum(false).build();
    }

    /** The version this codec writes {@code event} with: which dictionary routing gave it. */
    int versionFor(byte[] event) {
        return registry.activeSet(DictionaryInfo.DEFAULT_SUBJECT).orElseThrow().versionFor(event, 0, event.length);
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
