package org.zdict.kafka;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedList;
import java.util.Map;
import java.util.Set;

/**
 * The byte arrays an object retains through zdict's own objects: follows every field of objects of
 * {@code org.zdict} classes and the entries of the maps and collections they hold, not into Kafka's
 * clients or the JDK's other objects. A structural count for tests: which bytes a registry keeps, not
 * how much heap a JVM happens to use.
 */
final class RetainedByteArrays {
    private RetainedByteArrays() {}

    /** The total length of the byte arrays of at least {@code minLength} bytes reachable from {@code root}. */
    static long bytesOfArraysAtLeast(Object root, int minLength) throws IllegalAccessException {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> pending = new LinkedList<>(); // takes nulls
        pending.push(root);
        long total = 0;
        while (!pending.isEmpty()) {
            Object o = pending.pop();
            if (o == null || !seen.add(o)) {
                continue;
            }
            if (o instanceof byte[] bytes) {
                total += bytes.length >= minLength ? bytes.length : 0;
            } else if (o instanceof Object[] array) {
                for (Object element : array) {
                    pending.push(element);
                }
            } else if (o instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    pending.push(e.getKey());
                    pending.push(e.getValue());
                }
            } else if (o instanceof Collection<?> collection) {
                pending.addAll(collection);
            } else if (o.getClass().getName().startsWith("org.zdict.")) {
                for (Class<?> c = o.getClass();
                        c != null && c.getName().startsWith("org.zdict.");
                        c = c.getSuperclass()) {
                    for (Field field : c.getDeclaredFields()) {
                        if (!Modifier.isStatic(field.getModifiers())
                                && !field.getType().isPrimitive()) {
                            field.setAccessible(true);
                            pending.push(field.get(o));
                        }
                    }
                }
            }
        }
        return total;
    }
}
