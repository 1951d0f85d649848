package org.zdict.testing.api;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes reflected types as Java source spells them ({@code java.util.Map<java.lang.String, ? extends
 * java.lang.Number>}, {@code org.zdict.codec.ZdictCodec.CacheStats}), by its own rules rather than the JDK's
 * {@code toString}s, so that a listing is the same on every JVM.
 */
final class TypeNames {
    private TypeNames() {}

    static String of(Type type) {
        if (type instanceof Class<?> c) {
            return c.isArray() ? of(c.getComponentType()) + "[]" : c.getName().replace('$', '.');
        }
        if (type instanceof ParameterizedType p) {
            String raw = p.getOwnerType() instanceof ParameterizedType owner
                    ? of(owner) + "." + ((Class<?>) p.getRawType()).getSimpleName()
                    : of(p.getRawType());
            return raw + "<" + list(p.getActualTypeArguments()) + ">";
        }
        if (type instanceof WildcardType w) {
            if (w.getLowerBounds().length > 0) {
                return "? super " + bounds(w.getLowerBounds(), " & ");
            }
            Type[] upper = w.getUpperBounds();
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + bounds(upper, " & ");
        }
        if (type instanceof TypeVariable<?> v) {
            return v.getName();
        }
        if (type instanceof GenericArrayType a) {
            return of(a.getGenericComponentType()) + "[]";
        }
        throw new IllegalArgumentException(
                "Unknown kind of type: " + type.getClass().getName() + " " + type);
    }

    /** {@code <K, V extends java.lang.Comparable<V>>}, or "" when there are none. */
    static String parameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Stream.of(variables)
                .map(v -> v.getBounds().length == 1 && v.getBounds()[0] == Object.class
                        ? v.getName()
                        : v.getName() + " extends " + bounds(v.getBounds(), " & "))
                .collect(Collectors.joining(", ", "<", ">"));
    }

    static String list(Type[] types) {
        return bounds(types, ", ");
    }

    static String list(List<Type> types) {
        return bounds(types.toArray(Type[]::new), ", ");
    }

    private static String bounds(Type[] types, String separator) {
        return Stream.of(types).map(TypeNames::of).collect(Collectors.joining(separator));
    }
}
