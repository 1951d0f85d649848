package org.zdict.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.zdict.engine.codec.KafkaLz4Codec;
import org.zdict.engine.codec.KafkaLz4Support;
import org.zdict.engine.codec.ZdictBlockCodec;
import org.zdict.registry.DictionaryInfo;

/**
 * Opt-in, never in CI: how much the CPU figures the {@code balanced} ceiling compares move from run to
 * run, side by side ({@link Meter#slices}, as {@code zdict train} measures) and apart (each codec
 * timed alone, lz4 before and after the grid, as it measured before). Run it quiet and again with other
 * work keeping every core busy, and compare:
 *
 * <pre>
 * mvn -pl train test -Dtest=CpuNoiseProbeTest -Dzdict.cpu.probe=/path/events.jsonl [-Dzdict.cpu.probe.events=5000]
 *     [-Dzdict.cpu.probe.sizes=16,64,112,256,512]
 * </pre>
 *
 * It prints, per grid point and repeat, the lower quartile of the per-slice ratios and the per-slice
 * spread, then the figure measured apart; the constants of {@code CpuCeilingNoiseTest} come from it.
 */
@EnabledIfSystemProperty(named = "zdict.cpu.probe", matches = ".+")
@Timeout(value = 60, unit = TimeUnit.MINUTES)
class CpuNoiseProbeTest {
    private static final int REPEATS = Integer.getInteger("zdict.cpu.probe.repeats", 6);

    @Test
    void printsSideBySideAndApartFiguresPerRepeat() throws IOException {
        assumeTrue(KafkaLz4Support.PRESENT, "needs kafka-clients 3.8+ for Kafka's lz4");
        Path file = Path.of(System.getProperty("zdict.cpu.probe"));
        int limit = Integer.getInteger("zdict.cpu.probe.events", 5000);
        List<byte[]> events = new ArrayList<>();
        try (var lines = Files.lines(file)) {
            lines.limit(limit).forEach(line -> events.add(line.getBytes(StandardCharsets.UTF_8)));
        }
        Collections.shuffle(events, new Random(1));
        int held = events.size() / 5;
        List<byte[]> holdout = events.subList(0, held);
        List<byte[]> train = events.subList(held, events.size());
        // The default grid of zdict train.
        List<GridPoint> points = new GridSettings(
                        Arrays.stream(System.getProperty("zdict.cpu.probe.sizes", "16,64,112,256,512")
                                        .split(","))
                                .map(kib -> Integer.parseInt(kib) << 10)
                                .toList(),
                        List.of(1, 3, 5),
                        List.of(1, 4),
                        Objective.BALANCED,
                        100,
                        2,
                        4,
                        1,
                        DictionaryInfo.Codec.ZSTD,
                        SplitBy.NONE)
                .points();
        List<ZdictBlockCodec> codecs = new ArrayList<>();
        for (GridPoint p : points) {
            codecs.add(
                    new ZdictBlockCodec(p.label(), p.level(), DictionaryTrainer.train(train, p.dictSize(), p.level())));
        }
        Meter meter = new Meter(Timing.DEFAULT);
        PrintStream out = System.out;
        Batches primary = Batches.of(holdout, 1);
        Batches producer = Batches.of(holdout, 4);
        try (KafkaLz4Codec lz4 = new KafkaLz4Codec()) {
            for (int r = 0; r < REPEATS; r++) {
                for (String config : System.getProperty(
                                "zdict.cpu.probe.slices", Meter.SLICE_BYTES + ":" + 20 * Timing.DEFAULT.rounds())
                        .split(",")) {
                    String[] sizeRounds = config.split(":");
                    Slices slices = new Meter(
                                    Meter.TIMING_BYTES,
                                    Timing.DEFAULT,
                                    Long.parseLong(sizeRounds[0]),
                                    Integer.parseInt(sizeRounds[1]))
                            .slices(Meter.Work.COMPRESS, lz4, 4, codecs, 1, holdout);
                    String tag = "SLICES config=" + config + " repeat=" + r + " point=";
                    for (long[] round : slices.reference()) {
                        out.println(tag + "kafka-lz4 " + Arrays.toString(round));
                    }
                    for (int i = 0; i < codecs.size(); i++) {
                        out.println(tag + points.get(i).label().replace(' ', '-') + " "
                                + Arrays.toString(slices.codecs()[i]));
                    }
                }
                if (Boolean.getBoolean("zdict.cpu.probe.sideOnly")) {
                    continue;
                }
                double[] q25 = meter.slices(Meter.Work.COMPRESS, lz4, 4, codecs, 1, holdout)
                        .figures();

                double lz4Before = meter.measure(lz4, producer).compressNanos();
                double[] apart = new double[codecs.size()];
                for (int i = 0; i < codecs.size(); i++) {
                    apart[i] = meter.measure(codecs.get(i), primary).compressNanos();
                }
                double lz4Nanos =
                        Math.min(lz4Before, meter.measure(lz4, producer).compressNanos());
                for (int i = 0; i < codecs.size(); i++) {
                    out.printf(
                            Locale.ROOT,
                            "PROBE repeat=%d point=%s q25=%.4f apart=%.4f%n",
                            r,
                            points.get(i).label().replace(' ', '-'),
                            q25[i],
                            apart[i] / lz4Nanos);
                }
            }
        } finally {
            codecs.forEach(ZdictBlockCodec::close);
        }
    }
}
