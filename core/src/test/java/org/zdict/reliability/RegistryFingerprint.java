package org.zdict.reliability;

import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.zdict.registry.DictionaryInfo;

/**
 * A registry state as one comparable line: every record except its times (creation, and the activation
 * and retirement times the registry stamps into the metadata, which a model of the change cannot know in
 * advance; DictionaryRegistryContract checks those).
 */
final class RegistryFingerprint {
    private RegistryFingerprint() {}

    static String of(List<DictionaryInfo> records) {
        StringJoiner joiner = new StringJoiner(" ", "[", "]");
        for (DictionaryInfo info : records) {
            joiner.add(info.version() + ":" + info.status().label() + ":"
                    + info.sha256().substring(0, 16) + ":" + info.size() + ":" + info.level() + ":"
                    + withoutTimes(info));
        }
        return joiner.toString();
    }

    private static Map<String, String> withoutTimes(DictionaryInfo info) {
        Map<String, String> metadata = new TreeMap<>(info.metadata());
        metadata.remove(DictionaryInfo.ACTIVATED_AT);
        metadata.remove(DictionaryInfo.RETIRED_AT);
        return metadata;
    }
}
