package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

class QuickCandidateTest {
    private static final Timing BRIEF = new Timing(1, 1, false);

    private static Dictionary version(List<byte[]> events) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        int version = registry.publish(DictionaryTrainer.train(events, 4 << 10, 3), 3, Map.of())
                .version();
        return registry.get(version);
    }

    @Test
    void trainsOnTheOlderFourFifthsAndMeasuresBothOnTheNewestFifth() {
        List<byte[]> events = SampleEvents.synthetic(1_000, 13);

        QuickCandidate quick = QuickCandidate.train(version(events), events, 4, BRIEF);

        assertEquals(800, quick.olderEvents());
        assertEquals(200, quick.newestEvents());
        assertEquals(4, quick.version().batchSize());
        assertEquals(4, quick.candidate().batchSize());
        assertEquals(quick.candidate().ratio() / quick.version().ratio() - 1, quick.gain(), 1e-12);
        assertEquals(quick.gain() >= QuickCandidate.PAYS, quick.pays());
    }

    @Test
    void refusesFewerEventsThanItNeeds() {
        List<byte[]> events = SampleEvents.synthetic(QuickCandidate.MIN_EVENTS - 1, 13);
        Dictionary version = version(SampleEvents.synthetic(1_000, 13));

        assertThrows(IllegalArgumentException.class, () -> QuickCandidate.train(version, events, 1, BRIEF));
    }
}
