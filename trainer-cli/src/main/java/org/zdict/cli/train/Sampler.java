package org.zdict.cli.train;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.zdict.cli.Progress;
import org.zdict.cli.input.EventInput;
import org.zdict.cli.input.EventReader;
import org.zdict.cli.input.MalformedEventException;
import org.zdict.cli.input.OnError;
import org.zdict.cli.input.Reservoir;

/** Streams the inputs once, keeps a bounded uniform sample, and splits it into training and held-out events. */
public final class Sampler {
    /**
     * Events larger than this (1 MiB) are skipped and counted: zdict is for events of a few kilobytes, and
     * one huge document would otherwise fill the sample's byte budget and evict the events that matter.
     */
    public static final int MAX_EVENT_BYTES = 1 << 20;

    /** {@link #MAX_EVENT_BYTES} for messages: "1 MiB". */
    public static String maxEventSizeLabel() {
        return (MAX_EVENT_BYTES >> 20) + " MiB";
    }

    private final int maxSamples;
    private final long maxSampleBytes;
    private final double holdout;
    private final HoldoutFrom holdoutFrom;
    private final long seed;
    private final OnError onError;

    /**
     * @param holdout the fraction of the sample held out for evaluation, in (0, 1); 1 holds out all
     *     of it (to evaluate an existing dictionary)
     * @param holdoutFrom which events are held out: a random share, or the latest in input order
     */
    public Sampler(
            int maxSamples, long maxSampleBytes, double holdout, HoldoutFrom holdoutFrom, long seed, OnError onError) {
        this.maxSamples = maxSamples;
        this.maxSampleBytes = maxSampleBytes;
        this.holdout = holdout;
        this.holdoutFrom = holdoutFrom;
        this.seed = seed;
        this.onError = onError;
    }

    private static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    public SampleSet read(
            List<EventInput> inputs,
            InputStream stdin,
            Progress.Factory progress,
            Consumer<MalformedEventException> skipped)
            throws IOException {
        Reservoir reservoir = new Reservoir(maxSamples, maxSampleBytes, seed);
        long total = 0;
        for (EventInput input : inputs) {
            long size = input.sizeOnDisk();
            total = size < 0 || total < 0 ? -1 : total + size;
        }
        long skippedCount = 0;
        long oversized = 0;
        long oversizedBytes = 0;
        long inputBytes = 0;
        List<String> names = new ArrayList<>();
        try (Progress bar = progress.start("Reading events", total, "MB", 1_000_000)) {
            for (EventInput input : inputs) {
                names.add(input.name());
                long eventsBefore = reservoir.seen() + oversized;
                EventReader reader = null;
                try (InputStream in = input.open(stdin, bar::stepBy)) {
                    reader = new EventReader(in, input.name(), onError, skipped);
                    for (byte[] event = reader.next(); event != null; event = reader.next()) {
                        if (event.length > MAX_EVENT_BYTES) {
                            oversized++;
                            oversizedBytes += event.length;
                        } else {
                            reservoir.offer(event);
                        }
                    }
                    skippedCount += reader.skippedCount();
                    inputBytes += reader.inputBytes();
                } catch (IOException e) {
                    throw new IOException(
                            "Cannot read " + input.name() + " after " + (reservoir.seen() + oversized - eventsBefore)
                                    + " event(s), " + (reader == null ? 0 : reader.inputBytes())
                                    + " bytes of content: " + describe(e) + " (is the file truncated or damaged?)",
                            e);
                }
                bar.setExtraMessage(reservoir.seen() + " events");
            }
        }
        List<byte[]> sample;
        if (holdoutFrom == HoldoutFrom.RANDOM) {
            sample = new ArrayList<>(reservoir.samples());
            Collections.shuffle(sample, new Random(seed));
        } else {
            // The latest events first, so the held-out part below is the end of the input.
            sample = new ArrayList<>(reservoir.samplesInArrivalOrder());
            Collections.reverse(sample);
        }
        int held = (int) Math.round(sample.size() * holdout);
        if (holdout >= 1) {
            held = sample.size();
        } else if (sample.size() >= 2) {
            held = Math.max(1, Math.min(sample.size() - 1, held));
        }
        List<byte[]> holdoutEvents = List.copyOf(sample.subList(0, held));
        List<byte[]> trainEvents = List.copyOf(sample.subList(held, sample.size()));
        return new SampleSet(
                names,
                reservoir.seen(),
                reservoir.seenBytes(),
                skippedCount,
                oversized,
                oversizedBytes,
                inputBytes,
                trainEvents,
                holdoutEvents);
    }
}
