package org.zdict.cli;

import org.zdict.cli.input.OnError;

/** {@code --on-error fail|skip}. */
final class OnErrorConverter extends EnumOptionConverter<OnError> {
    OnErrorConverter() {
        super(OnError.class, "an error policy");
    }
}
