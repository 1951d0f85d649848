package org.zdict.engine.retrain;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.zdict.RegistryException;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuTrade;
import org.zdict.engine.GridPoint;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Measurement;
import org.zdict.engine.Publisher;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.VersionEvaluation;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;

/**
 * One retrain of a subject, around a training run that holds out the latest events: {@link #begin} notes
 * the subject's active version before the training; {@link #finish} measures every grid point of the
 * plan's codec and that version (with its own codec) on the held-out events (batches of 1, each at its own
 * level), asks the {@link RetrainPolicy}
 * which point, if any, to promote, and publishes and activates it (trained again on every sample, as the
 * training run does for its choice). The activation is a compare-and-set: when another process
 * changes the active version meanwhile, its change stands and this retrain keeps its candidate available.
 */
public final class RetrainStep {
    private final DictionaryRegistry registry;
    private final String subject;
    private final RetrainPolicy policy;
    private final String by;
    private final OptionalInt activeBefore;
    private final Dictionary active;
    private Runnable beforeActivation = () -> {};

    private RetrainStep(DictionaryRegistry registry, String subject, RetrainPolicy policy, String by) {
        this.registry = registry;
        this.subject = subject;
        this.policy = policy;
        this.by = by;
        if (registry.activeSet(subject).isPresent()) {
            throw routesBySet(registry, subject);
        }
        this.activeBefore = registry.activeVersion(subject);
        this.active = activeBefore.isPresent() ? registry.get(activeBefore.getAsInt()) : null;
    }

    /** A retrain judges one dictionary against one; promoting would replace a set it never measured. */
    private static RegistryException routesBySet(DictionaryRegistry registry, String subject) {
        return new RegistryException("Subject '" + subject + "' of " + registry.describe()
                + " routes by a dictionary set, which retrain does not judge (it compares single dictionaries);"
                + " nothing was trained or changed. Activate one version of the subject to retrain it");
    }

    /**
     * Notes {@code subject}'s active version in {@code registry} (none: the candidate is compared with plain
     * zstd), before the training.
     *
     * @param by who publishes, recorded in the version's metadata ("zdict retrain")
     */
    public static RetrainStep begin(DictionaryRegistry registry, String subject, RetrainPolicy policy, String by) {
        return new RetrainStep(registry, subject, policy, by);
    }

    /**
     * The codec of the subject's active version as {@link #begin} noted it ({@link DictionaryInfo.Codec#ZSTD}
     * without one): what a new version keeps unless asked for another.
     */
    public DictionaryInfo.Codec activeCodec() {
        return active == null ? DictionaryInfo.Codec.ZSTD : DictionaryInfo.Codec.of(active.info());
    }

    /**
     * Runs {@code hook} between the decision and the activation, where another process's promotion can land
     * (for tests).
     */
    public RetrainStep beforeActivation(Runnable hook) {
        this.beforeActivation = hook;
        return this;
    }

    /**
     * Decides among the training run's grid points, with the time of the decision from {@code clock}, and unless
     * {@code dryRun} publishes (and, when promoted, activates) it; a promotion retires the subject's other
     * available versions but the one it replaced.
     */
    public RetrainResult finish(TrainingPlan plan, TrainingResult trained, Clock clock, boolean dryRun) {
        if (plan.sampling().holdoutFrom() != HoldoutFrom.LATEST) {
            throw new IllegalArgumentException("A retrain judges what comes next: its plan must hold out the latest"
                    + " events (HoldoutFrom.LATEST), got " + plan.sampling().holdoutFrom());
        }
        TrainingReport measured = trained.measured();
        VersionEvaluation evaluation = new VersionEvaluation(trained.samples().holdout(), List.of(1), plan.timing());
        List<CandidateResult> candidates = new ArrayList<>();
        for (CandidateResult c : measured.candidates()) {
            // Only points of the codec the new version is to have (the plan's) can be promoted.
            if (c.point().codec() != plan.grid().codec()) {
                continue;
            }
            List<Measurement> batchesOf1 = evaluation.dictionary(
                    c.dictionary(), c.point().level(), c.point().codec());
            candidates.add(new CandidateResult(c.point(), c.dictionary(), c.trainMillis(), batchesOf1));
        }
        Reference reference;
        if (active == null) {
            int level = measured.choice().chosen().point().level();
            Measurement zstd = evaluation.zstd(level).get(0);
            reference = Reference.plainZstd(level, zstd.ratio(), zstd.compressMBps());
        } else {
            reference = reference(active.info(), evaluation.version(active).get(0));
        }

        Instant now = clock.instant();
        OptionalInt activeNow = registry.activeVersion(subject);
        Verdict verdict = policy.judge(
                candidates,
                measured.settings().objective().order(),
                measured.choice().cpu().map(CpuTrade::ceiling),
                reference,
                now);
        if (!activeNow.equals(activeBefore)) {
            return new RetrainResult(
                    verdict,
                    new ActiveVersionRace(ActiveVersionRace.When.WHILE_TRAINING, activeBefore, activeNow, 0),
                    0,
                    List.of());
        }
        if (registry.activeSet(subject).isPresent()) {
            throw routesBySet(registry, subject);
        }
        if (verdict.decision() == Decision.KEPT || dryRun) {
            return new RetrainResult(verdict, null, 0, List.of());
        }
        int published = Publisher.publish(registry, subject, toPublish(trained, verdict.candidate()), false, by)
                .info()
                .version();
        if (verdict.decision() != Decision.PROMOTED) {
            return new RetrainResult(verdict, null, published, List.of());
        }
        beforeActivation.run();
        try {
            // Compare-and-set: another process's promotion since the decision wins, whichever process it runs in.
            registry.activate(published, activeBefore);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.ACTIVE_VERSION_CHANGED) {
                throw e;
            }
            ActiveVersionRace race = new ActiveVersionRace(
                    ActiveVersionRace.When.BEFORE_ACTIVATION, activeBefore, e.actualActiveVersion(), published);
            return new RetrainResult(verdict, race, race.activatedTheSameVersion() ? 0 : published, List.of());
        }
        return new RetrainResult(verdict, null, published, retireOlder(published));
    }

    /**
     * The report to publish {@code point} from: the training run's own when it is the objective's choice
     * (already trained again on every sample), else {@code point} trained again on every sample the same way.
     */
    private static TrainingReport toPublish(TrainingResult trained, GridPoint point) {
        TrainingReport measured = trained.measured();
        if (measured.choice().chosen().point().equals(point)) {
            return trained.chosen();
        }
        CandidateResult chosen = measured.candidates().stream()
                .filter(c -> c.point().equals(point))
                .findFirst()
                .orElseThrow();
        return measured.withChosen(chosen, TrainingEngine.trainOnEverySample(trained.samples(), point));
    }

    private static Reference reference(DictionaryInfo info, Measurement measured) {
        Instant since = info.activatedAt().orElse(info.createdAt());
        return new Reference(
                info.version(),
                info.level(),
                measured.ratio(),
                measured.compressMBps(),
                since,
                info.activatedAt().isPresent());
    }

    /**
     * After a promotion, the version it replaced stays available (to roll back to); the subject's other
     * available versions are retired, so that they can be removed once their records have left the topics.
     */
    private List<Integer> retireOlder(int promoted) {
        List<Integer> retired = new ArrayList<>();
        for (DictionaryInfo info : registry.list()) {
            if (info.subject().equals(subject)
                    && info.status() == DictionaryInfo.Status.AVAILABLE
                    && info.version() != promoted
                    && (activeBefore.isEmpty() || info.version() != activeBefore.getAsInt())) {
                registry.retire(info.version());
                retired.add(info.version());
            }
        }
        return retired;
    }
}
