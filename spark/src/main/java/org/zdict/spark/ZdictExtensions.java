package org.zdict.spark;

import java.util.List;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.slf4j.LoggerFactory;
import scala.Tuple3;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The session extension that registers the SQL functions {@code zdict_decode}, {@code zdict_decode_string},
 * {@code zdict_decode_error} and {@code zdict_encode}: set {@code spark.sql.extensions=org.zdict.spark.ZdictExtensions} when the
 * session is built (on the command line with {@code --conf}, or {@code SparkSession.builder().config(..)}).
 * Spark creates it by its public no-argument constructor and calls it once per session. A session that
 * already exists gets them from {@link ZdictFunctions#register}.
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
        List<ZdictFunction> functions;
        try {
            functions = SessionFunctions.all();
        } catch (UnsupportedOperationException e) { // a Spark on another Scala: let it start, and say why
            LoggerFactory.getLogger(ZdictExtensions.class)
                    .error("Spark starts without the zdict functions: {}", e.getMessage());
            return BoxedUnit.UNIT;
        }
        for (ZdictFunction function : functions) {
            extensions.injectFunction(new Tuple3<>(
                    new FunctionIdentifier(function.name()),
                    SessionFunctions.info(function),
                    new FunctionBuilder(function)));
        }
        return BoxedUnit.UNIT;
    }
}
