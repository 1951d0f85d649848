package org.zdict.train;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.util.Arrays;
import java.util.List;
import org.zdict.ZdictException;
import org.zdict.registry.ZstdLevels;

/**
 * Trains a standard zstd dictionary (usable with {@code zstd -D}) from sample records with zstd's
 * fastCover trainer, as {@code zstd --train} does by default.
 */
public final class DictionaryTrainer {
    /** zstd refuses dictionaries below this size. */
    public static final int MIN_DICTIONARY_SIZE = 256;

    private DictionaryTrainer() {}

    /**
     * @param samples the records to learn from (at least a few; zstd wants about 100× the dictionary
     *     size in total)
     * @param dictionarySize the largest dictionary to produce, in bytes
     * @param level the level the dictionary is built for (its entropy tables are tuned to it)
     * @return the dictionary bytes
     */
    public static byte[] train(List<byte[]> samples, int dictionarySize, int level) {
        if (dictionarySize < MIN_DICTIONARY_SIZE) {
            throw new IllegalArgumentException("Dictionary size " + dictionarySize + " is below zstd's minimum of "
                    + MIN_DICTIONARY_SIZE + " bytes");
        }
        ZstdLevels.check(level);
        if (samples.size() < 8) {
            throw new ZdictException("Cannot train a dictionary from " + samples.size()
                    + " sample(s): zstd needs at least 8, and works best with thousands");
        }
        byte[] buffer = new byte[dictionarySize];
        long written;
        try {
            written = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer, false, level);
        } catch (ZstdException e) {
            throw new ZdictException(
                    "zstd could not train a " + dictionarySize + "-byte dictionary from " + samples.size()
                            + " samples: " + e.getMessage() + " (give it more or larger samples)",
                    e);
        }
        if (Zstd.isError(written)) {
            throw new ZdictException("zstd could not train a " + dictionarySize + "-byte dictionary from "
                    + samples.size() + " samples: " + Zstd.getErrorName(written)
                    + " (give it more or larger samples)");
        }
        return Arrays.copyOf(buffer, (int) written);
    }
}
