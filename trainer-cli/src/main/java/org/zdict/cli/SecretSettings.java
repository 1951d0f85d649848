package org.zdict.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Kafka client settings hold secrets ({@code sasl.jaas.config}, {@code *.password}, {@code *.key}),
 * and how their values are kept out of what zdict prints: every message is passed through {@link
 * #hide} with the values this run has seen.
 */
final class SecretSettings {
    /** What a secret value is replaced with. */
    static final String HIDDEN = "[hidden]";

    /** Values shorter than this are not hidden: replacing them would garble messages, not protect. */
    static final int MIN_HIDDEN_LENGTH = 4;

    /** A token of a JAAS config: a quoted string, or a run of characters other than space, =, ; and ". */
    private static final Pattern JAAS_TOKEN = Pattern.compile("\"[^\"]*\"|[^\\s=;\"]+");

    /** The JAAS control flags, which are not secret. */
    private static final Set<String> JAAS_FLAGS = Set.of("required", "requisite", "sufficient", "optional");

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
     * The values to hide for {@code settings}: each secret setting's value, and for a JAAS config also
     * each of its parts (Kafka's message about a malformed one quotes a part).
     */
    static Set<String> values(Map<String, ?> settings) {
        Set<String> values = new LinkedHashSet<>();
        for (String key : secretKeys(settings)) {
            String value = String.valueOf(settings.get(key));
            values.add(value);
            if (key.endsWith("sasl.jaas.config")) {
                values.addAll(jaasTokens(value));
            }
        }
        values.removeIf(value -> value.strip().length() < MIN_HIDDEN_LENGTH);
        return values;
    }

    /**
     * Every part of a JAAS config that may be secret, with and without quotes: all but the login module's
     * class, the control flag and the option names (the tokens followed by {@code =}).
     */
    private static Set<String> jaasTokens(String jaas) {
        Set<String> tokens = new LinkedHashSet<>();
        Matcher token = JAAS_TOKEN.matcher(jaas);
        while (token.find()) {
            String text = token.group();
            boolean optionName = jaas.substring(token.end()).stripLeading().startsWith("=");
            if (optionName || text.endsWith("LoginModule") || JAAS_FLAGS.contains(text.toLowerCase(Locale.ROOT))) {
                continue;
            }
            tokens.add(text);
            tokens.add(text.replace("\"", ""));
        }
        return tokens;
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
