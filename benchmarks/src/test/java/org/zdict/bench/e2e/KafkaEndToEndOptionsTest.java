package org.zdict.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class KafkaEndToEndOptionsTest {
    private static KafkaEndToEnd.Options parse(String... args) {
        KafkaEndToEnd.Options options = new KafkaEndToEnd.Options();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        KafkaEndToEnd.Options options = parse();
        assertEquals("wikipedia_edits", options.dataset);
        assertEquals(Scenario.ALL.stream().map(Scenario::name).toList(), options.scenarios);
        assertEquals(KafkaEndToEnd.VARIANTS, options.variants);
        assertEquals(Path.of("results/e2e.json"), options.out);
        assertEquals(3, options.producerRounds);
        assertEquals(5, options.consumerPasses);
        assertEquals(100_000, options.heldOut);
    }

    @Test
    void listsAreCommaSeparated() {
        KafkaEndToEnd.Options options =
                parse("--scenarios", "small-1,small-4", "--variants=lz4,zdict", "--scale", "0.5");
        assertEquals(List.of("small-1", "small-4"), options.scenarios);
        assertEquals(List.of("lz4", "zdict"), options.variants);
        assertEquals(0.5, options.scale);
    }

    @Test
    void anUnknownOptionOrABadValueIsRefused() {
        assertThrows(CommandLine.UnmatchedArgumentException.class, () -> parse("--producer-round", "3"));
        assertThrows(CommandLine.ParameterException.class, () -> parse("--held-out", "many"));
    }
}
