package org.zdict.engine.retrain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Objective;
import org.zdict.engine.SplitReport;
import org.zdict.engine.Timing;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;

/** A retrain decided and carried out by the engine, on an in-memory registry: no file and no command line. */
class RetrainStepTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC);
    private static final RetrainPolicy PROMOTE_AT_ONCE = new RetrainPolicy(0.05, Duration.ZERO, 0, false);
    private static final String SUBJECT = "orders";

    private static TrainingPlan plan;
    private static TrainingResult trained;

    @BeforeAll
    static void train() throws Exception {
        plan = TrainingPlan.builder(EventInput.ofEvents(
                        "memory", SampleEvents.synthetic(1_000, 11).iterator()))
                .dictSizes(List.of(4 << 10))
                .levels(List.of(3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .holdoutFrom(HoldoutFrom.LATEST)
                .timing(new Timing(1, 1, false))
                .build();
        trained = new TrainingEngine().run(plan);
    }

    @Test
    void promotesACandidateThatBeatsPlainZstdWhenTheSubjectHasNoActiveVersion() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();

        RetrainResult result =
                RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test").finish(plan, trained, CLOCK, false);

        assertEquals(Decision.PROMOTED, result.decision());
        assertNull(result.race());
        assertTrue(result.verdict().reference().isPlainZstd());
        assertEquals(CLOCK.instant(), result.verdict().decidedAt());
        assertEquals(OptionalInt.of(result.publishedVersion()), registry.activeVersion(SUBJECT));
    }

    @Test
    void refusesASubjectThatRoutesByADictionarySetAndChangesNothing() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test").finish(plan, trained, CLOCK, false);
        int fallback = registry.activeVersion(SUBJECT).getAsInt();
        DictionarySet set =
                new DictionarySet(new DictionarySet.Rule.Field("type"), fallback, Map.of("click", fallback));
        registry.activateSet(set);
        int versions = registry.list().size();

        RegistryException e = assertThrows(
                RegistryException.class, () -> RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test"));
        assertTrue(e.getMessage().contains("routes by a dictionary set"), e.getMessage());
        assertEquals(Optional.of(set), registry.activeSet(SUBJECT));
        assertEquals(versions, registry.list().size());
    }

    @Test
    void aSetActivatedWhileTrainingStandsAndNothingIsPublished() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        byte[] dictionary = trained.measured().candidates().get(0).dictionary();
        int fallback = registry.publish(SUBJECT, dictionary, 3, Map.of()).version();
        registry.activate(fallback);
        RetrainStep step = RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test");
        // The same active version, now a set's fallback: only the set tells the change.
        DictionarySet set =
                new DictionarySet(new DictionarySet.Rule.Shape(), fallback, Map.of("00000000000000ff", fallback));
        registry.activateSet(set);

        assertThrows(RegistryException.class, () -> step.finish(plan, trained, CLOCK, false));
        assertEquals(Optional.of(set), registry.activeSet(SUBJECT));
        assertEquals(1, registry.list().size());
    }

    @Test
    void aDryRunDecidesButPublishesNothing() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();

        RetrainResult result =
                RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test").finish(plan, trained, CLOCK, true);

        assertEquals(Decision.PROMOTED, result.decision());
        assertEquals(0, result.publishedVersion());
        assertTrue(registry.list().isEmpty());
    }

    @Test
    void anActiveVersionChangedWhileTrainingKeepsItAndPublishesNothing() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        RetrainStep step = RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test");
        int theirs = publishAndActivateAnother(registry);

        RetrainResult result = step.finish(plan, trained, CLOCK, false);

        assertEquals(Decision.KEPT, result.decision());
        assertEquals(Decision.PROMOTED, result.verdict().decision());
        assertEquals(
                new ActiveVersionRace(
                        ActiveVersionRace.When.WHILE_TRAINING, OptionalInt.empty(), OptionalInt.of(theirs), 0),
                result.race());
        assertEquals(0, result.publishedVersion());
        assertEquals(1, registry.list().size());
    }

    @Test
    void aPromotionThatLandsBeforeTheActivationWinsAndTheCandidateStaysAvailable() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        int[] theirs = {0};

        RetrainResult result = RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test")
                .beforeActivation(() -> theirs[0] = publishAndActivateAnother(registry))
                .finish(plan, trained, CLOCK, false);

        assertEquals(Decision.KEPT, result.decision());
        assertEquals(ActiveVersionRace.When.BEFORE_ACTIVATION, result.race().when());
        assertEquals(OptionalInt.of(theirs[0]), result.race().after());
        assertEquals(OptionalInt.of(theirs[0]), registry.activeVersion(SUBJECT));
        assertEquals(
                DictionaryInfo.Status.AVAILABLE,
                registry.info(result.publishedVersion()).orElseThrow().status());
        assertTrue(result.retired().isEmpty());
    }

    @Test
    void promotesAnotherGridPointThanTheObjectivesChoiceTrainedAgainOnEverySample() throws Exception {
        TrainingPlan twoLevels = TrainingPlan.builder(EventInput.ofEvents(
                        "memory", SampleEvents.synthetic(1_000, 11).iterator()))
                .dictSizes(List.of(4 << 10))
                .levels(List.of(1, 3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .holdoutFrom(HoldoutFrom.LATEST)
                .timing(new Timing(1, 1, false))
                .build();
        TrainingReport measured = new TrainingEngine().run(twoLevels).measured();
        CandidateResult level1 = candidateAt(measured, 1);
        CandidateResult level3 = candidateAt(measured, 3);
        // As if the objective had chosen level 3: the retrain still promotes level 1, the cheapest that earns it.
        TrainingReport choseLevel3 = new TrainingReport(
                measured.samples(),
                measured.settings(),
                measured.candidates(),
                measured.failures(),
                measured.baselines(),
                new Objective.Choice(level3, measured.choice().reason()),
                measured.elapsedMillis());
        DictionaryRegistry registry = DictionaryRegistries.inMemory();

        RetrainResult result = RetrainStep.begin(registry, SUBJECT, PROMOTE_AT_ONCE, "test")
                .finish(twoLevels, new TrainingResult(choseLevel3, choseLevel3, SplitReport.none()), CLOCK, false);

        assertEquals(Decision.PROMOTED, result.decision());
        assertEquals(level1.point(), result.verdict().candidate());
        DictionaryInfo published = registry.info(result.publishedVersion()).orElseThrow();
        assertEquals(1, published.level());
        assertFalse(
                Arrays.equals(
                        level1.dictionary(), registry.get(published.version()).content()),
                "trained again on every sample, the held-out events included");
    }

    private static CandidateResult candidateAt(TrainingReport report, int level) {
        return report.candidates().stream()
                .filter(c -> c.point().level() == level)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void refusesAPlanThatDoesNotHoldOutTheLatestEvents() {
        TrainingPlan random = TrainingPlan.builder(plan.inputs()).build();
        RetrainStep step = RetrainStep.begin(DictionaryRegistries.inMemory(), SUBJECT, PROMOTE_AT_ONCE, "test");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> step.finish(random, trained, CLOCK, false));
        assertTrue(e.getMessage().contains("got random"), e.getMessage());
    }

    /** Another scheduler's version: the candidate's dictionary at another level, activated. */
    private static int publishAndActivateAnother(DictionaryRegistry registry) {
        byte[] dictionary = trained.chosen().choice().chosen().dictionary();
        int version = registry.publish(SUBJECT, dictionary, 19, Map.of()).version();
        registry.activate(version);
        return version;
    }
}
