package org.zdict.engine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.DictionarySet.Rule;

/**
 * Events grouped by the kind a {@link Rule} gives them as writers route
 * them ({@link DictionarySet#versionFor}), so that a kind's dictionary is trained on exactly the events it will
 * compress. A kind whose bytes are not valid UTF-8, or longer than a set's kinds may be, counts as no
 * kind: a set cannot name it, so writers send such events to the fallback.
 *
 * @param byKind the events of each kind, kinds in order of first appearance
 * @param noKind the events the rule gives no kind
 */
record KindGrouping(Map<String, List<byte[]>> byKind, List<byte[]> noKind) {

    static KindGrouping of(Rule rule, List<byte[]> events) {
        Map<String, List<byte[]>> byKind = new LinkedHashMap<>();
        List<byte[]> noKind = new ArrayList<>();
        for (byte[] event : events) {
            String kind = kindOf(rule, event);
            if (kind == null) {
                noKind.add(event);
            } else {
                byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(event);
            }
        }
        return new KindGrouping(byKind, noKind);
    }

    /**
     * The kind {@code rule} gives {@code event} if a set can name it, else null: a header rule gives none
     * (sampled events carry no headers), and a kind of invalid UTF-8 (decoded with U+FFFD) or over {@link
     * DictionarySet#MAX_KIND_BYTES} never matches a member, so writers send its events to the fallback.
     */
    static String kindOf(Rule rule, byte[] event) {
        String kind = rule.kindOf(event, 0, event.length);
        if (kind == null || kind.indexOf('\uFFFD') >= 0) {
            return null;
        }
        return kind.getBytes(StandardCharsets.UTF_8).length > DictionarySet.MAX_KIND_BYTES ? null : kind;
    }

    /** {@return how many events of {@code kind}, 0 for a kind not seen} */
    int count(String kind) {
        List<byte[]> events = byKind.get(kind);
        return events == null ? 0 : events.size();
    }
}
