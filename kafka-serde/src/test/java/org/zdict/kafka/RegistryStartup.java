package org.zdict.kafka;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.zdict.registry.DictionaryInfo;

/**
 * A new client starting against a registry topic, in a JVM of its own (run by {@link RegistryStartupIT}):
 * prints, as {@code key=value} lines, the time {@link KafkaDictionaryRegistry#openExisting} takes to read
 * the topic to its end, the heap live after it (after a full GC) and the dictionary bytes the registry's
 * objects retain, then the same after reading every version once.
 *
 * <p>Arguments: bootstrap servers, topic, local copy folder.
 */
public final class RegistryStartup {
    private RegistryStartup() {}

    public static void main(String[] args) throws Exception {
        Map<String, Object> settings = Map.of(
                KafkaRegistryConfig.CACHE_DIR_CONFIG, args[2], KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "120000");
        long heapBefore = liveHeap();
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        try (KafkaDictionaryRegistry registry = KafkaDictionaryRegistry.openExisting(args[0], args[1], settings)) {
            long t1 = System.nanoTime();
            long cpu1 = processCpuNanos();
            long heapOpen = liveHeap();
            long retainedOpen = RetainedByteArrays.bytesOfArraysAtLeast(registry, 1024);
            long bytes = 0;
            for (DictionaryInfo info : registry.list()) {
                bytes += registry.get(info.version()).content().length;
            }
            long t2 = System.nanoTime();
            long heapUsed = liveHeap();
            long retainedUsed = RetainedByteArrays.bytesOfArraysAtLeast(registry, 1024);
            System.out.println("versions=" + registry.list().size());
            System.out.println("dictionary-bytes=" + bytes);
            System.out.println("open-ms=" + TimeUnit.NANOSECONDS.toMillis(t1 - t0));
            System.out.println("open-cpu-ms=" + TimeUnit.NANOSECONDS.toMillis(cpu1 - cpu0));
            System.out.println("heap-added-open=" + (heapOpen - heapBefore));
            System.out.println("retained-open=" + retainedOpen);
            System.out.println("get-all-ms=" + TimeUnit.NANOSECONDS.toMillis(t2 - t1));
            System.out.println("heap-added-used=" + (heapUsed - heapBefore));
            System.out.println("retained-used=" + retainedUsed);
            System.out.println("cache-files=" + countFiles(Path.of(args[2])));
        }
    }

    private static long countFiles(Path dir) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".dict"))
                    .count();
        }
    }

    private static long liveHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
