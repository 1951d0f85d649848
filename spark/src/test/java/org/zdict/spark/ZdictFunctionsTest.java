package org.zdict.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.CodegenMode$;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * {@code zdict_decode} and {@code zdict_encode} in a local Spark session ({@code local[2]}, one per test
 * JVM) with the {@link ZdictExtensions} extension, against a folder registry whose active version changed
 * from v1 to v2 while a {@link ZdictSerializer} wrote the values.
 *
 * <p>This class path has the zstd-jni that zdict-parent pins (zdict-bom's), which Maven puts before
 * Spark's older one. Under {@code spark-submit} Spark's own {@code jars/} come first: spark-it's
 * SparkInstallationIT runs the functions on that class path.
 */
class ZdictFunctionsTest {
    private static final StructType EVENTS =
            new StructType().add("id", DataTypes.IntegerType, false).add("value", DataTypes.BinaryType, true);

    @TempDir
    static Path temp;

    private static SparkSession spark;
    private static String registry;
    private static List<byte[]> originals;
    private static List<byte[]> payloads;

    @BeforeAll
    static void startSparkAndWriteAcrossARollout() throws Exception {
        registry = temp.resolve("registry").toString();
        List<byte[]> samples = SampleEvents.synthetic(1300, 11);
        byte[] v1 = TestTrainer.train(samples.subList(0, 500), 4096, 3);
        byte[] v2 = TestTrainer.train(samples.subList(500, 1000), 4096, 3);
        List<byte[]> events = samples.subList(1000, 1300);
        originals = new ArrayList<>();
        payloads = new ArrayList<>();
        try (DictionaryRegistry admin = DictionaryRegistries.openOrCreate(registry, Map.of());
                ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            admin.publish(v1, 3, Map.of());
            admin.activate(1);
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
            write(serializer, events, 50);
            admin.publish(v2, 3, Map.of());
            admin.activate(2);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (version(payloads.get(payloads.size() - 1)) != 2) {
                assertTrue(System.nanoTime() < deadline, "the serializer did not switch to v2");
                write(serializer, events, 1);
                Thread.sleep(20);
            }
            write(serializer, events, 50);
        }
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("zdict-spark-test")
                .config("spark.sql.extensions", ZdictExtensions.class.getName())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < payloads.size(); i++) {
            rows.add(RowFactory.create(i, payloads.get(i)));
        }
        spark.createDataFrame(rows, EVENTS).repartition(2).createOrReplaceTempView("events");
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static void write(ZdictSerializer<byte[]> serializer, List<byte[]> events, int n) {
        for (int i = 0; i < n; i++) {
            byte[] value = events.get(originals.size() % events.size());
            originals.add(value);
            payloads.add(serializer.serialize("events", value));
        }
    }

    private static int version(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    /**
     * Column 1 of each row, in the order of column 0 (the id), sorted here: a sort in Spark would evaluate
     * the function twice (its sampling pass too), and PERMISSIVE counts every evaluation.
     */
    private static List<byte[]> values(Dataset<Row> rows) {
        List<Row> collected = new ArrayList<>(rows.collectAsList());
        collected.sort(Comparator.comparingInt(row -> row.getInt(0)));
        List<byte[]> values = new ArrayList<>();
        for (Row row : collected) {
            values.add(row.isNullAt(1) ? null : (byte[]) row.get(1));
        }
        return values;
    }

    private static void assertAllEqual(List<byte[]> expected, List<byte[]> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "value " + i);
        }
    }

    /** One row, repartitioned so that the function runs in a task, not folded on the driver. */
    private static Dataset<Row> oneValue(byte[] value) {
        return spark.createDataFrame(List.of(RowFactory.create(0, value)), EVENTS)
                .repartition(2);
    }

    @Test
    void decodesEveryVersionOfARolloutThroughSql() {
        assertTrue(payloads.stream().anyMatch(p -> version(p) == 1) && version(payloads.get(payloads.size() - 1)) == 2);
        List<byte[]> decoded = values(spark.sql("SELECT id, zdict_decode(value, '" + registry + "') FROM events"));
        assertAllEqual(originals, decoded);
    }

    @Test
    void sparkGeneratesCodeThatCallsEachFunctionsInvokeMethod() {
        String[][] cases = {
            {"zdict_decode(value, '" + registry + "')", ZdictDecode.Binary.class.getName()},
            {
                "zdict_decode_string(value, '" + registry + "', map('mode', 'PERMISSIVE'))",
                ZdictDecode.Text.class.getName()
            },
            {"zdict_decode_error(value, '" + registry + "')", ZdictDecode.Reason.class.getName()},
            {"zdict_encode(value, '" + registry + "')", ZdictEncode.Bound.class.getName()},
        };
        spark.conf().set("spark.sql.adaptive.enabled", "false"); // the plan as compiled, not adapted at run time
        spark.conf().set("spark.sql.codegen.fallback", "false"); // code that does not compile fails the query
        try {
            for (String[] call : cases) {
                Dataset<Row> query = spark.sql("SELECT id, " + call[0] + " FROM events");
                String plan = query.queryExecution().executedPlan().toString();
                String code = query.queryExecution().explainString(CodegenMode$.MODULE$);
                assertFalse(plan.contains("ApplyFunctionExpression"), plan);
                assertTrue(code.contains("((" + call[1] + ") references["), "the function object in the code: " + code);
                assertTrue(code.contains(".invoke("), "its invoke method called: " + code);
                assertEquals(originals.size(), query.collectAsList().size(), "the generated code compiles and runs");
            }
        } finally {
            spark.conf().unset("spark.sql.adaptive.enabled");
            spark.conf().unset("spark.sql.codegen.fallback");
        }
    }

    @Test
    void describeFunctionShowsTheUsage() {
        List<String> lines = spark.sql("DESCRIBE FUNCTION zdict_encode").collectAsList().stream()
                .map(row -> row.getString(0))
                .toList();
        assertTrue(
                lines.contains(
                        "Usage: zdict_encode(value, registry[, subject | options]): a zdict payload of the value,"
                                + " compressed with the subject's active dictionary"),
                lines.toString());
    }

    @Test
    void tasksShareOneSerdePerRegistry() {
        String query = "SELECT id, zdict_decode(value, '" + registry + "', 'FAILFAST') FROM events";
        assertAllEqual(originals, values(spark.sql(query)));
        assertAllEqual(originals, values(spark.sql(query)));
        assertEquals(1, SerdeCache.open(ZdictDecode.NAME, registry), "deserializers of " + registry);
    }

    @Test
    void decodesThroughTheColumnFunctions() {
        Dataset<Row> events = spark.table("events");
        assertAllEqual(
                originals, values(events.select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry))));
        assertAllEqual(
                originals,
                values(events.select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry, "PERMISSIVE"))));
    }

    @Test
    void encodedValuesDecodeWithAPlainDeserializer() {
        spark.createDataFrame(
                        originals.stream()
                                .map(v -> RowFactory.create(originals.indexOf(v), v))
                                .toList(),
                        EVENTS)
                .createOrReplaceTempView("originals");
        List<byte[]> bySql = values(spark.sql("SELECT id, zdict_encode(value, '" + registry + "') FROM originals"));
        List<byte[]> byColumn = values(spark.table("originals")
                .select(col("id"), ZdictFunctions.zdict_encode(col("value"), registry, "default")));
        List<byte[]> expected = values(spark.table("originals"));
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
            for (List<byte[]> encoded : List.of(bySql, byColumn)) {
                assertEquals(expected.size(), encoded.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertEquals(2, version(encoded.get(i)), "the active version compresses");
                    assertArrayEquals(
                            expected.get(i), deserializer.deserialize("events", encoded.get(i)), "value " + i);
                }
            }
        }
    }

    @Test
    void nullIsNull() {
        Dataset<Row> nulls = oneValue(null);
        assertNull(values(nulls.select(col("id"), ZdictFunctions.zdict_decode(col("value"), registry)))
                .get(0));
        assertNull(values(nulls.select(col("id"), ZdictFunctions.zdict_encode(col("value"), registry)))
                .get(0));
        assertNull(spark.sql("SELECT zdict_decode(NULL, '" + registry + "')")
                .first()
                .get(0));
    }

    @Test
    void aCorruptValueFailsTheTaskInFailfast() {
        byte[] payload = payloads.get(0);
        byte[] truncated = Arrays.copyOf(payload, payload.length - 6);
        Exception e = assertThrows(Exception.class, () -> oneValue(truncated)
                .select(ZdictFunctions.zdict_decode(col("value"), registry))
                .collectAsList());
        String message = causes(e);
        assertTrue(
                message.contains("zdict_decode cannot decode a value of " + truncated.length
                        + " bytes with the registry " + registry + ": "),
                message);
        assertTrue(message.contains("; mode PERMISSIVE gives null instead\n"), message);
    }

    @Test
    void aCorruptValueIsNullInPermissive() {
        byte[] payload = payloads.get(0);
        byte[] truncated = Arrays.copyOf(payload, payload.length - 6);
        byte[] unframed = {0x01, 0x02, 0x03};
        long before = PermissiveFailures.total();
        List<Row> rows =
                List.of(RowFactory.create(0, truncated), RowFactory.create(1, unframed), RowFactory.create(2, payload));
        spark.createDataFrame(rows, EVENTS).repartition(2).createOrReplaceTempView("corrupt");
        List<byte[]> decoded =
                values(spark.sql("SELECT id, zdict_decode(value, '" + registry + "', 'permissive') FROM corrupt"));
        assertNull(decoded.get(0));
        assertNull(decoded.get(1));
        assertArrayEquals(originals.get(0), decoded.get(2));
        assertEquals(2, PermissiveFailures.total() - before, "counted in this JVM (local mode)");
    }

    @Test
    void aWrongArgumentIsAnAnalysisErrorOfSparksDocumentedErrorClasses() {
        String[][] cases = {
            {
                "SELECT zdict_decode(42, '" + registry + "')",
                "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
                "Cannot resolve \"zdict_decode(42, '" + registry + "')\" due to data type mismatch: The `value`"
                        + " parameter requires the \"BINARY\" type, however \"42\" has the type \"INT\"."
            },
            {
                "SELECT zdict_decode(value) FROM events",
                "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
                "The `zdict_decode` requires 2 or 3 parameters but the actual number is 1."
            },
            {
                "SELECT zdict_decode(value, 7) FROM events",
                "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
                "The `registry` parameter requires the \"STRING\" type, however \"7\" has the type \"INT\"."
            },
            {
                "SELECT zdict_decode(value, CAST(id AS STRING)) FROM events",
                "DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
                "the input `registry` should be a foldable \"STRING\" expression; however, got \"CAST(events.id AS STRING)\"."
            },
            {
                "SELECT zdict_decode(value, CAST(NULL AS STRING)) FROM events",
                "DATATYPE_MISMATCH.UNEXPECTED_NULL",
                "The `registry` must not be null."
            },
            {
                "SELECT zdict_decode(value, '') FROM events",
                "DATATYPE_MISMATCH.INVALID_ARG_VALUE",
                "The `registry` value must to be a \"STRING\" literal of a location (a folder, classpath:... or"
                        + " kafka://...), but got ''."
            },
            {
                "SELECT zdict_decode(value, '" + registry + "', 'LENIENT') FROM events",
                "DATATYPE_MISMATCH.INVALID_ARG_VALUE",
                "Cannot resolve \"zdict_decode(events.value, '" + registry
                        + "', 'LENIENT')\" due to data type mismatch: The"
                        + " `mode` value must to be a \"STRING\" literal of FAILFAST or PERMISSIVE, but got 'LENIENT'."
            },
            {
                "SELECT zdict_decode(value, '" + registry + "', map('mode', CAST(NULL AS STRING))) FROM events",
                "DATATYPE_MISMATCH.UNEXPECTED_NULL",
                "The value of the option `mode` must not be null."
            },
            {
                "SELECT zdict_encode(value, '" + registry + "', 'bad subject') FROM events",
                "DATATYPE_MISMATCH.INVALID_ARG_VALUE",
                "The `subject` value must to be a \"STRING\" literal of 1 to 255 of a-z A-Z 0-9 . _ -, but got"
                        + " 'bad subject'."
            },
            {
                "SELECT zdict_encode(value, '" + registry + "', 'default', 'x') FROM events",
                "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
                "The `zdict_encode` requires 2 or 3 parameters but the actual number is 4."
            },
        };
        for (String[] call : cases) {
            String query = call[0];
            AnalysisException e =
                    assertThrows(AnalysisException.class, () -> spark.sql(query).collectAsList(), query);
            assertEquals(call[1], e.getCondition(), e.getMessage());
            assertTrue(e.getMessage().startsWith("[" + call[1] + "] "), e.getMessage());
            assertTrue(e.getMessage().contains(call[2]), e.getMessage());
        }
    }

    @Test
    void aMissingRegistryFailsNamingIt() {
        Path missing = temp.resolve("no-registry-here");
        assertFalse(Files.exists(missing));
        Exception e = assertThrows(
                Exception.class, () -> spark.sql("SELECT zdict_decode(value, '" + missing + "') FROM events")
                        .collectAsList());
        assertTrue(causes(e).contains("zdict_decode cannot use the zdict registry " + missing + ": "), causes(e));
    }

    @Test
    void sessionSettingsReachTheSerdes() {
        String query = "SELECT id, zdict_decode(value, '" + registry + "') FROM events";
        spark.conf().set("spark.zdict.max.decompressed.bytes", "16");
        try {
            Exception e = assertThrows(Exception.class, () -> spark.sql(query).collectAsList());
            assertTrue(causes(e).contains("zdict_decode cannot decode a value of "), causes(e));
            assertTrue(causes(e).contains("16 bytes, the limit set by spark.zdict.max.decompressed.bytes"), causes(e));
        } finally {
            spark.conf().unset("spark.zdict.max.decompressed.bytes");
        }
        assertAllEqual(originals, values(spark.sql(query)));
    }

    @Test
    void aBadRegistryIsNamedWithoutItsQuery() {
        String location = "kafka://127.0.0.1:notaport/_zdict_registry?sasl.jaas.config=hunter2";
        Exception e = assertThrows(
                Exception.class, () -> spark.sql("SELECT zdict_decode(value, '" + location + "') FROM events")
                        .collectAsList());
        String messages = causes(e);
        assertTrue(
                messages.contains(
                        "zdict_decode cannot use the zdict registry kafka://127.0.0.1:notaport/_zdict_registry?...: "),
                messages);
        assertFalse(messages.contains("hunter2"), messages);
    }

    /** The messages of {@code e} and its causes, one a line (Spark wraps a task's failure). */
    private static String causes(Throwable e) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        return messages.toString();
    }
}
