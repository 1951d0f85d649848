package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.zdict.RegistryException;
import org.zdict.cli.report.RetrainOutcome;
import org.zdict.cli.report.RetrainReport;
import org.zdict.engine.GridPoint;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.SampleSet;
import org.zdict.engine.SplitBy;
import org.zdict.engine.retrain.RetrainPolicy;
import org.zdict.engine.retrain.RetrainResult;
import org.zdict.engine.retrain.RetrainStep;
import org.zdict.engine.retrain.Verdict;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zdict retrain}: train on the newest events, compare every grid point with the active version on
 * the newest held-out events, and promote the cheapest one that is clearly better ({@link RetrainPolicy}). Safe to schedule: every
 * decision exits 0, failures exit 1.
 */
@Command(
        name = "retrain",
        sortOptions = false,
        description = {
            "Train the --dict-size x --level grid on the input events as train does, holding out the newest events,"
                    + " and compare every grid point with the subject's active version on them (batches of 1,"
                    + " each at its own level). Publish and activate the first point, in the objective's order"
                    + " (balanced: lowest level, then smallest dictionary), that is at least --min-gain better (or"
                    + " as good at half the CPU per event) and meets --min-mbps and the CPU ceiling, once the"
                    + " active version has been active for --min-interval; otherwise change nothing and name the"
                    + " point that came closest.",
            "The new version keeps the codec of the active version (zstd or lz4) unless --codec is given.",
            "Decisions: promoted, kept, published (--publish-only). Exit 0 for every decision, 1 for failures,"
                    + " 2 for bad usage."
        })
public final class RetrainCommand implements Callable<Integer> {
    /** The default --min-interval; see docs/OPERATIONS.md for why. */
    static final String MIN_INTERVAL_DEFAULT = "6h";

    @Spec
    CommandSpec spec;

    @Mixin
    EventInputOptions inputs;

    @Mixin
    RegistryOption registry;

    @Mixin
    SubjectOption subject;

    @Option(
            names = "--min-gain",
            paramLabel = "PERCENT",
            defaultValue = "5%",
            converter = ListConverters.Percent.class,
            description = "Promote only a candidate at least this much better than the active version, 0% to 100%"
                    + " (default: ${DEFAULT-VALUE}).")
    double minGain;

    @Option(
            names = "--min-interval",
            paramLabel = "DURATION",
            defaultValue = MIN_INTERVAL_DEFAULT,
            converter = ListConverters.DurationValue.class,
            description = "Promote only if the active version became active at least this long ago, as the"
                    + " registry records it (90s, 30m, 6h, 7d; 0 turns it off; default: " + MIN_INTERVAL_DEFAULT
                    + ").")
    Duration minInterval;

    @Option(names = "--dry-run", description = "Decide and report, but publish nothing.")
    boolean dryRun;

    @Option(
            names = "--publish-only",
            description = "Publish a candidate that earns its place without activating it (decision: published).")
    boolean publishOnly;

    @Option(
            names = "--create",
            description = "Accept a registry or subject that does not exist yet: the first candidate is then"
                    + " compared with plain zstd.")
    boolean create;

    @Mixin
    TrainingOptions training;

    @Option(names = "--report-json", paramLabel = "FILE", description = "Also write the decision as JSON.")
    java.nio.file.Path reportJson;

    @Mixin
    QuietOption quiet;

    Clock clock = Clock.systemUTC();

    /** Runs between the decision and the activation, where another scheduler's promotion can land (tests). */
    Runnable beforeActivation = () -> {};

    @Override
    public Integer call() throws IOException {
        inputs.names();
        training.check();
        training.splitBy = SplitBy.NONE;
        if (training.holdoutFrom() != HoldoutFrom.LATEST) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--holdout-from")) {
                throw new ParameterException(
                        spec.commandLine(),
                        "retrain holds out the newest events (--holdout-from latest): it judges what comes next");
            }
            training.holdoutFrom = HoldoutFrom.LATEST;
        }
        String name = subject.name();
        RegistryOption.check(spec, registry.location());
        if (create) {
            RegistryOption.checkCanPublish(spec, registry.location(), registry.commandConfig());
        }
        RetrainPolicy policy = new RetrainPolicy(minGain, minInterval, training.minMbps, publishOnly);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Instant startedAt = clock.instant();

        // The report file is checked before any work, the registry is changed last, and the report is put in
        // place only after that: a run that fails changes nothing and leaves no report behind.
        try (PlannedOutputs outputs = PlannedOutputs.prepare(reportJson, null);
                DictionaryRegistry target = open()) {
            if (!create) {
                try {
                    subject.requireKnown(target);
                } catch (CliException e) {
                    throw new CliException(e.getMessage() + " (--create starts a new subject)");
                }
            }
            RetrainStep step =
                    RetrainStep.begin(target, name, policy, "zdict retrain").beforeActivation(beforeActivation);
            // A new version keeps the active version's codec unless --codec asks for another.
            training.defaultCodec(step.activeCodec());
            TrainingRun run =
                    TrainingRun.run(inputs, registry.commandConfig(), target, training, quiet.progress(), out, err);
            RetrainResult result = step.finish(run.plan(), run.result(), clock, dryRun);
            Verdict verdict = result.verdict();
            SampleSet samples = run.result().samples();
            GridPoint candidate = verdict.candidate();
            RetrainReport report = new RetrainReport(
                    RetrainOutcome.of(result, policy),
                    verdict.rule(),
                    run.result().measured().choice().chosen().point().label(),
                    dryRun,
                    registry.display(),
                    name,
                    candidate.label(),
                    candidate.level(),
                    verdict.candidateRatio(),
                    verdict.candidateMbps(),
                    verdict.reference(),
                    result.publishedVersion(),
                    result.retired(),
                    samples.eventsRead(),
                    samples.train().size(),
                    samples.holdout().size(),
                    minGain,
                    minInterval,
                    startedAt,
                    verdict.decidedAt());
            report.print(out);
            outputs.writeReport(report::writeJson);
            outputs.commit(out);
        }
        return ZdictCommand.EXIT_OK;
    }

    /** The registry; a missing one is refused unless --create: retrain compares with what it holds. */
    private DictionaryRegistry open() {
        if (create) {
            return registry.openOrCreate();
        }
        try {
            return registry.openExisting();
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.NOT_FOUND) {
                throw e;
            }
            throw new CliException(
                    e.getMessage() + " (retrain compares with the active version, so it creates no"
                            + " registry unless --create is given)",
                    e);
        }
    }
}
