package org.zdict.cli;

import java.util.Locale;
import org.zdict.cli.input.OnError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --on-error fail|skip}. */
final class OnErrorConverter implements ITypeConverter<OnError> {
    @Override
    public OnError convert(String value) {
        try {
            return OnError.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not fail or skip");
        }
    }
}
