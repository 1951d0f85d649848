package org.zdict.registry;

import java.util.Locale;

/** Where a published version stands. Every status except removal still decodes. Immutable (an enum). */
public enum DictionaryStatus {
    /** The version new payloads are compressed with. At most one per subject. */
    ACTIVE,
    /** Published, decodes, may be activated. */
    AVAILABLE,
    /** Decodes, but new payloads never use it and it cannot be activated again. */
    RETIRED;

    /** {@return the lower-case name used in manifests, JSON output and the CLI} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status with this {@link #label()}.
     *
     * @param label {@code active}, {@code available} or {@code retired}
     * @return the status
     * @throws IllegalArgumentException naming the label for any other value
     */
    public static DictionaryStatus ofLabel(String label) {
        for (DictionaryStatus status : values()) {
            if (status.label().equals(label)) {
                return status;
            }
        }
        throw new IllegalArgumentException(
                "Unknown dictionary status '" + label + "'; expected active, available or retired");
    }
}
