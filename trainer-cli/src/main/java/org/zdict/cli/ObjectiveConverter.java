package org.zdict.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import org.zdict.cli.train.Objective;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --objective ratio|balanced|speed}. */
final class ObjectiveConverter implements ITypeConverter<Objective> {
    @Override
    public Objective convert(String value) {
        try {
            return Objective.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not an objective: expected ratio, balanced or speed");
        }
    }

    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Objective.values()).map(Objective::label).iterator();
        }
    }
}
