/*
 * Frozen copy of the previous release's marker check (commit d635602, core/.../format/PayloadPrefix.java:
 * read's first lines and describeUnknownMarker), renamed into org.zdict.previous; do not change it: it
 * stands for readers of that release.
 */
package org.zdict.previous;

import org.zdict.CorruptPayloadException;

/** What a reader of the previous release does with a payload's first byte. */
final class PreviousMarkerCheck {
    private PreviousMarkerCheck() {}

    /** Throws as the previous release did for a marker it does not know; returns for 0xD1, 0xD2, 0xD3. */
    static void check(byte[] src, int offset, int length) {
        int marker = src[offset] & 0xFF;
        if (marker == 0xD1 || marker == 0xD2 || marker == 0xD3) {
            return;
        }
        String expected =
                String.format("expected a zdict format-%d marker 0x%02X, 0x%02X or 0x%02X", 1, 0xD1, 0xD2, 0xD3);
        if ((marker & 0xF0) == 0xD0) {
            throw new CorruptPayloadException(
                    0,
                    String.format(
                            "Unsupported zdict marker 0x%02X (another format version or a reserved kind); %s",
                            marker, expected));
        }
        throw new CorruptPayloadException(
                0, String.format("Not a zdict payload: unknown marker byte 0x%02X; %s", marker, expected));
    }
}
