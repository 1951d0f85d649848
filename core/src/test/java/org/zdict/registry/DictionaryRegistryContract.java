package org.zdict.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The behaviour every registry implementation owes its users; one thin subclass per implementation,
 * in this module or, through the test jar, in the module that holds the implementation. Each test gets
 * a new, empty registry from {@link #newRegistry()}.
 */
public abstract class DictionaryRegistryContract {
    protected static final byte[] DICTIONARY = TestTrainer.train(SampleEvents.synthetic(2000, 7), 4096, 3);
    protected static final byte[] OTHER_DICTIONARY = TestTrainer.train(SampleEvents.synthetic(2000, 8), 4096, 5);

    protected DictionaryRegistry registry;

    /** A new, empty registry; the contract closes it after the test. */
    protected abstract DictionaryRegistry newRegistry() throws Exception;

    /**
     * Another handle on the registry {@link #newRegistry()} gave, opened now, as another process would open
     * it (it reads the stored layout back); the contract closes it. Registries that live in one object only
     * return that object.
     */
    protected DictionaryRegistry openAgain() throws Exception {
        return registry;
    }

    private final List<DictionaryRegistry> others = new ArrayList<>();

    private DictionaryRegistry another() throws Exception {
        DictionaryRegistry handle = openAgain();
        if (handle != registry) {
            others.add(handle);
        }
        return handle;
    }

    @BeforeEach
    void createRegistry() throws Exception {
        registry = newRegistry();
    }

    @AfterEach
    void closeRegistry() {
        others.forEach(DictionaryRegistry::close);
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void publishesAvailableVersionsNumberedFromOne() {
        DictionaryInfo first = registry.publish(DICTIONARY, 3, Map.of("samples", "2000"));
        DictionaryInfo second = registry.publish(OTHER_DICTIONARY, 5, Map.of());
        assertEquals(1, first.version());
        assertEquals(2, second.version());
        assertEquals(DictionaryInfo.Status.AVAILABLE, first.status());
        assertEquals(Dictionary.sha256(DICTIONARY), first.sha256());
        assertEquals(DICTIONARY.length, first.size());
        assertEquals(3, first.level());
        assertEquals(Map.of("samples", "2000"), first.metadata());
        assertEquals(OptionalInt.empty(), registry.activeVersion());
        assertEquals(
                List.of(1, 2),
                registry.list().stream().map(DictionaryInfo::version).toList());
    }

    @Test
    void revisionMovesWhenVersionsOrStatesChangeAndOnlyThen() {
        long empty = registry.revision();
        assertTrue(empty != DictionarySource.UNCOUNTED_REVISION, "the registry counts its changes");
        registry.publish(DICTIONARY, 3, Map.of());
        long published = registry.revision();
        assertTrue(published != empty, "a publication moves the revision");
        registry.activate(1);
        long activated = registry.revision();
        assertTrue(activated != published, "an activation moves the revision");
        assertEquals(activated, registry.revision(), "nothing changed, the same revision");
    }

    @Test
    void getsContentAndRecord() {
        registry.publish(DICTIONARY, 3, Map.of());
        Dictionary dictionary = registry.get(1);
        assertArrayEquals(DICTIONARY, dictionary.content());
        assertEquals(1, dictionary.version());
        assertTrue(registry.info(1).isPresent());
        assertFalse(registry.info(2).isPresent());
    }

    @Test
    void dictionaryBytesCannotBeChangedFromOutside() {
        byte[] published = DICTIONARY.clone();
        registry.publish(published, 3, Map.of());
        published[100] ^= 0x40;
        registry.get(1).content()[100] ^= 0x40;
        assertArrayEquals(DICTIONARY, registry.get(1).content());
    }

    @Test
    void awaitingAVersionReturnsWhenAnotherHandlePublishesIt() throws Exception {
        DictionaryRegistry publisher = another();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> awaited = executor.submit(() -> registry.awaitVersion(1, Duration.ofSeconds(30)));
            Thread.sleep(100);
            publisher.publish(DICTIONARY, 3, Map.of());
            assertTrue(awaited.get(30, TimeUnit.SECONDS));
            assertArrayEquals(DICTIONARY, registry.get(1).content());
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void awaitingAVersionNobodyPublishesGivesUpAfterTheTimeout() {
        registry.publish(DICTIONARY, 3, Map.of());
        assertTrue(registry.awaitVersion(1, Duration.ZERO), "a version the registry holds is there at once");
        long start = System.nanoTime();
        assertFalse(registry.awaitVersion(2, Duration.ofMillis(200)));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200), "returned before the timeout");
    }

    @Test
    void activatesOneVersionAtATime() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(1);
        assertEquals(OptionalInt.of(1), registry.activeVersion());
        registry.activate(2);
        assertEquals(OptionalInt.of(2), registry.activeVersion());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, registry.info(1).orElseThrow().status());
        assertEquals(
                DictionaryInfo.Status.ACTIVE, registry.info(2).orElseThrow().status());
    }

    @Test
    void retiredVersionsStillDecodeButCannotBeActivated() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(2);
        registry.retire(1);
        assertEquals(
                DictionaryInfo.Status.RETIRED, registry.info(1).orElseThrow().status());
        assertArrayEquals(DICTIONARY, registry.get(1).content());
        RegistryException e = assertThrows(RegistryException.class, () -> registry.activate(1));
        assertTrue(e.getMessage().contains("retired"), e.getMessage());
    }

    @Test
    void refusesToRetireOrRemoveTheActiveVersion() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.activate(1);
        assertTrue(assertThrows(RegistryException.class, () -> registry.retire(1))
                .getMessage()
                .contains("active version"));
        assertThrows(RegistryException.class, () -> registry.remove(1));
        assertEquals(OptionalInt.of(1), registry.activeVersion());
    }

    @Test
    void neverReusesARemovedNumber() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 3, Map.of());
        registry.remove(2);
        assertThrows(UnknownDictionaryVersionException.class, () -> registry.get(2));
        assertEquals(3, registry.publish(OTHER_DICTIONARY, 3, Map.of()).version());
    }

    @Test
    void rejectsUnknownVersionsByNumber() {
        UnknownDictionaryVersionException e =
                assertThrows(UnknownDictionaryVersionException.class, () -> registry.get(42));
        assertEquals(42, e.version());
        assertThrows(UnknownDictionaryVersionException.class, () -> registry.activate(42));
        assertThrows(UnknownDictionaryVersionException.class, () -> registry.retire(42));
    }

    @Test
    void rejectsContentThatIsNotAZstdDictionary() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> registry.publish("not a dictionary".getBytes(), 3, Map.of()));
        assertTrue(e.getMessage().contains("zstd dictionary"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> registry.publish(DICTIONARY, 99, Map.of()));
        assertTrue(registry.list().isEmpty());
    }

    @Test
    void publishedBytesCannotBeChangedByTheCaller() {
        byte[] content = DICTIONARY.clone();
        registry.publish(content, 3, Map.of());
        content[20] ^= 1;
        assertArrayEquals(DICTIONARY, registry.get(1).content());
    }

    @Test
    void publishesIntoSubjectsWithNumbersUniqueAcrossTheRegistry() throws Exception {
        DictionaryInfo first = registry.publish(DICTIONARY, 3, Map.of());
        DictionaryInfo orders = registry.publish("orders", OTHER_DICTIONARY, 5, Map.of("samples", "9"));
        DictionaryInfo third = registry.publish("default", DICTIONARY, 3, Map.of());
        assertEquals(List.of(1, 2, 3), List.of(first.version(), orders.version(), third.version()));
        assertEquals(DictionaryInfo.DEFAULT_SUBJECT, first.subject());
        assertEquals("orders", orders.subject());
        assertEquals(DictionaryInfo.Status.AVAILABLE, orders.status());
        assertEquals(new TreeSet<>(List.of("default", "orders")), registry.subjects());
        DictionaryRegistry again = another();
        assertEquals(
                List.of("default", "orders", "default"),
                again.list().stream().map(DictionaryInfo::subject).toList());
        assertEquals("orders", again.info(2).orElseThrow().subject());
        assertArrayEquals(OTHER_DICTIONARY, again.get(2).content());
        assertEquals(new TreeSet<>(List.of("default", "orders")), again.subjects());
    }

    @Test
    void activatingAVersionChangesOnlyTheActiveVersionOfItsSubject() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish("orders", OTHER_DICTIONARY, 5, Map.of());
        registry.publish("orders", DICTIONARY, 3, Map.of());
        registry.activate(1);
        registry.activate(2);
        assertEquals(OptionalInt.of(1), registry.activeVersion());
        assertEquals(OptionalInt.of(2), registry.activeVersion("orders"));
        registry.activate(3);
        assertEquals(OptionalInt.of(1), registry.activeVersion("default"));
        assertEquals(OptionalInt.of(3), registry.activeVersion("orders"));
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, registry.info(2).orElseThrow().status());
        assertEquals(
                DictionaryInfo.Status.ACTIVE, registry.info(1).orElseThrow().status());
        assertEquals(OptionalInt.empty(), registry.activeVersion("payments"));
        DictionaryRegistry again = another();
        assertEquals(OptionalInt.of(1), again.activeVersion());
        assertEquals(OptionalInt.of(3), again.activeVersion("orders"));
        assertEquals(DictionaryInfo.Status.ACTIVE, again.info(3).orElseThrow().status());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, again.info(2).orElseThrow().status());
    }

    @Test
    void retireAndRemoveRefuseOnlyTheActiveVersionOfTheVersionsSubject() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish("orders", OTHER_DICTIONARY, 5, Map.of());
        registry.publish("orders", DICTIONARY, 3, Map.of());
        registry.activate(1);
        registry.activate(2);
        RegistryException e = assertThrows(RegistryException.class, () -> registry.retire(2));
        assertTrue(e.getMessage().contains("active version of subject 'orders'"), e.getMessage());
        registry.retire(3);
        assertEquals(
                DictionaryInfo.Status.RETIRED, registry.info(3).orElseThrow().status());
        assertEquals(OptionalInt.of(1), registry.activeVersion());
        assertEquals(OptionalInt.of(2), registry.activeVersion("orders"));
        assertThrows(RegistryException.class, () -> registry.remove(2));
    }

    @Test
    void activatesADictionarySetAsOneChangeUntilOneVersionReplacesIt() throws Exception {
        int fallback = registry.publish("orders", DICTIONARY, 3, Map.of()).version();
        int login = registry.publish("orders", OTHER_DICTIONARY, 5, Map.of()).version();
        int click = registry.publish("orders", DICTIONARY, 5, Map.of()).version();
        int other = registry.publish(DICTIONARY, 3, Map.of()).version();
        registry.activate(other);
        DictionarySet set = new DictionarySet(
                new DictionarySet.Rule.Field("type"), fallback, Map.of("login", login, "click", click));
        long before = registry.revision();
        registry.activateSet(set, OptionalInt.empty(), Optional.empty());
        assertTrue(registry.revision() != before || before == DictionarySource.UNCOUNTED_REVISION);
        assertEquals(OptionalInt.of(fallback), registry.activeVersion("orders"));
        assertEquals(Optional.of(set), registry.activeSet("orders"));
        assertEquals(Optional.empty(), registry.activeSet(DictionaryInfo.DEFAULT_SUBJECT));
        assertEquals(OptionalInt.of(other), registry.activeVersion());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE,
                registry.info(login).orElseThrow().status());
        DictionaryRegistry again = another();
        assertEquals(Optional.of(set), again.activeSet("orders"));
        assertEquals(OptionalInt.of(fallback), again.activeVersion("orders"));

        registry.activate(login);
        assertEquals(Optional.empty(), registry.activeSet("orders"));
        assertEquals(OptionalInt.of(login), registry.activeVersion("orders"));
        registry.activateSet(set);
        assertEquals(Optional.of(set), registry.activeSet("orders"));
    }

    @Test
    void refusesToRetireOrRemoveAMemberOfTheActiveSet() {
        int fallback = registry.publish("orders", DICTIONARY, 3, Map.of()).version();
        int login = registry.publish("orders", OTHER_DICTIONARY, 5, Map.of()).version();
        int spare = registry.publish("orders", DICTIONARY, 5, Map.of()).version();
        registry.activateSet(
                new DictionarySet(new DictionarySet.Rule.Shape(), fallback, Map.of("00000000000000ff", login)));
        RegistryException retire = assertThrows(RegistryException.class, () -> registry.retire(login));
        assertTrue(retire.getMessage().contains("dictionary set of subject 'orders'"), retire.getMessage());
        assertThrows(RegistryException.class, () -> registry.remove(login));
        assertThrows(RegistryException.class, () -> registry.retire(fallback));
        registry.retire(spare);
        assertEquals(
                DictionaryInfo.Status.AVAILABLE,
                registry.info(login).orElseThrow().status());
        registry.activate(fallback);
        registry.retire(login);
        assertEquals(
                DictionaryInfo.Status.RETIRED,
                registry.info(login).orElseThrow().status());
    }

    @Test
    void refusesASetOfRetiredUnknownOrForeignVersionsAndChangesNothing() {
        int fallback = registry.publish("orders", DICTIONARY, 3, Map.of()).version();
        int retired = registry.publish("orders", OTHER_DICTIONARY, 5, Map.of()).version();
        int foreign = registry.publish("payments", DICTIONARY, 5, Map.of()).version();
        registry.retire(retired);
        DictionarySet.Rule rule = new DictionarySet.Rule.Field("type");
        RegistryException e = assertThrows(
                RegistryException.class,
                () -> registry.activateSet(new DictionarySet(rule, fallback, Map.of("a", retired))));
        assertTrue(e.getMessage().contains("retired"), e.getMessage());
        e = assertThrows(
                RegistryException.class,
                () -> registry.activateSet(new DictionarySet(rule, fallback, Map.of("a", foreign))));
        assertTrue(e.getMessage().contains("'payments'"), e.getMessage());
        assertThrows(
                UnknownDictionaryVersionException.class,
                () -> registry.activateSet(new DictionarySet(rule, fallback, Map.of("a", 99))));
        assertEquals(OptionalInt.empty(), registry.activeVersion("orders"));
        assertEquals(Optional.empty(), registry.activeSet("orders"));
    }

    @Test
    void activatesASetOnlyWhileTheSubjectsStateIsTheOneExpected() {
        int fallback = registry.publish(DICTIONARY, 3, Map.of()).version();
        int member = registry.publish(OTHER_DICTIONARY, 5, Map.of()).version();
        registry.activate(fallback);
        DictionarySet set = new DictionarySet(new DictionarySet.Rule.Header("ce_type"), fallback, Map.of("a", member));
        RegistryException stale = assertThrows(
                RegistryException.class, () -> registry.activateSet(set, OptionalInt.empty(), Optional.empty()));
        assertEquals(RegistryException.Kind.ACTIVE_VERSION_CHANGED, stale.kind());
        registry.activateSet(set, OptionalInt.of(fallback), Optional.empty());
        DictionarySet next = new DictionarySet(new DictionarySet.Rule.Header("ce_type"), fallback, Map.of("b", member));
        stale = assertThrows(
                RegistryException.class, () -> registry.activateSet(next, OptionalInt.of(fallback), Optional.empty()));
        assertEquals(RegistryException.Kind.ACTIVE_VERSION_CHANGED, stale.kind());
        assertEquals(Optional.of(set), registry.activeSet(DictionaryInfo.DEFAULT_SUBJECT));
        registry.activateSet(next, OptionalInt.of(fallback), Optional.of(set));
        assertEquals(Optional.of(next), registry.activeSet(DictionaryInfo.DEFAULT_SUBJECT));
    }

    @Test
    void refusesInvalidSubjectNamesBeforeWritingAnything() {
        for (String bad : List.of("", "with space", "a/b", "ü", "x".repeat(256))) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> registry.publish(bad, DICTIONARY, 3, Map.of()));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
            assertTrue(e.getMessage().contains("a-zA-Z0-9._-"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> registry.publish(null, DICTIONARY, 3, Map.of()));
        assertTrue(registry.list().isEmpty());
        String longest = "t".repeat(249) + "-value";
        assertEquals(longest, registry.publish(longest, DICTIONARY, 3, Map.of()).subject());
        assertEquals(
                "orders.v2_EU-key",
                registry.publish("orders.v2_EU-key", DICTIONARY, 3, Map.of()).subject());
    }

    @Test
    void activatesConditionallyOnlyWhileTheSubjectsActiveVersionIsTheOneExpected() {
        int first = registry.publish(DICTIONARY, 3, Map.of()).version();
        int second = registry.publish(OTHER_DICTIONARY, 5, Map.of()).version();
        int third = registry.publish(DICTIONARY, 5, Map.of()).version();
        int orders = registry.publish("orders", DICTIONARY, 3, Map.of()).version();
        registry.activate(first, OptionalInt.empty());
        assertEquals(OptionalInt.of(first), registry.activeVersion());

        RegistryException stale =
                assertThrows(RegistryException.class, () -> registry.activate(second, OptionalInt.of(third)));
        assertEquals(RegistryException.Kind.ACTIVE_VERSION_CHANGED, stale.kind());
        assertEquals(OptionalInt.of(first), stale.actualActiveVersion());
        assertTrue(stale.getMessage().contains("subject '" + DictionaryInfo.DEFAULT_SUBJECT + "'"), stale.getMessage());
        assertTrue(stale.getMessage().contains("is version " + first + ", not version " + third), stale.getMessage());
        assertEquals(OptionalInt.of(first), registry.activeVersion());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE,
                registry.info(second).orElseThrow().status());
        assertTrue(registry.info(second).orElseThrow().activatedAt().isEmpty());

        assertEquals(
                RegistryException.Kind.ACTIVE_VERSION_CHANGED,
                assertThrows(RegistryException.class, () -> registry.activate(second, OptionalInt.empty()))
                        .kind());
        registry.activate(second, OptionalInt.of(first));
        assertEquals(OptionalInt.of(second), registry.activeVersion());
        // Another subject is compared with its own active version (none yet) only.
        registry.activate(orders, OptionalInt.empty());
        assertEquals(OptionalInt.of(orders), registry.activeVersion("orders"));
        assertEquals(OptionalInt.of(second), registry.activeVersion());
        assertThrows(UnknownDictionaryVersionException.class, () -> registry.activate(42, OptionalInt.empty()));
        registry.retire(third);
        assertThrows(RegistryException.class, () -> registry.activate(third, OptionalInt.of(second)));
    }

    /**
     * Two writers on their own handles both decide to replace the same active version and activate
     * their candidate at the same moment: exactly one succeeds, the other changes nothing.
     */
    @Test
    void ofTwoConditionalActivationsAgainstTheSameActiveVersionExactlyOneWins() throws Exception {
        int base = registry.publish(DICTIONARY, 3, Map.of()).version();
        registry.activate(base);
        DictionaryRegistry second = another();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 3; round++) {
                int mine = registry.publish(DICTIONARY, 3, Map.of("round", Integer.toString(round)))
                        .version();
                int theirs = registry.publish(OTHER_DICTIONARY, 5, Map.of("round", Integer.toString(round)))
                        .version();
                OptionalInt expected = OptionalInt.of(base);
                java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
                Future<Boolean> a = pool.submit(() -> activated(registry, mine, expected, start));
                Future<Boolean> b = pool.submit(() -> activated(second, theirs, expected, start));
                start.countDown();
                boolean aWon = a.get(60, TimeUnit.SECONDS);
                boolean bWon = b.get(60, TimeUnit.SECONDS);
                assertTrue(aWon ^ bWon, "round " + round + ": first won " + aWon + ", second won " + bWon);
                int winner = aWon ? mine : theirs;
                int loser = aWon ? theirs : mine;
                DictionaryRegistry fresh = another();
                assertEquals(OptionalInt.of(winner), fresh.activeVersion());
                assertEquals(
                        DictionaryInfo.Status.AVAILABLE,
                        fresh.info(loser).orElseThrow().status());
                base = winner;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static boolean activated(
            DictionaryRegistry handle, int version, OptionalInt expected, java.util.concurrent.CountDownLatch start)
            throws InterruptedException {
        start.await();
        try {
            handle.activate(version, expected);
            return true;
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.ACTIVE_VERSION_CHANGED) {
                throw e;
            }
            return false;
        }
    }

    /**
     * Two writers, each on its own handle, keep changing the active version of their own subject at
     * the same time; neither may ever overwrite the other subject's active version.
     */
    @Test
    void concurrentChangesToTwoSubjectsNeverDisturbEachOther() throws Exception {
        int defaultA = registry.publish(DICTIONARY, 3, Map.of()).version();
        int defaultB = registry.publish(OTHER_DICTIONARY, 5, Map.of()).version();
        int ordersA = registry.publish("orders", DICTIONARY, 3, Map.of()).version();
        int ordersB = registry.publish("orders", OTHER_DICTIONARY, 5, Map.of()).version();
        DictionaryRegistry second = another();
        int rounds = 8;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = pool.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    registry.activate(i % 2 == 0 ? defaultA : defaultB);
                }
            });
            Future<?> other = pool.submit(() -> {
                for (int i = 0; i < rounds; i++) {
                    second.activate(i % 2 == 0 ? ordersB : ordersA);
                }
            });
            first.get(60, TimeUnit.SECONDS);
            other.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        DictionaryRegistry fresh = another();
        assertEquals(OptionalInt.of(defaultB), fresh.activeVersion());
        assertEquals(OptionalInt.of(ordersA), fresh.activeVersion("orders"));
        assertEquals(
                List.of(
                        DictionaryInfo.Status.AVAILABLE,
                        DictionaryInfo.Status.ACTIVE,
                        DictionaryInfo.Status.ACTIVE,
                        DictionaryInfo.Status.AVAILABLE),
                fresh.list().stream().map(DictionaryInfo::status).toList());
    }

    @Test
    void recordsWhenEachVersionWasActivatedAndRetiredAndKeepsItAcrossReopening() throws Exception {
        java.time.Instant before = java.time.Instant.now().minusSeconds(1);
        DictionaryInfo first = registry.publish(DICTIONARY, 3, Map.of());
        DictionaryInfo second = registry.publish(OTHER_DICTIONARY, 5, Map.of());
        assertTrue(registry.info(first.version()).orElseThrow().activatedAt().isEmpty());
        registry.activate(first.version());
        registry.activate(second.version());
        registry.retire(first.version());
        java.time.Instant after = java.time.Instant.now().plusSeconds(1);

        DictionaryRegistry reader = another();
        DictionaryInfo retired = reader.info(first.version()).orElseThrow();
        DictionaryInfo active = reader.info(second.version()).orElseThrow();
        java.time.Instant retiredAt = retired.retiredAt().orElseThrow();
        java.time.Instant activatedAt = active.activatedAt().orElseThrow();
        assertTrue(retiredAt.isAfter(before) && retiredAt.isBefore(after), retired.toString());
        assertTrue(activatedAt.isAfter(before) && activatedAt.isBefore(after), active.toString());
        assertFalse(retiredAt.isBefore(activatedAt), "retired before the other was activated: " + retired);
        assertTrue(active.retiredAt().isEmpty(), active.toString());
    }

    @Test
    void keepsTheLifecycleTimesOutOfTheMetadata() throws Exception {
        DictionaryInfo first = registry.publish(DICTIONARY, 3, Map.of("samples", "2000"));
        DictionaryInfo second = registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(first.version());
        registry.activate(second.version());
        registry.retire(first.version());
        DictionaryInfo retired = another().info(first.version()).orElseThrow();
        assertTrue(retired.activatedAt().isPresent() && retired.retiredAt().isPresent(), retired.toString());
        assertEquals(Map.of("samples", "2000"), retired.metadata());
    }

    @Test
    void refusesToPublishTheLifecycleTimesAsMetadata() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> registry.publish(DICTIONARY, 3, Map.of("retiredAt", "2020-01-01T00:00:00Z")));
        assertTrue(e.getMessage().contains("retiredAt"), e.getMessage());
        assertTrue(registry.list().isEmpty());
    }

    /** A registry's versions as a backup holds them: every record with its bytes. */
    private static List<Dictionary> backupOf(DictionaryRegistry source) {
        return source.list().stream().map(info -> source.get(info.version())).toList();
    }

    /**
     * A source registry with two subjects, an active version in each, a retired one and a removed one,
     * dated by a clock in whole milliseconds (what every registry keeps).
     */
    private static InMemoryDictionaryRegistry backedUpRegistry() {
        InMemoryDictionaryRegistry source =
                new InMemoryDictionaryRegistry(Clock.fixed(Instant.parse("2026-03-04T05:06:07.089Z"), ZoneOffset.UTC));
        source.publish(DICTIONARY, 3, Map.of("samples", "2000"));
        source.publish("payments", OTHER_DICTIONARY, 5, Map.of());
        source.publish(OTHER_DICTIONARY, 4, Map.of());
        source.publish(DICTIONARY, 3, Map.of());
        source.publish(DICTIONARY, 7, Map.of());
        source.activate(1);
        source.activate(3);
        source.retire(1);
        source.activate(2);
        source.remove(5);
        return source;
    }

    @Test
    void restoresABackupWithItsNumbersStatusesTimesAndNextNumber() throws Exception {
        InMemoryDictionaryRegistry source = backedUpRegistry();
        registry.restore(backupOf(source), source.nextVersion());

        for (DictionaryRegistry handle : List.of(registry, another())) {
            assertEquals(source.list(), handle.list(), "restored as backed up, read by " + handle.describe());
            assertEquals(OptionalInt.of(3), handle.activeVersion());
            assertEquals(OptionalInt.of(2), handle.activeVersion("payments"));
            assertArrayEquals(OTHER_DICTIONARY, handle.get(2).content());
            assertEquals(6, handle.nextVersion());
        }
        assertEquals(6, registry.publish(DICTIONARY, 3, Map.of()).version(), "removed number 5 was reissued");
    }

    @Test
    void restoresTheDictionarySetsOfABackupWithItsVersions() throws Exception {
        InMemoryDictionaryRegistry source = backedUpRegistry();
        DictionarySet set = new DictionarySet(new DictionarySet.Rule.Field("type"), 3, Map.of("login", 4));
        source.activateSet(set);
        registry.restore(backupOf(source), source.nextVersion(), List.of(set));
        for (DictionaryRegistry handle : List.of(registry, another())) {
            assertEquals(Optional.of(set), handle.activeSet(DictionaryInfo.DEFAULT_SUBJECT), handle.describe());
            assertEquals(Optional.empty(), handle.activeSet("payments"));
        }
    }

    @Test
    void refusesABackupWhoseSetDoesNotFitItsVersionsBeforeWritingAnything() {
        InMemoryDictionaryRegistry source = backedUpRegistry();
        DictionarySet notActive = new DictionarySet(new DictionarySet.Rule.Shape(), 4, Map.of("00000000000000ff", 3));
        assertThrows(
                IllegalArgumentException.class,
                () -> registry.restore(backupOf(source), source.nextVersion(), List.of(notActive)));
        assertTrue(registry.list().isEmpty());
    }

    @Test
    void refusesToRestoreIntoARegistryThatHasVersionsAndWritesNothing() {
        InMemoryDictionaryRegistry source = backedUpRegistry();
        DictionaryInfo own = registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(own.version());
        List<DictionaryInfo> before = registry.list();

        RegistryException e =
                assertThrows(RegistryException.class, () -> registry.restore(backupOf(source), source.nextVersion()));
        assertTrue(e.getMessage().contains(registry.describe()), e.getMessage());
        assertTrue(e.getMessage().contains("not empty"), e.getMessage());
        assertEquals(before, registry.list());
        assertEquals(2, registry.nextVersion());
    }

    @Test
    void refusesABackupWhoseBytesDoNotMatchTheirRecordBeforeWritingAnything() {
        InMemoryDictionaryRegistry source = backedUpRegistry();
        List<Dictionary> backup = new ArrayList<>(backupOf(source));
        byte[] flipped = backup.get(1).content();
        flipped[flipped.length / 2] ^= 0x01;
        backup.set(1, new Dictionary(backup.get(1).info(), flipped));

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> registry.restore(backup, source.nextVersion()));
        assertTrue(e.getMessage().contains("Version 2 "), e.getMessage());
        assertTrue(registry.list().isEmpty());
        assertEquals(1, registry.nextVersion());
    }

    @Test
    void completesARestoreThatWroteOnlySomeDictionaries() {
        DictionaryInfo written = registry.publish(DICTIONARY, 3, Map.of());
        DictionaryInfo second = DictionaryInfo.builder(2)
                .sha256(Dictionary.sha256(OTHER_DICTIONARY))
                .size(OTHER_DICTIONARY.length)
                .level(5)
                .createdAt(written.createdAt())
                .status(DictionaryInfo.Status.ACTIVE)
                .build();
        List<Dictionary> backup = List.of(
                new Dictionary(written.withStatus(DictionaryInfo.Status.RETIRED), DICTIONARY),
                new Dictionary(second, OTHER_DICTIONARY));

        registry.restore(backup, 3);
        assertEquals(
                DictionaryInfo.Status.RETIRED, registry.info(1).orElseThrow().status());
        assertEquals(OptionalInt.of(2), registry.activeVersion());
        assertArrayEquals(OTHER_DICTIONARY, registry.get(2).content());
    }
}
