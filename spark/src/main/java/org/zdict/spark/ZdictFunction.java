package org.zdict.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What the zdict functions have in common, as a DataSource V2 function: a binary value first, then the
 * registry location (a string literal), then optionally a string literal (the mode or the subject) or a
 * map of options ({@link FunctionOptions}). {@link #bind} checks the argument types and count and throws an
 * {@link InvalidArgument} for anything else, which {@link FunctionBuilder} turns into an {@code
 * AnalysisException}.
 */
abstract class ZdictFunction implements UnboundFunction {
    private final String name;
    /** The option that a string third argument gives: {@code mode} or {@code subject}. */
    private final String thirdArgument;

    private final String summary;

    /**
     * @param name the function's SQL name
     * @param thirdArgument the option that a string third argument gives
     * @param summary what the function gives, for {@code DESCRIBE FUNCTION}
     */
    ZdictFunction(String name, String thirdArgument, String summary) {
        this.name = name;
        this.thirdArgument = thirdArgument;
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
        return name + "(value, registry[, " + thirdArgument + " | options])";
    }

    /** The option that a string third argument gives ({@code mode} or {@code subject}). */
    String thirdArgument() {
        return thirdArgument;
    }

    /** Whether this function decodes (takes {@code mode}) rather than encodes (takes {@code subject}). */
    abstract boolean isDecode();

    /** The name of the argument at {@code index} (0 is the value, 1 the registry), for messages. */
    String argumentName(int index) {
        return switch (index) {
            case 0 -> "value";
            case 1 -> "registry";
            default -> thirdArgument + " or options";
        };
    }

    /**
     * The function bound to a registry {@code location} with its options, ready to be serialized into
     * tasks.
     */
    abstract ZdictScalarFunction bound(String location, FunctionOptions options);

    /**
     * Checks the argument count and types; the function bound to no registry yet (the builder binds the
     * literals).
     *
     * @throws InvalidArgument for a wrong count or type
     */
    @Override
    public ZdictScalarFunction bind(StructType inputType) {
        StructField[] fields = inputType.fields();
        if (fields.length < 2 || fields.length > 3) {
            throw InvalidArgument.wrongCount(name(), fields.length);
        }
        DataType value = fields[0].dataType();
        if (!(value instanceof BinaryType) && !(value instanceof NullType)) {
            throw InvalidArgument.wrongType(0, argumentName(0), InvalidArgument.quoted("BINARY"));
        }
        if (!(fields[1].dataType() instanceof StringType)) {
            throw InvalidArgument.wrongType(1, argumentName(1), InvalidArgument.quoted("STRING"));
        }
        if (fields.length == 3 && !(fields[2].dataType() instanceof StringType) && !isStringMap(fields[2].dataType())) {
            throw InvalidArgument.wrongType(
                    2,
                    argumentName(2),
                    InvalidArgument.quoted("STRING") + " or " + InvalidArgument.quoted("MAP<STRING, STRING>"));
        }
        return bound(null, FunctionOptions.of(this, Map.of(), Map.of()));
    }

    private static boolean isStringMap(DataType type) {
        return type instanceof MapType map
                && map.keyType() instanceof StringType
                && map.valueType() instanceof StringType;
    }
}
