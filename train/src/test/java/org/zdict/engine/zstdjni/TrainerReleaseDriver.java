package org.zdict.engine.zstdjni;

import com.github.luben.zstd.Zstd;
import java.util.Arrays;
import java.util.List;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.ZstdJniReleaseRuns;

/**
 * The trainer on whatever zstd-jni its class path has, run by {@link TrainerOnZstdJniReleasesTest} in a
 * child JVM per release. Prints one {@code OK check} line per check and a last {@code RESULT} line; exits
 * 1 with a {@code FAILED} line at the first check that fails.
 *
 * <p>{@code old}: a release before 1.5.6-6, which trains for zstd's default level only: level 3 trains the
 * dictionary reproducibly (through the level-less {@code trainFromBuffer}), and level 19 is refused naming
 * the release and what to do. {@code new}: a release that trains for a level: zstd-jni's level-less call and
 * its level-3 call give the same dictionary (which is why the trainer may use the first for level 3 on
 * old releases), level 3 trains reproducibly and level 19 trains its own dictionary.
 */
public final class TrainerReleaseDriver {
    private static final int SIZE = 8 << 10;

    private TrainerReleaseDriver() {}

    public static void main(String[] args) {
        ZstdJniReleaseRuns.drive(args[0], () -> {
            List<byte[]> samples = SampleEvents.synthetic(1_500, 11);
            byte[] level3 = DictionaryTrainer.train(samples, SIZE, 3);
            check(
                    Arrays.equals(level3, DictionaryTrainer.train(samples, SIZE, 3)),
                    "training for level 3 is reproducible");
            switch (args[0]) {
                case "old" -> refusesLevel19(samples);
                case "new" -> {
                    byte[][] array = samples.toArray(new byte[0][]);
                    check(
                            Arrays.equals(raw(array, -1), raw(array, 3)),
                            "zstd-jni's default-level dictionary is its level-3 dictionary");
                    check(
                            !Arrays.equals(level3, DictionaryTrainer.train(samples, SIZE, 19)),
                            "level 19 trains its own dictionary");
                }
                default -> throw new IllegalArgumentException("usage: TrainerReleaseDriver old | new");
            }
        });
    }

    private static void refusesLevel19(List<byte[]> samples) {
        String release = Zstd.class.getPackage().getImplementationVersion();
        try {
            DictionaryTrainer.train(samples, SIZE, 19);
            throw new AssertionError("level 19 trained on " + release);
        } catch (IllegalStateException e) {
            check(
                    e.getMessage().contains(release)
                            && e.getMessage().contains("only, not for level 19")
                            && e.getMessage().contains("1.5.6-6 or newer"),
                    "level 19 is refused: " + e.getMessage());
        }
    }

    /** zstd-jni's own training, level-less (what releases before 1.5.6-6 have) when level is -1. */
    private static byte[] raw(byte[][] samples, int level) {
        byte[] buffer = new byte[SIZE];
        long size = level < 0
                ? Zstd.trainFromBuffer(samples, buffer, false)
                : Zstd.trainFromBuffer(samples, buffer, false, level);
        if (Zstd.isError(size)) {
            throw new IllegalStateException("zstd-jni could not train: " + Zstd.getErrorName(size));
        }
        return Arrays.copyOf(buffer, (int) size);
    }

    private static void check(boolean passed, String what) {
        if (!passed) {
            throw new AssertionError(what);
        }
        System.out.println("OK " + what);
    }
}
