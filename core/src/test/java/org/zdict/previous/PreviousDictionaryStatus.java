/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, core/.../registry/DictionaryStatus.java),
 * renamed into org.zdict.previous; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

import java.util.Locale;

/** Where a published version stands. Every status except removal still decodes. */
public enum PreviousDictionaryStatus {
    /** The version new payloads are compressed with. At most one per registry. */
    ACTIVE,
    /** Published, decodes, may be activated. */
    AVAILABLE,
    /** Decodes, but new payloads never use it and it cannot be activated again. */
    RETIRED;

    /** The lower-case name used in manifests, JSON output and the CLI. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PreviousDictionaryStatus ofLabel(String label) {
        for (PreviousDictionaryStatus status : values()) {
            if (status.label().equals(label)) {
                return status;
            }
        }
        throw new IllegalArgumentException(
                "Unknown dictionary status '" + label + "'; expected active, available or retired");
    }
}
