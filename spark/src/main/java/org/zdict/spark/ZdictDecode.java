package org.zdict.spark;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.zdict.kafka.ZdictBytesDeserializer;
import org.zdict.registry.DictionaryRegistries;

/**
 * {@code zdict_decode(value, registry[, mode | options])}: the original bytes of a zdict value, decoded with
 * the registry's dictionaries as a {@code ZdictDeserializer} decodes them (every version the registry
 * holds); {@code zdict_decode_string} gives them as a string (UTF-8), for {@code from_json} and the like.
 * {@code mode} says what a value that cannot be decoded gives: {@code FAILFAST} (the default) fails the
 * task with a {@link DecodeFailure} line; {@code PERMISSIVE} gives null and counts it ({@link
 * PermissiveNulls} on the driver, {@link PermissiveFailures} in each task's log).
 *
 * <p>Public, with its bound functions, only so that the code Spark generates for a query (compiled in
 * Spark's own package) can call their {@code invoke} methods; not API: use {@link ZdictFunctions} or SQL.
 */
public final class ZdictDecode extends ZdictFunction {
    static final String NAME = "zdict_decode";
    static final String STRING_NAME = "zdict_decode_string";

    /** Whether the result is a string ({@code zdict_decode_string}) rather than bytes. */
    private final boolean asString;

    private ZdictDecode(String name, boolean asString, String summary) {
        super(name, FunctionOptions.MODE, summary);
        this.asString = asString;
    }

    /** {@code zdict_decode}: binary. */
    static ZdictDecode binary() {
        return new ZdictDecode(
                NAME, false, "the original bytes of a zdict value; mode FAILFAST (default) or" + " PERMISSIVE (null)");
    }

    /** {@code zdict_decode_string}: the bytes as a UTF-8 string. */
    static ZdictDecode string() {
        return new ZdictDecode(
                STRING_NAME,
                true,
                "the original bytes of a zdict value as a UTF-8 string; mode"
                        + " FAILFAST (default) or PERMISSIVE (null)");
    }

    @Override
    boolean isDecode() {
        return true;
    }

    @Override
    ZdictScalarFunction bound(String location, FunctionOptions options) {
        return asString ? new Text(name(), location, options, null) : new Binary(name(), location, options, null);
    }

    /** {@code zdict_decode} bound: the original bytes. */
    public static final class Binary extends Decoder {
        private static final long serialVersionUID = 1L;

        Binary(String name, String location, FunctionOptions options, PermissiveNulls nulls) {
            super(name, location, options, nulls);
        }

        @Override
        ZdictScalarFunction countingNulls(PermissiveNulls counts) {
            return new Binary(name(), location(), options(), counts);
        }

        @Override
        public DataType resultType() {
            return DataTypes.BinaryType;
        }

        /**
         * The magic method Spark's generated code calls.
         *
         * @param value a zdict value, or null
         * @return its original bytes; null for null (and, in PERMISSIVE, for a value that cannot be decoded)
         */
        public byte[] invoke(byte[] value) {
            return convert(value);
        }
    }

    /** {@code zdict_decode_string} bound: the original bytes as a UTF-8 string. */
    public static final class Text extends Decoder {
        private static final long serialVersionUID = 1L;

        Text(String name, String location, FunctionOptions options, PermissiveNulls nulls) {
            super(name, location, options, nulls);
        }

        @Override
        ZdictScalarFunction countingNulls(PermissiveNulls counts) {
            return new Text(name(), location(), options(), counts);
        }

        @Override
        public DataType resultType() {
            return DataTypes.StringType;
        }

        /**
         * The magic method Spark's generated code calls.
         *
         * @param value a zdict value, or null
         * @return its original bytes as a UTF-8 string; null for null (and, in PERMISSIVE, for a value that
         *     cannot be decoded)
         */
        public UTF8String invoke(byte[] value) {
            byte[] decoded = convert(value);
            return decoded == null ? null : UTF8String.fromBytes(decoded);
        }
    }

    /** What both bound decoders share: the deserializer, and FAILFAST or PERMISSIVE. */
    abstract static class Decoder extends ZdictScalarFunction {
        private static final long serialVersionUID = 3L;

        /** Where PERMISSIVE nulls are counted for the driver; null in FAILFAST. */
        private final PermissiveNulls nulls;

        Decoder(String name, String location, FunctionOptions options, PermissiveNulls nulls) {
            super(name, location, options);
            this.nulls = nulls;
        }

        @Override
        Converter converter() {
            String location = location();
            ZdictBytesDeserializer deserializer =
                    SerdeCache.deserializer(name(), location, options().settings());
            String shown = DictionaryRegistries.withoutQuery(location);
            return value -> {
                try {
                    return deserializer.deserialize(null, value);
                } catch (RuntimeException e) {
                    Throwable cause = DecodeFailure.cause(e);
                    DecodeFailure failure = DecodeFailure.of(cause, value);
                    String message =
                            SerdeCache.withoutQuery(failure.message(name(), value, shown, options(), cause), location);
                    if (options().permissive()) {
                        if (nulls != null) {
                            nulls.add(failure.label);
                        }
                        PermissiveFailures.count(name(), shown, message);
                        return null;
                    }
                    throw new IllegalArgumentException(message, cause);
                }
            };
        }
    }
}
