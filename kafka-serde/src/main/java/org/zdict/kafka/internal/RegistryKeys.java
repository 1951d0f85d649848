package org.zdict.kafka.internal;

/**
 * The keys of the registry topic (layout in docs/KAFKA.md): {@value #STATE} for the lifecycle state, and
 * {@code dict/VERSION/WRITER} for each published version, the writer part telling apart two writers
 * that claimed the same version. The values under them are {@link RegistryRecords}.
 */
public final class RegistryKeys {
    /** The key of the state record. */
    public static final String STATE = "state";

    private static final String DICTIONARY_PREFIX = "dict/";
    /** Longer keys are none of the registry's (a writer is a UUID): not kept, whatever their shape. */
    private static final int MAX_KEY_LENGTH = 200;

    private RegistryKeys() {}

    /** {@return the key under which {@code writer} publishes {@code version}} */
    public static String dictionary(int version, String writer) {
        return DICTIONARY_PREFIX + version + "/" + writer;
    }

    /**
     * The version named by a {@code dict/VERSION/WRITER} key, or -1 if the key has another shape or more than
     * {@value #MAX_KEY_LENGTH} characters.
     */
    public static int versionOf(String key) {
        if (key == null || key.length() > MAX_KEY_LENGTH || !key.startsWith(DICTIONARY_PREFIX)) {
            return -1;
        }
        int slash = key.indexOf('/', DICTIONARY_PREFIX.length());
        if (slash < 0) {
            return -1;
        }
        try {
            int version = Integer.parseInt(key.substring(DICTIONARY_PREFIX.length(), slash));
            return version > 0 ? version : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
