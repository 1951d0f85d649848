package org.zdict.spark;

import java.util.Locale;
import org.apache.kafka.common.errors.SerializationException;
import org.zdict.PayloadTooLargeException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictSerdeConfig;

/**
 * Why {@code zdict_decode} could not decode a value, as one line that names the {@code spark.zdict.*}
 * setting (and option) that bears on it: the first line a user reads of a failed task, and the reason a
 * PERMISSIVE null is counted under ({@link #label}). The codec's exception stays the cause, below it.
 */
enum DecodeFailure {
    UNKNOWN_VERSION("unknown version"),
    TOO_LARGE("too large"),
    NOT_ZDICT("not a zdict payload"),
    CORRUPT("corrupt");

    /** The reason's short name, under which PERMISSIVE nulls are counted. */
    final String label;

    DecodeFailure(String label) {
        this.label = label;
    }

    /** The codec's exception inside what the deserializer threw (it wraps it for Kafka). */
    static Throwable cause(RuntimeException e) {
        return e instanceof SerializationException && e.getCause() != null ? e.getCause() : e;
    }

    /** What kind of failure {@code cause} (from {@link #cause}) is, for {@code value}. */
    static DecodeFailure of(Throwable cause, byte[] value) {
        if (cause instanceof UnknownDictionaryVersionException) {
            return UNKNOWN_VERSION;
        }
        if (cause instanceof PayloadTooLargeException) {
            return TOO_LARGE;
        }
        if (value.length == 0 || !PayloadPrefix.isZdictMarker(value[0] & 0xFF)) {
            return NOT_ZDICT;
        }
        return CORRUPT;
    }

    /**
     * The one-line message for a value of {@code value.length} bytes that {@code function} could not decode
     * with the registry {@code shown} (without its query).
     */
    String message(String function, byte[] value, String shown, FunctionOptions options, Throwable cause) {
        String what = function + " cannot decode a value of " + value.length + " bytes with the registry " + shown;
        String permissive = options.permissive() ? "" : "; mode PERMISSIVE gives null instead";
        return switch (this) {
            case UNKNOWN_VERSION ->
                function + ": dictionary version "
                        + ((UnknownDictionaryVersionException) cause).version() + " is not in the registry " + shown
                        + " (waited " + options.settings().get(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG)
                        + " ms for it: " + FunctionOptions.named(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG)
                        + ")" + permissive;
            case TOO_LARGE ->
                what + ": it declares or expands to more than "
                        + ((PayloadTooLargeException) cause).limit() + " bytes, the limit set by "
                        + FunctionOptions.named(ZdictSerdeConfig.MAX_DECOMPRESSED_BYTES_CONFIG) + permissive;
            case NOT_ZDICT ->
                what + ": not a zdict payload ("
                        + (value.length == 0
                                ? "empty"
                                : "first byte 0x" + String.format(Locale.ROOT, "%02X", value[0] & 0xFF))
                        + "); values written before zdict pass"
                        + " unchanged with " + FunctionOptions.named(ZdictSerdeConfig.ACCEPT_UNFRAMED_CONFIG, "true")
                        + permissive;
            case CORRUPT -> what + ": " + cause.getMessage() + permissive;
        };
    }
}
