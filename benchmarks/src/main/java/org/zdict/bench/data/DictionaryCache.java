package org.zdict.bench.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.train.DictionaryTrainer;

/**
 * Trains dictionaries with {@link DictionaryTrainer} on a split's training events and keeps them in a
 * folder, so every JMH fork, the C comparison and the broker harness use byte-identical dictionaries
 * and training runs once. Folder: {@code -Dzdict.bench.cache}, default {@code
 * <tmp>/zdict-bench-dictionaries}.
 */
public final class DictionaryCache {
    private DictionaryCache() {}

    public static Path folder() {
        return Paths.get(System.getProperty(
                "zdict.bench.cache",
                Paths.get(System.getProperty("java.io.tmpdir"), "zdict-bench-dictionaries")
                        .toString()));
    }

    public static Path fileFor(EventSplit split, DictionarySpec spec) {
        return folder().resolve(String.format(
                "%s-t%d-%dk-l%d.dict", split.dataset(), split.training().size(), spec.size() / 1024, spec.level()));
    }

    public static byte[] dictionary(EventSplit split, DictionarySpec spec) {
        Path file = fileFor(split, spec);
        try {
            if (Files.isRegularFile(file)) {
                return Files.readAllBytes(file);
            }
            byte[] dictionary = DictionaryTrainer.train(split.training(), spec.size(), spec.level());
            Files.createDirectories(file.getParent());
            Path temp =
                    Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            Files.write(temp, dictionary);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return dictionary;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot cache dictionary " + file, e);
        }
    }
}
