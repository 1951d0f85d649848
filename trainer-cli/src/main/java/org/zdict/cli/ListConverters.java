package org.zdict.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.engine.Sizes;
import org.zdict.engine.retrain.Durations;
import org.zdict.registry.DictionaryInfo;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Option value converters; picocli turns their exceptions into usage errors naming the option and value.
 * Public so that the subcommands in {@code org.zdict.cli.registry} use the same ones.
 */
public final class ListConverters {
    private ListConverters() {}

    /** A dictionary size such as {@code 64K}, from zstd's minimum to {@link #MAX}. */
    static final class DictSize implements ITypeConverter<Integer> {
        /** The largest dictionary {@code --dict-size} accepts (not a limit of zstd or of decompression). */
        static final int MAX = 64 << 20;

        @Override
        public Integer convert(String value) {
            long size;
            try {
                size = Sizes.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
            if (size < DictionaryTrainer.MIN_DICTIONARY_SIZE || size > MAX) {
                throw new TypeConversionException("dictionary size '" + value + "' is outside "
                        + DictionaryTrainer.MIN_DICTIONARY_SIZE + ".." + Sizes.format(MAX));
            }
            return (int) size;
        }
    }

    /** A byte count such as {@code 64M}. */
    static final class ByteCount implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                long size = Sizes.parse(value);
                if (size < 1) {
                    throw new TypeConversionException("'" + value + "' must be positive");
                }
                return size;
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A zstd level, checked against zdict's accepted range. */
    static final class Level implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return ZdictCodecBuilder.checkLevel(Integer.parseInt(value.trim()));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a zstd level");
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A fraction written as {@code 20%} or {@code 0.2}, strictly between 0 and 1. */
    static final class Fraction implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double fraction = share(value, "a fraction (examples: 20%, 0.2)");
            if (!(fraction > 0 && fraction < 1)) {
                throw new TypeConversionException("'" + value + "' must be between 0% and 100%, exclusive");
            }
            return fraction;
        }
    }

    /** A share from 0% to 100% inclusive ({@code --min-gain 5%}, {@code 0.05}, {@code 0}). */
    static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double fraction = share(value, "a percentage (examples: 5%, 0.05, 0)");
            if (!(fraction >= 0 && fraction <= 1)) {
                throw new TypeConversionException("'" + value + "' must be between 0% and 100%");
            }
            return fraction;
        }
    }

    /** {@code value} as a share: {@code 20%} or {@code 0.2}; otherwise "'value' is not {@code what}". */
    private static double share(String value, String what) {
        String text = value.trim();
        try {
            return text.endsWith("%")
                    ? Double.parseDouble(text.substring(0, text.length() - 1)) / 100
                    : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not " + what);
        }
    }

    /** A duration: {@code 0}, {@code 90s}, {@code 30m}, {@code 6h}, {@code 7d} or ISO-8601 ({@code PT6H}). */
    public static final class DurationValue implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A dictionary codec by its label: {@code zstd} or {@code lz4} ({@code --codec}). */
    static final class Codec implements ITypeConverter<DictionaryInfo.Codec> {
        @Override
        public DictionaryInfo.Codec convert(String value) {
            try {
                return DictionaryInfo.Codec.ofLabel(value.trim().toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a codec: expected zstd or lz4");
            }
        }
    }

    /** {@code auto}, {@code none} or a rule: what {@code train} splits the events by. */
    static final class Split implements ITypeConverter<org.zdict.engine.SplitBy> {
        @Override
        public org.zdict.engine.SplitBy convert(String value) {
            try {
                return org.zdict.engine.SplitBy.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A positive count of events per batch. */
    static final class BatchSize implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int batch = Integer.parseInt(value.trim());
                if (batch < 1 || batch > 100_000) {
                    throw new TypeConversionException("batch size '" + value + "' is outside 1..100000");
                }
                return batch;
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a batch size");
            }
        }
    }

    /**
     * A point in time: an ISO-8601 time with its offset ({@code 2026-11-30T10:00:00Z}), or how long ago, as
     * a number and a unit ({@code 90s}, {@code 30m}, {@code 6h}, {@code 7d}) or an ISO-8601 duration
     * ({@code PT6H}).
     */
    static final class Since implements ITypeConverter<Instant> {
        private final Clock clock;

        Since() {
            this(Clock.systemUTC());
        }

        Since(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Instant convert(String value) {
            String text = value.trim();
            Matcher ago = Pattern.compile("(\\d{1,9})\\s*([smhd])").matcher(text.toLowerCase(Locale.ROOT));
            Duration duration = null;
            if (ago.matches()) {
                long amount = Long.parseLong(ago.group(1));
                duration = switch (ago.group(2)) {
                    case "s" -> Duration.ofSeconds(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofDays(amount);
                };
            } else if (text.toUpperCase(Locale.ROOT).startsWith("P")) {
                try {
                    duration = Duration.parse(text);
                } catch (DateTimeParseException e) {
                    throw new TypeConversionException("'" + value + "' is not an ISO-8601 duration such as PT6H");
                }
            }
            if (duration != null) {
                if (duration.isNegative() || duration.isZero()) {
                    throw new TypeConversionException("'" + value + "' must be a positive duration");
                }
                return clock.instant().minus(duration);
            }
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw new TypeConversionException("'" + value + "' is neither how long ago (90s, 30m, 6h, 7d, PT6H)"
                        + " nor an ISO-8601 time with its offset (2026-11-30T10:00:00Z)");
            }
        }
    }
}
