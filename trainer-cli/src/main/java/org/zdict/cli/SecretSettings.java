package org.zdict.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which Kafka client settings hold secrets ({@code sasl.jaas.config}, {@code *.password}, {@code *.key}),
 * and how their values are kept out of what zdict prints: every message is passed through {@link
 * #hide} with the values this run has seen. Of a JAAS config only the secret parts are hidden ({@link
 * JaasSecrets}): its login module, control flag, option names and values such as the username stay.
 */
final class SecretSettings {
    /** What a secret value is replaced with. */
    static final String HIDDEN = "[hidden]";

    /** Values shorter than this are not hidden: replacing them would garble messages, not protect. */
    static final int MIN_HIDDEN_LENGTH = 4;

    private SecretSettings() {}

    /** Whether the setting {@code key} holds a secret (with or without the {@code zdict.registry.client.} prefix). */
    static boolean isSecret(String key) {
        return key.endsWith("sasl.jaas.config") || key.endsWith(".password") || key.endsWith(".key");
    }

    /** The keys of {@code settings} that hold secrets, sorted. */
    static List<String> secretKeys(Map<String, ?> settings) {
        return settings.keySet().stream()
                .filter(SecretSettings::isSecret)
                .sorted()
                .toList();
    }

    /**
     * The values to hide for {@code settings}: each secret setting's value, but for a JAAS config only its
     * secret parts ({@link JaasSecrets}), so that a message quoting its username stays readable.
     */
    static Set<String> values(Map<String, ?> settings) {
        Set<String> values = new LinkedHashSet<>();
        for (String key : secretKeys(settings)) {
            String value = String.valueOf(settings.get(key));
            if (key.endsWith("sasl.jaas.config")) {
                values.addAll(JaasSecrets.values(value));
            } else {
                values.add(value);
            }
        }
        values.removeIf(value -> value.strip().length() < MIN_HIDDEN_LENGTH);
        return values;
    }

    /** {@code message} with every one of {@code secrets} replaced by {@value #HIDDEN}, longest first. */
    static String hide(String message, Collection<String> secrets) {
        List<String> longestFirst = secrets.stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
        String hidden = message;
        for (String secret : longestFirst) {
            hidden = hidden.replace(secret, HIDDEN);
        }
        return hidden;
    }
}
