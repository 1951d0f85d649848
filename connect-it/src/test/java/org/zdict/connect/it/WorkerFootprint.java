package org.zdict.connect.it;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * What a Connect worker JVM holds that a leaking converter would make grow, read through JMX (local or
 * remote) after a full GC: live threads, zdict's MBeans, the summed native bytes of the converters'
 * dictionary caches, the registry's follower threads and consumers, live instances of zdict's converter,
 * serdes, codecs and registry leases, and the process's resident memory.
 */
record WorkerFootprint(Map<String, Long> counts) {
    /** Classes whose live instances are counted: one converter per task holds two serdes, each a codec and a lease. */
    static final List<String> COUNTED_CLASSES = List.of(
            "org.zdict.connect.ZdictConverter",
            "org.zdict.kafka.ZdictSerializer",
            "org.zdict.kafka.ZdictDeserializer",
            "org.zdict.codec.ZdictCodec",
            "org.zdict.kafka.SharedRegistries$Lease");

    static final String THREADS = "threads";
    static final String ZDICT_MBEANS = "zdict-mbeans";
    static final String CACHE_BYTES = "dictionary-cache-bytes";
    static final String REGISTRY_THREADS = "registry-threads";
    static final String REGISTRY_CONSUMERS = "registry-consumers";
    static final String RSS_KB = "rss-kb";

    /**
     * Collects garbage in the worker (twice, so that the Cleaner has run for what the first collection
     * found), then reads the counts. {@code pid} is the worker's process, for its resident memory.
     */
    static WorkerFootprint read(MBeanServerConnection server, long pid)
            throws IOException, JMException, InterruptedException {
        MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(
                server, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        for (int i = 0; i < 3; i++) {
            memory.gc();
            Thread.sleep(300);
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(
                server, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
        counts.put(THREADS, (long) threads.getThreadCount());
        long registryThreads = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("zdict-registry-")) {
                registryThreads++;
            }
        }
        counts.put(REGISTRY_THREADS, registryThreads);
        counts.put(REGISTRY_CONSUMERS, (long) server.queryNames(
                        new ObjectName("kafka.consumer:type=consumer-metrics,client-id=zdict-registry-*"), null)
                .size());
        Set<ObjectName> zdict = server.queryNames(new ObjectName("zdict:*"), null);
        counts.put(ZDICT_MBEANS, (long) zdict.size());
        long cacheBytes = 0;
        for (ObjectName name : zdict) {
            // a serde's cache MBean has no version; a registry client's (type=registry) has other attributes
            if ("plugins".equals(name.getKeyProperty("type")) && name.getKeyProperty("version") == null) {
                cacheBytes += ((Number) server.getAttribute(name, CACHE_BYTES)).longValue();
            }
        }
        counts.put(CACHE_BYTES, cacheBytes);
        counts.putAll(liveInstances(server));
        counts.put(RSS_KB, residentKilobytes(pid));
        return new WorkerFootprint(counts);
    }

    long get(String name) {
        return counts.get(name);
    }

    /** Live instances of {@link #COUNTED_CLASSES}, from a class histogram (which collects garbage first). */
    private static Map<String, Long> liveInstances(MBeanServerConnection server) throws IOException, JMException {
        String histogram = (String) server.invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcClassHistogram",
                new Object[] {new String[0]},
                new String[] {String[].class.getName()});
        Map<String, Long> live = new LinkedHashMap<>();
        COUNTED_CLASSES.forEach(name -> live.put(name, 0L));
        // "   12:            40           1280  org.zdict.codec.ZdictCodec", one line per class and loader
        for (String line : histogram.lines().toList()) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length >= 4 && live.containsKey(fields[3])) {
                live.merge(fields[3], Long.parseLong(fields[1]), Long::sum);
            }
        }
        return live;
    }

    private static long residentKilobytes(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IOException("no VmRSS in /proc/" + pid + "/status");
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        counts.forEach((name, value) -> text.append(text.length() == 0 ? "" : ", ")
                .append(name.substring(name.lastIndexOf('.') + 1))
                .append('=')
                .append(value));
        return text.toString();
    }
}
