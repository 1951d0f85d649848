package org.zdict.spark;

import java.util.Map;
import org.zdict.internal.Locations;
import org.zdict.kafka.ZdictBytesSerializer;
import org.zdict.registry.SubjectNames;

/**
 * {@code zdict_encode(value, registry[, subject])}: the value compressed into a zdict payload with the
 * active dictionary of {@code subject} ({@code default} if not given), as a {@code ZdictSerializer}
 * configured with {@code zdict.subject} writes it; a subject without an active version gives plain zstd.
 * A value that cannot be written fails the task.
 */
final class ZdictEncode extends ZdictFunction {
    static final String NAME = "zdict_encode";

    ZdictEncode() {
        super(NAME, "subject", "a zdict payload of the value, compressed with the subject's active dictionary");
    }

    @Override
    void checkLiteral(int index, String value) {
        super.checkLiteral(index, value);
        if (index == 2 && !SubjectNames.isValid(value)) {
            throw new UnsupportedOperationException(
                    NAME + "'s subject must be 1 to 255 of a-z A-Z 0-9 . _ -, not '" + value + "'");
        }
    }

    @Override
    ZdictScalarFunction bound(int arguments, Map<String, String> settings) {
        return new Bound(arguments, settings);
    }

    /** The bound function, serialized into tasks. */
    static final class Bound extends ZdictScalarFunction {
        private static final long serialVersionUID = 1L;

        Bound(int arguments, Map<String, String> settings) {
            super(NAME, arguments, settings);
        }

        @Override
        Converter converter(String location, String subject) {
            ZdictBytesSerializer serializer = SerdeCache.serializer(NAME, location, subject, settings());
            String shown = Locations.withoutQuery(location);
            return value -> {
                try {
                    return serializer.serialize(null, value);
                } catch (RuntimeException e) {
                    throw new IllegalStateException(
                            NAME + " cannot encode a value of " + value.length + " bytes with the registry " + shown
                                    + ": " + SerdeCache.withoutQuery(e.getMessage(), location),
                            e);
                }
            };
        }
    }
}
