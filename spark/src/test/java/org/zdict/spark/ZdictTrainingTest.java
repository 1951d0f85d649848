package org.zdict.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.Publisher;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * {@link ZdictTraining} in a local Spark session ({@code local[2]}, one per test JVM): 100,000 synthetic
 * events in 8 partitions are sampled on the cluster within the plan's limits, trained on, published as
 * version 1 into a folder registry, and the dictionary decodes what it encodes; too few rows and a column of
 * the wrong type are refused.
 *
 * <p>With {@code -Dzdict.spark.training.large=true}, {@link #trainsOnAMillionRealEventsBesideTheEngineOnAFile}
 * also trains on more than a million events made from {@code ../shared/data} and prints its wall time and
 * peak heap next to the engine on the same events as files (the figures in docs/TRAINING.md).
 */
class ZdictTrainingTest {
    private static final StructType EVENTS =
            new StructType().add("id", DataTypes.IntegerType, false).add("value", DataTypes.BinaryType, true);
    private static final int ROWS = 100_000;
    private static final int MAX_SAMPLES = 4_000;

    @TempDir
    static Path temp;

    private static SparkSession spark;
    private static Dataset<Row> events;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("zdict-spark-training-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        List<byte[]> values = SampleEvents.synthetic(ROWS, 5);
        List<Row> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            rows.add(RowFactory.create(i, values.get(i)));
        }
        events = spark.createDataFrame(rows, EVENTS).repartition(8).cache();
        assertEquals(ROWS, events.count());
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** A quick plan: two dictionary sizes at one level, short timing, a small sample. */
    private static TrainingPlan.Builder quick(TrainingPlan.Builder builder) {
        return builder.dictSizes(List.of(16 << 10, 64 << 10))
                .levels(List.of(3))
                .batchSizes(List.of(1))
                .timing(new org.zdict.engine.Timing(1, 5, true));
    }

    @Test
    void publishesVersionOneFromAHundredThousandRowsWithinThePlansLimits() {
        String registry = temp.resolve("registry").toString();
        TrainingPlan plan = quick(ZdictTraining.plan())
                .maxSamples(MAX_SAMPLES)
                .maxSampleBytes(4L << 20)
                .build();

        TrainedDictionary trained = ZdictTraining.train(events, col("value"), plan, registry);

        assertEquals(1, trained.version());
        assertFalse(trained.published().reused());
        assertEquals(ROWS, trained.result().samples().eventsRead());
        assertTrue(
                trained.eventsSampled() <= MAX_SAMPLES && trained.eventsSampled() > MAX_SAMPLES * 9 / 10,
                "sampled " + trained.eventsSampled() + " events for a limit of " + MAX_SAMPLES);
        assertTrue(trained.result().samples().trainBytes()
                        + trained.result().samples().holdoutBytes()
                <= 4L << 20);
        assertTrue(trained.heldOutRatio() > 2, "held-out ratio " + trained.heldOutRatio());
        try (DictionaryRegistry opened = DictionaryRegistries.open(registry, Map.of());
                ZdictCodec codec = ZdictCodec.of(opened)) {
            assertEquals(trained.info().sha256(), opened.info(1).orElseThrow().sha256());
            for (byte[] event : SampleEvents.synthetic(200, 99)) {
                byte[] payload = codec.compress(1, event);
                assertEquals(1, PayloadPrefix.read(payload, 0, payload.length).version());
                assertTrue(payload.length < event.length / 2, "payload of " + payload.length + " bytes");
                assertArrayEquals(event, codec.decompress(payload));
            }
        }
    }

    @Test
    void trainsOnAStringColumnByItsName() {
        String registry = temp.resolve("strings").toString();
        Dataset<Row> strings =
                events.limit(2_000).select(col("value").cast("string").as("json"));

        TrainedDictionary trained = ZdictTraining.train(
                strings, col("json"), quick(ZdictTraining.plan()).build(), registry);

        assertEquals(1, trained.version());
        assertEquals(2_000, trained.eventsSampled());
    }

    @Test
    void publishesIntoASubjectAndActivatesSoThatEncodeCompressesWithIt() {
        String registry = temp.resolve("activated").toString();
        Dataset<Row> some = events.limit(2_000);
        TrainingPlan plan = quick(ZdictTraining.plan()).build();

        TrainedDictionary trained = ZdictTraining.train(some, col("value"), plan, registry, "orders-value", true);

        try (DictionaryRegistry opened = DictionaryRegistries.open(registry, Map.of())) {
            assertEquals(
                    "orders-value", opened.info(trained.version()).orElseThrow().subject());
            assertEquals(trained.version(), opened.activeVersion("orders-value").orElseThrow());
            assertTrue(opened.activeVersion().isEmpty(), "the default subject has none");
        }
        assertFalse(
                ActiveVersionCheck.check(ZdictEncode.NAME, registry, "orders-value"), "an active version: no warning");
        byte[] encoded = some.select(ZdictFunctions.zdict_encode(col("value"), registry, "orders-value"))
                .first()
                .getAs(0);
        assertEquals(
                trained.version(),
                PayloadPrefix.read(encoded, 0, encoded.length).version());
    }

    @Test
    void publishesWithoutActivatingByDefaultAndEncodeWarnsOnce() {
        String registry = temp.resolve("not-activated").toString();
        TrainedDictionary trained =
                ZdictTraining.train(events.limit(2_000), "value", registry, DictionaryInfo.DEFAULT_SUBJECT, false);

        try (DictionaryRegistry opened = DictionaryRegistries.open(registry, Map.of())) {
            assertEquals(
                    trained.version(),
                    opened.info(trained.version()).orElseThrow().version());
            assertTrue(opened.activeVersion().isEmpty());
        }
        assertTrue(ActiveVersionCheck.check(ZdictEncode.NAME, registry, null), "plain zstd: warned");
        assertFalse(ActiveVersionCheck.check(ZdictEncode.NAME, registry, null), "warned once");
    }

    @Test
    void refusesAnInvalidSubjectBeforeSampling() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ZdictTraining.train(events, "value", temp.resolve("bad").toString(), "bad subject", true));
        assertTrue(e.getMessage().contains("'bad subject'"), e.getMessage());
    }

    @Test
    void refusesTooFewRowsSayingHowManyWereFoundAndNeeded() {
        Dataset<Row> three = events.limit(3);

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ZdictTraining.train(three, "value", temp.resolve("few").toString()));

        assertTrue(e.getMessage().contains("3 non-null value(s) found"), e.getMessage());
        assertTrue(e.getMessage().contains("at least 10 are needed"), e.getMessage());
        assertFalse(Files.exists(temp.resolve("few")), "the registry was created");
    }

    @Test
    void refusesAColumnThatIsNeitherBinaryNorStringNamingIt() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ZdictTraining.train(events, "id", temp.resolve("ids").toString()));

        assertEquals("Cannot train on column id of type int: the values must be binary or string", e.getMessage());
    }

    @Test
    void refusesARegistryThatCannotBeOpenedNamingItWithoutItsQuery() throws Exception {
        Path file = Files.writeString(temp.resolve("a-file"), "not a folder");
        String location = file.resolve("registry").toString();

        RuntimeException e = assertThrows(RuntimeException.class, () -> ZdictTraining.train(events, "value", location));

        assertTrue(e.getMessage().startsWith("Cannot open the registry " + location), e.getMessage());
        RuntimeException kafka = assertThrows(
                RuntimeException.class,
                () -> ZdictTraining.train(events, "value", "kafka://no-port/topic?sasl.jaas.config=secret"));
        assertTrue(
                kafka.getMessage().startsWith("Cannot open the registry kafka://no-port/topic?..."),
                kafka.getMessage());
        assertFalse(kafka.getMessage().contains("secret"), kafka.getMessage());
    }

    /**
     * More than a million events, the three dumps of ../shared/data ten times over (each copy with its own
     * {@code "copy"} field), written as text files: the same plan through ZdictTraining on the files read
     * back as a DataFrame, and through the engine on the files, as {@code zdict train FILES} runs it.
     */
    @Test
    @EnabledIfSystemProperty(named = "zdict.spark.training.large", matches = "true")
    @Timeout(1800)
    void trainsOnAMillionRealEventsBesideTheEngineOnAFile() throws Exception {
        Path data = SampleEvents.sharedDataDir().orElseThrow(() -> new AssertionError("../shared/data is missing"));
        List<String> dumps;
        try (Stream<Path> files = Files.list(data)) {
            dumps = files.filter(f -> f.toString().endsWith(".jsonl"))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        }
        Path written = temp.resolve("large-events");
        spark.read()
                .text(dumps.toArray(String[]::new))
                .where(expr("value LIKE '{%}'"))
                .crossJoin(spark.range(10).toDF("copy"))
                .select(expr("concat(substring(value, 1, length(value) - 1), ',\"copy\":', copy, '}')")
                        .as("value"))
                .write()
                .text(written.toString());
        List<EventInput> files;
        try (Stream<Path> parts = Files.list(written)) {
            files = parts.filter(f -> f.getFileName().toString().startsWith("part-"))
                    .sorted()
                    .map(EventInput::ofFile)
                    .toList();
        }
        TrainingPlan.Builder settings = TrainingPlan.builder(files)
                .dictSizes(List.of(64 << 10, 112 << 10))
                .levels(List.of(3))
                .batchSizes(List.of(1));
        TrainingPlan plan = settings.build();

        Dataset<Row> frame = spark.read().text(written.toString());
        long baseline = resetPeakHeap();
        long begin = System.nanoTime();
        TrainedDictionary onSpark = ZdictTraining.train(
                frame, col("value"), plan, temp.resolve("large-spark").toString());
        long sparkMillis = (System.nanoTime() - begin) / 1_000_000;
        long sparkPeak = peakHeap();
        long sparkOld = peakOldGen();

        long fileBaseline = resetPeakHeap();
        begin = System.nanoTime();
        TrainingResult onFile = new TrainingEngine().run(plan);
        Publisher.Published published;
        try (DictionaryRegistry registry =
                DictionaryRegistries.openOrCreate(temp.resolve("large-file").toString(), Map.of())) {
            published =
                    Publisher.publish(registry, DictionaryInfo.DEFAULT_SUBJECT, onFile.chosen(), false, "zdict train");
        }
        long fileMillis = (System.nanoTime() - begin) / 1_000_000;
        long filePeak = peakHeap();
        long fileOld = peakOldGen();

        double fileRatio = onFile.chosen().choice().chosen().primary().ratio();
        System.out.printf(
                Locale.ROOT,
                "ZdictTraining on %,d rows (%,d bytes): %,d ms, peak heap %,d MB (old gen %,d MB; %,d MB before),"
                        + " sampled %,d (%,d bytes), chose %s level %d, held-out ratio %.3f%n",
                onSpark.result().samples().eventsRead(),
                onSpark.result().samples().bytesRead(),
                sparkMillis,
                sparkPeak >> 20,
                sparkOld >> 20,
                baseline >> 20,
                onSpark.eventsSampled(),
                onSpark.result().samples().trainBytes()
                        + onSpark.result().samples().holdoutBytes(),
                onSpark.dictSize(),
                onSpark.level(),
                onSpark.heldOutRatio());
        System.out.printf(
                Locale.ROOT,
                "engine on %d files (%,d events): %,d ms, peak heap %,d MB (old gen %,d MB; %,d MB before),"
                        + " sampled %,d (%,d bytes), chose %s level %d, held-out ratio %.3f%n",
                files.size(),
                onFile.samples().eventsRead(),
                fileMillis,
                filePeak >> 20,
                fileOld >> 20,
                fileBaseline >> 20,
                onFile.samples().train().size() + onFile.samples().holdout().size(),
                onFile.samples().trainBytes() + onFile.samples().holdoutBytes(),
                onFile.chosen().choice().chosen().point().dictSize(),
                onFile.chosen().choice().chosen().point().level(),
                fileRatio);

        assertTrue(onSpark.result().samples().eventsRead() >= 1_000_000);
        assertEquals(onFile.samples().eventsRead(), onSpark.result().samples().eventsRead());
        assertEquals(1, onSpark.version());
        assertEquals(1, published.info().version());
        assertTrue(onSpark.eventsSampled() <= plan.sampling().maxSamples());
        assertTrue(Math.abs(onSpark.heldOutRatio() / fileRatio - 1) < 0.1, onSpark.heldOutRatio() + " vs " + fileRatio);
    }

    /** Collects garbage and resets the heap pools' peaks; returns the heap used now. */
    private static long resetPeakHeap() {
        System.gc();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
                used += pool.getUsage().getUsed();
            }
        }
        return used;
    }

    /** The peak of the old generation since the reset: what outlived the young collections. */
    private static long peakOldGen() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getName().contains("Old")) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /** The sum of the heap pools' peaks since the reset (an upper bound of the heap's peak). */
    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
