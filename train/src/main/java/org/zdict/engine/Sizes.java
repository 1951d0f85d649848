package org.zdict.engine;

import java.util.Locale;

/** Byte sizes as people write them: {@code 4096}, {@code 16K}, {@code 1M} (binary units). */
public final class Sizes {
    private Sizes() {}

    /**
     * Parses a size such as {@code 112K}, {@code 2M}, {@code 1G} or {@code 4096}.
     *
     * @throws IllegalArgumentException naming the value when it is not a size
     */
    public static long parse(String value) {
        String text = value.trim().toUpperCase(Locale.ROOT);
        if (text.endsWith("B") && text.length() > 1 && !Character.isDigit(text.charAt(text.length() - 2))) {
            text = text.substring(0, text.length() - 1);
        } else if (text.endsWith("IB")) {
            text = text.substring(0, text.length() - 2);
        }
        long unit = 1;
        if (text.endsWith("K")) {
            unit = 1L << 10;
        } else if (text.endsWith("M")) {
            unit = 1L << 20;
        } else if (text.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? text : text.substring(0, text.length() - 1);
        try {
            long number = Long.parseLong(digits);
            if (number < 0 || number > Long.MAX_VALUE / unit) {
                throw new NumberFormatException();
            }
            return number * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a size (examples: 4096, 64K, 2M)");
        }
    }

    /** {@code 65536} as {@code 64K}, {@code 1048576} as {@code 1M}, odd sizes in bytes. */
    public static String format(long bytes) {
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "M";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + "K";
        }
        return Long.toString(bytes);
    }

    /** A human-readable amount such as {@code 16.4 MB} (decimal units, as speeds use). */
    public static String human(long bytes) {
        if (bytes >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
        }
        if (bytes >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        if (bytes >= 1_000) {
            return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
        }
        return bytes + " B";
    }
}
