package org.zdict.spark;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;

/**
 * The zdict SQL functions, and their registration in a session: when it is built ({@link ZdictExtensions})
 * or afterwards ({@link #register}), in its function registry as Spark's own functions are. A session that
 * has them keeps them; registering again changes nothing.
 */
final class SessionFunctions {
    /** The sessions that have the functions, weakly held. */
    private static final Map<Object, Boolean> REGISTERED = Collections.synchronizedMap(new WeakHashMap<>());

    private SessionFunctions() {}

    /** Every zdict SQL function. */
    static List<ZdictFunction> all() {
        return List.of(ZdictDecode.binary(), ZdictDecode.string(), new ZdictEncode());
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
        if (REGISTERED.containsKey(session)) {
            return;
        }
        Object registry = functionRegistry(session);
        try {
            Method register = registry.getClass()
                    .getMethod(
                            "registerFunction", FunctionIdentifier.class, ExpressionInfo.class, scala.Function1.class);
            for (ZdictFunction function : all()) {
                register.invoke(
                        registry,
                        new FunctionIdentifier(function.name()),
                        info(function),
                        new FunctionBuilder(function));
            }
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException(cannotRegister(session), e);
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
    private static Object functionRegistry(SparkSession session) {
        try {
            Object state = session.getClass().getMethod("sessionState").invoke(session);
            return state.getClass().getMethod("functionRegistry").invoke(state);
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException(cannotRegister(session), e);
        }
    }

    private static String cannotRegister(SparkSession session) {
        return "Cannot register the zdict functions in a " + session.getClass().getName()
                + " (a Spark Connect client?): start its server with spark.sql.extensions="
                + ZdictExtensions.class.getName();
    }
}
