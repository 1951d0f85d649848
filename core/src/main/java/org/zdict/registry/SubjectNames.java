package org.zdict.registry;

import java.util.regex.Pattern;

/**
 * The names of subjects, the lineages of dictionaries in one registry. A name is 1 to 255 characters
 * from {@code a-z A-Z 0-9 . _ -}: every valid Kafka topic name (1 to 249 of the same characters) is one,
 * and so is a topic name followed by {@code -value} or {@code -key}, Schema Registry's {@code
 * TopicNameStrategy} names. Stateless: safe to call from any thread.
 */
public final class SubjectNames {
    /** The subject of every version published without one, and of every registry written before subjects. */
    public static final String DEFAULT = "default";

    /** The allowed names, as a regular expression. */
    public static final String ALLOWED = "[a-zA-Z0-9._-]{1,255}";

    private static final Pattern PATTERN = Pattern.compile(ALLOWED);

    private SubjectNames() {}

    /**
     * Whether {@code name} is a valid subject name.
     *
     * @param name any string, or null
     * @return true for 1 to 255 characters from {@code a-z A-Z 0-9 . _ -}
     */
    public static boolean isValid(String name) {
        return name != null && PATTERN.matcher(name).matches();
    }

    /**
     * Returns {@code name} if it is a valid subject name.
     *
     * @param name the name to check
     * @return {@code name}
     * @throws IllegalArgumentException naming the value and the allowed characters otherwise
     */
    public static String check(String name) {
        if (!isValid(name)) {
            throw new IllegalArgumentException("Invalid subject name '" + name + "': a subject name is 1 to 255"
                    + " characters from a-z A-Z 0-9 . _ - (" + ALLOWED + "), like a Kafka topic name");
        }
        return name;
    }

    /**
     * The subject Schema Registry's {@code TopicNameStrategy} gives {@code topic}: {@code <topic>-key} for
     * keys, {@code <topic>-value} for values.
     *
     * @param topic a Kafka topic name
     * @param isKey whether the subject is for record keys
     * @return the subject name
     * @throws IllegalArgumentException if the result is not a valid subject name
     */
    public static String forTopic(String topic, boolean isKey) {
        return check(topic + (isKey ? "-key" : "-value"));
    }
}
