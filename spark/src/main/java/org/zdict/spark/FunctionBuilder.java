package org.zdict.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.V2ExpressionUtils;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.errors.QueryCompilationErrors;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Builds the expression of one call of a {@link ZdictFunction} from its analysed arguments, as Spark's
 * function registry asks, in the steps by which Spark's analyser resolves a function of a DataSource V2
 * {@code FunctionCatalog}: binds the function to the argument types ({@code UnboundFunction.bind}), checks
 * that every argument after the value is a foldable (constant) string or map of strings that is not null,
 * reads them with the session's {@code spark.zdict.*} settings into {@link FunctionOptions}, and hands the
 * bound {@link ZdictScalarFunction} over the value alone to Spark's own V2 resolution ({@code
 * V2ExpressionUtils.resolveScalarFunction}, what the analyser calls for a catalog's function), which finds
 * its {@code invoke} method and returns the {@code Invoke} expression that Spark compiles into the query's
 * generated code. Anything wrong is the {@code AnalysisException} Spark raises for a V2 function whose
 * {@code bind} refuses its input ({@code QueryCompilationErrors.functionCannotProcessInputError}): "Function
 * 'zdict_decode' cannot process input: (types): reason", naming the function, when the query is analysed,
 * before any task runs.
 *
 * <p>Why not a {@code FunctionCatalog}: Spark finds a catalog's functions by a name qualified with the
 * catalog ({@code zdict.zdict_decode}) unless that catalog is the session's current one, and binds them
 * knowing only the argument types, so the registry and the options would reach {@code invoke} as values of
 * each row and be checked only in the tasks. The
 * session's function registry gives the names users write ({@code zdict_decode}) and sees the literals
 * when the query is analysed.
 */
final class FunctionBuilder extends AbstractFunction1<Seq<Expression>, Expression> {
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
            return V2ExpressionUtils.resolveScalarFunction(
                    bound, CollectionConverters.asScala(List.of(args.get(0))).toSeq());
        } catch (UnsupportedOperationException e) {
            throw unchecked(QueryCompilationErrors.functionCannotProcessInputError(function, arguments, e));
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
     * Throws {@code e} without declaring it: Spark's {@code AnalysisException} is a checked exception to
     * Java, but Spark (Scala) throws it from function builders undeclared, and its analyser expects it so.
     */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException unchecked(Throwable e) throws E {
        throw (E) e;
    }
}
