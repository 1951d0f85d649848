package org.zdict.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An option whose values are an enum's constants written in lower case ({@code --on-error skip}),
 * accepted in any case, refused with the list of what is accepted.
 */
abstract class EnumOptionConverter<E extends Enum<E>> implements ITypeConverter<E> {
    private final Class<E> type;
    private final String what;

    /** @param what what a value is, for the error: {@code "an objective"} */
    EnumOptionConverter(Class<E> type, String what) {
        this.type = type;
        this.what = what;
    }

    @Override
    public E convert(String value) {
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not " + what + ": expected " + names(type));
        }
    }

    /** {@code ratio, balanced or speed}. */
    static String names(Class<? extends Enum<?>> type) {
        String[] names = Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT))
                .toArray(String[]::new);
        if (names.length == 1) {
            return names[0];
        }
        return Arrays.stream(names, 0, names.length - 1).collect(Collectors.joining(", ")) + " or "
                + names[names.length - 1];
    }
}
