package org.zdict.registry;

import java.util.regex.Pattern;

/** {@link DictionaryRegistry#SUBJECT_PATTERN}, compiled once. */
final class SubjectPattern {
    static final Pattern PATTERN = Pattern.compile(DictionaryRegistry.SUBJECT_PATTERN);

    private SubjectPattern() {}
}
