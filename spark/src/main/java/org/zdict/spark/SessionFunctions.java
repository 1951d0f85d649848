package org.zdict.spark;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.internal.SessionState;

/**
 * The zdict SQL functions, and their registration in a session: when it is built ({@link ZdictExtensions})
 * or afterwards ({@link #register}), in its function registry as Spark's own functions are. A session that
 * has them keeps them; registering again changes nothing.
 */
final class SessionFunctions {
    /** The sessions that have the functions, weakly held. */
    private static final Map<Object, Boolean> REGISTERED = Collections.synchronizedMap(new WeakHashMap<>());

    private SessionFunctions() {}

    /**
     * Every zdict SQL function, for a Spark on Scala 2.13.
     *
     * @throws UnsupportedOperationException on a Spark built for another Scala (Spark 3.5's default
     *     download is built for 2.12), where the functions would fail in every query
     */
    static List<ZdictFunction> all() {
        String version = scala.util.Properties.versionNumberString();
        if (!version.startsWith("2.13.")) {
            throw new UnsupportedOperationException("zdict-spark is built for Scala 2.13 and this Spark runs Scala "
                    + version + ": use a Spark built for Scala 2.13 (Spark 4, or Spark 3.5's -scala2.13 download)");
        }
        return List.of(ZdictDecode.binary(), ZdictDecode.string(), ZdictDecode.error(), new ZdictEncode());
    }

    /**
     * The identifier {@code name} is registered under: from Spark 4.2 on, a function registry takes only
     * qualified names and the extension point qualifies them as built-in functions
     * ({@code FunctionRegistry.builtinFunctionIdentifier}, looked up here so the same jar runs on 3.5 to
     * 4.1, whose names are not qualified).
     */
    static FunctionIdentifier identifier(String name) {
        try {
            Object registry = Class.forName("org.apache.spark.sql.catalyst.analysis.FunctionRegistry$")
                    .getField("MODULE$")
                    .get(null);
            return (FunctionIdentifier) registry.getClass()
                    .getMethod("builtinFunctionIdentifier", String.class)
                    .invoke(registry, name);
        } catch (ReflectiveOperationException e) {
            return new FunctionIdentifier(name);
        }
    }

    /** What {@code DESCRIBE FUNCTION} shows for {@code function}. */
    static ExpressionInfo info(ZdictFunction function) {
        return new ExpressionInfo(function.getClass().getName(), null, function.name(), function.description(), "");
    }

    /**
     * Registers the functions in {@code session}'s function registry, unless this JVM did already. A session
     * whose registry this JVM cannot reach (a Spark Connect client) is refused with a message saying what to
     * do instead.
     *
     * @throws UnsupportedOperationException for a session that has no function registry here
     */
    static void register(SparkSession session) {
        if (Boolean.TRUE.equals(REGISTERED.get(session))) {
            return;
        }
        FunctionRegistry registry = functionRegistry(session);
        for (ZdictFunction function : all()) {
            FunctionIdentifier identifier = identifier(function.name());
            if (!registry.functionExists(identifier)) { // the extension's, or another class loader's
                registry.registerFunction(identifier, info(function), new FunctionBuilder(function));
            }
        }
        REGISTERED.put(session, Boolean.TRUE);
    }

    /**
     * Registers the functions in the active session if it can be reached here; a Spark Connect client is left
     * alone (its server has the functions through the extension, or it has none).
     */
    static void registerInActiveSession() {
        SparkSession session = SparkSession.active();
        if (REGISTERED.containsKey(session)) {
            return;
        }
        try {
            register(session);
        } catch (UnsupportedOperationException e) {
            REGISTERED.put(session, Boolean.FALSE);
        }
    }

    /** {@code session.sessionState().functionRegistry()}: in Spark 4 only the classic session has it. */
    static FunctionRegistry functionRegistry(SparkSession session) {
        try {
            return ((SessionState) session.getClass().getMethod("sessionState").invoke(session)).functionRegistry();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new UnsupportedOperationException(cannotRegister(session), e);
        }
    }

    private static String cannotRegister(SparkSession session) {
        return "Cannot register the zdict functions in a " + session.getClass().getName()
                + " (a Spark Connect client?): start its server with spark.sql.extensions="
                + ZdictExtensions.class.getName();
    }
}
