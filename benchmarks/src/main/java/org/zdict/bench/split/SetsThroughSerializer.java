package org.zdict.bench.split;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.zdict.engine.Publisher;
import org.zdict.engine.SampleSet;
import org.zdict.engine.SetPublisher;
import org.zdict.engine.SplitReport;
import org.zdict.engine.SplitResult;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * What {@code zdict train}'s defaults store through the Kafka serializer, against the one dictionary
 * {@code --split-by none} publishes: one training run per dump, whose grid choice and chosen split (if any)
 * are each published into a folder registry of their own, and every held-out event written as one record by
 * {@link ZdictSerializer} (and read back by {@link ZdictDeserializer}). Both come from the same
 * measurements, so the bytes differ only by the split; the grid's choice depends on CPU figures, which two
 * separate runs on a busy machine may not repeat. Prints one line per dump and appends it as JSON to {@code --out FILE} if given.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar org.zdict.bench.split.SetsThroughSerializer
 * ../shared/data/zeek_network_logs.jsonl ...}
 */
public final class SetsThroughSerializer {
    private static final String TOPIC = "events";

    private SetsThroughSerializer() {}

    public static void main(String[] args) throws IOException {
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--out")) {
                out = Path.of(args[++i]);
                continue;
            }
            String line = measure(Path.of(args[i]));
            System.out.println(line);
            if (out != null) {
                Files.writeString(
                        out,
                        line + "\n",
                        StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.APPEND);
            }
        }
    }

    static String measure(Path dump) throws IOException {
        TrainingPlan plan = TrainingPlan.builder(EventInput.ofFile(dump)).build();
        TrainingEngine engine = new TrainingEngine();
        SampleSet samples = engine.sample(plan);
        TrainingResult withSplit = engine.train(plan, samples);
        // The one dictionary --split-by none would publish from the same measurements: the grid's choice.
        TrainingResult single = new TrainingResult(withSplit.measured(), withSplit.chosen(), SplitReport.none());
        List<byte[]> holdout = samples.holdout();
        long raw = holdout.stream().mapToLong(e -> e.length).sum();
        long singleBytes = throughSerializer(single, holdout);
        long defaultBytes = throughSerializer(withSplit, holdout);
        String chosen = withSplit.split().chosen().map(s -> s.rule().text()).orElse("none");
        int dictionaries =
                withSplit.split().chosen().map(s -> s.members().size() + 1).orElse(1);
        return String.format(
                Locale.ROOT,
                "{\"dump\":\"%s\",\"heldOutEvents\":%d,\"heldOutBytes\":%d,\"single\":\"%s\",\"singleBytes\":%d,"
                        + "\"singleBytesPerEvent\":%.1f,\"split\":\"%s\",\"dictionaries\":%d,\"defaultBytes\":%d,"
                        + "\"defaultBytesPerEvent\":%.1f,\"gain\":%.4f}",
                dump.getFileName(),
                holdout.size(),
                raw,
                single.chosen().choice().chosen().point().label(),
                singleBytes,
                (double) singleBytes / holdout.size(),
                chosen,
                dictionaries,
                defaultBytes,
                (double) defaultBytes / holdout.size(),
                1 - (double) defaultBytes / singleBytes);
    }

    /** The held-out events' record values written by the serializer against {@code result} as published. */
    private static long throughSerializer(TrainingResult result, List<byte[]> holdout) throws IOException {
        Path folder = Files.createTempDirectory("zdict-sets");
        try {
            try (DictionaryRegistry registry = DictionaryRegistries.openFolder(folder)) {
                SplitResult split = result.split().chosen().orElse(null);
                if (split == null) {
                    Publisher.publish(registry, DictionaryInfo.DEFAULT_SUBJECT, result.chosen(), true, "bench");
                } else {
                    SetPublisher.publish(
                            registry, DictionaryInfo.DEFAULT_SUBJECT, result.chosen(), split, true, "bench");
                }
            }
            Map<String, Object> config = Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, folder.toString());
            long bytes = 0;
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer());
                    ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer())) {
                serializer.configure(config, false);
                deserializer.configure(config, false);
                for (byte[] event : holdout) {
                    byte[] value = serializer.serialize(TOPIC, new RecordHeaders(), event);
                    if (!Arrays.equals(event, deserializer.deserialize(TOPIC, new RecordHeaders(), value))) {
                        throw new IllegalStateException("A held-out event does not round-trip");
                    }
                    bytes += value.length;
                }
            }
            return bytes;
        } finally {
            try (var paths = Files.walk(folder)) {
                for (Path path :
                        paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
