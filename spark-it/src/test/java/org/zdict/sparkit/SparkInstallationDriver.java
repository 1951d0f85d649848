package org.zdict.sparkit;

import static org.apache.spark.sql.functions.col;

import com.github.luben.zstd.Zstd;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.engine.Timing;
import org.zdict.kafka.ZdictBytesDeserializer;
import org.zdict.kafka.ZdictBytesSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.spark.TrainedDictionary;
import org.zdict.spark.ZdictFunctions;
import org.zdict.spark.ZdictTraining;

/**
 * What a Spark job does with zdict-spark, run by {@link SparkInstallationIT} in a JVM whose class path is a
 * Spark installation's (its zstd-jni first) plus zdict-spark: trains and publishes a dictionary into a
 * folder registry, writes values with {@code ZdictBytesSerializer}, decodes them in Spark SQL with {@code
 * zdict_decode} and {@code zdict_decode_string} (options) and with {@link ZdictFunctions} (PERMISSIVE), explains
 * values with {@code zdict_decode_error}, sees a wrong argument refused with Spark's documented error class,
 * encodes them again with {@code zdict_encode}
 * and decodes those with {@code ZdictBytesDeserializer}. Prints the Spark and zstd-jni releases it ran on
 * and what matched; exits 1 on any difference. Not a test itself: a child JVM's main.
 */
public final class SparkInstallationDriver {
    private static final int EVENTS = 200;
    private static final StructType SCHEMA =
            new StructType().add("id", DataTypes.IntegerType, false).add("value", DataTypes.BinaryType, true);

    private SparkInstallationDriver() {}

    /**
     * @param args the folder to work in; then {@code register} to build the session without the extension and
     *     register the functions in it with {@link ZdictFunctions#register}
     */
    public static void main(String[] args) {
        Path registry = Path.of(args[0]).resolve("registry");
        List<byte[]> events = events();
        try (DictionaryRegistry folder = DictionaryRegistries.openFolder(registry)) {
            folder.publish(DictionaryTrainer.train(events, 4096, 3), 3, Map.of());
            folder.activate(1);
        }
        Map<String, Object> settings = Map.of("zdict.registry", registry.toString());
        List<Row> rows = new ArrayList<>();
        try (ZdictBytesSerializer serializer = new ZdictBytesSerializer()) {
            serializer.configure(settings, false);
            for (int i = 0; i < events.size(); i++) {
                rows.add(RowFactory.create(i, serializer.serialize("events", events.get(i))));
            }
        }
        boolean register = args.length > 1 && args[1].equals("register");
        SparkSession.Builder builder = SparkSession.builder().master("local[2]").appName("zdict-spark-installation");
        if (!register) {
            builder.config("spark.sql.extensions", "org.zdict.spark.ZdictExtensions");
        }
        SparkSession spark = builder.config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
        try {
            if (register) {
                ZdictFunctions.register(spark);
                System.out.println("functions registered in the session by ZdictFunctions.register");
            }
            spark.createDataFrame(rows, SCHEMA).repartition(2).createOrReplaceTempView("events");
            String location = registry.toString().replace("'", "\\'");
            List<Row> decoded = spark.sql("SELECT id, zdict_decode(value, '" + location + "') AS event,"
                            + " zdict_encode(CAST(zdict_decode_string(value, '" + location + "',"
                            + " map('mode', 'PERMISSIVE')) AS BINARY), '" + location + "') AS again"
                            + " FROM events ORDER BY id")
                    .collectAsList();
            List<Row> viaColumns = spark.table("events")
                    .orderBy("id")
                    .select(ZdictFunctions.zdict_decode(col("value"), registry.toString(), "PERMISSIVE"))
                    .collectAsList();
            boolean explains = explainsAndRefuses(spark, location, decoded.size());
            int same = 0;
            try (ZdictBytesDeserializer deserializer = new ZdictBytesDeserializer()) {
                deserializer.configure(settings, false);
                for (Row row : decoded) {
                    byte[] original = events.get(row.getInt(0));
                    if (Arrays.equals(original, (byte[]) row.get(1))
                            && Arrays.equals(original, (byte[])
                                    viaColumns.get(row.getInt(0)).get(0))
                            && Arrays.equals(original, deserializer.deserialize("events", (byte[]) row.get(2)))) {
                        same++;
                    }
                }
            }
            System.out.println("Spark " + spark.version());
            System.out.println("zstd-jni " + Zstd.class.getPackage().getImplementationVersion() + " from "
                    + Zstd.class.getProtectionDomain().getCodeSource().getLocation());
            System.out.println("decoded and re-encoded " + same + " of " + EVENTS + " values exactly");

            // Training from a DataFrame on the installation's class path (its zstd-jni, its lz4-java): one
            // grid point at level 3, which every zstd-jni from the floor up trains for.
            List<Row> raw = new ArrayList<>();
            for (int i = 0; i < events.size(); i++) {
                raw.add(RowFactory.create(i, events.get(i)));
            }
            TrainedDictionary trained = ZdictTraining.train(
                    spark.createDataFrame(raw, SCHEMA).repartition(2),
                    col("value"),
                    ZdictTraining.plan()
                            .dictSizes(List.of(4096))
                            .levels(List.of(3))
                            .minMbps(0)
                            .timing(new Timing(2, 1, false))
                            .build(),
                    Path.of(args[0]).resolve("trained").toString());
            System.out.printf(
                    "trained version %d from %d sampled events, %.2fx held out%n",
                    trained.version(), trained.eventsSampled(), trained.heldOutRatio());
            if (same != EVENTS || decoded.size() != EVENTS || trained.version() != 1 || !explains) {
                System.exit(1);
            }
        } finally {
            spark.stop();
        }
    }

    /**
     * Whether {@code zdict_decode_error} gives null for each of the {@code decodable} values and the reason
     * for a value that is not a zdict payload, and a wrong argument is refused with Spark's documented error
     * class, on this Spark release.
     */
    private static boolean explainsAndRefuses(SparkSession spark, String location, int decodable) {
        long explained = spark.sql("SELECT zdict_decode_error(value, '" + location + "') AS why FROM events")
                .filter(col("why").isNull())
                .count();
        String reason = spark.sql("SELECT zdict_decode_error(X'7B7D', '" + location + "')")
                .first()
                .getString(0);
        String refused;
        try {
            spark.sql("SELECT zdict_decode(42, '" + location + "')").collectAsList();
            refused = "nothing";
        } catch (Exception e) {
            refused = e.getMessage().substring(0, e.getMessage().indexOf(']') + 1);
        }
        System.out.println("zdict_decode_error: " + explained + " nulls of " + decodable + " values; " + reason);
        System.out.println("zdict_decode(42, registry) refused with " + refused);
        return explained == decodable
                && reason.contains("not a zdict payload (first byte 0x7B)")
                && refused.equals("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]");
    }

    private static List<byte[]> events() {
        List<byte[]> events = new ArrayList<>();
        String[] actions = {"view", "click", "purchase", "refund"};
        for (int i = 0; i < EVENTS; i++) {
            String json = "{\"id\":" + i + ",\"user\":\"user-" + (i * 7919 % 97) + "\",\"action\":\""
                    + actions[i % actions.length] + "\",\"path\":\"/products/" + (i * 31 % 53)
                    + "\",\"ok\":" + (i % 5 != 0) + "}";
            events.add(json.getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }
}
