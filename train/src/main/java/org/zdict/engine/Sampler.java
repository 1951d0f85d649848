package org.zdict.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.zdict.engine.input.EventInput;
import org.zdict.engine.input.EventReader;
import org.zdict.engine.input.Events;
import org.zdict.engine.input.MalformedEventException;
import org.zdict.engine.input.OnError;
import org.zdict.engine.input.Reservoir;

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
    public Sampler(SampleSettings settings) {
        this(
                settings.maxSamples(),
                settings.maxSampleBytes(),
                settings.holdout(),
                settings.holdoutFrom(),
                settings.seed(),
                settings.onError());
    }

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
            ProgressListener progress,
            Consumer<MalformedEventException> skipped)
            throws IOException {
        Reservoir reservoir = new Reservoir(maxSamples, maxSampleBytes, seed);
        long total = 0;
        for (EventInput input : inputs) {
            if (input.records() == null) {
                long size = input.sizeOnDisk();
                total = size < 0 || total < 0 ? -1 : total + size;
            }
        }
        Counts counts = new Counts();
        List<String> names = new ArrayList<>();
        ProgressListener.Task bar = null;
        try {
            for (EventInput input : inputs) {
                names.add(input.name());
                if (input.records() != null) {
                    // A topic draws its own bar (records, not bytes): the bytes bar is closed meanwhile.
                    if (bar != null) {
                        bar.close();
                        bar = null;
                        total = -1;
                    }
                    try (Events events = input.records().open(progress, skipped)) {
                        drain(events, reservoir, counts);
                    }
                    continue;
                }
                if (bar == null) {
                    bar = progress.start("Reading events", total, "MB", 1_000_000);
                }
                long eventsBefore = reservoir.seen() + counts.oversized;
                EventReader reader = null;
                try (InputStream in = input.open(stdin, bar::stepBy)) {
                    reader = new EventReader(in, input.name(), onError, skipped);
                    drain(reader, reservoir, counts);
                } catch (IOException e) {
                    throw new IOException(
                            "Cannot read " + input.name() + " after "
                                    + (reservoir.seen() + counts.oversized - eventsBefore)
                                    + " event(s), " + (reader == null ? 0 : reader.inputBytes())
                                    + " bytes of content: " + describe(e) + " (is the file truncated or damaged?)",
                            e);
                }
                bar.setExtraMessage(reservoir.seen() + " events");
            }
        } finally {
            if (bar != null) {
                bar.close();
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
                counts.skipped,
                counts.oversized,
                counts.oversizedBytes,
                counts.inputBytes,
                trainEvents,
                holdoutEvents);
    }

    /** Offers every event of one input to the reservoir, leaving out (and counting) the oversized ones. */
    private static void drain(Events events, Reservoir reservoir, Counts counts) throws IOException {
        for (byte[] event = events.next(); event != null; event = events.next()) {
            if (event.length > MAX_EVENT_BYTES) {
                counts.oversized++;
                counts.oversizedBytes += event.length;
            } else {
                reservoir.offer(event);
            }
        }
        counts.skipped += events.skippedCount();
        counts.inputBytes += events.inputBytes();
    }

    /** What was read besides the sample, over all inputs. */
    private static final class Counts {
        long skipped;
        long oversized;
        long oversizedBytes;
        long inputBytes;
    }
}
