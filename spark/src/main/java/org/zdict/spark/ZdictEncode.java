package org.zdict.spark;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.zdict.kafka.ZdictBytesSerializer;
import org.zdict.registry.DictionaryRegistries;

/**
 * {@code zdict_encode(value, registry[, subject | options])}: the value compressed into a zdict payload with
 * the active dictionary of {@code subject} ({@code default} if not given), as a {@code ZdictSerializer}
 * configured with {@code zdict.subject} writes it; a subject without an active version gives plain zstd,
 * which {@link ActiveVersionCheck} tells the driver's log once. A value that cannot be written fails the
 * task.
 *
 * <p>Public, with its bound function, only so that the code Spark generates for a query (compiled in
 * Spark's own package) can call its {@code invoke} method; not API: use {@link ZdictFunctions} or SQL.
 */
public final class ZdictEncode extends ZdictFunction {
    static final String NAME = "zdict_encode";

    ZdictEncode() {
        super(
                NAME,
                FunctionOptions.SUBJECT,
                "a zdict payload of the value, compressed with the subject's active" + " dictionary");
    }

    @Override
    boolean isDecode() {
        return false;
    }

    @Override
    ZdictScalarFunction bound(String location, FunctionOptions options) {
        if (location != null) {
            ActiveVersionCheck.check(NAME, location, options.subject());
        }
        return new Bound(location, options);
    }

    /** The bound function, serialized into tasks. */
    public static final class Bound extends ZdictScalarFunction {
        private static final long serialVersionUID = 3L;

        Bound(String location, FunctionOptions options) {
            super(NAME, location, options);
        }

        @Override
        public DataType resultType() {
            return DataTypes.BinaryType;
        }

        /**
         * The magic method Spark's generated code calls.
         *
         * @param value a value, or null
         * @return its zdict payload; null for null
         */
        public byte[] invoke(byte[] value) {
            return convert(value);
        }

        @Override
        Converter converter() {
            String location = location();
            ZdictBytesSerializer serializer = SerdeCache.serializer(
                    NAME, location, options().subject(), options().settings());
            String shown = DictionaryRegistries.withoutQuery(location);
            return value -> {
                try {
                    return serializer.serialize(null, value);
                } catch (RuntimeException e) {
                    throw new IllegalStateException(
                            NAME + " cannot encode a value of " + value.length + " bytes with the registry " + shown
                                    + ": " + SerdeCache.withoutQuery(e.getMessage(), location),
                            e);
                }
            };
        }
    }
}
