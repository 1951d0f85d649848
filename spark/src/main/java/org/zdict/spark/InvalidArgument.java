package org.zdict.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.expressions.Expression;
import scala.jdk.javaapi.CollectionConverters;

/**
 * An argument of a zdict function call that Spark refuses when it analyses the query, with the documented
 * Spark error class that says why, the one Spark's own functions raise for the same mistake (each is in
 * Spark 3.5's {@code error-classes.json} and 4.x's {@code error-conditions.json} with the same message
 * parameters): {@value #WRONG_NUM_ARGS}, {@value #UNEXPECTED_INPUT_TYPE}, {@value #NON_FOLDABLE_INPUT},
 * {@value #UNEXPECTED_NULL} and {@value #INVALID_ARG_VALUE}. Thrown by {@link ZdictFunction#bind} (an
 * {@link UnsupportedOperationException}, as that method's contract says) and while the literals are read;
 * {@link FunctionBuilder} turns it into the {@link AnalysisException} the user sees, which names the call
 * ({@code sqlExpr}), the argument and what it must be.
 */
final class InvalidArgument extends UnsupportedOperationException {
    private static final long serialVersionUID = 1L;

    static final String WRONG_NUM_ARGS = "WRONG_NUM_ARGS.WITHOUT_SUGGESTION";
    static final String UNEXPECTED_INPUT_TYPE = "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE";
    static final String NON_FOLDABLE_INPUT = "DATATYPE_MISMATCH.NON_FOLDABLE_INPUT";
    static final String UNEXPECTED_NULL = "DATATYPE_MISMATCH.UNEXPECTED_NULL";
    static final String INVALID_ARG_VALUE = "DATATYPE_MISMATCH.INVALID_ARG_VALUE";

    /** Where Spark's {@value #WRONG_NUM_ARGS} message sends the reader (its {@code docroot}). */
    private static final String SPARK_DOCS = "https://spark.apache.org/docs/latest";

    private final String errorClass;
    /** The argument whose SQL and type the message shows, or -1. */
    private final int argument;

    private final Map<String, String> parameters;

    private InvalidArgument(String errorClass, int argument, Map<String, String> parameters) {
        super(errorClass + " " + parameters);
        this.errorClass = errorClass;
        this.argument = argument;
        this.parameters = parameters;
    }

    /** {@code actual} arguments where the function takes 2 or 3. */
    static InvalidArgument wrongCount(String function, int actual) {
        return new InvalidArgument(
                WRONG_NUM_ARGS,
                -1,
                Map.of(
                        "functionName",
                        "`" + function + "`",
                        "expectedNum",
                        "2 or 3",
                        "actualNum",
                        Integer.toString(actual),
                        "docroot",
                        SPARK_DOCS));
    }

    /** The argument at {@code index}, called {@code name}, is not of the {@code required} type. */
    static InvalidArgument wrongType(int index, String name, String required) {
        return new InvalidArgument(
                UNEXPECTED_INPUT_TYPE, index, Map.of("paramIndex", "`" + name + "`", "requiredType", required));
    }

    /** The argument at {@code index}, called {@code name}, is an expression where a literal is needed. */
    static InvalidArgument notLiteral(int index, String name) {
        return new InvalidArgument(NON_FOLDABLE_INPUT, index, Map.of("inputName", "`" + name + "`"));
    }

    /** {@code what} (an argument, an option's value) is null. */
    static InvalidArgument isNull(String what) {
        return new InvalidArgument(UNEXPECTED_NULL, -1, Map.of("exprName", what));
    }

    /** The string {@code value} of {@code name} is none of {@code validValues}. */
    static InvalidArgument notOneOf(String name, String validValues, String value) {
        return new InvalidArgument(
                INVALID_ARG_VALUE,
                -1,
                Map.of(
                        "inputName",
                        "`" + name + "`",
                        "requireType",
                        quoted("STRING"),
                        "validValues",
                        validValues,
                        "inputValue",
                        "'" + value + "'"));
    }

    /**
     * The exception Spark shows for this argument of the call {@code function(arguments)}: its error class,
     * with the call and the argument's SQL and type added to the message parameters.
     */
    AnalysisException toAnalysisException(String function, List<Expression> arguments) {
        Map<String, String> all = new LinkedHashMap<>(parameters);
        List<String> sql = new ArrayList<>();
        arguments.forEach(argument -> sql.add(argument.sql()));
        all.put("sqlExpr", quoted(function + "(" + String.join(", ", sql) + ")"));
        if (argument >= 0) {
            Expression bad = arguments.get(argument);
            all.put("inputSql", quoted(bad.sql()));
            all.put("inputExpr", quoted(bad.sql()));
            all.put("inputType", quoted(bad.dataType().sql()));
        }
        return new AnalysisException(
                errorClass, scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(all)));
    }

    /** {@code text} as Spark quotes SQL and types in messages: {@code "text"}. */
    static String quoted(String text) {
        return "\"" + text + "\"";
    }
}
