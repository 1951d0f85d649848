package org.zdict.spark;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;
import scala.collection.immutable.Seq;
import scala.runtime.AbstractFunction1;

/**
 * What {@code zdict_decode} costs in Spark SQL next to the {@code CAST(value AS STRING)} a job runs on
 * uncompressed Kafka values: one local session on one core ({@code local[1]}), one cached DataFrame of
 * {@code rows} real events from {@code ../shared/data} (cycling through the events after the first
 * 5,000, which train a 64 KiB level-3 dictionary), each as the raw JSON bytes and as the payload a {@link
 * ZdictSerializer} wrote against a folder registry. After a warm-up, rounds alternate {@code SELECT
 * sum(length(CAST(raw AS STRING)))} and {@code SELECT sum(length(CAST(zdict_decode(value, registry) AS
 * STRING)))} (what a job on JSON values runs; {@code length} of a string counts its characters), and the
 * binary lengths {@code sum(length(raw))} and {@code sum(length(zdict_decode(value, registry)))} (no
 * character scan), and both again through {@link RowAtATime} (the same decode as Spark evaluates a V2
 * function without {@code invoke}: a row built per value, outside the generated code; what zdict_decode
 * was before it declared {@code invoke}); prints rows per second (wall clock and process CPU) of each, the
 * medians and their ratios to the first, and the payload bytes against the raw bytes. docs/BENCHMARKS.md, "Spark: zdict_decode", has the figures and the command.
 *
 * <p>Opt-in, never in CI: {@code -Dzdict.spark.bench=true}; {@code zdict.spark.bench.dataset} (default
 * {@code wikipedia_edits}), {@code .rows} (default 1,000,000) and {@code .rounds} (default 7) change it.
 */
@EnabledIfSystemProperty(named = "zdict.spark.bench", matches = "true")
class ZdictDecodeBenchmarkTest {
    private static final int TRAINING_EVENTS = 5000;
    private static final int WARM_UP_ROUNDS = 3;
    private static final StructType EVENTS = new StructType()
            .add("n", DataTypes.LongType, false)
            .add("raw", DataTypes.BinaryType, false)
            .add("value", DataTypes.BinaryType, false);

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void measuresDecodeAgainstCastOnOneCore() throws Exception {
        String dataSet = System.getProperty("zdict.spark.bench.dataset", "wikipedia_edits");
        long rows = Long.getLong("zdict.spark.bench.rows", 1_000_000L);
        int rounds = Integer.getInteger("zdict.spark.bench.rounds", 7);
        Optional<Path> file = SampleEvents.sharedDataDir()
                .map(dir -> dir.resolve(dataSet + ".jsonl"))
                .filter(Files::isRegularFile);
        assumeTrue(file.isPresent(), "../shared/data/" + dataSet + ".jsonl is not here");
        List<byte[]> all = SampleEvents.readLines(file.get(), Integer.MAX_VALUE);
        List<byte[]> measured = all.subList(TRAINING_EVENTS, all.size());

        String registry = temp.resolve("registry").toString();
        List<Row> events = new ArrayList<>();
        try (DictionaryRegistry admin = DictionaryRegistries.openOrCreate(registry, Map.of());
                ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            admin.publish(TestTrainer.train(all.subList(0, TRAINING_EVENTS), 64 * 1024, 3), 3, Map.of());
            admin.activate(1);
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
            for (int i = 0; i < measured.size(); i++) {
                events.add(
                        RowFactory.create((long) i, measured.get(i), serializer.serialize(dataSet, measured.get(i))));
            }
        }

        SparkSession spark = SparkSession.builder()
                .master("local[1]")
                .appName("zdict-decode-benchmark")
                .config("spark.sql.extensions", ZdictExtensions.class.getName())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "1")
                .getOrCreate();
        try {
            Dataset<Row> distinct = spark.createDataFrame(events, EVENTS);
            Dataset<Row> table = spark.range(0, rows, 1, 8)
                    .join(broadcast(distinct), col("id").mod(measured.size()).equalTo(col("n")))
                    .select("id", "raw", "value")
                    .cache();
            assertEquals(rows, table.count());
            table.createOrReplaceTempView("events");
            String location = registry.replace("'", "\\'");
            RowAtATime.register(spark, registry);
            String[] labels = {
                "CAST(raw AS STRING)",
                "CAST(zdict_decode(value) AS STRING)",
                "raw",
                "zdict_decode(value)",
                "CAST(row-at-a-time decode AS STRING)",
                "row-at-a-time decode"
            };
            String[] queries = {
                "SELECT sum(length(CAST(raw AS STRING))) FROM events",
                "SELECT sum(length(CAST(zdict_decode(value, '" + location + "') AS STRING))) FROM events",
                "SELECT sum(length(raw)) FROM events",
                "SELECT sum(length(zdict_decode(value, '" + location + "'))) FROM events",
                "SELECT sum(length(CAST(" + RowAtATime.NAME + "(value) AS STRING))) FROM events",
                "SELECT sum(length(" + RowAtATime.NAME + "(value))) FROM events"
            };
            Row bytes = spark.sql("SELECT sum(length(raw)), sum(length(value)) FROM events")
                    .first();
            long rawBytes = bytes.getLong(0);
            long payloadBytes = bytes.getLong(1);
            assertEquals(rawBytes, spark.sql(queries[3]).first().getLong(0), "zdict_decode gives the raw bytes back");
            assertEquals(rawBytes, spark.sql(queries[5]).first().getLong(0), "so does the row-at-a-time decode");
            assertEquals(
                    spark.sql(queries[0]).first().getLong(0),
                    spark.sql(queries[1]).first().getLong(0),
                    "as strings too");

            for (int i = 0; i < WARM_UP_ROUNDS; i++) {
                for (String query : queries) {
                    time(spark, query);
                }
            }
            double[][] wall = new double[queries.length][rounds];
            double[][] cpu = new double[queries.length][rounds];
            for (int i = 0; i < rounds; i++) {
                StringBuilder line = new StringBuilder("round " + (i + 1) + ":");
                for (int q = 0; q < queries.length; q++) {
                    long[] nanos = time(spark, queries[q]);
                    wall[q][i] = rows * 1e9 / nanos[0];
                    cpu[q][i] = rows * 1e9 / nanos[1];
                    line.append(String.format(
                            Locale.ROOT, " %s %,.0f rows/s (%,.0f per CPU-s);", labels[q], wall[q][i], cpu[q][i]));
                }
                System.out.println(line);
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s, %,d rows (%,d distinct held-out events), local[1], %d rounds after %d warm-up%n",
                    dataSet,
                    rows,
                    measured.size(),
                    rounds,
                    WARM_UP_ROUNDS);
            for (int q = 0; q < queries.length; q++) {
                System.out.printf(
                        Locale.ROOT,
                        "median sum(length(%s)): %,.0f rows/s wall, %,.0f rows per CPU-s; against CAST: %.3f wall,"
                                + " %.3f CPU%n",
                        labels[q],
                        median(wall[q]),
                        median(cpu[q]),
                        median(wall[q]) / median(wall[0]),
                        median(cpu[q]) / median(cpu[0]));
            }
            System.out.printf(
                    Locale.ROOT,
                    "Kafka value bytes: raw %,d, zdict %,d (%.1f %%, ratio %.2f)%n",
                    rawBytes,
                    payloadBytes,
                    100.0 * payloadBytes / rawBytes,
                    (double) rawBytes / payloadBytes);
        } finally {
            spark.stop();
        }
    }

    /**
     * The same decode as Spark evaluates a DataSource V2 function without an {@code invoke} method: an
     * {@code ApplyFunctionExpression} that builds a row of the arguments for {@code produceResult}, outside
     * the generated code. Registered here, beside {@code zdict_decode}, so that one session measures both.
     */
    static final class RowAtATime implements ScalarFunction<byte[]>, Serializable {
        private static final long serialVersionUID = 1L;
        static final String NAME = "zdict_decode_row_at_a_time";

        private final ZdictDecode.Binary decode;

        private RowAtATime(ZdictDecode.Binary decode) {
            this.decode = decode;
        }

        static void register(SparkSession spark, String registry) {
            ZdictDecode function = ZdictDecode.binary();
            RowAtATime rows = new RowAtATime(
                    (ZdictDecode.Binary) function.bound(registry, FunctionOptions.of(function, Map.of(), Map.of())));
            SessionFunctions.functionRegistry(spark)
                    .registerFunction(
                            SessionFunctions.identifier(NAME),
                            new ExpressionInfo(RowAtATime.class.getName(), NAME),
                            new AbstractFunction1<Seq<Expression>, Expression>() {
                                @Override
                                public Expression apply(Seq<Expression> arguments) {
                                    return new ApplyFunctionExpression(rows, arguments);
                                }
                            });
        }

        @Override
        public DataType[] inputTypes() {
            return new DataType[] {DataTypes.BinaryType};
        }

        @Override
        public DataType resultType() {
            return DataTypes.BinaryType;
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public byte[] produceResult(InternalRow input) {
            return input.isNullAt(0) ? null : decode.invoke(input.getBinary(0));
        }
    }

    /** Wall-clock and process CPU nanoseconds of one query, collected. */
    private static long[] time(SparkSession spark, String query) {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        spark.sql(query).collectAsList();
        return new long[] {System.nanoTime() - start, os.getProcessCpuTime() - cpu};
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
