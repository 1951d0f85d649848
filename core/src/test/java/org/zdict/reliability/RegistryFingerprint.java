package org.zdict.reliability;

import java.util.List;
import java.util.StringJoiner;
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
                    + info.metadata());
        }
        return joiner.toString();
    }
}
