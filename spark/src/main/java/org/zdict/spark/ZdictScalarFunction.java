package org.zdict.spark;

import java.io.Serializable;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * A zdict function bound to its registry location and {@link FunctionOptions}, which {@link
 * FunctionBuilder} read from the literal arguments when the query was analysed: one binary value in, null
 * for null. Each concrete class declares the DataSource V2 magic method {@code invoke(byte[])} ({@link
 * ScalarFunction#MAGIC_METHOD_NAME}) with its own result type, which Spark calls from the code it generates
 * for the query (no row is built per value). The serde they name is looked up in {@link SerdeCache} at the
 * first value a task evaluates and kept for the next values, so nothing is opened per row. Serialized into
 * each task with the query's code; the serde itself never is.
 */
abstract class ZdictScalarFunction implements ScalarFunction<Object>, Serializable {
    private static final long serialVersionUID = 3L;

    private final String name;
    private final String location;
    private final FunctionOptions options;
    private transient volatile Converter converter;

    ZdictScalarFunction(String name, String location, FunctionOptions options) {
        this.name = name;
        this.location = location;
        this.options = options;
    }

    /** The serde behind the function, for one value. */
    interface Converter {
        byte[] convert(byte[] value);
    }

    /** The converter for {@link #location()} with {@link #options()}. */
    abstract Converter converter();

    /** This function counting the values that PERMISSIVE turns into null in {@code counts}. */
    ZdictScalarFunction countingNulls(PermissiveNulls counts) {
        return this;
    }

    String location() {
        return location;
    }

    FunctionOptions options() {
        return options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public DataType[] inputTypes() {
        return new DataType[] {DataTypes.BinaryType};
    }

    /** What the serde makes of {@code value}; null for null. The concrete {@code invoke} methods call it. */
    final byte[] convert(byte[] value) {
        if (value == null) {
            return null;
        }
        Converter current = converter;
        if (current == null) {
            current = converter();
            converter = current;
        }
        return current.convert(value);
    }

    @Override
    public String toString() {
        return name;
    }
}
