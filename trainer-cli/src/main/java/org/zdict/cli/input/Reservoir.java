package org.zdict.cli.input;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A uniform random sample of a stream of events of unknown length (reservoir sampling), bounded both
 * in count and in bytes: when the sample outgrows the byte budget, random members are evicted and the
 * capacity shrinks, which keeps the sample uniform.
 */
public final class Reservoir {
    private final long maxBytes;
    private final Random random;
    private final List<byte[]> samples = new ArrayList<>();
    private int capacity;
    private long bytes;
    private long seen;
    private long seenBytes;

    public Reservoir(int maxSamples, long maxBytes, long seed) {
        if (maxSamples < 1) {
            throw new IllegalArgumentException("Sample limit must be positive, got " + maxSamples);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("Sample byte limit must be positive, got " + maxBytes);
        }
        this.capacity = maxSamples;
        this.maxBytes = maxBytes;
        this.random = new Random(seed);
    }

    public void offer(byte[] event) {
        seen++;
        seenBytes += event.length;
        if (samples.size() < capacity) {
            samples.add(event);
            bytes += event.length;
        } else {
            long slot = random.nextLong(seen);
            if (slot >= capacity) {
                return;
            }
            bytes += event.length - samples.get((int) slot).length;
            samples.set((int) slot, event);
        }
        while (bytes > maxBytes && samples.size() > 1) {
            int victim = random.nextInt(samples.size());
            bytes -= samples.get(victim).length;
            samples.set(victim, samples.get(samples.size() - 1));
            samples.remove(samples.size() - 1);
            capacity = samples.size();
        }
    }

    /** The sample, in no particular order. */
    public List<byte[]> samples() {
        return samples;
    }

    public long sampleBytes() {
        return bytes;
    }

    /** Events offered so far. */
    public long seen() {
        return seen;
    }

    public long seenBytes() {
        return seenBytes;
    }
}
