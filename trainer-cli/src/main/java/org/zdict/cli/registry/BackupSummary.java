package org.zdict.cli.registry;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.DictionarySource;

/** What {@code export --all} and {@code import --all} carry and say of a backup's active state. Stateless. */
final class BackupSummary {
    private BackupSummary() {}

    /** {@return the active version of each subject that has one, {@code "default 3, payments 2"}, or "none"} */
    static String actives(List<DictionaryInfo> versions) {
        Map<String, Integer> actives = new TreeMap<>();
        for (DictionaryInfo info : versions) {
            if (info.status() == DictionaryInfo.Status.ACTIVE) {
                actives.put(info.subject(), info.version());
            }
        }
        if (actives.isEmpty()) {
            return "none";
        }
        return actives.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** {@return the dictionary set of each subject of {@code versions} that routes by one} */
    static List<DictionarySet> sets(DictionarySource source, List<DictionaryInfo> versions) {
        Map<String, DictionarySet> sets = new TreeMap<>();
        for (DictionaryInfo info : versions) {
            source.activeSet(info.subject()).ifPresent(set -> sets.put(info.subject(), set));
        }
        return List.copyOf(sets.values());
    }

    /** {@return {@code ", 1 dictionary set"} for a backup with sets, else nothing} */
    static String setCount(List<DictionarySet> sets) {
        return sets.isEmpty() ? "" : ", " + sets.size() + " dictionary set" + (sets.size() == 1 ? "" : "s");
    }
}
