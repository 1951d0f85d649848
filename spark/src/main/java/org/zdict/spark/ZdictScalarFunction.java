package org.zdict.spark;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A bound {@code zdict_decode} or {@code zdict_encode}: binary value in, binary value out, null for null.
 * The arguments after the value are the literals that {@link FunctionBuilder} checked; the serde they name
 * is looked up in {@link SerdeCache} at the first row of a task and kept for the next rows, so nothing is
 * opened per row. Serialized into each task with its expression; the serde itself never is.
 */
abstract class ZdictScalarFunction implements ScalarFunction<byte[]>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final int arguments;
    private final TreeMap<String, String> settings;
    private transient volatile Target target;

    ZdictScalarFunction(String name, int arguments, Map<String, String> settings) {
        this.name = name;
        this.arguments = arguments;
        this.settings = new TreeMap<>(settings);
    }

    /** The serdes' {@code zdict.*} settings besides the registry and the subject. */
    Map<String, String> settings() {
        return settings;
    }

    /** What the literals name, once looked up: the serde and the mode. */
    interface Converter {
        byte[] convert(byte[] value);
    }

    private record Target(UTF8String registry, UTF8String option, Converter converter) {
        boolean matches(UTF8String otherRegistry, UTF8String otherOption) {
            return registry.equals(otherRegistry)
                    && (option == null ? otherOption == null : option.equals(otherOption));
        }
    }

    /** The converter for a registry location and the optional third argument ({@code null} if absent). */
    abstract Converter converter(String location, String option);

    @Override
    public String name() {
        return name;
    }

    @Override
    public DataType[] inputTypes() {
        DataType[] types = new DataType[arguments];
        types[0] = DataTypes.BinaryType;
        for (int i = 1; i < arguments; i++) {
            types[i] = DataTypes.StringType;
        }
        return types;
    }

    @Override
    public DataType resultType() {
        return DataTypes.BinaryType;
    }

    @Override
    public byte[] produceResult(InternalRow input) {
        if (input.isNullAt(0)) {
            return null;
        }
        UTF8String registry = input.getUTF8String(1);
        UTF8String option = arguments > 2 ? input.getUTF8String(2) : null;
        Target current = target;
        if (current == null || !current.matches(registry, option)) {
            Converter converter = converter(registry.toString(), option == null ? null : option.toString());
            current = new Target(registry.clone(), option == null ? null : option.clone(), converter);
            target = current;
        }
        return current.converter().convert(input.getBinary(0));
    }
}
