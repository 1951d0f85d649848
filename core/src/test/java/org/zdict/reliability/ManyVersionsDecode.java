package org.zdict.reliability;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.zdict.codec.ZdictCodec;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.ManyDictionaries;
import org.zdict.testing.SampleEvents;

/**
 * Child-JVM main: one consumer thread decodes records of {@code versions} dictionary versions (112 KiB
 * each, in subjects of 10 versions trained on one event shape each: the shared data sets when present,
 * synthetic events otherwise), drawn round robin over all versions, the worst case for a cache. Prints
 * key=value lines: resident memory before the first record, after warm-up and after the run, its peak
 * during the run (sampled every 10 passes), the decode
 * rate in records per CPU second, and the cache's stats.
 *
 * <p>Arguments: the registry folder and payload file written by {@link #prepare}, the cache bound in
 * bytes (0 for none), measured passes over all versions.
 */
public final class ManyVersionsDecode {
    private static final int DICTIONARY_BYTES = 112 << 10;
    private static final int SUBJECT_VERSIONS = 10;
    private static final int EVENTS_PER_VERSION = 16;
    /** Long enough for the JIT to compile the decode and load paths (20,000 records). */
    private static final int WARM_UP_PASSES = 100;

    private ManyVersionsDecode() {}

    /**
     * Publishes {@code versions} dictionaries into a directory registry at {@code registryDir} and writes
     * {@code EVENTS_PER_VERSION} payloads of each to {@code payloadFile}. Done in the parent JVM, so that
     * training and compression leave nothing in the measured process's native heap.
     */
    static void prepare(int versions, Path registryDir, Path payloadFile) throws Exception {
        List<List<byte[]>> shapes = eventShapes();
        int subjects = (versions + SUBJECT_VERSIONS - 1) / SUBJECT_VERSIONS;
        // Each subject has its own trained dictionary lineage; subjects share event shapes (data sets).
        List<List<byte[]>> dictionariesOf = new ArrayList<>();
        for (int shape = 0; shape < shapes.size(); shape++) {
            int subjectsOfShape = (subjects - shape + shapes.size() - 1) / shapes.size();
            dictionariesOf.add(new ArrayList<>(ManyDictionaries.distinct(
                    subjectsOfShape * SUBJECT_VERSIONS,
                    shapes.get(shape),
                    DICTIONARY_BYTES,
                    subjectsOfShape,
                    0x2000_0000 + (shape << 16))));
        }
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir);
                ZdictCodec producer =
                        ZdictCodec.builder(registry).checksum(false).build();
                DataOutputStream out =
                        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(payloadFile)))) {
            for (int v = 0; v < versions; v++) {
                int shape = (v / SUBJECT_VERSIONS) % shapes.size();
                int version = registry.publish(
                                dictionariesOf.get(shape).remove(0), 3, Map.of("subject", "s" + v / SUBJECT_VERSIONS))
                        .version();
                List<byte[]> events = shapes.get(shape);
                for (int i = 0; i < EVENTS_PER_VERSION; i++) {
                    byte[] payload = producer.compress(version, events.get((v * 131 + i * 7) % events.size()));
                    out.writeInt(payload.length);
                    out.write(payload);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path registryDir = Path.of(args[0]);
        Path payloadFile = Path.of(args[1]);
        long bound = Long.parseLong(args[2]);
        int passes = Integer.parseInt(args[3]);

        DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir);
        int versions = registry.list().size();
        byte[][][] payloads = new byte[versions][EVENTS_PER_VERSION][];
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(payloadFile)))) {
            for (int v = 0; v < versions; v++) {
                for (int i = 0; i < EVENTS_PER_VERSION; i++) {
                    payloads[v][i] = new byte[in.readInt()];
                    in.readFully(payloads[v][i]);
                }
            }
        }
        int largest = 0;
        try (ZdictCodec sizer = ZdictCodec.of(registry)) {
            for (byte[][] version : payloads) {
                for (byte[] payload : version) {
                    largest = Math.max(largest, (int) sizer.decompressedLength(payload, 0, payload.length));
                }
            }
        }

        ZdictCodecBuilder builder = ZdictCodec.builder(registry).checksum(false);
        builder.dictionaryCacheBytes(bound > 0 ? bound : Long.MAX_VALUE);
        byte[] out = new byte[largest];
        // Both runs first have the JIT compile the load path with a throwaway codec that digests on every
        // record, so that "before" to "warm" measures the codec under test rather than the compiler.
        try (ZdictCodec primer = ZdictCodec.builder(registry)
                .checksum(false)
                .dictionaryCacheBytes(1)
                .build()) {
            for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
                decodePass(primer, payloads, pass, out);
            }
        }
        long beforeKib = ResidentMemory.settledKib();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (ZdictCodec consumer = builder.build()) {
            long checksum = 0;
            for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
                checksum += decodePass(consumer, payloads, pass, out);
            }
            long warmKib = ResidentMemory.settledKib();
            ZdictCodec.CacheStats warm = consumer.cacheStats();
            long peakKib = 0;
            List<Long> samples = new ArrayList<>();
            int sampleEvery = Math.max(10, passes / 100 * 10);
            long records = 0;
            long cpuStart = threads.getCurrentThreadCpuTime();
            for (int pass = 0; pass < passes; pass++) {
                checksum += decodePass(consumer, payloads, pass, out);
                records += (long) versions;
                if (pass % 10 == 0) {
                    long kib = ResidentMemory.kib();
                    peakKib = Math.max(peakKib, kib);
                    if (pass % sampleEvery == 0) {
                        samples.add(kib);
                    }
                }
            }
            long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
            long endKib = ResidentMemory.settledKib();
            ZdictCodec.CacheStats end = consumer.cacheStats();
            System.out.println("versions=" + versions);
            System.out.println("dictionary-bytes=" + registry.get(1).content().length);
            System.out.println("records=" + records);
            System.out.println("records-per-cpu-second=" + Math.round(records / (cpuNanos / 1e9)));
            System.out.println("rss-before-kib=" + beforeKib);
            System.out.println("rss-warm-kib=" + warmKib);
            System.out.println("rss-peak-kib=" + peakKib);
            System.out.println("rss-end-kib=" + endKib);
            System.out.println("rss-samples-kib=" + samples);
            System.out.println("cache-bytes-warm=" + warm.bytes());
            System.out.println("cache-bytes-end=" + end.bytes());
            System.out.println("cache-limit=" + end.limitBytes());
            System.out.println("cache-entries=" + end.entries());
            System.out.println("cache-loads=" + end.loads());
            System.out.println("cache-evictions=" + end.evictions());
            System.out.println("checksum=" + checksum);
        }
        registry.close();
        System.out.println("rss-closed-kib=" + ResidentMemory.settledKib());
    }

    /** Decodes one record of every version, in version order, checking each against its length. */
    private static long decodePass(ZdictCodec codec, byte[][][] payloads, int pass, byte[] out) {
        long sum = 0;
        for (byte[][] version : payloads) {
            byte[] payload = version[pass % EVENTS_PER_VERSION];
            int length = codec.decompress(payload, 0, payload.length, out, 0);
            if (length != codec.decompressedLength(payload, 0, payload.length)) {
                throw new AssertionError("decoded " + length + " bytes");
            }
            sum += out[length - 1];
        }
        return sum;
    }

    /** One list of events per data set in ../shared/data (6000 each), or two synthetic shapes. */
    private static List<List<byte[]>> eventShapes() throws Exception {
        Optional<Path> data = SampleEvents.sharedDataDir();
        List<List<byte[]>> shapes = new ArrayList<>();
        if (data.isPresent()) {
            for (String name : List.of("github_events", "wikipedia_edits", "zeek_network_logs")) {
                Path file = data.get().resolve(name + ".jsonl");
                if (file.toFile().isFile()) {
                    shapes.add(SampleEvents.readLines(file, 6000));
                }
            }
        }
        if (shapes.isEmpty()) {
            shapes.add(SampleEvents.synthetic(20_000, 1));
            shapes.add(SampleEvents.synthetic(20_000, 2));
        }
        System.out.println("event-shapes=" + shapes.size() + (data.isPresent() ? " (shared data)" : " (synthetic)"));
        return shapes;
    }
}
