package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.input.EventInput;

class TrainingOptionsTest {
    /** The options' defaults (written for --help) and the engine's plan defaults are the same settings. */
    @Test
    void theOptionsDefaultsAreTheEnginesPlanDefaults() {
        List<EventInput> inputs = List.of(EventInput.of("x", () -> null));
        TrainingPlan fromOptions = TrainingOptions.defaults().plan(inputs);
        TrainingPlan engineDefaults =
                TrainingPlan.builder(inputs).timing(TimingProperties.read()).build();
        assertEquals(engineDefaults.grid(), fromOptions.grid());
        assertEquals(engineDefaults.sampling(), fromOptions.sampling());
    }
}
