package org.zdict.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.internal.DictionaryContent;
import org.zdict.testing.SampleEvents;
import org.zdict.train.DictionaryTrainer;

/**
 * The behaviour every registry implementation owes its users; one thin subclass per implementation,
 * in this module or, through the test jar, in the module that holds the implementation. Each test gets
 * a new, empty registry from {@link #newRegistry()}.
 */
public abstract class DictionaryRegistryContract {
    protected static final byte[] DICTIONARY = DictionaryTrainer.train(SampleEvents.synthetic(2000, 7), 4096, 3);
    protected static final byte[] OTHER_DICTIONARY = DictionaryTrainer.train(SampleEvents.synthetic(2000, 8), 4096, 5);

    protected DictionaryRegistry registry;

    /** A new, empty registry; the contract closes it after the test. */
    protected abstract DictionaryRegistry newRegistry() throws Exception;

    @BeforeEach
    void createRegistry() throws Exception {
        registry = newRegistry();
    }

    @AfterEach
    void closeRegistry() {
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
        assertEquals(DictionaryStatus.AVAILABLE, first.status());
        assertEquals(DictionaryContent.sha256(DICTIONARY), first.sha256());
        assertEquals(DICTIONARY.length, first.size());
        assertEquals(3, first.level());
        assertEquals(Map.of("samples", "2000"), first.metadata());
        assertEquals(OptionalInt.empty(), registry.activeVersion());
        assertEquals(
                List.of(1, 2),
                registry.list().stream().map(DictionaryInfo::version).toList());
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
    void activatesOneVersionAtATime() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(1);
        assertEquals(OptionalInt.of(1), registry.activeVersion());
        registry.activate(2);
        assertEquals(OptionalInt.of(2), registry.activeVersion());
        assertEquals(DictionaryStatus.AVAILABLE, registry.info(1).orElseThrow().status());
        assertEquals(DictionaryStatus.ACTIVE, registry.info(2).orElseThrow().status());
    }

    @Test
    void retiredVersionsStillDecodeButCannotBeActivated() {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 5, Map.of());
        registry.activate(2);
        registry.retire(1);
        assertEquals(DictionaryStatus.RETIRED, registry.info(1).orElseThrow().status());
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
}
