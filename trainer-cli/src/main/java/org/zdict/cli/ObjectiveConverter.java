package org.zdict.cli;

import java.util.Arrays;
import java.util.Iterator;
import org.zdict.cli.train.Objective;

/** {@code --objective ratio|balanced|speed}. */
final class ObjectiveConverter extends EnumOptionConverter<Objective> {
    ObjectiveConverter() {
        super(Objective.class, "an objective");
    }

    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Objective.values()).map(Objective::label).iterator();
        }
    }
}
