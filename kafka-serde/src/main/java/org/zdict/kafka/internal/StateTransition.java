package org.zdict.kafka.internal;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

/**
 * How the registry topic's state record follows a change of the version table: which versions are
 * removed, retired, ever active, and since when. The writers (zdict-kafka-registry-admin) compute the
 * records they write with it, and the reader the record it applies when it refuses a removal. Stateless.
 */
public final class StateTransition {
    private StateTransition() {}

    /**
     * The state record for the change from {@code before} (the version table that {@code from} gives) to
     * {@code after}.
     *
     * @param from the state record the change starts from
     * @param before the version table {@code from} gives
     * @param after the version table after the change
     * @param basedOn the offset of {@code from} in the topic, -1 for none
     * @param nowMillis the time of the change, epoch milliseconds (the retirement time of newly retired versions)
     * @return the state record to write
     */
    public static StateRecord next(
            StateRecord from, VersionTable before, VersionTable after, long basedOn, long nowMillis) {
        SortedSet<Integer> nextRemoved = new TreeSet<>(from.removed());
        for (int v : before.versions().keySet()) {
            if (!after.versions().containsKey(v)) {
                nextRemoved.add(v);
            }
        }
        SortedSet<Integer> nextRetired = new TreeSet<>();
        for (DictionaryInfo info : after.versions().values()) {
            if (info.status() == DictionaryInfo.Status.RETIRED) {
                nextRetired.add(info.version());
            }
        }
        SortedSet<Integer> nextEverActive = new TreeSet<>(from.everActive());
        nextEverActive.addAll(after.actives().values());
        nextEverActive.removeAll(nextRemoved);
        Map<Integer, Long> nextRetiredAt = new TreeMap<>(from.retiredAt());
        nextRetiredAt.keySet().retainAll(nextRetired);
        for (int v : nextRetired) {
            nextRetiredAt.putIfAbsent(v, nowMillis);
        }
        Map<Integer, Long> nextActivatedAt = new TreeMap<>(from.activatedAt());
        nextActivatedAt.keySet().retainAll(after.versions().keySet());
        for (DictionaryInfo info : after.versions().values()) {
            info.activatedAt().ifPresent(at -> nextActivatedAt.put(info.version(), at.toEpochMilli()));
        }
        Map<String, Integer> nextActiveBySubject = new TreeMap<>(after.actives());
        nextActiveBySubject.remove(DictionaryInfo.DEFAULT_SUBJECT);
        return new StateRecord(
                after.nextVersion(),
                after.activeVersion().orElse(0),
                nextActiveBySubject,
                nextRetired,
                nextRemoved,
                nextEverActive,
                nextRetiredAt,
                nextActivatedAt,
                basedOn,
                from.nextSequence(),
                after.sets());
    }

    /**
     * The first state record of a registry restored from a backup whose versions make {@code backup}:
     * its statuses, active versions, lifecycle times and next number, every number below that which the
     * backup does not hold counted as removed (never reissued). A retired version counts as ever active,
     * since the backup cannot tell whether it was (its removal waits out the grace, as it may have in the
     * source); a retired version whose retirement time the backup lacks is dated {@code nowMillis}.
     *
     * @param backup the versions restored, with the backed-up registry's next number
     * @param basedOn the offset of the state record in force in the topic, -1 for none
     * @param nowMillis the time of the restore, epoch milliseconds
     * @return the state record to write
     */
    public static StateRecord restored(VersionTable backup, long basedOn, long nowMillis) {
        SortedSet<Integer> removed = new TreeSet<>();
        for (int v = 1; v < backup.nextVersion(); v++) {
            if (!backup.versions().containsKey(v)) {
                removed.add(v);
            }
        }
        SortedSet<Integer> everActive = new TreeSet<>();
        Map<Integer, Long> retiredAt = new TreeMap<>();
        for (DictionaryInfo info : backup.versions().values()) {
            if (info.status() == DictionaryInfo.Status.RETIRED
                    || info.activatedAt().isPresent()) {
                everActive.add(info.version());
            }
            info.retiredAt().ifPresent(at -> retiredAt.put(info.version(), at.toEpochMilli()));
        }
        StateRecord from =
                new StateRecord(1, 0, Map.of(), new TreeSet<>(), removed, everActive, retiredAt, Map.of(), -1, -1);
        return next(from, VersionTable.EMPTY, backup, basedOn, nowMillis);
    }

    /**
     * {@code next} with {@code kept} not removed, as a reader takes a state record whose removal of those
     * versions it refused: each keeps its retirement and activation from {@code inForce}, the state record in
     * force before it; {@code everActive} are the versions the reader knows were ever active.
     */
    public static StateRecord withoutRemoval(
            StateRecord next, SortedSet<Integer> kept, StateRecord inForce, SortedSet<Integer> everActive) {
        SortedSet<Integer> removed = new TreeSet<>(next.removed());
        removed.removeAll(kept);
        SortedSet<Integer> retired = new TreeSet<>(next.retired());
        SortedSet<Integer> nextEverActive = new TreeSet<>(next.everActive());
        Map<Integer, Long> retiredAt = new TreeMap<>(next.retiredAt());
        Map<Integer, Long> activatedAt = new TreeMap<>(next.activatedAt());
        for (int version : kept) {
            if (inForce.retired().contains(version)) {
                retired.add(version);
                Long at = inForce.retiredAt().get(version);
                if (at != null) {
                    retiredAt.put(version, at);
                }
            }
            if (everActive.contains(version)) {
                nextEverActive.add(version);
            }
            Long at = inForce.activatedAt().get(version);
            if (at != null) {
                activatedAt.putIfAbsent(version, at);
            }
        }
        return new StateRecord(
                next.nextVersion(),
                next.active(),
                next.activeBySubject(),
                retired,
                removed,
                nextEverActive,
                retiredAt,
                activatedAt,
                next.basedOn(),
                next.sequence(),
                next.sets());
    }
}
