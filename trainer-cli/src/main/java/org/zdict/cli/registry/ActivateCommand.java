package org.zdict.cli.registry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code zdict registry activate}. */
@Command(
        name = "activate",
        description = "Make a version the one new payloads of its subject use (--subject, default: default);"
                + " other subjects keep their active versions. With --route and --kind, make a dictionary set"
                + " active instead, in one change: the version is its fallback, each --kind names the version"
                + " of one kind of event.")
public final class ActivateCommand extends VersionCommand {
    @Option(
            names = "--route",
            paramLabel = "RULE",
            description = "How the set tells kinds apart: field:NAME (a top-level field), shape (the set of"
                    + " top-level keys) or header:NAME (a record header).")
    String route;

    @Option(
            names = "--kind",
            paramLabel = "KIND=VERSION",
            description = "A kind of event and the version that writes it; repeat for each kind.")
    List<String> kinds = List.of();

    @Override
    String apply(DictionaryRegistry target) {
        subject.requireVersion(target, version);
        if (route == null) {
            if (!kinds.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "--kind needs --route, the rule that finds the kinds");
            }
            target.activate(version);
            return "Version " + version + " is now active" + ofSubject() + ".";
        }
        DictionarySet set = set();
        for (int member : set.members().values()) {
            subject.requireVersion(target, member);
        }
        target.activateSet(set);
        return "A dictionary set is now active" + ofSubject() + ": " + describe(set) + ".";
    }

    private DictionarySet set() {
        if (kinds.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--route needs at least one --kind KIND=VERSION");
        }
        Map<String, Integer> members = new LinkedHashMap<>();
        for (String kind : kinds) {
            int equals = kind.lastIndexOf('=');
            int member;
            try {
                member = Integer.parseInt(kind.substring(equals + 1));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                member = -1;
            }
            if (equals < 0 || member < 1) {
                throw new ParameterException(
                        spec.commandLine(),
                        "Invalid --kind '" + kind + "': expected KIND=VERSION, VERSION a positive number");
            }
            if (members.put(kind.substring(0, equals), member) != null) {
                throw new ParameterException(
                        spec.commandLine(), "--kind names '" + kind.substring(0, equals) + "' twice");
            }
        }
        try {
            return new DictionarySet(DictionarySet.Rule.parse(route), version, members);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** {@code field:type, login -> 4, click -> 5, every other event -> 3}. */
    static String describe(DictionarySet set) {
        return set.rule().text() + ", "
                + set.members().entrySet().stream()
                        .map(e -> e.getKey() + " -> " + e.getValue())
                        .collect(Collectors.joining(", "))
                + ", every other event -> " + set.fallback();
    }
}
