package org.zdict.spark;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.kafka.internal.NoActiveVersionWarning;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Checks, when a query with {@code zdict_encode} is analysed on the driver, whether its subject has an
 * active version, once per registry and subject in this JVM; if not, logs the writers' shared warning
 * ({@link NoActiveVersionWarning#message}, the text a {@code ZdictSerializer} logs) in the driver's log,
 * which {@code spark-shell}, {@code pyspark} and a notebook show: a dictionary trained but not activated
 * compresses nothing. A registry that cannot be opened is left to the tasks, which name it.
 */
final class ActiveVersionCheck {
    private static final Logger LOG = LoggerFactory.getLogger(ActiveVersionCheck.class);
    private static final Set<String> CHECKED = ConcurrentHashMap.newKeySet();

    private ActiveVersionCheck() {}

    /**
     * Checks {@code subject} ({@code null}: the default subject) of {@code location} for {@code function},
     * once per JVM; returns whether it warned now.
     */
    static boolean check(String function, String location, String subject) {
        String name = subject == null ? DictionaryInfo.DEFAULT_SUBJECT : subject;
        String key = location + '\n' + name;
        if (!CHECKED.add(key)) {
            return false;
        }
        try (DictionaryRegistry registry = DictionaryRegistries.open(location, Map.of())) {
            if (registry.activeVersion(name).isEmpty()) {
                LOG.warn(NoActiveVersionWarning.message(function, name, registry.describe()));
                return true;
            }
        } catch (RuntimeException e) {
            CHECKED.remove(key);
        }
        return false;
    }
}
