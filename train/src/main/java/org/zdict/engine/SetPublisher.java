package org.zdict.engine;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * Publishes a chosen split into a subject: the fallback and each member as versions (an identical
 * non-retired version of the subject is reused, as {@link Publisher} does), then, when activating, the set
 * in one change ({@link DictionaryRegistry#activateSet}): the fallback becomes the active version and the
 * members route its events.
 */
public final class SetPublisher {
    /** Metadata key of a member: the kind it serves. */
    public static final String KIND = "kind";
    /** Metadata key of a set's versions: the routing rule. */
    public static final String ROUTING = "routing";

    private SetPublisher() {}

    /**
     * @param fallback the fallback version as it now stands
     * @param members each kind's version, as it now stands
     * @param set the set as published (active if asked)
     * @param reused how many versions were identical existing ones, reused
     */
    public record PublishedSet(
            DictionaryInfo fallback, Map<String, DictionaryInfo> members, DictionarySet set, int reused) {}

    public static PublishedSet publish(
            DictionaryRegistry registry,
            String subject,
            TrainingReport report,
            SplitResult split,
            boolean activate,
            String by) {
        Publisher.checkWorthPublishing(report);
        int level = report.choice().chosen().point().level();
        Map<String, String> base = Publisher.metadata(report, by);
        base.put(ROUTING, split.rule().text());
        int[] reused = new int[1];
        KindShare rest = split.shares().stream()
                .filter(KindShare::isFallback)
                .findFirst()
                .orElseThrow();
        DictionaryInfo fallback = publishOne(registry, subject, split.fallback(), level, metadata(base, rest), reused);
        Map<String, DictionaryInfo> members = new LinkedHashMap<>();
        Map<String, Integer> versions = new LinkedHashMap<>();
        for (KindShare share : split.shares()) {
            if (!share.isFallback()) {
                Map<String, String> metadata = metadata(base, share);
                metadata.put(KIND, share.kind());
                DictionaryInfo info =
                        publishOne(registry, subject, split.members().get(share.kind()), level, metadata, reused);
                members.put(share.kind(), info);
                versions.put(share.kind(), info.version());
            }
        }
        DictionarySet set = new DictionarySet(split.rule(), fallback.version(), versions);
        if (activate) {
            registry.activateSet(set);
            fallback = registry.info(fallback.version()).orElse(fallback);
            for (Map.Entry<String, DictionaryInfo> member : members.entrySet()) {
                member.setValue(registry.info(member.getValue().version()).orElse(member.getValue()));
            }
        }
        return new PublishedSet(fallback, members, set, reused[0]);
    }

    /** The grid choice's metadata with this dictionary's own size and held-out ratio (on the events it serves). */
    private static Map<String, String> metadata(Map<String, String> base, KindShare share) {
        Map<String, String> metadata = new LinkedHashMap<>(base);
        metadata.put("dictSize", Integer.toString(share.dictSize()));
        metadata.put("samples", Integer.toString(share.trainEvents()));
        metadata.put("holdoutEvents", Integer.toString(share.heldOutEvents()));
        if (share.heldOutEvents() > 0) {
            metadata.put(Publisher.HELD_OUT_RATIO, String.format(Locale.ROOT, "%.4f", share.setRatio()));
        } else {
            metadata.remove(Publisher.HELD_OUT_RATIO);
        }
        return metadata;
    }

    private static DictionaryInfo publishOne(
            DictionaryRegistry registry,
            String subject,
            byte[] dictionary,
            int level,
            Map<String, String> metadata,
            int[] reused) {
        Publisher.Published published =
                Publisher.publishOrReuse(registry, subject, dictionary, level, DictionaryInfo.Codec.ZSTD, metadata);
        reused[0] += published.reused() ? 1 : 0;
        return published.info();
    }
}
