package org.zdict.bench.jmh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The Kafka serde's own per-record path, as a producer and a Kafka 4 consumer call it: {@code
 * serialize(topic, headers, value)}, and {@code deserialize(topic, headers, ByteBuffer)} with the value
 * as a slice of a larger heap buffer (a fetched batch). Run with {@code -prof gc} for the bytes
 * allocated per record. kafka-clients and kafka-serde are not in the shaded jar: put them on the class
 * path (see docs/BENCHMARKS.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SerdeBenchmark {
    private static final String TOPIC = "events";

    @Param({"wikipedia_edits"})
    public String dataset;

    private Path registryDir;
    private ZdictSerializer<byte[]> serializer;
    private ZdictDeserializer<byte[]> deserializer;
    private byte[][] events;
    private ByteBuffer[] values;
    private final RecordHeaders headers = new RecordHeaders();
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        EventSplit split = EventSplit.load(dataset);
        TrainedDictionary dictionary = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-trained"));
        registryDir = Files.createTempDirectory("zdict-serde-bench");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir)) {
            DictionaryInfo info = registry.publish(dictionary.content(), dictionary.level(), Map.of());
            registry.activate(info.version());
        }
        Map<String, Object> config = Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString());
        serializer = new ZdictSerializer<>(new ByteArraySerializer());
        serializer.configure(config, false);
        deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
        deserializer.configure(config, false);
        events = split.batches(1);
        values = new ByteBuffer[events.length];
        for (int i = 0; i < events.length; i++) {
            byte[] value = serializer.serialize(TOPIC, headers, events[i]);
            byte[] batch = new byte[value.length + 61];
            System.arraycopy(value, 0, batch, 61, value.length);
            values[i] = ByteBuffer.wrap(batch, 61, value.length).slice();
            if (!Arrays.equals(events[i], deserializer.deserialize(TOPIC, headers, values[i]))) {
                throw new IllegalStateException("Event " + i + " does not round-trip through the serde");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        serializer.close();
        deserializer.close();
        try (var files = Files.walk(registryDir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == events.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public byte[] serialize(CpuTimePerOp cpu) {
        cpu.ops++;
        return serializer.serialize(TOPIC, headers, events[nextIndex()]);
    }

    @Benchmark
    public byte[] deserialize(CpuTimePerOp cpu) {
        cpu.ops++;
        return deserializer.deserialize(TOPIC, headers, values[nextIndex()]);
    }
}
