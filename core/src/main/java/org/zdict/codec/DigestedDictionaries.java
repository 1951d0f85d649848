package org.zdict.codec;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.CorruptDictionaryException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryRegistry;

/**
 * Digested (native, shareable) dictionaries of one codec: for compression one per version at the
 * codec's level (or the version's recorded level when the codec sets none), so one per (version,
 * level); for decompression one per version. Built once from the registry and kept until closed:
 * versions never change meaning, so nothing is ever invalidated. The version used last is kept at hand,
 * since a producer uses one version for long stretches.
 */
final class DigestedDictionaries implements AutoCloseable {
    private record Recent<T>(int version, T digested) {}

    private final DictionaryRegistry registry;
    private final OptionalInt levelOverride;
    private final Map<Integer, ZstdDictCompress> forCompression = new ConcurrentHashMap<>();
    private final Map<Integer, ZstdDictDecompress> forDecompression = new ConcurrentHashMap<>();
    private volatile Recent<ZstdDictCompress> recentCompression;
    private volatile Recent<ZstdDictDecompress> recentDecompression;

    DigestedDictionaries(DictionaryRegistry registry, OptionalInt levelOverride) {
        this.registry = registry;
        this.levelOverride = levelOverride;
    }

    ZstdDictCompress forCompression(int version) {
        Recent<ZstdDictCompress> recent = recentCompression;
        if (recent != null && recent.version() == version) {
            return recent.digested();
        }
        ZstdDictCompress digested = forCompression.computeIfAbsent(version, v -> digestForCompression(registry.get(v)));
        recentCompression = new Recent<>(version, digested);
        return digested;
    }

    ZstdDictDecompress forDecompression(int version) {
        Recent<ZstdDictDecompress> recent = recentDecompression;
        if (recent != null && recent.version() == version) {
            return recent.digested();
        }
        ZstdDictDecompress digested =
                forDecompression.computeIfAbsent(version, v -> digestForDecompression(registry.get(v)));
        recentDecompression = new Recent<>(version, digested);
        return digested;
    }

    @Override
    public void close() {
        recentCompression = null;
        recentDecompression = null;
        forCompression.values().forEach(ZstdDictCompress::close);
        forCompression.clear();
        forDecompression.values().forEach(ZstdDictDecompress::close);
        forDecompression.clear();
    }

    private ZstdDictCompress digestForCompression(Dictionary dictionary) {
        int level = levelOverride.orElse(dictionary.info().level());
        try {
            return new ZstdDictCompress(dictionary.content(), level);
        } catch (ZstdException | IllegalStateException e) {
            throw new CorruptDictionaryException(
                    dictionary.version(), "zstd cannot load it for compression: " + e.getMessage(), e);
        }
    }

    private static ZstdDictDecompress digestForDecompression(Dictionary dictionary) {
        try {
            return new ZstdDictDecompress(dictionary.content());
        } catch (ZstdException | IllegalStateException e) {
            throw new CorruptDictionaryException(
                    dictionary.version(), "zstd cannot load it for decompression: " + e.getMessage(), e);
        }
    }
}
