package org.zdict.internal;

import java.util.OptionalInt;

/**
 * The {@code OptionalInt} a registry returns for an active version, made once for the versions most
 * registries hold, so the serializer's per-record look-up of the active version allocates nothing.
 */
public final class ActiveVersions {
    private static final OptionalInt[] SMALL = new OptionalInt[1024];

    static {
        for (int version = 0; version < SMALL.length; version++) {
            SMALL[version] = OptionalInt.of(version);
        }
    }

    private ActiveVersions() {}

    /** {@code version} as an OptionalInt, or empty for null. */
    public static OptionalInt of(Integer version) {
        if (version == null) {
            return OptionalInt.empty();
        }
        int value = version;
        return value >= 0 && value < SMALL.length ? SMALL[value] : OptionalInt.of(value);
    }
}
