package org.zdict.internal;

/**
 * What follows a zdict prefix. Each kind has its own marker byte; the marker also carries the format
 * version (see docs/FORMAT.md), so a foreign or future payload is recognised as such. Internal: users
 * ask a {@link org.zdict.format.PayloadPrefix} what it announces. Immutable (an enum).
 */
public enum PayloadKind {
    /**
     * An LZ4 block compressed with the last 64 KiB of the dictionary whose version follows the marker,
     * after a small header (docs/FORMAT.md). Written only for versions published for LZ4.
     */
    LZ4_BLOCK(0xD0),
    /** A zstd frame compressed with the dictionary whose version follows the marker. */
    DICTIONARY_FRAME(0xD1),
    /** A zstd frame compressed without a dictionary. */
    PLAIN_FRAME(0xD2),
    /** The original bytes, stored because compression would not have made them smaller. */
    STORED(0xD3);

    private final int marker;

    PayloadKind(int marker) {
        this.marker = marker;
    }

    /** {@return the marker byte (0..255) that starts a payload of this kind} */
    public int marker() {
        return marker;
    }

    /** {@return whether the marker is followed by a dictionary version} */
    public boolean hasVersion() {
        return this == DICTIONARY_FRAME || this == LZ4_BLOCK;
    }

    /**
     * The kind whose marker is {@code marker}.
     *
     * @param marker a byte value, 0..255
     * @return the kind, or null if it is not a format-1 marker
     */
    public static PayloadKind ofMarker(int marker) {
        // A switch, not a loop over values(): that would copy the array on every payload read.
        return switch (marker) {
            case 0xD0 -> LZ4_BLOCK;
            case 0xD1 -> DICTIONARY_FRAME;
            case 0xD2 -> PLAIN_FRAME;
            case 0xD3 -> STORED;
            default -> null;
        };
    }
}
