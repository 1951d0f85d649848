package org.zdict.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.zdict.kafka.ZdictSerdeConfig;
import scala.collection.immutable.Map$;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Builds the expression of one call of a {@link ZdictFunction} from its analysed arguments, as Spark's
 * function registry asks: binds the function to the argument types, checks that every argument after the
 * value is a foldable (constant) string that is not null, and returns an {@link ApplyFunctionExpression}.
 * Anything wrong is an {@link AnalysisException} naming the function, raised when the query is analysed,
 * before any task runs.
 */
final class FunctionBuilder extends AbstractFunction1<Seq<Expression>, Expression> {
    /** Spark's own error class for a DataSource V2 function that cannot take its input. */
    private static final String CANNOT_PROCESS_INPUT = "_LEGACY_ERROR_TEMP_1198";

    /** Session settings with this prefix are passed to the serdes, as {@code zdict.} settings. */
    static final String SESSION_PREFIX = "spark.zdict.";

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
            for (int i = 1; i < args.size(); i++) {
                checkLiteral(i, args.get(i));
            }
            return new ApplyFunctionExpression(function.bound(args.size(), sessionSettings()), arguments);
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

    /**
     * The session's {@code spark.zdict.*} settings as the serdes' {@code zdict.*} settings ({@code
     * spark.zdict.unknown.version.wait.ms} is {@code zdict.unknown.version.wait.ms}), read when the query
     * is analysed. The registry and the subject are the function's arguments, never settings.
     */
    static Map<String, String> sessionSettings() {
        Map<String, String> settings = new TreeMap<>();
        CollectionConverters.asJava(SQLConf.get().getAllConfs()).forEach((name, value) -> {
            if (name.startsWith(SESSION_PREFIX)) {
                settings.put(ZdictSerdeConfig.PREFIX + name.substring(SESSION_PREFIX.length()), value);
            }
        });
        settings.remove(ZdictSerdeConfig.REGISTRY_CONFIG);
        settings.remove(ZdictSerdeConfig.SUBJECT_CONFIG);
        return settings;
    }

    private void checkLiteral(int index, Expression argument) {
        String name = function.literalName(index);
        if (!argument.foldable()) {
            throw new UnsupportedOperationException(function.name() + "'s " + name
                    + " must be a string literal (a constant), not the expression " + argument.sql() + ": "
                    + function.usage());
        }
        Object value = argument.eval(null);
        if (value == null) {
            throw new UnsupportedOperationException(
                    function.name() + "'s " + name + " must be a string literal, not null: " + function.usage());
        }
        function.checkLiteral(index, value.toString());
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
