package org.zdict.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Many distinct dictionaries, quickly: a few trained ones, each copied under its own dictionary id and
 * with its own last bytes, so that a payload decoded with another copy fails (its frame names another
 * id when checksums are off) instead of decoding by luck.
 */
public final class ManyDictionaries {
    private ManyDictionaries() {}

    /** {@code count} dictionaries of {@code size} bytes, from {@code bases} trained on slices of {@code samples}. */
    public static List<byte[]> distinct(int count, List<byte[]> samples, int size, int bases) {
        return distinct(count, samples, size, bases, 0x2000_0000);
    }

    /** Like {@link #distinct(int, List, int, int)}, with ids from {@code firstId} up. */
    public static List<byte[]> distinct(int count, List<byte[]> samples, int size, int bases, int firstId) {
        List<byte[]> trained = new ArrayList<>();
        int slice = samples.size() / bases;
        for (int b = 0; b < bases; b++) {
            trained.add(TestTrainer.train(samples.subList(b * slice, (b + 1) * slice), size, 3));
        }
        List<byte[]> dictionaries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] copy = trained.get(i % bases).clone();
            int id = firstId + i;
            for (int k = 0; k < 4; k++) {
                copy[4 + k] = (byte) (id >>> (8 * k));
                copy[copy.length - 1 - k] = (byte) (id >>> (8 * k));
            }
            dictionaries.add(copy);
        }
        return dictionaries;
    }
}
