package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/** {@code zdict demo} trains on the bundled sample, publishes and activates (TrainCommandTest covers reruns). */
class DemoIT {
    @TempDir
    Path dir;

    @Test
    void trainsOnTheBundledSampleAndActivatesTheChoice() {
        Path registry = dir.resolve("registry");
        Path reports = dir.resolve("reports");
        Cli.Result first = Cli.run("demo", "-q", "--registry", registry.toString(), "--report-dir", reports.toString());
        assertEquals(0, first.exitCode(), first::toString);
        assertTrue(first.out().contains("Read 39,244 events"), first::toString);
        assertTrue(first.out().contains("Chosen: objective balanced"), first::toString);
        assertTrue(first.out().contains("Published as version 1"), first::toString);
        assertTrue(Files.isRegularFile(reports.resolve("report.json")));
        assertTrue(Files.isRegularFile(reports.resolve("chart.png")));

        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(
                    1,
                    opened.list().stream()
                            .filter(info -> info.status() == DictionaryInfo.Status.ACTIVE)
                            .count());
            double ratio = Double.parseDouble(opened.get(opened.activeVersion().getAsInt())
                    .info()
                    .metadata()
                    .get("heldOutRatio"));
            assertTrue(ratio > 3, "held-out ratio " + ratio);
        }
    }
}
