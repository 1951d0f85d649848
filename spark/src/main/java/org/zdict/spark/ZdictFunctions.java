package org.zdict.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The zdict SQL functions as {@link Column} functions, like Spark's own {@code functions}:
 * {@code df.select(zdict_decode(col("value"), "/srv/zdict/registry"))}. Each registers the SQL functions in
 * the active session if they are not there yet ({@link #register}), then calls them by name ({@code
 * functions.call_function}), so they work in any session, with or without {@link ZdictExtensions}.
 *
 * <p>Options are those of {@code zdict_decode(value, registry, map(...))}: {@code mode} ({@code FAILFAST},
 * the default, or {@code PERMISSIVE}) for the decoders, {@code subject} for the encoder, and any serde
 * setting {@code zdict.X} as {@code X} (such as {@code unknown.version.wait.ms}), over the session's
 * {@code spark.zdict.X}.
 */
public final class ZdictFunctions {
    private ZdictFunctions() {}

    /**
     * Registers the SQL functions {@code zdict_decode}, {@code zdict_decode_string}, {@code zdict_decode_error}
     * and {@code zdict_encode} in a session that was built without {@link ZdictExtensions} (a notebook's, a shared cluster's).
     * Registering again changes nothing.
     *
     * @param session a session of this JVM (not a Spark Connect client: start its server with the extension)
     * @throws UnsupportedOperationException for a session whose function registry is not in this JVM
     */
    public static void register(SparkSession session) {
        SessionFunctions.register(session);
    }

    /**
     * The values that PERMISSIVE calls turned into null in this application's jobs so far, by reason
     * ({@code unknown version}, {@code too large}, {@code not a zdict payload}, {@code corrupt}), as merged on
     * the driver. Each job that added to them also logs its own counts when it ends.
     *
     * @return the counts by reason; empty before any PERMISSIVE call
     */
    public static Map<String, Long> permissiveNulls() {
        return PermissiveNulls.totals();
    }

    /**
     * {@code zdict_decode(value, registry)}: a value that cannot be decoded fails the task (FAILFAST).
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @return the original bytes of each value; null for null
     */
    public static Column zdict_decode(Column value, String registry) {
        return call(ZdictDecode.NAME, value, registry, Map.of());
    }

    /**
     * {@code zdict_decode(value, registry, mode)}.
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param mode {@code FAILFAST} (a value that cannot be decoded fails the task) or {@code PERMISSIVE}
     *     (it gives null, and is counted)
     * @return the original bytes of each value; null for null
     */
    public static Column zdict_decode(Column value, String registry, String mode) {
        return call(ZdictDecode.NAME, value, registry, Map.of(FunctionOptions.MODE, mode));
    }

    /**
     * {@code zdict_decode(value, registry, map(options))}.
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param options {@code mode} and serde settings without their {@code zdict.} prefix
     * @return the original bytes of each value; null for null
     */
    public static Column zdict_decode(Column value, String registry, Map<String, String> options) {
        return call(ZdictDecode.NAME, value, registry, options);
    }

    /**
     * {@code zdict_decode_string(value, registry, map(options))}: as {@link #zdict_decode(Column, String, Map)},
     * the original bytes as a UTF-8 string (for {@code from_json} and the like).
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param options {@code mode} and serde settings without their {@code zdict.} prefix; may be empty
     * @return the original value of each row as a string; null for null
     */
    public static Column zdict_decode_string(Column value, String registry, Map<String, String> options) {
        return call(ZdictDecode.STRING_NAME, value, registry, options);
    }

    /**
     * {@code zdict_decode_error(value, registry)}: why each value cannot be decoded, beside a PERMISSIVE
     * {@code zdict_decode}'s null.
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @return null for a value that decodes (and for null), otherwise the line a FAILFAST {@code zdict_decode}
     *     fails the task with, such as {@code zdict_decode_error: dictionary version 7 is not in the registry
     *     ...}
     */
    public static Column zdict_decode_error(Column value, String registry) {
        return call(ZdictDecode.ERROR_NAME, value, registry, Map.of());
    }

    /**
     * {@code zdict_decode_error(value, registry, map(options))}: as {@link #zdict_decode_error(Column,
     * String)}, with the options of the {@code zdict_decode} call it explains (their {@code mode} changes
     * nothing).
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param options serde settings without their {@code zdict.} prefix, and optionally {@code mode}
     * @return null for a value that decodes (and for null), otherwise why it cannot be decoded
     */
    public static Column zdict_decode_error(Column value, String registry, Map<String, String> options) {
        return call(ZdictDecode.ERROR_NAME, value, registry, options);
    }

    /**
     * {@code zdict_encode(value, registry)}: compressed with the active dictionary of the subject
     * {@code default}.
     *
     * @param value a binary column
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @return a zdict payload of each value; null for null
     */
    public static Column zdict_encode(Column value, String registry) {
        return call(ZdictEncode.NAME, value, registry, Map.of());
    }

    /**
     * {@code zdict_encode(value, registry, subject)}: compressed with the active dictionary of {@code
     * subject}; plain zstd while the subject has none.
     *
     * @param value a binary column
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param subject the subject whose active dictionary compresses
     * @return a zdict payload of each value; null for null
     */
    public static Column zdict_encode(Column value, String registry, String subject) {
        return call(ZdictEncode.NAME, value, registry, Map.of(FunctionOptions.SUBJECT, subject));
    }

    /**
     * {@code zdict_encode(value, registry, map(options))}.
     *
     * @param value a binary column
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @param options {@code subject} and serde settings without their {@code zdict.} prefix
     * @return a zdict payload of each value; null for null
     */
    public static Column zdict_encode(Column value, String registry, Map<String, String> options) {
        return call(ZdictEncode.NAME, value, registry, options);
    }

    private static Column call(String name, Column value, String registry, Map<String, String> options) {
        SessionFunctions.registerInActiveSession();
        if (options.isEmpty()) {
            return functions.call_function(name, value, functions.lit(registry));
        }
        List<Column> entries = new ArrayList<>();
        new TreeMap<>(options).forEach((key, setting) -> {
            entries.add(functions.lit(key));
            entries.add(functions.lit(setting));
        });
        Column map = functions.map(entries.toArray(new Column[0]));
        return functions.call_function(name, value, functions.lit(registry), map);
    }
}
