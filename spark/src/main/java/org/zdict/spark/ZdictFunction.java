package org.zdict.spark;

import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What {@code zdict_decode} and {@code zdict_encode} have in common, as a DataSource V2 function: a binary
 * value first, then string arguments that must be literals (the registry location, then the mode or the
 * subject). {@link #bind} checks the argument types and count and throws an {@link
 * UnsupportedOperationException} naming the function for anything else, which {@link FunctionBuilder} turns
 * into an {@code AnalysisException}.
 */
abstract class ZdictFunction implements UnboundFunction {
    private final String name;
    /** The string arguments after the value: the registry (required), then one optional argument. */
    private final String[] literalNames;

    private final String summary;

    /**
     * @param name the function's SQL name
     * @param optionalLiteral the name of the optional string argument after the registry
     * @param summary what the function gives, for {@code DESCRIBE FUNCTION}
     */
    ZdictFunction(String name, String optionalLiteral, String summary) {
        this.name = name;
        this.literalNames = new String[] {"registry", optionalLiteral};
        this.summary = summary;
    }

    /** The function's SQL name. */
    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return usage() + ": " + summary;
    }

    /** The SQL signature, for {@code DESCRIBE FUNCTION} and error messages. */
    String usage() {
        return name + "(value, registry[, " + literalNames[1] + "])";
    }

    /** The name of the string argument at {@code index} (1 is the registry). */
    String literalName(int index) {
        return literalNames[index - 1];
    }

    /**
     * Checks one literal argument's value ({@code index} 1 is the registry) and throws an {@link
     * UnsupportedOperationException} saying what is wrong with it.
     */
    void checkLiteral(int index, String value) {
        if (value.isBlank()) {
            throw new UnsupportedOperationException(
                    name() + "'s " + literalNames[index - 1] + " must not be empty; " + usage());
        }
    }

    /**
     * The function bound to the types {@link #bind} accepted, for {@code arguments} arguments, with its
     * serdes configured by {@code settings} ({@code zdict.*}) besides the registry and subject.
     */
    abstract ZdictScalarFunction bound(int arguments, Map<String, String> settings);

    @Override
    public ZdictScalarFunction bind(StructType inputType) {
        StructField[] fields = inputType.fields();
        int min = 2; // the value and the registry
        int max = 1 + literalNames.length;
        if (fields.length < min || fields.length > max) {
            throw new UnsupportedOperationException(name() + " takes " + (min == max ? min : min + " or " + max)
                    + " arguments, not " + fields.length + ": " + usage());
        }
        DataType value = fields[0].dataType();
        if (!(value instanceof BinaryType) && !(value instanceof NullType)) {
            throw new UnsupportedOperationException(name() + " takes a binary value (such as the Kafka source's "
                    + "value column), not " + value.simpleString().toLowerCase(Locale.ROOT) + ": " + usage());
        }
        for (int i = 1; i < fields.length; i++) {
            DataType type = fields[i].dataType();
            if (!(type instanceof StringType)) {
                throw new UnsupportedOperationException(name() + "'s " + literalNames[i - 1]
                        + " must be a string literal, not " + type.simpleString() + ": " + usage());
            }
        }
        return bound(fields.length, Map.of());
    }
}
