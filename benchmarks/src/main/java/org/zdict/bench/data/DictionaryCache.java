package org.zdict.bench.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.OptionalInt;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.engine.Publisher;
import org.zdict.engine.Timing;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Trains dictionaries on a split's training events and keeps them in a folder, so every JMH fork, the
 * C comparison and the broker harness use byte-identical dictionaries and training runs once. Folder:
 * {@code -Dzdict.bench.cache}, default {@code <tmp>/zdict-bench-dictionaries-4} (the number goes up
 * whenever {@link DictionaryTrainer} changes what it produces, so no run reuses a stale dictionary).
 *
 * <p>A fixed size and level is trained with {@link DictionaryTrainer}. {@link
 * DictionarySpec#CHOSEN_BY_TRAINER} runs the training engine ({@link TrainingEngine}) with {@code zdict
 * train}'s default plan on the training events alone (it holds out a fifth of them to choose by), and
 * publishes its choice into a registry folder next to the other dictionaries.
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

    /** The registry folder the trainer's choice for this split is published into. */
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
            TrainingPlan plan = TrainingPlan.builder(EventInput.ofEvents(
                            split.dataset(), split.training().iterator()))
                    .timing(timing())
                    .build();
            TrainingResult result = new TrainingEngine().run(plan);
            try (DictionaryRegistry target = DictionaryRegistries.openFolder(registry)) {
                Publisher.publish(target, DictionaryInfo.DEFAULT_SUBJECT, result.chosen(), true, "zdict benchmarks");
            }
            TrainedDictionary chosen = active(registry);
            if (chosen == null) {
                throw new IllegalStateException(
                        "No active dictionary in " + registry + " after training " + split.dataset());
            }
            return chosen;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot train into " + registry, e);
        }
    }

    /**
     * The engine's default timing, shortened by the properties {@code zdict.timing.rounds} and {@code
     * zdict.timing.round.millis} where speeds do not matter (the tests), as for the {@code zdict} command.
     */
    private static Timing timing() {
        return new Timing(
                Integer.getInteger("zdict.timing.rounds", Timing.DEFAULT.rounds()),
                Long.getLong("zdict.timing.round.millis", Timing.DEFAULT.roundMillis()),
                false);
    }

    private static TrainedDictionary active(Path registryFolder) {
        if (!Files.isRegularFile(registryFolder.resolve("manifest.json"))) {
            return null;
        }
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryFolder)) {
            OptionalInt version = registry.activeVersion();
            if (version.isEmpty()) {
                return null;
            }
            Dictionary dictionary = registry.get(version.getAsInt());
            return new TrainedDictionary(dictionary.content(), dictionary.info().level());
        }
    }
}
