package org.zdict.spark;

import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * A zdict function bound to its registry location and {@link FunctionOptions}, which {@link
 * FunctionBuilder} read from the literal arguments when the query was analysed: one binary value in, null
 * for null. The serde they name is looked up in {@link SerdeCache} at the first row a JVM evaluates and kept
 * for the next rows, so nothing is opened per row. Serialized into each task with its expression; the serde
 * itself never is.
 */
abstract class ZdictScalarFunction implements ScalarFunction<Object>, Serializable {
    private static final long serialVersionUID = 2L;

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

    /** The result for the converted bytes (null stays null). */
    abstract Object result(byte[] converted);

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

    @Override
    public Object produceResult(InternalRow input) {
        if (input.isNullAt(0)) {
            return null;
        }
        return invoke(input.getBinary(0));
    }

    /**
     * The result for one value, not null. Also the {@code ScalarFunction} magic method by which Spark calls
     * the function without building a row, when it resolves the function through a function catalog.
     *
     * @param value the value
     * @return the result
     */
    public Object invoke(byte[] value) {
        Converter current = converter;
        if (current == null) {
            current = converter();
            converter = current;
        }
        return result(current.convert(value));
    }
}
