package org.zdict.cli;

import java.util.Locale;
import org.zdict.cli.train.HoldoutFrom;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --holdout-from random|latest}. */
final class HoldoutFromConverter implements ITypeConverter<HoldoutFrom> {
    @Override
    public HoldoutFrom convert(String value) {
        try {
            return HoldoutFrom.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not a hold-out choice: expected random or latest");
        }
    }
}
