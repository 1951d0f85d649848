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
 */
final class ZdictDecode extends ZdictFunction {
    static final String NAME = "zdict_decode";
    static final String STRING_NAME = "zdict_decode_string";

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
        return new Bound(name(), asString, location, options, null);
    }

    /** The bound function, serialized into tasks. */
    static final class Bound extends ZdictScalarFunction {
        private static final long serialVersionUID = 2L;

        private final boolean asString;
        /** Where PERMISSIVE nulls are counted for the driver; null in FAILFAST. */
        private final PermissiveNulls nulls;

        Bound(String name, boolean asString, String location, FunctionOptions options, PermissiveNulls nulls) {
            super(name, location, options);
            this.asString = asString;
            this.nulls = nulls;
        }

        @Override
        ZdictScalarFunction countingNulls(PermissiveNulls counts) {
            return new Bound(name(), asString, location(), options(), counts);
        }

        @Override
        public DataType resultType() {
            return asString ? DataTypes.StringType : DataTypes.BinaryType;
        }

        @Override
        Object result(byte[] converted) {
            return asString && converted != null ? UTF8String.fromBytes(converted) : converted;
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
