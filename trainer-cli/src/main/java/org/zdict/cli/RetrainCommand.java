package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.zdict.ActiveVersionChangedException;
import org.zdict.RegistryNotFoundException;
import org.zdict.cli.report.RetrainOutcome;
import org.zdict.cli.report.RetrainReport;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Measurement;
import org.zdict.engine.Publisher;
import org.zdict.engine.SampleSet;
import org.zdict.engine.VersionEvaluation;
import org.zdict.engine.retrain.Decision;
import org.zdict.engine.retrain.Reference;
import org.zdict.engine.retrain.RetrainPolicy;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionaryStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zdict retrain}: train on the newest events, compare with the active version on the newest
 * held-out events, and promote the candidate only when it is clearly better. Safe to schedule: every
 * decision exits 0, failures exit 1.
 */
@Command(
        name = "retrain",
        sortOptions = false,
        description = {
            "Train the --dict-size x --level grid on the input events as train does, holding out the newest events,"
                    + " and compare the best candidate with the subject's active version on them (batches of 1,"
                    + " each at its own level). Publish and activate it only when it is at least --min-gain better,"
                    + " meets --min-mbps and the active version has been active for --min-interval; otherwise"
                    + " change nothing.",
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
            RegistryOption.checkCanPublish(spec, registry.location());
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
            OptionalInt activeBefore = target.activeVersion(name);
            Dictionary active = activeBefore.isPresent() ? target.get(activeBefore.getAsInt()) : null;

            TrainingRun run = TrainingRun.run(inputs, target, training, quiet.progress(), out, err);
            SampleSet samples = run.measured().samples();
            CandidateResult candidate = run.measured().choice().chosen();
            int level = candidate.point().level();
            VersionEvaluation evaluation =
                    new VersionEvaluation(samples.holdout(), List.of(1), TimingProperties.read());
            Measurement candidateNow =
                    evaluation.dictionary(candidate.dictionary(), level).get(0);
            Reference reference = active == null
                    ? Reference.plainZstd(level, evaluation.zstd(level).get(0).ratio())
                    : reference(
                            active.info(),
                            evaluation
                                    .dictionary(active.content(), active.info().level())
                                    .get(0));

            Instant now = clock.instant();
            OptionalInt activeNow = target.activeVersion(name);
            RetrainOutcome verdict = activeNow.equals(activeBefore)
                    ? RetrainOutcome.of(
                            policy.judge(candidateNow.ratio(), candidateNow.compressMBps(), reference, now), policy)
                    : new RetrainOutcome(
                            Decision.KEPT,
                            "the active version changed from " + describe(activeBefore) + " to " + describe(activeNow)
                                    + " while this run trained (another scheduler?); nothing changed",
                            candidateNow.ratio() / reference.ratio() - 1,
                            null);

            int publishedVersion = 0;
            List<Integer> retired = new ArrayList<>();
            if (verdict.decision() != Decision.KEPT && !dryRun) {
                boolean promote = verdict.decision() == Decision.PROMOTED;
                Publisher.Published published = Publisher.publish(target, name, run.chosen(), false, "zdict retrain");
                publishedVersion = published.info().version();
                if (promote) {
                    beforeActivation.run();
                    try {
                        // Compare-and-set: another scheduler's promotion since the decision wins, this one is
                        // kept, whichever process it runs in.
                        target.activate(publishedVersion, activeBefore);
                        retired = retireOlder(target, name, publishedVersion, activeBefore);
                    } catch (ActiveVersionChangedException e) {
                        verdict = lostRace(verdict, publishedVersion, activeBefore, e.actual());
                        if (e.actual().equals(OptionalInt.of(publishedVersion))) {
                            publishedVersion = 0;
                        }
                    }
                }
            }
            RetrainReport report = new RetrainReport(
                    verdict,
                    dryRun,
                    registry.display(),
                    name,
                    candidate.point().label(),
                    level,
                    candidateNow.ratio(),
                    candidateNow.compressMBps(),
                    reference,
                    publishedVersion,
                    retired,
                    samples.eventsRead(),
                    samples.train().size(),
                    samples.holdout().size(),
                    minGain,
                    minInterval,
                    startedAt,
                    now);
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
        } catch (RegistryNotFoundException e) {
            throw new CliException(
                    e.getMessage() + " (retrain compares with the active version, so it creates no"
                            + " registry unless --create is given)",
                    e);
        }
    }

    private static Reference reference(DictionaryInfo info, Measurement measured) {
        return info.activatedAt()
                .map(at -> new Reference(info.version(), info.level(), measured.ratio(), at, true))
                .orElseGet(
                        () -> new Reference(info.version(), info.level(), measured.ratio(), info.createdAt(), false));
    }

    /**
     * After a promotion, the version it replaced stays available (to roll back to with {@code zdict registry
     * activate}); the subject's other available versions are retired, so that {@code zdict registry remove
     * --expired} can remove them once their records have left the topics.
     */
    private static List<Integer> retireOlder(
            DictionaryRegistry target, String subject, int promoted, OptionalInt previous) {
        List<Integer> retired = new ArrayList<>();
        for (DictionaryInfo info : target.list()) {
            if (info.subject().equals(subject)
                    && info.status() == DictionaryStatus.AVAILABLE
                    && info.version() != promoted
                    && (previous.isEmpty() || info.version() != previous.getAsInt())) {
                target.retire(info.version());
                retired.add(info.version());
            }
        }
        return retired;
    }

    /**
     * The verdict when the active version changed between the decision and the activation: the
     * candidate was published (or was identical to a version already there) but is not activated.
     */
    private static RetrainOutcome lostRace(RetrainOutcome decided, int published, OptionalInt before, OptionalInt now) {
        String what = now.equals(OptionalInt.of(published))
                ? "another run promoted the same dictionary, version " + published + ", in the meantime"
                : "version " + published + " was published and stays available, not active";
        return new RetrainOutcome(
                Decision.KEPT,
                "the candidate earned its place, but the active version changed from " + describe(before) + " to "
                        + describe(now) + " between this run's decision and its activation (another scheduler?): "
                        + what + "; nothing else changed",
                decided.gain(),
                null);
    }

    private static String describe(OptionalInt version) {
        return version.isPresent() ? "version " + version.getAsInt() : "none";
    }
}
