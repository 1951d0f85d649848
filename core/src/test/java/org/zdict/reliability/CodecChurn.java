package org.zdict.reliability;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Child-JVM main: creates, uses and closes a codec {@code cycles} times (each use allocates native
 * contexts and digests two dictionaries) and prints the resident memory after warm-up and at the end.
 * Arguments: cycles, warm-up cycles.
 */
public final class CodecChurn {
    private CodecChurn() {}

    public static void main(String[] args) {
        long cycles = Long.parseLong(args[0]);
        long warmUp = Long.parseLong(args[1]);
        List<byte[]> events = SampleEvents.synthetic(400, 7);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(events.subList(0, 200), 8192, 3), 3, Map.of())
                .version());
        int other = registry.publish(TestTrainer.train(events.subList(200, 400), 8192, 1), 1, Map.of())
                .version();
        runCycles(warmUp, registry, other, events);
        long before = ResidentMemory.settledKib();
        System.out.println("rss-before-kib=" + before);
        runCycles(cycles, registry, other, events);
        long after = ResidentMemory.settledKib();
        System.out.println("rss-after-kib=" + after);
        System.out.println("cycles=" + cycles);
    }

    private static void runCycles(long cycles, DictionaryRegistry registry, int other, List<byte[]> events) {
        for (long i = 0; i < cycles; i++) {
            byte[] event = events.get((int) (i % events.size()));
            ZdictCodec codec = ZdictCodec.of(registry);
            try {
                check(event, codec.decompress(codec.compress(event)));
                check(event, codec.decompress(codec.compress(other, event)));
            } finally {
                codec.close();
            }
        }
    }

    private static void check(byte[] expected, byte[] actual) {
        if (!Arrays.equals(expected, actual)) {
            throw new AssertionError(
                    "round trip changed the event: " + new String(expected) + " vs " + new String(actual));
        }
    }
}
