package org.zdict.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.V2ExpressionUtils;
import org.apache.spark.sql.catalyst.util.MapData;
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
 * bound {@link ZdictScalarFunction} over the value alone to Spark's own V2 resolution, which finds its
 * {@code invoke} method and returns the {@code Invoke} expression that Spark compiles into the query's
 * generated code. A wrong argument is an {@link InvalidArgument}, raised as an {@code AnalysisException} of
 * a documented Spark error class ({@code WRONG_NUM_ARGS.WITHOUT_SUGGESTION}, {@code DATATYPE_MISMATCH.*})
 * when the query is analysed, before any task runs.
 *
 * <p>Internal Catalyst classes: a function of the session's registry is, by that registry's type, a builder
 * from Catalyst {@code Expression}s to an {@code Expression}, registered under a {@code FunctionIdentifier}
 * with an {@code ExpressionInfo} ({@link SessionFunctions}; the extension point {@code
 * SparkSessionExtensions.injectFunction} takes the same three), so those types cannot be avoided, nor can
 * the Catalyst forms its arguments come in ({@code MapData}) or the analysing session's settings ({@code
 * SQLConf}). Beyond them this class calls one internal method, {@code
 * V2ExpressionUtils.resolveScalarFunction(ScalarFunction, Seq<Expression>)}, the method Spark's analyser
 * itself calls for a function of a catalog, with the same signature in Spark 3.5 and 4.x. Building Spark's
 * {@code Invoke} by hand instead would be just as internal and would repeat Spark's own choice between
 * {@code invoke} and {@code produceResult}. Run on Spark 4.2.0 by this module's tests, and on 3.5.9, 4.0.4,
 * 4.1.3 and 4.2.0 installations by spark-it's {@code SparkInstallationIT}.
 *
 * <p>Why not a {@code FunctionCatalog}, which Spark resolves with public API alone: Spark finds a catalog's
 * functions by a name qualified with the catalog ({@code zdict.zdict_decode}) unless that catalog is the
 * session's current one, and binds them knowing only the argument types, so the registry and the options
 * would reach {@code invoke} as values of each row and be checked only in the tasks. The session's function
 * registry gives the names users write ({@code zdict_decode}) and sees the literals when the query is
 * analysed.
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
                throw InvalidArgument.notOneOf(
                        function.argumentName(1), "a location (a folder, classpath:... or kafka://...)", location);
            }
            Map<String, String> options = args.size() > 2 ? options(literal(2, args.get(2))) : Map.of();
            FunctionOptions parsed = FunctionOptions.of(function, sessionSettings(), options);
            ZdictScalarFunction bound = function.bound(location, parsed);
            if (parsed.permissive()) {
                bound = bound.countingNulls(PermissiveNulls.forActiveContext());
            }
            return V2ExpressionUtils.resolveScalarFunction(
                    bound, CollectionConverters.asScala(List.of(args.get(0))).toSeq());
        } catch (InvalidArgument e) {
            throw unchecked(e.toAnalysisException(function.name(), args));
        }
    }

    /** A string third argument is the mode or the subject; a map holds options. */
    private Map<String, String> options(Object third) {
        if (!(third instanceof MapData map)) {
            return Map.of(function.thirdArgument(), third.toString());
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < map.numElements(); i++) {
            String key = map.keyArray().getUTF8String(i).toString();
            if (map.valueArray().isNullAt(i)) {
                throw InvalidArgument.isNull("value of the option `" + key + "`");
            }
            options.put(key, map.valueArray().getUTF8String(i).toString());
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
            throw InvalidArgument.notLiteral(index, name);
        }
        Object value = argument.eval(null);
        if (value == null) {
            throw InvalidArgument.isNull("`" + name + "`");
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
