package org.zdict.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The functions in a session built without {@link ZdictExtensions} ({@code local[2]}), as a notebook's: {@link
 * ZdictFunctions#register} and the {@code Column} functions, options, strings, rows of versions the registry
 * does not hold with the default settings, the driver's PERMISSIVE counts and the first line of a task's error.
 * The reader's registry holds version 1; the writer's holds 1 to 4.
 */
class ZdictFunctionsWithoutExtensionTest {
    private static final StructType EVENTS =
            new StructType().add("id", DataTypes.IntegerType, false).add("value", DataTypes.BinaryType, true);

    @TempDir
    static Path temp;

    private static SparkSession spark;
    private static String registry;
    private static List<byte[]> originals;
    private static Dataset<Row> known;
    private static Dataset<Row> unknown;

    @BeforeAll
    static void startSparkWithoutTheExtension() {
        registry = temp.resolve("reader").toString();
        String writer = temp.resolve("writer").toString();
        List<byte[]> samples = SampleEvents.synthetic(2030, 13);
        originals = samples.subList(2000, 2030);
        List<byte[]> ofVersion1 = new ArrayList<>();
        List<byte[]> ofVersions2To4 = new ArrayList<>();
        try (DictionaryRegistry reader = DictionaryRegistries.openOrCreate(registry, Map.of());
                DictionaryRegistry writing = DictionaryRegistries.openOrCreate(writer, Map.of())) {
            for (int version = 1; version <= 4; version++) {
                byte[] dictionary = TestTrainer.train(samples.subList(version * 400, version * 400 + 400), 4096, 3);
                writing.publish(dictionary, 3, Map.of());
                if (version == 1) {
                    reader.publish(dictionary, 3, Map.of());
                }
            }
        }
        for (int version = 1; version <= 4; version++) {
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
                serializer.configure(
                        Map.of(
                                ZdictSerdeConfig.REGISTRY_CONFIG,
                                writer,
                                ZdictSerdeConfig.PINNED_VERSION_CONFIG,
                                Integer.toString(version)),
                        false);
                for (int i = 0; i < (version == 1 ? originals.size() : 10); i++) {
                    (version == 1 ? ofVersion1 : ofVersions2To4).add(serializer.serialize("t", originals.get(i)));
                }
            }
        }
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("zdict-spark-without-extension")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        known = frame(ofVersion1);
        unknown = frame(ofVersions2To4);
    }

    private static Dataset<Row> frame(List<byte[]> values) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            rows.add(RowFactory.create(i, values.get(i)));
        }
        return spark.createDataFrame(rows, EVENTS).repartition(2);
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** Column 1 of each row, in the order of column 0 (the id). */
    private static List<Object> values(Dataset<Row> rows) {
        List<Row> collected = new ArrayList<>(rows.collectAsList());
        collected.sort((a, b) -> Integer.compare(a.getInt(0), b.getInt(0)));
        return collected.stream().map(row -> row.get(1)).toList();
    }

    @Test
    void registerMakesSqlAndColumnFunctionsWorkInASessionThatExists() {
        SparkSession session = spark.newSession();
        session.createDataFrame(known.collectAsList(), EVENTS).createOrReplaceTempView("events_here");
        String query = "SELECT id, zdict_decode(value, '" + registry + "') FROM events_here";

        AnalysisException before = assertThrows(AnalysisException.class, () -> session.sql(query));
        assertEquals("UNRESOLVED_ROUTINE", before.getCondition(), before.getMessage());
        assertTrue(before.getMessage().contains("zdict_decode"), before.getMessage());

        ZdictFunctions.register(session);
        ZdictFunctions.register(session);
        List<Object> bySql = values(session.sql(query));
        List<Object> byColumn = values(
                session.table("events_here").select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry)));
        for (int i = 0; i < originals.size(); i++) {
            assertArrayEquals(originals.get(i), (byte[]) bySql.get(i), "SQL, row " + i);
            assertArrayEquals(originals.get(i), (byte[]) byColumn.get(i), "Column, row " + i);
        }
    }

    @Test
    void columnFunctionsWorkWithoutRegisteringFirst() {
        SparkSession session = spark.newSession();
        SparkSession.setActiveSession(session);
        try {
            Dataset<Row> events = session.createDataFrame(known.collectAsList(), EVENTS);
            List<Object> decoded =
                    values(events.select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry)));
            assertArrayEquals(originals.get(0), (byte[]) decoded.get(0));
        } finally {
            SparkSession.setActiveSession(spark);
        }
    }

    @Test
    void thirtyRowsOfThreeUnknownVersionsArePermissiveNullsAtOnceAndCountedOnTheDriver() {
        Map<String, Long> before = ZdictFunctions.permissiveNulls();
        long started = System.nanoTime();
        List<Object> decoded =
                values(unknown.select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry, "PERMISSIVE")));
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("30 rows of 3 unknown versions, PERMISSIVE, default settings: %.2f s%n", seconds);

        assertEquals(30, decoded.size());
        decoded.forEach(value -> assertNull(value));
        Map<String, Long> after = ZdictFunctions.permissiveNulls();
        long counted = after.getOrDefault("unknown version", 0L) - before.getOrDefault("unknown version", 0L);
        assertEquals(30, counted, "the driver's count: " + after);
    }

    @Test
    void aTaskFailsWithOneLineNamingTheSparkSetting() {
        Exception e =
                assertThrows(Exception.class, () -> unknown.select(ZdictFunctions.zdict_decode(col("value"), registry))
                        .collectAsList());
        IllegalArgumentException cause = find(e);
        String message = cause.getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.startsWith("zdict_decode: dictionary version "), message);
        assertTrue(
                message.contains(" is not in the registry " + registry + " (waited 0 ms for it: "
                        + "spark.zdict.unknown.version.wait.ms (option 'unknown.version.wait.ms')); mode PERMISSIVE gives"
                        + " null instead"),
                message);
        assertFalse(message.contains("zdict.unknown.version.wait.ms,"), "no Kafka setting name: " + message);
    }

    @Test
    void optionsTakeTheModeAndSettingsAndStringsComeDirectly() {
        known.createOrReplaceTempView("known_events");
        unknown.createOrReplaceTempView("unknown_events");
        ZdictFunctions.register(spark);
        List<Object> strings = values(spark.sql("SELECT id, zdict_decode_string(value, '" + registry
                + "', map('mode', 'FAILFAST', 'max.decompressed.bytes', '1000000')) FROM known_events"));
        assertEquals(new String(originals.get(3), java.nio.charset.StandardCharsets.UTF_8), strings.get(3));

        List<Object> nulls = values(spark.sql("SELECT id, zdict_decode(value, '" + registry
                + "', map('mode', 'permissive', 'unknown.version.wait.ms', '10')) FROM unknown_events"));
        nulls.forEach(value -> assertNull(value));

        Exception tooLarge = assertThrows(Exception.class, () -> spark.sql("SELECT zdict_decode(value, '" + registry
                        + "', map('max.decompressed.bytes', '16')) FROM known_events")
                .collectAsList());
        assertTrue(
                find(tooLarge)
                        .getMessage()
                        .contains(
                                "16 bytes, the limit set by spark.zdict.max.decompressed.bytes (option 'max.decompressed.bytes')"),
                find(tooLarge).getMessage());

        List<Object> byColumn = values(spark.table("unknown_events")
                .select(
                        col("id"),
                        ZdictFunctions.zdict_decode_string(col("value"), registry, Map.of("mode", "PERMISSIVE"))));
        byColumn.forEach(value -> assertNull(value));
    }

    @Test
    void theReasonColumnSaysWhyEachPermissiveNullIsNull() {
        List<Row> known0 = known.collectAsList();
        byte[] good = (byte[]) known0.get(0).get(1);
        byte[] corrupt = Arrays.copyOf(good, good.length - 6);
        byte[] ofUnknownVersion = (byte[]) unknown.collectAsList().get(0).get(1);
        int version =
                PayloadPrefix.read(ofUnknownVersion, 0, ofUnknownVersion.length).version();
        Dataset<Row> mixed = frame(Arrays.asList(good, corrupt, ofUnknownVersion, null));
        mixed.createOrReplaceTempView("mixed_events");
        ZdictFunctions.register(spark);

        List<Row> bySql = sorted(spark.sql("SELECT id, zdict_decode(value, '" + registry + "', 'PERMISSIVE'),"
                + " zdict_decode_error(value, '" + registry + "') FROM mixed_events"));
        List<Row> byColumn = sorted(mixed.select(
                col("id"),
                ZdictFunctions.zdict_decode(col("value"), registry, "PERMISSIVE"),
                ZdictFunctions.zdict_decode_error(col("value"), registry, Map.of("mode", "PERMISSIVE"))));
        for (List<Row> rows : List.of(bySql, byColumn)) {
            assertArrayEquals(
                    originals.get(known0.get(0).getInt(0)), (byte[]) rows.get(0).get(1));
            assertNull(rows.get(0).get(2), "a value that decodes has no reason");
            assertNull(rows.get(1).get(1));
            assertTrue(
                    rows.get(1)
                            .getString(2)
                            .startsWith("zdict_decode_error cannot decode a value of " + corrupt.length
                                    + " bytes with the registry " + registry + ": "),
                    rows.get(1).getString(2));
            assertNull(rows.get(2).get(1));
            assertEquals(
                    "zdict_decode_error: dictionary version " + version + " is not in the registry " + registry
                            + " (waited 0 ms for it: spark.zdict.unknown.version.wait.ms (option"
                            + " 'unknown.version.wait.ms'))",
                    rows.get(2).getString(2));
            assertNull(rows.get(3).get(1));
            assertNull(rows.get(3).get(2), "null is not an error");
        }
    }

    /** The rows in the order of column 0 (the id). */
    private static List<Row> sorted(Dataset<Row> rows) {
        List<Row> collected = new ArrayList<>(rows.collectAsList());
        collected.sort((a, b) -> Integer.compare(a.getInt(0), b.getInt(0)));
        return collected;
    }

    @Test
    void anUnknownOptionIsAnAnalysisErrorListingTheOptions() {
        known.createOrReplaceTempView("known_events");
        ZdictFunctions.register(spark);
        AnalysisException e = assertThrows(AnalysisException.class, () -> spark.sql(
                        "SELECT zdict_decode(value, '" + registry + "', map('wait', '5')) FROM known_events")
                .collectAsList());
        assertEquals("DATATYPE_MISMATCH.INVALID_ARG_VALUE", e.getCondition(), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains("The `option` value must to be a \"STRING\" literal of mode, accept.unframed, "),
                e.getMessage());
        assertTrue(e.getMessage().contains(", unknown.version.wait.ms, "), e.getMessage());
        assertTrue(e.getMessage().contains(", but got 'wait'."), e.getMessage());
    }

    private static IllegalArgumentException find(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException found && t.getMessage().startsWith("zdict_decode")) {
                return found;
            }
        }
        throw new AssertionError("no zdict_decode error in " + e, e);
    }
}
