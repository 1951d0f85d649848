package org.zdict.bench.jmh;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.codec.ZdictCodec;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The Kafka deserializer's own cost per record, side by side in one JVM: {@code
 * ZdictDeserializer.deserialize(topic, headers, ByteBuffer)} (prefix, metrics, inner {@code
 * ByteArrayDeserializer}) against {@code ZdictCodec.decompress(ByteBuffer)} on the same values (slices
 * of a larger heap buffer, as a Kafka 4 consumer hands them over) and dictionary, in alternating rounds
 * of thread CPU time, as {@link CodecOverheadLoop} does. Prints the median CPU ns per call of each side
 * and the median of the per-round ratios deserializer ÷ codec. kafka-clients and kafka-serde are not in
 * the shaded jar: put them on the class path (see docs/BENCHMARKS.md).
 *
 * <pre>SerdeOverheadLoop [dataset] [rounds] [round millis]</pre>
 */
public final class SerdeOverheadLoop {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String TOPIC = "events";
    private static final int CODEC = 0;
    private static final int DESERIALIZER = 1;

    private final RecordHeaders headers = new RecordHeaders();
    private final ZdictDeserializer<byte[]> deserializer;
    private final ZdictCodec codec;
    private final ByteBuffer[] values;
    private int next;

    private SerdeOverheadLoop(
            ZdictDeserializer<byte[]> deserializer,
            ZdictCodec codec,
            byte[][] events,
            ZdictSerializer<byte[]> serializer) {
        this.deserializer = deserializer;
        this.codec = codec;
        values = new ByteBuffer[events.length];
        for (int i = 0; i < events.length; i++) {
            byte[] value = serializer.serialize(TOPIC, headers, events[i]);
            byte[] batch = new byte[value.length + 61];
            System.arraycopy(value, 0, batch, 61, value.length);
            values[i] = ByteBuffer.wrap(batch, 61, value.length).slice();
            if (!Arrays.equals(events[i], deserializer.deserialize(TOPIC, headers, values[i]))
                    || !Arrays.equals(events[i], codec.decompress(values[i]))) {
                throw new IllegalStateException("Event " + i + " does not round-trip");
            }
        }
    }

    public static void main(String[] args) throws IOException {
        String dataset = args.length > 0 ? args[0] : "wikipedia_edits";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long roundNanos = (args.length > 2 ? Long.parseLong(args[2]) : 100) * 1_000_000L;
        EventSplit split = EventSplit.load(dataset);
        TrainedDictionary dictionary = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-trained"));
        Path registryDir = Files.createTempDirectory("zdict-serde-loop");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir)) {
            DictionaryInfo info = registry.publish(dictionary.content(), dictionary.level(), Map.of());
            registry.activate(info.version());
            Map<String, Object> config = Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString());
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer());
                    ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
                    ZdictCodec codec =
                            ZdictCodec.builder(registry).checksum(false).build()) {
                serializer.configure(config, false);
                deserializer.configure(config, false);
                SerdeOverheadLoop loop = new SerdeOverheadLoop(deserializer, codec, split.batches(1), serializer);
                AlternatingRounds.Result result = AlternatingRounds.compare(
                        (variant, nanos) -> loop.round(variant, nanos), CODEC, DESERIALIZER, rounds, roundNanos);
                System.out.printf(
                        Locale.ROOT,
                        "deserialize(topic, headers, ByteBuffer) against ZdictCodec.decompress(ByteBuffer), %s: codec"
                                + " %.1f ns, deserializer %.1f ns (median CPU ns per call of %d rounds);"
                                + " deserializer ÷ codec: median %.3f, quartiles %.3f–%.3f%n",
                        dataset,
                        result.firstMedian(),
                        result.secondMedian(),
                        rounds,
                        result.ratioQuantile(0.5),
                        result.ratioQuantile(0.25),
                        result.ratioQuantile(0.75));
            }
        } finally {
            try (Stream<Path> files = Files.walk(registryDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == values.length ? 0 : i + 1;
        return i;
    }

    /** CPU nanoseconds per call over one round of about {@code nanos}; one loop per variant. */
    private double round(int variant, long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long calls = 0;
        long sink = 0;
        long elapsed;
        do {
            if (variant == CODEC) {
                for (int k = 0; k < 256; k++) {
                    sink += codec.decompress(values[nextIndex()]).length;
                }
            } else {
                for (int k = 0; k < 256; k++) {
                    sink += deserializer.deserialize(TOPIC, headers, values[nextIndex()]).length;
                }
            }
            calls += 256;
        } while ((elapsed = THREADS.getCurrentThreadCpuTime() - start) < nanos);
        if (sink == 42) {
            System.out.print("");
        }
        return (double) elapsed / calls;
    }
}
