package org.zdict.reliability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Child-JVM main: {@code threads} threads compress and decompress {@code records} records through one
 * codec while another thread keeps activating versions and retires them, checking every result and
 * re-decoding older payloads (whose versions may since have been retired). Prints the resident memory
 * once every version has been used (after warm-up) and at the end. Arguments: records, threads.
 */
public final class CodecSoak {
    private static final int VERSIONS = 8;
    private static final int HISTORY = 64;

    private CodecSoak() {}

    public static void main(String[] args) throws Exception {
        long records = Long.parseLong(args[0]);
        int threads = Integer.parseInt(args[1]);
        long warmUp = records / 10;
        List<byte[]> events = events();
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        for (int v = 0; v < VERSIONS; v++) {
            List<byte[]> samples = SampleEvents.synthetic(2000, 100 + v);
            int level = 1 + v % 6;
            registry.publish(TestTrainer.train(samples, 4096 << (v % 3), level), level, Map.of());
        }
        registry.activate(1);

        AtomicLong checked = new AtomicLong();
        AtomicLong oldChecked = new AtomicLong();
        AtomicLong activations = new AtomicLong();
        AtomicLong retired = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch warm = new CountDownLatch(1);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                workers.add(new Thread(() -> {
                    try {
                        work(codec, events, thread, records / threads, checked, oldChecked);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            Thread rotator = new Thread(() -> {
                try {
                    rotate(registry, checked, warmUp, warm, done, activations, retired);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    warm.countDown();
                }
            });
            workers.forEach(Thread::start);
            rotator.start();
            warm.await();
            System.out.println("rss-before-kib=" + ResidentMemory.settledKib());
            for (Thread worker : workers) {
                worker.join();
            }
            done.set(true);
            rotator.join();
        }
        if (failure.get() != null) {
            failure.get().printStackTrace(System.out);
            System.exit(1);
        }
        System.out.println("rss-after-kib=" + ResidentMemory.settledKib());
        System.out.println("records-checked=" + checked.get());
        System.out.println("old-payloads-checked=" + oldChecked.get());
        System.out.println("activations=" + activations.get());
        System.out.println("retired=" + retired.get());
    }

    /**
     * Activates a random available version every 2 ms; once warm (every version used and a tenth of
     * the records done), every 50th activation also retires the oldest available version, keeping three.
     */
    private static void rotate(
            DictionaryRegistry registry,
            AtomicLong checked,
            long warmUp,
            CountDownLatch warm,
            AtomicBoolean done,
            AtomicLong activations,
            AtomicLong retired)
            throws InterruptedException {
        Random random = new Random(5);
        while (!done.get()) {
            List<DictionaryInfo> available = registry.list().stream()
                    .filter(info -> info.status() == DictionaryInfo.Status.AVAILABLE)
                    .toList();
            if (!available.isEmpty()) {
                registry.activate(
                        available.get(random.nextInt(available.size())).version());
                activations.incrementAndGet();
            }
            if (activations.get() >= 4L * VERSIONS && checked.get() >= warmUp) {
                warm.countDown();
                if (activations.get() % 50 == 0 && available.size() > 3) {
                    DictionaryInfo oldest = available.get(0);
                    if (registry.activeVersion().getAsInt() != oldest.version()) {
                        registry.retire(oldest.version());
                        retired.incrementAndGet();
                    }
                }
            }
            Thread.sleep(2);
        }
    }

    private static void work(
            ZdictCodec codec, List<byte[]> events, int thread, long count, AtomicLong checked, AtomicLong oldChecked) {
        byte[][] oldPayloads = new byte[HISTORY][];
        byte[][] oldEvents = new byte[HISTORY][];
        byte[] scratch = new byte[ZdictCodec.maxCompressedLength(1 << 17)];
        byte[] out = new byte[1 << 17];
        for (long i = 0; i < count; i++) {
            byte[] event = events.get((int) ((i * 7919 + thread * 104729L) % events.size()));
            byte[] payload;
            if ((i & 1) == 0) {
                payload = codec.compress(event);
                check(event, codec.decompress(payload));
            } else {
                int written = codec.compress(event, 0, event.length, scratch, 0);
                int decoded = codec.decompress(scratch, 0, written, out, 0);
                check(event, Arrays.copyOf(out, decoded));
                payload = Arrays.copyOf(scratch, written);
            }
            int slot = (int) (i % HISTORY);
            if (oldPayloads[slot] != null && i % 4 == 0) {
                check(oldEvents[slot], codec.decompress(oldPayloads[slot]));
                oldChecked.incrementAndGet();
            }
            oldPayloads[slot] = payload;
            oldEvents[slot] = event;
            checked.incrementAndGet();
        }
    }

    private static void check(byte[] expected, byte[] actual) {
        if (!Arrays.equals(expected, actual)) {
            throw new AssertionError("a round trip changed a record of " + expected.length + " bytes");
        }
    }

    /** Synthetic events plus edge cases: empty, one byte, incompressible, large and repetitive. */
    private static List<byte[]> events() {
        List<byte[]> events = new ArrayList<>(SampleEvents.synthetic(10_000, 99));
        Random random = new Random(3);
        byte[] noise = new byte[1000];
        random.nextBytes(noise);
        events.add(new byte[0]);
        events.add(new byte[] {'{'});
        events.add(noise);
        events.add("{\"k\":\"v\"}".repeat(10_000).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return events;
    }
}
