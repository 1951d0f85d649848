package org.zdict.spark;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Warns once per registry and subject in the driver's log (what {@code spark-shell}, {@code pyspark} and a
 * notebook show) when {@code zdict_encode} is about to write plain zstd because the subject has no active
 * version: a dictionary trained but not activated compresses nothing. Checked when the query is analysed,
 * on the driver; a registry that cannot be opened is left to the tasks, which name it.
 */
final class NoActiveVersionWarning {
    private static final Logger LOG = LoggerFactory.getLogger(NoActiveVersionWarning.class);
    private static final Set<String> CHECKED = ConcurrentHashMap.newKeySet();

    private NoActiveVersionWarning() {}

    /**
     * Checks {@code subject} ({@code null}: the default subject) of {@code location}, once per JVM; returns
     * whether it warned now.
     */
    static boolean check(String function, String location, String subject) {
        String name = subject == null ? DictionaryInfo.DEFAULT_SUBJECT : subject;
        if (!CHECKED.add(location + '\n' + name)) {
            return false;
        }
        try (DictionaryRegistry registry = DictionaryRegistries.open(location, Map.of())) {
            if (registry.activeVersion(name).isEmpty()) {
                LOG.warn(
                        "{} writes plain zstd (no dictionary): subject {} of the registry {} has no active version."
                                + " Activate one (zdict registry activate, or ZdictTraining.train with activate)"
                                + " for the dictionary's ratio",
                        function,
                        name,
                        DictionaryRegistries.withoutQuery(location));
                return true;
            }
        } catch (RuntimeException e) {
            CHECKED.remove(location + '\n' + name);
        }
        return false;
    }
}
