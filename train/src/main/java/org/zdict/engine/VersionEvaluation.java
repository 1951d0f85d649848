package org.zdict.engine;

import java.util.ArrayList;
import java.util.List;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.engine.codec.Lz4Codec;
import org.zdict.engine.codec.ZdictBlockCodec;
import org.zdict.engine.codec.ZstdJniCodec;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/** Measures one existing dictionary, and LZ4 and plain zstd next to it, on new events ({@code zdict eval}). */
public final class VersionEvaluation {
    private final Meter meter;
    private final List<Batches> batches;

    public VersionEvaluation(List<byte[]> events, List<Integer> batchSizes, Timing timing) {
        this.meter = new Meter(timing);
        this.batches = batchSizes.stream().map(size -> Batches.of(events, size)).toList();
    }

    /** Measures on {@code samples}' held-out events, at the plan's batch sizes and with its timing. */
    public static VersionEvaluation onHeldOut(TrainingPlan plan, SampleSet samples) {
        return new VersionEvaluation(samples.holdout(), plan.grid().batchSizes(), plan.timing());
    }

    /** The dictionary as zdict payloads (zstd frames), one measurement per batch size. */
    public List<Measurement> dictionary(byte[] dictionary, int level) {
        return dictionary(dictionary, level, DictionaryInfo.Codec.ZSTD);
    }

    /** The dictionary as zdict payloads of {@code codec}, one measurement per batch size. */
    public List<Measurement> dictionary(byte[] dictionary, int level, DictionaryInfo.Codec codec) {
        try (ZdictBlockCodec measured = new ZdictBlockCodec("dictionary", level, dictionary, codec)) {
            return measureAll(measured);
        }
    }

    /** A registry's version as its producers write it: at its level, with its codec (zstd or LZ4). */
    public List<Measurement> version(Dictionary version) {
        return dictionary(version.content(), version.info().level(), DictionaryInfo.Codec.of(version.info()));
    }

    public List<Measurement> lz4() {
        try (BlockCodec codec = Lz4Codec.fast()) {
            return measureAll(codec);
        }
    }

    public List<Measurement> zstd(int level) {
        try (BlockCodec codec = ZstdJniCodec.plain("zstd-" + level, level)) {
            return measureAll(codec);
        }
    }

    private List<Measurement> measureAll(BlockCodec codec) {
        List<Measurement> measurements = new ArrayList<>();
        for (Batches b : batches) {
            measurements.add(meter.measure(codec, b));
        }
        return measurements;
    }
}
