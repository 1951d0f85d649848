package org.zdict.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.registry.DictionaryRegistry;

/**
 * The settings of one call of a zdict function, as Spark's {@code from_avro} takes them: an option {@code X}
 * in the call's options map is the session setting {@code spark.zdict.X} for that call, and both are the
 * serdes' {@code zdict.X}. Later sources win: Spark's own defaults ({@link #SPARK_DEFAULTS}), then the
 * session's {@code spark.zdict.*} settings, then the options. Besides the serde settings, {@code
 * zdict_decode} takes {@value #MODE} and {@code zdict_encode} takes {@value #SUBJECT}.
 *
 * @param permissive whether a value that cannot be decoded gives null ({@code mode} PERMISSIVE)
 * @param subject the subject {@code zdict_encode} writes, or null for the default subject
 * @param settings the serdes' {@code zdict.*} settings besides the registry and the subject
 */
record FunctionOptions(boolean permissive, String subject, TreeMap<String, String> settings) implements Serializable {
    /** Session settings with this prefix are the serdes' {@code zdict.} settings. */
    static final String SESSION_PREFIX = "spark.zdict.";

    static final String MODE = "mode";
    static final String SUBJECT = "subject";
    static final String FAILFAST = "FAILFAST";
    static final String PERMISSIVE = "PERMISSIVE";

    /** The option (and {@code spark.zdict.} setting) that says how long to wait for an unknown version. */
    static final String WAIT_OPTION = option(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG);

    /**
     * Spark's defaults where they differ from the Kafka serdes': a query reads the registry as it is when
     * each executor opens it (a snapshot), without waiting for a version it does not hold, so rows of
     * unknown versions fail (or are null) at once instead of holding a task for the serde's 30 s each.
     * A streaming query that reads versions published after it started sets the wait.
     */
    static final Map<String, String> SPARK_DEFAULTS = Map.of(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG, "0");

    /** The serde settings an option may not set: the function's arguments give them. */
    private static final Set<String> FROM_ARGUMENTS = Set.of(
            ZdictSerdeConfig.REGISTRY_CONFIG,
            ZdictSerdeConfig.SUBJECT_CONFIG,
            ZdictSerdeConfig.INNER_SERIALIZER_CONFIG,
            ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG);

    /**
     * The settings of a call of {@code function} ({@code zdict_decode}, {@code zdict_encode} or one of
     * their variants) with {@code options}, over {@code session}'s {@code spark.zdict.*} settings.
     *
     * @throws InvalidArgument for an option that does not exist or a mode or subject that is not valid
     */
    static FunctionOptions of(ZdictFunction function, Map<String, String> session, Map<String, String> options) {
        TreeMap<String, String> settings = new TreeMap<>(SPARK_DEFAULTS);
        session.forEach((name, value) -> {
            if (name.startsWith(SESSION_PREFIX)) {
                settings.put(ZdictSerdeConfig.PREFIX + name.substring(SESSION_PREFIX.length()), value);
            }
        });
        FROM_ARGUMENTS.forEach(settings::remove);
        boolean permissive = false;
        String subject = null;
        for (Map.Entry<String, String> option : options.entrySet()) {
            String name = option.getKey();
            String value = option.getValue();
            if (function.isDecode() && name.equals(MODE)) {
                permissive = permissive(value);
            } else if (!function.isDecode() && name.equals(SUBJECT)) {
                subject = subject(value);
            } else if (serdeOptions().contains(name)) {
                settings.put(ZdictSerdeConfig.PREFIX + name, value);
            } else {
                List<String> known = new ArrayList<>();
                known.add(function.isDecode() ? MODE : SUBJECT);
                known.addAll(serdeOptions());
                throw InvalidArgument.notOneOf("option", String.join(", ", known), name);
            }
        }
        return new FunctionOptions(permissive, subject, settings);
    }

    /** Whether {@code mode} is PERMISSIVE (any case); anything but FAILFAST and PERMISSIVE is refused. */
    static boolean permissive(String mode) {
        String upper = mode.toUpperCase(Locale.ROOT);
        if (!upper.equals(FAILFAST) && !upper.equals(PERMISSIVE)) {
            throw InvalidArgument.notOneOf(MODE, FAILFAST + " or " + PERMISSIVE, mode);
        }
        return upper.equals(PERMISSIVE);
    }

    /** {@code subject}, checked. */
    static String subject(String subject) {
        if (!DictionaryRegistry.isValidSubject(subject)) {
            throw InvalidArgument.notOneOf(SUBJECT, "1 to 255 of a-z A-Z 0-9 . _ -", subject);
        }
        return subject;
    }

    /** The serdes' settings as options: {@code zdict.X} without its prefix, those the arguments give left out. */
    static Set<String> serdeOptions() {
        Set<String> names = new TreeSet<>();
        for (String name : ZdictSerdeConfig.configDef().names()) {
            if (!FROM_ARGUMENTS.contains(name) && !name.equals(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG)) {
                names.add(option(name));
            }
        }
        return names;
    }

    /**
     * How a Spark user names the serde setting {@code zdict.X} in a message: {@code spark.zdict.X} or the
     * option {@code X}.
     */
    static String named(String serdeSetting) {
        return named(serdeSetting, "");
    }

    /** As {@link #named(String)}, set to {@code value}: {@code spark.zdict.X=value (option 'X')}. */
    static String named(String serdeSetting, String value) {
        String option = option(serdeSetting);
        return SESSION_PREFIX + option + (value.isEmpty() ? "" : "=" + value) + " (option '" + option + "')";
    }

    private static String option(String serdeSetting) {
        return serdeSetting.substring(ZdictSerdeConfig.PREFIX.length());
    }
}
