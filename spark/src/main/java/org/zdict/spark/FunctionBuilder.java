package org.zdict.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.collection.immutable.Map$;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Builds the expression of one call of a {@link ZdictFunction} from its analysed arguments, as Spark's
 * function registry asks: binds the function to the argument types, checks that every argument after the
 * value is a foldable (constant) string or map of strings that is not null, reads them with the session's
 * {@code spark.zdict.*} settings into {@link FunctionOptions}, and returns an {@link ApplyFunctionExpression}
 * over the value alone. Anything wrong is an {@link AnalysisException} naming the function, raised when the
 * query is analysed, before any task runs.
 */
final class FunctionBuilder extends AbstractFunction1<Seq<Expression>, Expression> {
    /** Spark's own error class for a DataSource V2 function that cannot take its input. */
    private static final String CANNOT_PROCESS_INPUT = "_LEGACY_ERROR_TEMP_1198";

    private final ZdictFunction function;

    FunctionBuilder(ZdictFunction function) {
        this.function = function;
    }

    @Override
    public Expression apply(Seq<Expression> arguments) {
        List<Expression> args = CollectionConverters.asJava(arguments);
        StructField[] fields = new StructField[args.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = new StructField("arg" + i, args.get(i).dataType(), true, Metadata.empty());
        }
        try {
            function.bind(new StructType(fields));
            String location = literal(1, args.get(1)).toString();
            if (location.isBlank()) {
                throw new UnsupportedOperationException(
                        function.name() + "'s registry must not be empty; " + function.usage());
            }
            Map<String, String> options = args.size() > 2 ? options(literal(2, args.get(2))) : Map.of();
            FunctionOptions parsed = FunctionOptions.of(function, sessionSettings(), options);
            ZdictScalarFunction bound = function.bound(location, parsed);
            if (parsed.permissive()) {
                bound = bound.countingNulls(PermissiveNulls.forActiveContext());
            }
            return new ApplyFunctionExpression(
                    bound, CollectionConverters.asScala(List.of(args.get(0))).toSeq());
        } catch (UnsupportedOperationException e) {
            String types = args.stream().map(a -> a.dataType().simpleString()).collect(Collectors.joining(", "));
            Map<String, String> parameters = new LinkedHashMap<>();
            parameters.put("unbound", function.name());
            parameters.put("arguments", types);
            parameters.put("unsupported", e.getMessage());
            throw unchecked(new AnalysisException(
                    CANNOT_PROCESS_INPUT, Map$.MODULE$.from(CollectionConverters.asScala(parameters))));
        }
    }

    /** A string third argument is the mode or the subject; a map holds options. */
    private Map<String, String> options(Object third) {
        if (!(third instanceof MapData map)) {
            return Map.of(function.thirdArgument(), third.toString());
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < map.numElements(); i++) {
            Object value =
                    map.valueArray().isNullAt(i) ? null : map.valueArray().getUTF8String(i);
            String key = map.keyArray().getUTF8String(i).toString();
            if (value == null) {
                throw new UnsupportedOperationException(
                        function.name() + "'s option '" + key + "' must not be null: " + function.usage());
            }
            options.put(key, value.toString());
        }
        return options;
    }

    /** The session's settings, read when the query is analysed. */
    private static Map<String, String> sessionSettings() {
        return CollectionConverters.asJava(SQLConf.get().getAllConfs());
    }

    private Object literal(int index, Expression argument) {
        String name = function.argumentName(index);
        if (!argument.foldable()) {
            throw new UnsupportedOperationException(function.name() + "'s " + name
                    + " must be a literal (a constant), not the expression " + argument.sql() + ": "
                    + function.usage());
        }
        Object value = argument.eval(null);
        if (value == null) {
            throw new UnsupportedOperationException(
                    function.name() + "'s " + name + " must be a literal, not null: " + function.usage());
        }
        return value;
    }

    /**
     * Throws {@code e} without declaring it: {@link AnalysisException} is a checked exception to Java, but
     * Spark (Scala) throws it from function builders undeclared, and its analyser expects it so.
     */
    @SuppressWarnings("unchecked")
    private static <E extends Exception> RuntimeException unchecked(Exception e) throws E {
        throw (E) e;
    }
}
