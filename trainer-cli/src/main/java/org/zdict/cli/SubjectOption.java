package org.zdict.cli;

import java.util.OptionalInt;
import java.util.SortedSet;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code --subject} option: which lineage of dictionaries in the registry a command works on. Omitted,
 * it means {@value DictionaryInfo#DEFAULT_SUBJECT}, all that a registry written before subjects holds.
 * A name outside {@link DictionaryRegistry#SUBJECT_PATTERN} is a usage error before any work.
 */
public final class SubjectOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--subject",
            paramLabel = "NAME",
            description = "The subject (one lineage of dictionaries in the registry, for example a topic name or"
                    + " TOPIC-value); 1 to 255 of a-z A-Z 0-9 . _ - (default: " + DictionaryInfo.DEFAULT_SUBJECT + ").")
    String subject;

    /** The subject, checked: the one given, or {@value DictionaryInfo#DEFAULT_SUBJECT}. */
    public String name() {
        if (subject == null) {
            return DictionaryInfo.DEFAULT_SUBJECT;
        }
        try {
            return DictionaryRegistry.checkSubject(subject);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--subject': " + e.getMessage());
        }
    }

    /** Whether {@code --subject} was given. */
    public boolean given() {
        return subject != null;
    }

    /** The subject, which {@code registry} must hold: otherwise an error listing the subjects it holds. */
    public String requireKnown(DictionaryRegistry registry) {
        String name = name();
        SortedSet<String> known = registry.subjects();
        if (!known.contains(name)) {
            throw new CliException("Unknown subject '" + name + "' in " + registry.describe() + ": "
                    + (known.isEmpty() ? "it holds no versions yet" : "its subjects are " + String.join(", ", known)));
        }
        return name;
    }

    /** The active version of the subject, which {@code registry} must hold and have one active. */
    public int requireActive(DictionaryRegistry registry) {
        String name = requireKnown(registry);
        OptionalInt active = registry.activeVersion(name);
        if (active.isEmpty()) {
            throw new CliException("No active version of subject '" + name + "' in " + registry.describe()
                    + ": give --dict-version N or activate one (zdict registry activate N --subject " + name + ")");
        }
        return active.getAsInt();
    }

    /**
     * The record of {@code version}, which must belong to the subject: a version of another subject is an
     * error naming both, so a mistyped number never changes another subject.
     */
    public DictionaryInfo requireVersion(DictionaryRegistry registry, int version) {
        DictionaryInfo info = registry.info(version)
                .orElseThrow(() -> new UnknownDictionaryVersionException(version, registry.describe()));
        String name = name();
        if (!info.subject().equals(name)) {
            throw new CliException("Version " + version + " in " + registry.describe() + " belongs to subject '"
                    + info.subject() + "', not '" + name + "'"
                    + (given() ? "" : " (the default when --subject is not given)")
                    + "; give --subject " + info.subject() + " to act on it");
        }
        return info;
    }
}
