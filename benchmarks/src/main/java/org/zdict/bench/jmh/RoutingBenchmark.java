package org.zdict.bench.jmh;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * What routing through a dictionary set costs on the record path, one held-out event per call: {@code
 * compressPinned} writes with a version named by the caller (the single-dictionary path), {@code
 * compressRouted} lets the default subject's set choose, and {@code route} is the choice alone. Every
 * member holds the same dictionary as the pinned version, so the two compress paths do the same zstd work
 * and differ only by the routing. With {@code -prof gc}, {@code compressRouted} shows the routed path's
 * allocations (none). The rule is the dataset's kind field, or {@code shape}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RoutingBenchmark {
    /** A file of shared/data without .jsonl, with the field that tells its kinds apart. */
    @Param({"zeek_network_logs:_path", "github_events:type", "wikipedia_edits:channel"})
    public String dataset;

    @Param({"field", "shape"})
    public String rule;

    private DictionaryRegistry registry;
    private ZdictCodec codec;
    private DictionarySet set;
    private byte[][] events;
    private byte[] output;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = dataset.split(":");
        EventSplit split = EventSplit.load(parts[0]);
        TrainedDictionary trained = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-64k-3"));
        registry = DictionaryRegistries.inMemory();
        registry.publish(trained.content(), trained.level(), Map.of());
        DictionarySet.Rule routing =
                rule.equals("shape") ? new DictionarySet.Rule.Shape() : new DictionarySet.Rule.Field(parts[1]);
        Map<String, Integer> members = new HashMap<>();
        for (byte[] event : split.training()) {
            String kind = routing.kindOf(event, 0, event.length);
            if (kind != null && !members.containsKey(kind) && members.size() < DictionarySet.MAX_MEMBERS) {
                members.put(
                        kind,
                        registry.publish(trained.content(), trained.level(), Map.of("kind", kind))
                                .version());
            }
        }
        set = new DictionarySet(routing, 1, members);
        registry.activateSet(set);
        codec = ZdictCodec.of(registry);
        events = split.batches(1);
        int largest = 0;
        for (byte[] event : events) {
            largest = Math.max(largest, event.length);
        }
        output = new byte[ZdictCodec.maxCompressedLength(largest)];
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        codec.close();
        registry.close();
    }

    private byte[] nextEvent() {
        int i = next;
        next = i + 1 == events.length ? 0 : i + 1;
        return events[i];
    }

    @Benchmark
    public int compressPinned() {
        byte[] event = nextEvent();
        return codec.compress(1, event, 0, event.length, output, 0);
    }

    @Benchmark
    public int compressRouted() {
        byte[] event = nextEvent();
        return codec.compress(event, 0, event.length, output, 0);
    }

    @Benchmark
    public int route() {
        byte[] event = nextEvent();
        return set.versionFor(event, 0, event.length);
    }
}
