package org.zdict.spark;

import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import scala.Tuple3;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The session extension that registers the SQL functions {@code zdict_decode} and {@code zdict_encode}:
 * set {@code spark.sql.extensions=org.zdict.spark.ZdictExtensions} when the session is built (on the
 * command line with {@code --conf}, or {@code SparkSession.builder().config(..)}). Spark creates it by its
 * public no-argument constructor and calls it once per session.
 */
public final class ZdictExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
    /** Created by Spark from the class name in {@code spark.sql.extensions}. */
    public ZdictExtensions() {}

    /**
     * Registers the functions in the session being built.
     *
     * @param extensions the session's extension points
     * @return nothing ({@code Unit})
     */
    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        register(extensions, new ZdictDecode());
        register(extensions, new ZdictEncode());
        return BoxedUnit.UNIT;
    }

    private static void register(SparkSessionExtensions extensions, ZdictFunction function) {
        ExpressionInfo info =
                new ExpressionInfo(function.getClass().getName(), null, function.name(), function.description(), "");
        extensions.injectFunction(
                new Tuple3<>(new FunctionIdentifier(function.name()), info, new FunctionBuilder(function)));
    }
}
