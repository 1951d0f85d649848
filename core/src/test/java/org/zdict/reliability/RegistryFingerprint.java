package org.zdict.reliability;

import java.util.List;
import java.util.StringJoiner;
import org.zdict.registry.DictionaryInfo;

/** A registry state as one comparable line: every record except its creation time. */
final class RegistryFingerprint {
    private RegistryFingerprint() {}

    static String of(List<DictionaryInfo> records) {
        StringJoiner joiner = new StringJoiner(" ", "[", "]");
        for (DictionaryInfo info : records) {
            joiner.add(info.version() + ":" + info.status().label() + ":"
                    + info.sha256().substring(0, 16) + ":" + info.size() + ":" + info.level() + ":" + info.metadata());
        }
        return joiner.toString();
    }
}
