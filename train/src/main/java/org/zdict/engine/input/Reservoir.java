package org.zdict.engine.input;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
    /** The position in the stream of each sample, index for index with {@link #samples}. */
    private final List<Long> positions = new ArrayList<>();

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
        long position = seen;
        seen++;
        seenBytes += event.length;
        if (samples.size() < capacity) {
            samples.add(event);
            positions.add(position);
            bytes += event.length;
        } else {
            long slot = random.nextLong(seen);
            if (slot >= capacity) {
                return;
            }
            bytes += event.length - samples.get((int) slot).length;
            samples.set((int) slot, event);
            positions.set((int) slot, position);
        }
        while (bytes > maxBytes && samples.size() > 1) {
            int victim = random.nextInt(samples.size());
            int last = samples.size() - 1;
            bytes -= samples.get(victim).length;
            samples.set(victim, samples.get(last));
            positions.set(victim, positions.get(last));
            samples.remove(last);
            positions.remove(last);
            capacity = samples.size();
        }
    }

    /** The sample, in no particular order. */
    public List<byte[]> samples() {
        return samples;
    }

    /** The sample in the order its events arrived. */
    public List<byte[]> samplesInArrivalOrder() {
        Integer[] order = new Integer[samples.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(positions::get));
        List<byte[]> ordered = new ArrayList<>(order.length);
        for (int i : order) {
            ordered.add(samples.get(i));
        }
        return ordered;
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
