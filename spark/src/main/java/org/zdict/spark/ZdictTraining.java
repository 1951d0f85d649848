package org.zdict.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.length;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.zdict.ZdictException;
import org.zdict.engine.GridSearch;
import org.zdict.engine.Publisher;
import org.zdict.engine.SampleSet;
import org.zdict.engine.SampleSettings;
import org.zdict.engine.Sampler;
import org.zdict.engine.SetPublisher;
import org.zdict.engine.SplitResult;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Trains a dictionary from the values of a Spark DataFrame with the engine of {@code zdict train} (the same
 * plan gives the same grid, hold-out and choice), and publishes the choice into a registry.
 *
 * <p><b>Sampling happens on the cluster.</b> One aggregate counts the non-null values and their bytes. From
 * those, a Bernoulli {@code sample(false, fraction, seed)} keeps a fraction aimed {@link #OVERSAMPLE} above
 * the tighter of the plan's two limits (events, bytes), capped by a {@code limit} a little above the event
 * limit; only that is collected. On the driver the engine's own reservoir then trims the collected rows,
 * uniformly, to exactly the plan's limits and splits off the held-out events, as it does for a file. So the
 * driver holds about the plan's byte limit (32 MiB by default) whatever the size of the DataFrame, and the
 * sample is uniform over every partition. A per-partition reservoir ({@code mapPartitions}) would bound each
 * partition exactly, but needs a budget per partition and a second merge; a fraction from the count is one
 * aggregate, one sampled scan and no code on the executors beyond Spark's own.
 *
 * <p>Values larger than {@link Sampler#MAX_EVENT_BYTES} are left out on the cluster and counted, as the
 * engine does for files. The plan's event sources are not read: the DataFrame replaces them (build a plan
 * with {@link #plan()}). With {@code HoldoutFrom.LATEST} the latest events are the last in the DataFrame's
 * partition order.
 *
 * <p>From PySpark, through py4j:
 *
 * <pre>{@code
 * jvm = spark._jvm
 * trained = jvm.org.zdict.spark.ZdictTraining.train(df._jdf, "value", "/data/registry")
 * # or with a plan:
 * plan = jvm.org.zdict.spark.ZdictTraining.plan().maxSamples(50000).seed(7).build()
 * trained = jvm.org.zdict.spark.ZdictTraining.train(df._jdf, F.col("value")._jc, plan, "/data/registry")
 * print(trained.version(), trained.heldOutRatio())
 * }</pre>
 */
public final class ZdictTraining {
    /** How far above the plan's limits the cluster's sample aims (10%), so the reservoir gets its fill. */
    static final double OVERSAMPLE = 1.1;

    /** What the plan's sources are replaced with, and what the registry's metadata names. */
    private static final String SOURCE = "Spark DataFrame";

    private ZdictTraining() {}

    /**
     * A plan builder with {@code zdict train}'s defaults; its event source is a placeholder, replaced by the
     * DataFrame in {@link #train}.
     *
     * @return a builder at the defaults
     */
    public static TrainingPlan.Builder plan() {
        return TrainingPlan.builder(EventInput.ofEvents(SOURCE, Collections.emptyIterator()));
    }

    /**
     * Trains on {@code valueColumn} with {@code zdict train}'s default plan and publishes into {@code
     * registryLocation}; see {@link #train(Dataset, Column, TrainingPlan, String)}.
     *
     * @param events the DataFrame
     * @param valueColumn the name of a binary or string column
     * @param registryLocation a folder or {@code kafka://HOST:PORT/TOPIC}
     * @return what was trained and the version published
     */
    public static TrainedDictionary train(Dataset<Row> events, String valueColumn, String registryLocation) {
        return train(events, events.col(valueColumn), plan().build(), registryLocation);
    }

    /**
     * Samples {@code value} on the cluster within the plan's limits, trains and chooses on the driver as
     * {@code zdict train} does, and publishes the choice into {@code registryLocation} (created if missing)
     * as a new version of the default subject, not activated (as {@code zdict train --registry} without
     * {@code --activate}); an identical existing version is reused.
     *
     * @param events the DataFrame; rows whose value is null are left out
     * @param value a binary or string column (strings are trained on as UTF-8)
     * @param plan the grid, sample limits, hold-out, objective and seed; its event sources are ignored
     * @param registryLocation a folder or {@code kafka://HOST:PORT/TOPIC}
     * @return what was trained and the version published
     * @throws IllegalArgumentException if the column is neither binary nor string, or the DataFrame has too
     *     few values to train on
     * @throws ZdictException if the registry cannot be opened, or the dictionary would not help
     */
    public static TrainedDictionary train(
            Dataset<Row> events, Column value, TrainingPlan plan, String registryLocation) {
        return train(events, value, plan, registryLocation, DictionaryInfo.DEFAULT_SUBJECT, false);
    }

    /**
     * Trains on {@code valueColumn} with {@code zdict train}'s default plan and publishes into {@code
     * subject} of {@code registryLocation}, activated if {@code activate}; see {@link #train(Dataset, Column,
     * TrainingPlan, String, String, boolean)}.
     *
     * @param events the DataFrame
     * @param valueColumn the name of a binary or string column
     * @param registryLocation a folder or {@code kafka://HOST:PORT/TOPIC}
     * @param subject the subject the version is published in ({@code default}, or such as {@code
     *     orders-value})
     * @param activate whether new payloads of the subject use the version at once
     * @return what was trained and the version published
     */
    public static TrainedDictionary train(
            Dataset<Row> events, String valueColumn, String registryLocation, String subject, boolean activate) {
        return train(events, events.col(valueColumn), plan().build(), registryLocation, subject, activate);
    }

    /**
     * As {@link #train(Dataset, Column, TrainingPlan, String)}, published as a new version of {@code subject}
     * and, if {@code activate}, made its active version (as {@code zdict train --registry --subject S
     * --activate}), so that {@code zdict_encode} and producers of the subject compress with it at once.
     *
     * @param events the DataFrame; rows whose value is null are left out
     * @param value a binary or string column (strings are trained on as UTF-8)
     * @param plan the grid, sample limits, hold-out, objective and seed; its event sources are ignored
     * @param registryLocation a folder or {@code kafka://HOST:PORT/TOPIC}
     * @param subject the subject the version is published in
     * @param activate whether new payloads of the subject use the version at once
     * @return what was trained and the version published
     * @throws IllegalArgumentException if the subject is not a valid name, the column is neither binary nor
     *     string, or the DataFrame has too few values to train on
     * @throws ZdictException if the registry cannot be opened, or the dictionary would not help
     */
    public static TrainedDictionary train(
            Dataset<Row> events,
            Column value,
            TrainingPlan plan,
            String registryLocation,
            String subject,
            boolean activate) {
        if (subject == null || !DictionaryRegistry.isValidSubject(subject)) {
            throw new IllegalArgumentException(
                    "Cannot train for subject '" + subject + "': a subject is 1 to 255 of a-z A-Z 0-9 . _ -");
        }
        SampleSet samples = sample(values(events, value), plan);
        // Opened before the grid is trained, so a registry that cannot be opened costs no training.
        try (DictionaryRegistry registry = open(registryLocation)) {
            TrainingResult result = new TrainingEngine().train(plan, samples);
            Optional<SplitResult> split = result.split().chosen();
            if (split.isPresent()) {
                SetPublisher.PublishedSet set =
                        SetPublisher.publish(registry, subject, result.chosen(), split.get(), activate, "zdict-spark");
                return new TrainedDictionary(
                        result, new Publisher.Published(set.fallback(), false), Optional.of(set.set()));
            }
            Publisher.Published published =
                    Publisher.publish(registry, subject, result.chosen(), activate, "zdict-spark");
            return new TrainedDictionary(result, published, Optional.empty());
        }
    }

    /** The non-null values of {@code value} as bytes; refuses a column that is neither binary nor string. */
    private static Dataset<byte[]> values(Dataset<Row> events, Column value) {
        Dataset<Row> selected = events.select(value);
        StructField field = selected.schema().fields()[0];
        DataType type = field.dataType();
        if (!type.equals(DataTypes.BinaryType) && !type.equals(DataTypes.StringType)) {
            throw new IllegalArgumentException("Cannot train on column " + field.name() + " of type "
                    + type.simpleString() + ": the values must be binary or string");
        }
        return selected.toDF("value")
                .select(col("value").cast(DataTypes.BinaryType).as("value"))
                .where(col("value").isNotNull())
                .as(Encoders.BINARY());
    }

    private static DictionaryRegistry open(String location) {
        try {
            return DictionaryRegistries.openOrCreate(location, Map.of());
        } catch (RuntimeException e) {
            throw new ZdictException(
                    "Cannot open the registry " + DictionaryRegistries.withoutQuery(location) + " to publish into: "
                            + String.valueOf(e.getMessage())
                                    .replace(location, DictionaryRegistries.withoutQuery(location))
                            + " (nothing was trained or published)",
                    e);
        }
    }

    /**
     * Counts the values on the cluster, collects a sample a little above the plan's limits, and has the
     * engine's sampler trim and split it; the counts reported are those of the whole DataFrame.
     */
    static SampleSet sample(Dataset<byte[]> values, TrainingPlan plan) {
        Column size = length(col("value"));
        Column fits = size.leq(Sampler.MAX_EVENT_BYTES);
        Row totals = values.toDF("value")
                .agg(
                        count(when(fits, lit(1))),
                        sum(when(fits, size)),
                        count(when(fits.unary_$bang(), lit(1))),
                        sum(when(fits.unary_$bang(), size)))
                .first();
        long rows = totals.getLong(0);
        long bytes = totals.isNullAt(1) ? 0 : totals.getLong(1);
        long oversized = totals.getLong(2);
        long oversizedBytes = totals.isNullAt(3) ? 0 : totals.getLong(3);
        if (rows < GridSearch.MIN_EVENTS) {
            throw new IllegalArgumentException("Too few events to train on: " + rows
                    + " non-null value(s) found in the DataFrame"
                    + (oversized > 0 ? " (and " + oversized + " larger than " + Sampler.maxEventSizeLabel() + ")" : "")
                    + ", at least " + GridSearch.MIN_EVENTS + " are needed (and thousands work best)");
        }
        SampleSettings limits = plan.sampling();
        double fraction = Math.min(
                1,
                OVERSAMPLE
                        * Math.min(
                                (double) limits.maxSamples() / rows,
                                bytes == 0 ? 1 : (double) limits.maxSampleBytes() / bytes));
        Dataset<byte[]> kept = values.where(fits);
        if (fraction < 1) {
            kept = kept.sample(false, fraction, limits.seed());
        }
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.ceil(limits.maxSamples() * OVERSAMPLE * OVERSAMPLE));
        List<byte[]> collected = kept.limit(cap).collectAsList();
        SampleSet sampled;
        try {
            sampled = new TrainingEngine()
                    .sample(new TrainingPlan(
                            List.of(EventInput.ofEvents(SOURCE, collected.iterator())),
                            plan.sampling(),
                            plan.grid(),
                            plan.timing()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SampleSet(
                List.of(SOURCE),
                rows,
                bytes,
                0,
                oversized,
                oversizedBytes,
                bytes + oversizedBytes,
                sampled.train(),
                sampled.holdout());
    }
}
