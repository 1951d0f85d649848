package org.zdict.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * The zdict SQL functions as {@link Column} functions, like Spark's own {@code functions}:
 * {@code df.select(zdict_decode(col("value"), "/srv/zdict/registry"))}. Each calls the SQL function by
 * name ({@code functions.call_function}), so the session needs the extension:
 * {@code spark.sql.extensions=org.zdict.spark.ZdictExtensions}; without it the query fails to analyse, the
 * function being unknown.
 */
public final class ZdictFunctions {
    private ZdictFunctions() {}

    /**
     * {@code zdict_decode(value, registry)}: a value that cannot be decoded fails the task (FAILFAST).
     *
     * @param value a binary column of zdict values, such as the Kafka source's {@code value}
     * @param registry the registry location: a folder path, {@code classpath:...} or {@code kafka://...}
     * @return the original bytes of each value; null for null
     */
    public static Column zdict_decode(Column value, String registry) {
        return functions.call_function(ZdictDecode.NAME, value, functions.lit(registry));
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
        return functions.call_function(ZdictDecode.NAME, value, functions.lit(registry), functions.lit(mode));
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
        return functions.call_function(ZdictEncode.NAME, value, functions.lit(registry));
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
        return functions.call_function(ZdictEncode.NAME, value, functions.lit(registry), functions.lit(subject));
    }
}
