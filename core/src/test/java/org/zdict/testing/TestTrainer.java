package org.zdict.testing;

import com.github.luben.zstd.Zstd;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Trains the dictionaries the tests of core and of the modules that do not depend on zdict-train use:
 * the same bytes zdict-train's {@code DictionaryTrainer} gives for the same samples (samples shuffled
 * with its seed, zstd's trainer, an id in 32,768..65,535 derived from the content), which {@code
 * DictionaryTrainerTest} in zdict-train checks. Core holds no training code; this is test code.
 */
public final class TestTrainer {
    private static final long SHUFFLE_SEED = 0x5EED_2D1CL;
    private static final int ID_OFFSET = 4;

    private TestTrainer() {}

    /**
     * {@return a dictionary of at most {@code dictionarySize} bytes trained on {@code samples} for {@code
     * level} (level 3 also on zstd-jni releases that train for no other)}
     */
    public static byte[] train(List<byte[]> samples, int dictionarySize, int level) {
        List<byte[]> shuffled = new ArrayList<>(samples);
        Collections.shuffle(shuffled, new Random(SHUFFLE_SEED));
        byte[][] array = shuffled.toArray(new byte[0][]);
        byte[] buffer = new byte[dictionarySize];
        long written = level == 3
                ? Zstd.trainFromBuffer(array, buffer, false)
                : Zstd.trainFromBuffer(array, buffer, false, level);
        if (Zstd.isError(written)) {
            throw new IllegalStateException("zstd could not train: " + Zstd.getErrorName(written));
        }
        byte[] dictionary = Arrays.copyOf(buffer, (int) written);
        int hash = Arrays.hashCode(Arrays.copyOfRange(dictionary, ID_OFFSET + 4, dictionary.length));
        int id = 0x8000 | ((hash ^ (hash >>> 15)) & 0x7FFF);
        dictionary[ID_OFFSET] = (byte) id;
        dictionary[ID_OFFSET + 1] = (byte) (id >>> 8);
        dictionary[ID_OFFSET + 2] = 0;
        dictionary[ID_OFFSET + 3] = 0;
        return dictionary;
    }
}
