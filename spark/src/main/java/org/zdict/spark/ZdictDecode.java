package org.zdict.spark;

import java.nio.charset.StandardCharsets;
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
 * PermissiveNulls} on the driver, {@link PermissiveFailures} in each task's log). {@code
 * zdict_decode_error}, with the same arguments, gives that line for a value that cannot be decoded and null
 * for one that can (its mode changes nothing).
 *
 * <p>Public, with its bound functions, only so that the code Spark generates for a query (compiled in
 * Spark's own package) can call their {@code invoke} methods; not API: use {@link ZdictFunctions} or SQL.
 */
public final class ZdictDecode extends ZdictFunction {
    static final String NAME = "zdict_decode";
    static final String STRING_NAME = "zdict_decode_string";
    static final String ERROR_NAME = "zdict_decode_error";

    /** How the function binds: the constructor of its {@link Decoder}. */
    private interface Binding {
        Decoder bind(String name, String location, FunctionOptions options, PermissiveNulls nulls);
    }

    private final Binding binding;

    private ZdictDecode(String name, Binding binding, String summary) {
        super(name, FunctionOptions.MODE, summary);
        this.binding = binding;
    }

    /** {@code zdict_decode}: binary. */
    static ZdictDecode binary() {
        return new ZdictDecode(
                NAME, Binary::new, "the original bytes of a zdict value; mode FAILFAST (default) or PERMISSIVE (null)");
    }

    /** {@code zdict_decode_string}: the bytes as a UTF-8 string. */
    static ZdictDecode string() {
        return new ZdictDecode(
                STRING_NAME,
                Text::new,
                "the original bytes of a zdict value as a UTF-8 string; mode FAILFAST (default) or PERMISSIVE (null)");
    }

    /** {@code zdict_decode_error}: why a value cannot be decoded. */
    static ZdictDecode error() {
        return new ZdictDecode(
                ERROR_NAME,
                Reason::new,
                "null for a zdict value that decodes, otherwise the line a FAILFAST zdict_decode fails with");
    }

    @Override
    boolean isDecode() {
        return true;
    }

    @Override
    ZdictScalarFunction bound(String location, FunctionOptions options) {
        return binding.bind(name(), location, options, null);
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

    /** {@code zdict_decode_error} bound: null for a value that decodes, otherwise why it does not. */
    public static final class Reason extends Decoder {
        private static final long serialVersionUID = 1L;

        /** Its lines leave out FAILFAST's advice to use PERMISSIVE, and nothing is counted. */
        Reason(String name, String location, FunctionOptions options, PermissiveNulls nulls) {
            super(name, location, new FunctionOptions(true, options.subject(), options.settings()), null);
        }

        @Override
        public DataType resultType() {
            return DataTypes.StringType;
        }

        /**
         * The magic method Spark's generated code calls.
         *
         * @param value a zdict value, or null
         * @return null for a value that decodes (and for null), otherwise the one-line reason
         */
        public UTF8String invoke(byte[] value) {
            byte[] reason = convert(value);
            return reason == null ? null : UTF8String.fromBytes(reason);
        }

        @Override
        byte[] decoded(byte[] original) {
            return null;
        }

        @Override
        byte[] failed(DecodeFailure failure, String message, Throwable cause) {
            return message.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** What the bound decoders share: the deserializer, and what a value that cannot be decoded gives. */
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
                byte[] original;
                try {
                    original = deserializer.deserialize(null, value);
                } catch (RuntimeException e) {
                    Throwable cause = DecodeFailure.cause(e);
                    DecodeFailure failure = DecodeFailure.of(cause, value);
                    return failed(
                            failure,
                            SerdeCache.withoutQuery(failure.message(name(), value, shown, options(), cause), location),
                            cause);
                }
                return decoded(original);
            };
        }

        /** What a value that decoded to {@code original} gives: {@code original}. */
        byte[] decoded(byte[] original) {
            return original;
        }

        /**
         * What a value that cannot be decoded gives: null, counted, in PERMISSIVE; in FAILFAST the task fails
         * with {@code message}, the first line its user reads.
         */
        byte[] failed(DecodeFailure failure, String message, Throwable cause) {
            if (!options().permissive()) {
                throw new IllegalArgumentException(message, cause);
            }
            if (nulls != null) {
                nulls.add(failure.label);
            }
            PermissiveFailures.count(name(), DictionaryRegistries.withoutQuery(location()), message);
            return null;
        }
    }
}
