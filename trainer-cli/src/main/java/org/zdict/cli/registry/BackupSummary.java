package org.zdict.cli.registry;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.zdict.registry.DictionaryInfo;

/** How {@code export --all} and {@code import --all} word a backup's active versions. Stateless. */
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
}
