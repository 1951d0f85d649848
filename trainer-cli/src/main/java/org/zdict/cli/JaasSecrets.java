package org.zdict.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret parts of a JAAS config ({@code sasl.jaas.config}): the values of its secret-looking options
 * ({@code password=}, {@code clientSecret=}, {@code token=}, {@code apiKey=}, …) and any word that stands
 * where the config's grammar has no place for it (a secret whose option name was lost). The login
 * module's class, the control flag, option names and the other values ({@code username=}) are not
 * secret, so messages that quote them stay readable.
 */
final class JaasSecrets {
    /** A token: a quoted string, {@code =}, {@code ;}, or a run of other characters but space. */
    private static final Pattern TOKEN = Pattern.compile("\"[^\"]*\"|=|;|[^\\s=;\"]+");

    /** Option names whose values are secrets: passwords, pass phrases, secrets, tokens, credentials, keys. */
    private static final Pattern SECRET_NAME = Pattern.compile("pass|pwd|secret|token|credential|key$");

    /** The JAAS control flags, which are not secret. */
    private static final Set<String> FLAGS = Set.of("required", "requisite", "sufficient", "optional");

    /** Values that say nothing secret even under a secret-looking name ({@code storeKey=true}). */
    private static final Set<String> NOT_SECRET = Set.of("true", "false");

    private enum Expecting {
        MODULE,
        FLAG,
        OPTION
    }

    private JaasSecrets() {}

    /** The secret values of {@code jaas}, without their quotes. */
    static Set<String> values(String jaas) {
        List<String> tokens = tokens(jaas);
        Set<String> secrets = new LinkedHashSet<>();
        Expecting expecting = Expecting.MODULE;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals(";")) {
                expecting = Expecting.MODULE;
                continue;
            }
            if (token.equals("=")) {
                continue; // an = without a name before it
            }
            switch (expecting) {
                case MODULE -> {
                    if (!isClassName(token)) {
                        secrets.add(unquoted(token));
                    }
                    expecting = Expecting.FLAG;
                }
                case FLAG -> {
                    if (!FLAGS.contains(token.toLowerCase(Locale.ROOT))) {
                        secrets.add(unquoted(token));
                    }
                    expecting = Expecting.OPTION;
                }
                case OPTION -> {
                    boolean named = i + 2 < tokens.size() && tokens.get(i + 1).equals("=");
                    if (named) {
                        String value = tokens.get(i + 2);
                        if (isSecretName(token) && !value.equals(";") && !value.equals("=")) {
                            secrets.add(unquoted(value));
                        }
                        i += value.equals(";") ? 1 : 2;
                    } else if (!isOptionName(token)) {
                        secrets.add(unquoted(token)); // a value whose name is missing
                    }
                }
            }
        }
        secrets.removeIf(value -> value.isBlank() || NOT_SECRET.contains(value.toLowerCase(Locale.ROOT)));
        return secrets;
    }

    /** Whether the option {@code name} holds a secret. */
    static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name.toLowerCase(Locale.ROOT)).find();
    }

    /**
     * Whether a word with no {@code =} after it is a secret option's name that lost its {@code =} ({@code
     * password "x"}), kept readable: unquoted, a name's characters, and secret-looking. Any other such word
     * may be a value whose name was lost, and is hidden.
     */
    private static boolean isOptionName(String token) {
        return token.matches("[A-Za-z_][\\w.]*") && isSecretName(token);
    }

    private static boolean isClassName(String token) {
        return token.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+") || token.endsWith("LoginModule");
    }

    private static String unquoted(String token) {
        return token.length() >= 2 && token.startsWith("\"") && token.endsWith("\"")
                ? token.substring(1, token.length() - 1)
                : token;
    }

    private static List<String> tokens(String jaas) {
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(jaas);
        while (token.find()) {
            tokens.add(token.group());
        }
        return tokens;
    }
}
