package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.previous.PreviousDictionaryInfo;
import org.zdict.previous.PreviousDictionaryStatus;
import org.zdict.previous.PreviousRegistryLog;
import org.zdict.previous.PreviousRegistryRecords;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.VersionTable;

/**
 * Rolling upgrades on a registry topic: the records this release writes, folded by the previous
 * release's reading code (a frozen copy in {@code org.zdict.previous}) and by this release's. The
 * records are made as {@link VersionPublisher} and {@link LifecycleWriter} make them; the real topic is
 * read the same way in {@code KafkaDictionaryRegistryIT}.
 */
class PreviousReleaseRegistryTopicTest {
    private record Entry(String key, byte[] value) {}

    private final List<Entry> topic = new ArrayList<>();
    private final RegistryLog log = RegistryLogTest.newLog();

    private void append(String key, byte[] value) {
        log.apply(topic.size(), key, value);
        topic.add(new Entry(key, value));
    }

    private void publish(String subject, long seed) {
        byte[] content = TestDictionaries.trained(seed);
        int version = log.table().nextVersion();
        append(
                RegistryKeys.dictionary(version, "writer"),
                RegistryRecords.write(new DictionaryRecord(
                        version, subject, Dictionary.sha256(content), 3, Instant.EPOCH, Map.of(), content)));
    }

    private void change(UnaryOperator<VersionTable> change) {
        VersionTable before = log.table();
        StateRecord next =
                StateTransition.next(log.stateRecord(), before, change.apply(before), log.stateRecordOffset(), 0);
        append(RegistryKeys.STATE, RegistryRecords.write(next));
    }

    private PreviousRegistryLog readWithPreviousRelease() {
        PreviousRegistryLog previous = new PreviousRegistryLog();
        for (int offset = 0; offset < topic.size(); offset++) {
            previous.apply(offset, topic.get(offset).key(), topic.get(offset).value());
        }
        return previous;
    }

    @Test
    void thePreviousReleaseSeesEveryVersionAndOnlyTheDefaultSubjectsActiveVersion() {
        publish("default", 1);
        publish("orders", 2);
        publish("orders", 3);
        publish("payments-value", 4);
        publish("default", 5);
        change(t -> t.withActive(1, "t"));
        change(t -> t.withActive(2, "t"));
        change(t -> t.withActive(3, "t"));
        change(t -> t.withActive(4, "t"));
        change(t -> t.withRetired(2, "t"));
        change(t -> t.withRetired(5, "t"));

        assertEquals(OptionalInt.of(1), log.table().activeVersion());
        assertEquals(OptionalInt.of(3), log.table().activeVersion("orders"));
        assertEquals(OptionalInt.of(4), log.table().activeVersion("payments-value"));

        PreviousRegistryLog previous = readWithPreviousRelease();
        assertEquals(
                List.of(1, 2, 3, 4, 5), List.copyOf(previous.view().versions().keySet()));
        assertEquals(6, previous.view().nextVersion());
        assertEquals(OptionalInt.of(1), previous.view().activeVersion());
        assertEquals(
                List.of(
                        PreviousDictionaryStatus.ACTIVE,
                        PreviousDictionaryStatus.RETIRED,
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.RETIRED),
                previous.view().list().stream()
                        .map(PreviousDictionaryInfo::status)
                        .toList());
        for (int version = 1; version <= 5; version++) {
            assertArrayEquals(TestDictionaries.trained(version), previous.content(version), "version " + version);
        }
    }

    @Test
    void thePreviousReleaseSeesNoActiveVersionWhenOnlyOtherSubjectsHaveOne() {
        publish("default", 1);
        publish("orders", 2);
        change(t -> t.withActive(2, "t"));
        PreviousRegistryLog previous = readWithPreviousRelease();
        assertEquals(OptionalInt.empty(), previous.view().activeVersion());
        assertEquals(2, previous.view().versions().size());
    }

    @Test
    void recordsOfTheDefaultSubjectAreWrittenAsThePreviousReleaseWroteThemPlusTheSequenceNumber() {
        publish("default", 1);
        publish("default", 2);
        change(t -> t.withActive(1, "t"));
        change(t -> t.withActive(2, "t"));
        change(t -> t.withRetired(1, "t"));
        for (Entry entry : topic) {
            String value = new String(entry.value());
            assertFalse(value.contains("subject") || value.contains("activeBySubject"), value);
            if (entry.key().equals(RegistryKeys.STATE)) {
                // The one field added since: the sequence number, which the previous release skips.
                assertTrue(value.matches(".*,\"sequence\":\\d+}"), value);
                assertEquals(
                        value.replaceAll(",\"sequence\":\\d+}$", "}"),
                        new String(PreviousRegistryRecords.write(PreviousRegistryRecords.readState(entry.value()))));
            } else {
                assertArrayEquals(
                        entry.value(),
                        PreviousRegistryRecords.write(PreviousRegistryRecords.readPublished(entry.value())));
            }
        }
    }

    @Test
    void thePreviousReleaseReadsAVersionPublishedForLz4WithItsCodec() {
        byte[] content = TestDictionaries.trained(6);
        append(
                RegistryKeys.dictionary(1, "writer"),
                RegistryRecords.write(new DictionaryRecord(
                        1,
                        "default",
                        Dictionary.sha256(content),
                        3,
                        Instant.EPOCH,
                        Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4"),
                        content)));
        change(t -> t.withActive(1, "t"));
        assertEquals(
                DictionaryInfo.Codec.LZ4, DictionaryInfo.Codec.of(log.table().require(1, "t")));
        PreviousRegistryLog previous = readWithPreviousRelease();
        assertEquals(OptionalInt.of(1), previous.view().activeVersion());
        PreviousDictionaryInfo info = previous.view().list().get(0);
        assertEquals("lz4", info.metadata().get(DictionaryInfo.Codec.METADATA_KEY));
        assertEquals(3, info.level(), "the previous release writes zstd frames with it, at this level");
        assertArrayEquals(content, previous.content(1));
    }

    @Test
    void thePreviousReleaseSkipsTheActivationTimesThisReleaseRecords() {
        publish("default", 1);
        publish("default", 2);
        change(t -> t.withActive(1, "t", Instant.ofEpochSecond(100)));
        change(t -> t.withActive(2, "t", Instant.ofEpochSecond(200)));
        change(t -> t.withRetired(1, "t", Instant.ofEpochSecond(300)));

        assertEquals(
                Instant.ofEpochSecond(200),
                log.table().require(2, "t").activatedAt().orElseThrow());
        assertEquals(
                Instant.ofEpochSecond(100),
                log.table().require(1, "t").activatedAt().orElseThrow());
        PreviousRegistryLog previous = readWithPreviousRelease();
        assertEquals(OptionalInt.of(2), previous.view().activeVersion());
        assertEquals(
                List.of(PreviousDictionaryStatus.RETIRED, PreviousDictionaryStatus.ACTIVE),
                previous.view().list().stream()
                        .map(PreviousDictionaryInfo::status)
                        .toList());
    }

    @Test
    void thePreviousReleaseSkipsADictionarySetAndSeesItsFallbackActive() {
        publish("default", 1);
        publish("default", 2);
        publish("default", 3);
        change(t -> t.withActive(1, "t"));
        DictionarySet set = new DictionarySet(new DictionarySet.Rule.Field("type"), 2, Map.of("login", 3, "click", 1));
        change(t -> t.withSet(set, OptionalInt.of(1), Optional.empty(), "t", Instant.EPOCH));
        String written = new String(topic.get(topic.size() - 1).value());
        assertTrue(written.contains("\"setsBySubject\":{\"default\":"), written);
        assertEquals(Optional.of(set), log.table().set("default"));

        PreviousRegistryLog previous = readWithPreviousRelease();
        assertEquals(OptionalInt.of(2), previous.view().activeVersion());
        assertEquals(
                List.of(
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.ACTIVE,
                        PreviousDictionaryStatus.AVAILABLE),
                previous.view().list().stream()
                        .map(PreviousDictionaryInfo::status)
                        .toList());

        change(t -> t.withActive(1, "t"));
        assertEquals(Optional.empty(), log.table().set("default"));
        assertEquals(OptionalInt.of(1), readWithPreviousRelease().view().activeVersion());
    }
}
