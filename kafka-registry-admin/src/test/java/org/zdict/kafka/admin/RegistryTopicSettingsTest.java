package org.zdict.kafka.admin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The settings a publisher creates the registry topic with are those docs/REGISTRY.md specifies. */
class RegistryTopicSettingsTest {
    @Test
    void everyTopicSettingIsSpecified() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "REGISTRY.md"));
        RegistryTopicSettings.DURABLE.forEach((setting, value) -> assertTrue(
                doc.contains("| `" + setting + "` | `" + value + "` |"),
                "docs/REGISTRY.md section 2 lacks " + setting + "=" + value));
    }
}
