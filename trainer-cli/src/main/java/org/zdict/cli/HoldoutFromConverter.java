package org.zdict.cli;

import org.zdict.cli.train.HoldoutFrom;

/** {@code --holdout-from random|latest}. */
final class HoldoutFromConverter extends EnumOptionConverter<HoldoutFrom> {
    HoldoutFromConverter() {
        super(HoldoutFrom.class, "a hold-out choice");
    }
}
