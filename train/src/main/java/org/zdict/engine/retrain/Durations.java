package org.zdict.engine.retrain;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as the command line writes them: {@code 90s}, {@code 30m}, {@code 6h}, {@code 7d}, {@code 500ms}, {@code 0}, or ISO-8601 {@code PT6H}. */
public final class Durations {
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

    private Durations() {}

    /** Parses {@code text}; a bad one is an IllegalArgumentException naming it. */
    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = SIMPLE.matcher(t);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            String unit = m.group(2);
            if (unit == null) {
                if (n != 0) {
                    throw new IllegalArgumentException("'" + text + "' has no unit (examples: 90s, 30m, 6h, 7d)");
                }
                return Duration.ZERO;
            }
            return switch (unit) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        }
        try {
            Duration d = Duration.parse(text.trim().toUpperCase(Locale.ROOT));
            if (d.isNegative()) {
                throw new IllegalArgumentException("'" + text + "' is negative");
            }
            return d;
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a duration (examples: 0, 90s, 30m, 6h, 7d, PT6H)");
        }
    }

    /** A short form: {@code 6h}, {@code 1d 2h}, {@code 45s}, {@code 0s}. */
    public static String format(Duration d) {
        long seconds = d.getSeconds();
        if (seconds == 0 && d.getNano() > 0) {
            return d.toMillis() + "ms";
        }
        long days = seconds / 86400;
        long hours = seconds % 86400 / 3600;
        long minutes = seconds % 3600 / 60;
        long secs = seconds % 60;
        StringBuilder out = new StringBuilder();
        if (days > 0) {
            out.append(days).append("d ");
        }
        if (hours > 0) {
            out.append(hours).append("h ");
        }
        if (minutes > 0) {
            out.append(minutes).append("m ");
        }
        if (secs > 0 || out.length() == 0) {
            out.append(secs).append("s ");
        }
        return out.toString().trim();
    }
}
