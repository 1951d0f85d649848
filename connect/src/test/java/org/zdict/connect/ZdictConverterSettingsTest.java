package org.zdict.connect;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.storage.StringConverter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** A converter given bad settings fails at configure, naming the setting. */
class ZdictConverterSettingsTest {
    @TempDir
    Path registryDir;

    private final ZdictConverter converter = new ZdictConverter();

    @AfterEach
    void close() throws Exception {
        converter.close();
    }

    private Map<String, Object> valid() {
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(registryDir.toString(), Map.of())) {
            if (registry.list().isEmpty()) {
                registry.publish(TestTrainer.train(SampleEvents.synthetic(500, 1), 2048, 3), 3, Map.of());
            }
        }
        Map<String, Object> settings = new HashMap<>();
        settings.put("zdict.registry", registryDir.toString());
        settings.put("zdict.inner.converter", StringConverter.class.getName());
        return settings;
    }

    private void assertRefused(Map<String, Object> settings, String setting, String detail) {
        ConfigException e = assertThrows(ConfigException.class, () -> converter.configure(settings, false));
        assertTrue(e.getMessage().contains(setting), e.getMessage());
        assertTrue(e.getMessage().contains(detail), e.getMessage());
    }

    @Test
    void refusesAMissingRegistry() {
        Map<String, Object> settings = valid();
        settings.remove("zdict.registry");
        assertRefused(settings, "zdict.registry", "no default value");
    }

    @Test
    void refusesAMissingInnerConverter() {
        Map<String, Object> settings = valid();
        settings.remove("zdict.inner.converter");
        assertRefused(settings, "zdict.inner.converter", "no default value");
    }

    @Test
    void refusesAnInnerConverterClassThatDoesNotExist() {
        Map<String, Object> settings = valid();
        settings.put("zdict.inner.converter", "com.example.NoSuchConverter");
        assertRefused(settings, "zdict.inner.converter", "com.example.NoSuchConverter");
    }

    @Test
    void refusesAnInnerClassThatIsNotAConverter() {
        Map<String, Object> settings = valid();
        settings.put("zdict.inner.converter", "org.apache.kafka.common.serialization.StringSerializer");
        assertRefused(settings, "zdict.inner.converter", "not a org.apache.kafka.connect.storage.Converter");
    }

    @Test
    void refusesToWrapItself() {
        Map<String, Object> settings = valid();
        settings.put("zdict.inner.converter", ZdictConverter.class.getName());
        assertRefused(settings, "zdict.inner.converter", "cannot wrap another");
    }

    @Test
    void refusesABadLevel() {
        Map<String, Object> settings = valid();
        settings.put("zdict.level", "0");
        assertRefused(settings, "zdict.level", "not 0");
    }

    @Test
    void refusesARegistryLocationItCannotRead() {
        Map<String, Object> settings = valid();
        settings.put("zdict.registry", "kafka://");
        assertRefused(settings, "zdict.registry", "kafka://");
    }

    @Test
    void refusesAFolderThatHoldsNoRegistry() {
        Map<String, Object> settings = valid();
        settings.put("zdict.registry", registryDir.resolve("empty").toString());
        assertRefused(settings, "zdict.registry", "No registry at");
    }

    @Test
    void refusesAPinnedVersionTheRegistryDoesNotHold() {
        Map<String, Object> settings = valid();
        settings.put("zdict.pinned.version", "9");
        assertRefused(settings, "zdict.pinned.version", "no version 9");
    }
}
