package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Measurement;
import org.zdict.engine.Publisher;
import org.zdict.engine.QuickCandidate;
import org.zdict.engine.SampleSet;
import org.zdict.engine.Sizes;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.VersionEvaluation;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code zdict eval}: how an existing version does on new events, and whether it has drifted. */
@Command(
        name = "eval",
        sortOptions = false,
        defaultValueProvider = SamplingOptions.EvalDefaults.class,
        description = {
            "Measure a dictionary version on new events next to LZ4 and plain zstd, compare with the ratio"
                    + " recorded when it was trained, and warn when it has drifted. A version published with"
                    + " --codec lz4 is measured as LZ4 blocks, as its producers write it."
        })
public final class EvalCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Mixin
    EventInputOptions inputs;

    @Mixin
    SubjectOption subject;

    @Option(
            names = {"-d", "--dict-version"},
            paramLabel = "N",
            description = "The version to evaluate (default: the active one).")
    Integer version;

    @Option(
            names = "--batch",
            split = ",",
            paramLabel = "N",
            defaultValue = "1,4",
            converter = ListConverters.BatchSize.class,
            description = "Events per payload (default: ${DEFAULT-VALUE}).")
    List<Integer> batchSizes;

    @Mixin
    SamplingOptions sampling;

    @Option(
            names = "--drift-threshold",
            paramLabel = "FRACTION",
            defaultValue = "10%",
            converter = ListConverters.Fraction.class,
            description = "Warn when the ratio is this much below the one recorded at training (default:"
                    + " ${DEFAULT-VALUE}).")
    double driftThreshold;

    @Option(names = "--fail-on-drift", description = "Exit with 1 when the drift warning is given.")
    boolean failOnDrift;

    @Option(
            names = "--no-candidate",
            description = "Do not train a quick candidate on the older events to say whether a retrain would pay.")
    boolean noCandidate;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        inputs.names();
        if (sampling.maxSamples < 1) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--max-samples': " + sampling.maxSamples + " is below 1");
        }
        subject.name();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Dictionary dictionary;
        TrainingPlan plan;
        SampleSet events;
        try (DictionaryRegistry source = registry.openExisting()) {
            if (subject.given() && version != null) {
                subject.requireVersion(source, version);
            }
            // Without --subject: the default subject's active version; one missing names the known subjects.
            int chosen = version != null ? version : subject.requireActive(source);
            dictionary = source.get(chosen);
            // Still open: it decodes the values zdict wrote into a kafka:// input, whatever their version.
            plan = plan(inputs.expand(source, 1, registry.commandConfig()));
            events = InputReading.read(plan, quiet.progress(), err);
        }
        DictionaryInfo info = dictionary.info();
        if (events.holdout().isEmpty()) {
            throw new CliException("No events in " + String.join(", ", events.inputs()));
        }
        VersionEvaluation evaluation = VersionEvaluation.onHeldOut(plan, events);
        List<Measurement> lz4 = evaluation.lz4();
        List<Measurement> zstd = evaluation.zstd(info.level());
        // As its producers write it: zstd frames at its level, or LZ4 blocks for a version published for LZ4.
        List<Measurement> now = evaluation.version(dictionary);
        DictionaryInfo.Codec codec = DictionaryInfo.Codec.of(info);

        out.printf(
                Locale.ROOT,
                "Version %d (%s, %s, %s) on %,d events (%s) from %s.%n%n",
                info.version(),
                info.status().label(),
                codec == DictionaryInfo.Codec.LZ4
                        ? "codec lz4: LZ4 blocks with the dictionary"
                        : "level " + info.level(),
                Sizes.format(info.size()),
                events.holdout().size(),
                Sizes.human(events.holdoutBytes()),
                String.join(", ", events.inputs()));
        out.printf(
                Locale.ROOT, "%-6s  %9s  %9s  %9s  %9s  %9s%n", "batch", "ratio", "lz4", "zstd", "vs lz4", "comp MB/s");
        for (int i = 0; i < now.size(); i++) {
            Measurement m = now.get(i);
            out.printf(
                    Locale.ROOT,
                    "%-6d  %8.2fx  %8.2fx  %8.2fx  %8.2fx  %9.0f%n",
                    m.batchSize(),
                    m.ratio(),
                    lz4.get(i).ratio(),
                    zstd.get(i).ratio(),
                    m.ratio() / lz4.get(i).ratio(),
                    m.compressMBps());
        }
        int exitCode = reportDrift(info, now, zstd, out, err);
        if (!noCandidate) {
            compareWithCandidate(dictionary, events.holdout(), plan, out);
        }
        return exitCode;
    }

    /**
     * The plan to read the events by: every event is measured (all held out), in input order (newest first),
     * for the quick candidate; measured at --batch sizes.
     */
    private TrainingPlan plan(List<EventInput> eventInputs) {
        return TrainingPlan.builder(eventInputs)
                .maxSamples(sampling.maxSamples)
                .maxSampleBytes(sampling.maxSampleBytes)
                .holdout(1.0)
                .holdoutFrom(HoldoutFrom.LATEST)
                .seed(sampling.seed)
                .onError(sampling.onError)
                .batchSizes(batchSizes)
                .timing(TimingProperties.read())
                .build();
    }

    /**
     * A quick candidate like the version, trained on the older events and measured against it on the newest:
     * whether a retrain would pay.
     */
    private void compareWithCandidate(
            Dictionary dictionary, List<byte[]> newestFirst, TrainingPlan plan, PrintWriter out) {
        DictionaryInfo info = dictionary.info();
        if (newestFirst.size() < QuickCandidate.MIN_EVENTS) {
            out.printf(
                    Locale.ROOT,
                    "No quick candidate: %,d events are too few (it needs %,d, to hold out the newest %,d).%n",
                    newestFirst.size(),
                    QuickCandidate.MIN_EVENTS,
                    QuickCandidate.MIN_NEWEST_EVENTS);
            out.flush();
            return;
        }
        QuickCandidate quick;
        try {
            quick = QuickCandidate.train(
                    dictionary, newestFirst, plan.grid().batchSizes().get(0), plan.timing());
        } catch (RuntimeException e) {
            out.println("No quick candidate: " + ErrorReporter.describe(e));
            out.flush();
            return;
        }
        out.printf(
                Locale.ROOT,
                "Quick candidate (%s, %s) trained on the older %,d events: %.2fx on the newest %,d, against"
                        + " %.2fx for version %d (%+.1f%%, batches of %d): %s%n",
                Sizes.format(info.size()),
                DictionaryInfo.Codec.of(info) == DictionaryInfo.Codec.LZ4 ? "LZ4 blocks" : "level " + info.level(),
                quick.olderEvents(),
                quick.candidate().ratio(),
                quick.newestEvents(),
                quick.version().ratio(),
                info.version(),
                quick.gain() * 100,
                quick.version().batchSize(),
                quick.pays()
                        ? "a retrain would likely pay."
                        : "a retrain would not pay now (under " + Math.round(QuickCandidate.PAYS * 100) + "%).");
        out.flush();
    }

    private int reportDrift(
            DictionaryInfo info, List<Measurement> now, List<Measurement> zstd, PrintWriter out, PrintWriter err) {
        String recorded = info.metadata().get(Publisher.HELD_OUT_RATIO);
        int recordedBatch = Integer.parseInt(info.metadata().getOrDefault(Publisher.BATCH, "1"));
        Measurement same = now.stream()
                .filter(m -> m.batchSize() == recordedBatch)
                .findFirst()
                .orElse(null);
        out.println();
        if (recorded == null || same == null) {
            return compareWithPlainZstd(info, now, zstd, recordedBatch, out, err);
        }
        double atTraining = Double.parseDouble(recorded);
        double change = same.ratio() / atTraining - 1;
        out.printf(
                Locale.ROOT,
                "At training: %.2fx on held-out batches of %d; now %.2fx (%+.1f%%).%n",
                atTraining,
                recordedBatch,
                same.ratio(),
                change * 100);
        out.flush();
        if (-change > driftThreshold) {
            err.printf(
                    Locale.ROOT,
                    "WARNING: version %d compresses this data %.0f%% worse than at training (%.2fx vs %.2fx): the"
                            + " events have drifted, a retrain is due (zdict train --input ... --registry %s"
                            + " --activate).%n",
                    info.version(),
                    -change * 100,
                    same.ratio(),
                    atTraining,
                    registry.display());
            err.flush();
            return failOnDrift ? ZdictCommand.EXIT_FAILURE : ZdictCommand.EXIT_OK;
        }
        out.println("No drift beyond " + Math.round(driftThreshold * 100) + "%.");
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /**
     * Without a training ratio (an imported version, or one trained at other batch sizes), the version is
     * judged against plain zstd at its level on the same events: a dictionary that does no better has
     * nothing left to offer these events.
     */
    private int compareWithPlainZstd(
            DictionaryInfo info,
            List<Measurement> now,
            List<Measurement> zstd,
            int recordedBatch,
            PrintWriter out,
            PrintWriter err) {
        Measurement dictionary = now.get(0);
        Measurement plain = zstd.get(0);
        out.printf(
                Locale.ROOT,
                "No training ratio recorded for batches of %d with this version; compared with plain zstd-%d"
                        + " instead, on batches of %d: %.2fx against %.2fx.%n",
                recordedBatch,
                info.level(),
                dictionary.batchSize(),
                dictionary.ratio(),
                plain.ratio());
        out.flush();
        if (dictionary.ratio() <= plain.ratio()) {
            err.printf(
                    Locale.ROOT,
                    "WARNING: version %d compresses this data no better than plain zstd-%d (%.2fx vs %.2fx): it"
                            + " does not fit these events; train one on them (zdict train --input ... --registry %s"
                            + " --activate).%n",
                    info.version(),
                    info.level(),
                    dictionary.ratio(),
                    plain.ratio(),
                    registry.display());
            err.flush();
            return failOnDrift ? ZdictCommand.EXIT_FAILURE : ZdictCommand.EXIT_OK;
        }
        out.println("Better than plain zstd; no training ratio to judge drift by.");
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
