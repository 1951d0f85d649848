package org.zdict.bench.data;

import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * A data set cut in two in stream order: the first events train dictionaries, the events after them
 * are measured, so no measured event was seen in training (as in production, where a dictionary is
 * trained on yesterday's traffic and applied to today's).
 */
public record EventSplit(String dataset, List<byte[]> training, List<byte[]> heldOut) {
    /** Events used for training by default, as in shared/data/SOURCES.md. */
    public static final int TRAINING_EVENTS = 5_000;
    /** Held-out events measured by default: 64 batches of 64. */
    public static final int HELD_OUT_EVENTS = 4_096;

    public static EventSplit load(String dataset) {
        return load(dataset, TRAINING_EVENTS, HELD_OUT_EVENTS);
    }

    public static EventSplit load(String dataset, int trainingEvents, int heldOutEvents) {
        List<byte[]> events = DataSets.read(dataset, trainingEvents + heldOutEvents);
        if (events.size() < trainingEvents + 64) {
            throw new IllegalStateException("Data set " + dataset + " has " + events.size()
                    + " events; the benchmarks need at least " + (trainingEvents + 64));
        }
        return new EventSplit(
                dataset,
                List.copyOf(events.subList(0, trainingEvents)),
                List.copyOf(events.subList(trainingEvents, events.size())));
    }

    /** Held-out events grouped {@code size} at a time, each group joined with '\n' as one batch. */
    public byte[][] batches(int size) {
        return batches(heldOut, size);
    }

    public static byte[][] batches(List<byte[]> events, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("Batch size must be at least 1, got " + size);
        }
        int count = events.size() / size;
        byte[][] result = new byte[count][];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int b = 0; b < count; b++) {
            out.reset();
            for (int i = 0; i < size; i++) {
                if (i > 0) {
                    out.write('\n');
                }
                out.writeBytes(events.get(b * size + i));
            }
            result[b] = out.toByteArray();
        }
        return result;
    }
}
