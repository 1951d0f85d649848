package org.zdict.codec;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.CorruptDictionaryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryRegistry;

/**
 * Digested (native, shareable) dictionaries: one for compression per (version, level) and one for
 * decompression per version, built once from the registry and kept until closed. Versions never
 * change meaning, so nothing is ever invalidated.
 */
final class DigestedDictionaries implements AutoCloseable {
    private record CompressKey(int version, int level) {}

    private final DictionaryRegistry registry;
    private final Map<CompressKey, ZstdDictCompress> forCompression = new ConcurrentHashMap<>();
    private final Map<Integer, ZstdDictDecompress> forDecompression = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> recordedLevels = new ConcurrentHashMap<>();

    DigestedDictionaries(DictionaryRegistry registry) {
        this.registry = registry;
    }

    /** The dictionary's recorded level: the level used when the codec has no level of its own. */
    int levelOf(int version) {
        Integer level = recordedLevels.get(version);
        if (level != null) {
            return level;
        }
        return recordedLevels.computeIfAbsent(version, v -> registry.info(v)
                .orElseThrow(() -> new UnknownDictionaryVersionException(v, registry.describe()))
                .level());
    }

    ZstdDictCompress forCompression(int version, int level) {
        CompressKey key = new CompressKey(version, level);
        ZstdDictCompress digested = forCompression.get(key);
        if (digested != null) {
            return digested;
        }
        return forCompression.computeIfAbsent(key, k -> digestForCompression(registry.get(version), level));
    }

    ZstdDictDecompress forDecompression(int version) {
        ZstdDictDecompress digested = forDecompression.get(version);
        if (digested != null) {
            return digested;
        }
        return forDecompression.computeIfAbsent(version, v -> digestForDecompression(registry.get(v)));
    }

    @Override
    public void close() {
        forCompression.values().forEach(ZstdDictCompress::close);
        forCompression.clear();
        forDecompression.values().forEach(ZstdDictDecompress::close);
        forDecompression.clear();
    }

    private static ZstdDictCompress digestForCompression(Dictionary dictionary, int level) {
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
