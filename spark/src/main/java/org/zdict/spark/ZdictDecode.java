package org.zdict.spark;

import java.util.Locale;
import java.util.Map;
import org.zdict.internal.Locations;
import org.zdict.kafka.ZdictBytesDeserializer;

/**
 * {@code zdict_decode(value, registry[, mode])}: the original bytes of a zdict value, decoded with the
 * registry's dictionaries as a {@code ZdictDeserializer} decodes them (every version the registry holds).
 * {@code mode} says what a value that cannot be decoded gives: {@code FAILFAST} (the default) fails the
 * task, saying why; {@code PERMISSIVE} gives null and counts it (see {@link PermissiveFailures}).
 */
final class ZdictDecode extends ZdictFunction {
    static final String NAME = "zdict_decode";
    static final String FAILFAST = "FAILFAST";
    static final String PERMISSIVE = "PERMISSIVE";

    ZdictDecode() {
        super(NAME, "mode", "the original bytes of a zdict value; mode FAILFAST (default) or PERMISSIVE (null)");
    }

    @Override
    void checkLiteral(int index, String value) {
        super.checkLiteral(index, value);
        if (index == 2) {
            permissive(value);
        }
    }

    /** Whether {@code mode} is PERMISSIVE (any case); anything but FAILFAST and PERMISSIVE is refused. */
    static boolean permissive(String mode) {
        String upper = mode.toUpperCase(Locale.ROOT);
        if (!upper.equals(FAILFAST) && !upper.equals(PERMISSIVE)) {
            throw new UnsupportedOperationException(
                    NAME + "'s mode must be FAILFAST or PERMISSIVE, not '" + mode + "'");
        }
        return upper.equals(PERMISSIVE);
    }

    @Override
    ZdictScalarFunction bound(int arguments, Map<String, String> settings) {
        return new Bound(arguments, settings);
    }

    /**
     * The deserializer's message without its location's query, and without the topic it names: the
     * functions pass none, as a value in Spark need not come from a topic.
     */
    static String reason(RuntimeException e, String location) {
        return SerdeCache.withoutQuery(e.getMessage(), location).replace(" of topic null", "");
    }

    /** The bound function, serialized into tasks. */
    static final class Bound extends ZdictScalarFunction {
        private static final long serialVersionUID = 1L;

        Bound(int arguments, Map<String, String> settings) {
            super(NAME, arguments, settings);
        }

        @Override
        Converter converter(String location, String mode) {
            ZdictBytesDeserializer deserializer = SerdeCache.deserializer(NAME, location, settings());
            boolean permissive = mode != null && permissive(mode);
            String shown = Locations.withoutQuery(location);
            return value -> {
                try {
                    return deserializer.deserialize(null, value);
                } catch (RuntimeException e) {
                    if (permissive) {
                        PermissiveFailures.count(NAME, shown, reason(e, location));
                        return null;
                    }
                    throw new IllegalArgumentException(
                            NAME + " cannot decode a value of " + value.length + " bytes with the registry " + shown
                                    + " (mode FAILFAST; PERMISSIVE gives null instead): "
                                    + reason(e, location),
                            e);
                }
            };
        }
    }
}
