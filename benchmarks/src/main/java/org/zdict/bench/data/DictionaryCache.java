package org.zdict.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.OptionalInt;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DirectoryDictionaryRegistry;
import org.zdict.train.DictionaryTrainer;

/**
 * Trains dictionaries on a split's training events and keeps them in a folder, so every JMH fork, the
 * C comparison and the broker harness use byte-identical dictionaries and training runs once. Folder:
 * {@code -Dzdict.bench.cache}, default {@code <tmp>/zdict-bench-dictionaries-4} (the number goes up
 * whenever {@link DictionaryTrainer} changes what it produces, so no run reuses a stale dictionary).
 *
 * <p>A fixed size and level is trained with {@link DictionaryTrainer}. {@link
 * DictionarySpec#CHOSEN_BY_TRAINER} runs the product's own {@code zdict train} with its default
 * settings on the training events alone (it holds out a fifth of them to choose by), into a registry
 * folder next to the other dictionaries, with its report as {@code report.json}.
 */
public final class DictionaryCache {
    private DictionaryCache() {}

    public static Path folder() {
        return Paths.get(System.getProperty(
                "zdict.bench.cache",
                Paths.get(System.getProperty("java.io.tmpdir"), "zdict-bench-dictionaries-4")
                        .toString()));
    }

    public static TrainedDictionary dictionary(EventSplit split, DictionarySpec spec) {
        return spec.chosenByTrainer()
                ? chosenByTrainer(split)
                : new TrainedDictionary(fixed(split, spec), spec.level());
    }

    static Path fileFor(EventSplit split, DictionarySpec spec) {
        return folder().resolve(String.format(
                "%s-t%d-%dk-l%d.dict", split.dataset(), split.training().size(), spec.size() / 1024, spec.level()));
    }

    /** The registry folder {@code zdict train} publishes its choice for this split into. */
    public static Path registryFor(EventSplit split) {
        return folder().resolve(String.format(
                "%s-t%d-trained", split.dataset(), split.training().size()));
    }

    private static byte[] fixed(EventSplit split, DictionarySpec spec) {
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

    private static TrainedDictionary chosenByTrainer(EventSplit split) {
        Path registry = registryFor(split);
        try {
            TrainedDictionary cached = active(registry);
            if (cached != null) {
                return cached;
            }
            Files.createDirectories(registry);
            Path events = registry.resolve("training-events.jsonl");
            try (OutputStream out = Files.newOutputStream(events)) {
                for (byte[] event : split.training()) {
                    out.write(event);
                    out.write('\n');
                }
            }
            int exit = ZdictCommand.commandLine()
                    .execute(
                            "train",
                            "--quiet",
                            "--input",
                            events.toString(),
                            "--registry",
                            registry.toString(),
                            "--activate",
                            "--report-json",
                            registry.resolve("report.json").toString());
            Files.delete(events);
            TrainedDictionary chosen = active(registry);
            if (exit != ZdictCommand.EXIT_OK || chosen == null) {
                throw new IllegalStateException(
                        "zdict train failed (exit " + exit + ") for " + split.dataset() + " into " + registry);
            }
            return chosen;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot train into " + registry, e);
        }
    }

    private static TrainedDictionary active(Path registryFolder) {
        if (!Files.isRegularFile(registryFolder.resolve("manifest.json"))) {
            return null;
        }
        try (DirectoryDictionaryRegistry registry = DirectoryDictionaryRegistry.open(registryFolder)) {
            OptionalInt version = registry.activeVersion();
            if (version.isEmpty()) {
                return null;
            }
            Dictionary dictionary = registry.get(version.getAsInt());
            return new TrainedDictionary(dictionary.content(), dictionary.info().level());
        }
    }
}
