package org.zdict.engine;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodecBuilder;

/**
 * Trains a standard zstd dictionary (usable with {@code zstd -D}) from sample records with zstd's
 * fastCover trainer, as {@code zstd --train} does by default.
 *
 * <p>The samples are shuffled first, with a fixed seed (the same samples always give the same
 * dictionary). zstd's trainer builds the dictionary from the first three quarters of the samples it is
 * given and only tests its parameters on the last quarter; samples in stream order, as events arrive,
 * would leave the newest quarter out of the dictionary, the part closest to the events it will
 * compress.
 *
 * <p>Stateless: safe to call from many threads at once (each call uses its own native memory).
 */
public final class DictionaryTrainer {
    /** zstd refuses dictionaries below this size. */
    public static final int MIN_DICTIONARY_SIZE = 256;
    /** Where a zstd dictionary keeps its 4-byte little-endian id, after the magic number. */
    private static final int ID_OFFSET = 4;
    /**
     * Whether zstd-jni has {@code Zstd.trainFromBuffer(byte[][], byte[], boolean, int)}, since 1.5.6-6:
     * before it, zstd-jni trains dictionaries for zstd's default level only.
     */
    private static final boolean TRAINS_FOR_A_LEVEL = trainsForALevel();
    /** Any fixed value: it only makes training reproducible. */
    private static final long SHUFFLE_SEED = 0x5EED_2D1CL;

    private DictionaryTrainer() {}

    /**
     * Trains a dictionary of at most {@code dictionarySize} bytes whose id (in 32,768..65,535, written in
     * 2 bytes in every frame) is derived from its content.
     *
     * @param samples the records to learn from (at least a few; zstd wants about 100× the dictionary
     *     size in total)
     * @param dictionarySize the largest dictionary to produce, in bytes
     * @param level the level the dictionary is built for (its entropy tables are tuned to it)
     * @return the dictionary bytes
     * @throws IllegalArgumentException if {@code dictionarySize} is below {@link #MIN_DICTIONARY_SIZE} or
     *     {@code level} is not a zstd level
     * @throws org.zdict.ZdictException if there are fewer than 8 samples or zstd cannot train on them
     * @throws IllegalStateException if the zstd-jni on the class path is older than zdict needs, naming both;
     *     or if it trains only for zstd's default level 3 (releases before 1.5.6-6, such as Spark 3.5's) and
     *     {@code level} is another
     */
    public static byte[] train(List<byte[]> samples, int dictionarySize, int level) {
        if (dictionarySize < MIN_DICTIONARY_SIZE) {
            throw new IllegalArgumentException("Dictionary size " + dictionarySize + " is below zstd's minimum of "
                    + MIN_DICTIONARY_SIZE + " bytes");
        }
        ZdictCodecBuilder.checkLevel(level);
        if (samples.size() < 8) {
            throw new ZdictException("Cannot train a dictionary from " + samples.size()
                    + " sample(s): zstd needs at least 8, and works best with thousands");
        }
        ZdictCodecBuilder.checkZstdJni();
        checkTrainsFor(level);
        List<byte[]> shuffled = new ArrayList<>(samples);
        Collections.shuffle(shuffled, new Random(SHUFFLE_SEED));
        byte[] buffer = new byte[dictionarySize];
        long written;
        try {
            byte[][] array = shuffled.toArray(new byte[0][]);
            written = TRAINS_FOR_A_LEVEL
                    ? Zstd.trainFromBuffer(array, buffer, false, level)
                    : Zstd.trainFromBuffer(array, buffer, false);
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
        byte[] dictionary = Arrays.copyOf(buffer, (int) written);
        writeShortId(dictionary);
        return dictionary;
    }

    /**
     * zstd-jni before 1.5.6-6 trains for zstd's default level only: the dictionary later releases train
     * for level 3. For another level it would be a dictionary whose entropy tables are not tuned to the
     * level asked for, so that is refused rather than returned.
     */
    private static void checkTrainsFor(int level) {
        if (!TRAINS_FOR_A_LEVEL && level != ZdictCodecBuilder.DEFAULT_LEVEL) {
            throw new IllegalStateException("The zstd-jni on the class path ("
                    + Zstd.class.getPackage().getImplementationVersion()
                    + ") trains dictionaries for zstd's default level " + ZdictCodecBuilder.DEFAULT_LEVEL
                    + " only, not for level " + level + ": train for level " + ZdictCodecBuilder.DEFAULT_LEVEL
                    + " (the dictionary works at every level), or put zstd-jni 1.5.6-6 or newer on the class path");
        }
    }

    /**
     * Replaces the random 32-bit id zstd's trainer writes with one in 32,768–65,535, derived from the
     * dictionary's content: frames that name it (payloads written with checksums off) then spend 2 bytes
     * on it instead of 4. Any id works for decoding; it only has to differ between dictionaries.
     */
    private static void writeShortId(byte[] dictionary) {
        int hash = Arrays.hashCode(Arrays.copyOfRange(dictionary, ID_OFFSET + 4, dictionary.length));
        int id = 0x8000 | ((hash ^ (hash >>> 15)) & 0x7FFF);
        dictionary[ID_OFFSET] = (byte) id;
        dictionary[ID_OFFSET + 1] = (byte) (id >>> 8);
        dictionary[ID_OFFSET + 2] = 0;
        dictionary[ID_OFFSET + 3] = 0;
    }

    private static boolean trainsForALevel() {
        try {
            Zstd.class.getMethod("trainFromBuffer", byte[][].class, byte[].class, boolean.class, int.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
