package org.zdict.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.zdict.ZdictException;

/**
 * Sizes and trains the dictionaries of a split: one per kind with at least {@link
 * SplitSearch#MIN_KIND_EVENTS} training events (the {@link #MAX_MEMBERS} largest), and a fallback for the
 * rest, together exactly the total size the one dictionary has. The fallback gets the rest's share of the
 * total, at least {@link #MIN_DICT_BYTES}; the members share what remains by their share of the events,
 * each rounded down to a whole KiB, and a member that would get less than {@link #MIN_DICT_BYTES} goes to
 * the fallback instead. The fallback is trained on the events left to it, or on every training event when
 * fewer than {@link SplitSearch#MIN_KIND_EVENTS} are left (it must still serve kinds no one has seen).
 */
final class SplitTrainer {
    /** The smallest dictionary of a set: below it a dictionary holds too little of its kind to pay its way. */
    static final int MIN_DICT_BYTES = 8 << 10;
    /** The most members trained: a set may name 256, but each costs training time and a cache entry. */
    static final int MAX_MEMBERS = 64;

    private SplitTrainer() {}

    /** Member kind to dictionary size, in order of size, and the fallback's size; totals the one size. */
    record Allocation(Map<String, Integer> members, int fallback) {}

    /** The split's dictionaries, members in the allocation's order. */
    record Trained(Map<String, byte[]> members, byte[] fallback, boolean fallbackOnAll, long millis) {}

    /** {@return the sizes for {@code total} bytes, or null when no kind can have a dictionary of its own} */
    static Allocation allocate(KindGrouping grouping, int total) {
        List<Map.Entry<String, List<byte[]>>> large = grouping.byKind().entrySet().stream()
                .filter(e -> e.getValue().size() >= SplitSearch.MIN_KIND_EVENTS)
                .sorted(Comparator.comparingInt((Map.Entry<String, List<byte[]>> e) ->
                                e.getValue().size())
                        .reversed())
                .limit(MAX_MEMBERS)
                .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        long events = grouping.noKind().size()
                + grouping.byKind().values().stream().mapToLong(List::size).sum();
        while (!large.isEmpty()) {
            long inMembers = large.stream().mapToLong(e -> e.getValue().size()).sum();
            if (large.size() == 1 && inMembers == events) {
                return null; // one kind only: that is the one dictionary again
            }
            int fallback = Math.max(MIN_DICT_BYTES, kib((double) total * (events - inMembers) / events));
            int left = total - fallback;
            Map<String, Integer> members = new LinkedHashMap<>();
            for (Map.Entry<String, List<byte[]>> kind : large) {
                members.put(kind.getKey(), kib((double) left * kind.getValue().size() / inMembers));
            }
            int smallest =
                    members.values().stream().mapToInt(Integer::intValue).min().orElseThrow();
            if (smallest >= MIN_DICT_BYTES) {
                int used = members.values().stream().mapToInt(Integer::intValue).sum();
                return new Allocation(members, total - used);
            }
            large.remove(large.size() - 1);
        }
        return null;
    }

    /** Trains every dictionary of {@code allocation} at {@code level}, {@code threads} at a time. */
    static Trained train(KindGrouping grouping, List<byte[]> every, Allocation allocation, int level, int threads) {
        long begin = System.nanoTime();
        List<byte[]> rest = new ArrayList<>(grouping.noKind());
        grouping.byKind().forEach((kind, events) -> {
            if (!allocation.members().containsKey(kind)) {
                rest.addAll(events);
            }
        });
        boolean onAll = rest.size() < SplitSearch.MIN_KIND_EVENTS;
        List<byte[]> fallbackEvents = onAll ? every : rest;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            // The fallback first: it is often the largest job.
            Future<byte[]> fallback =
                    pool.submit(() -> DictionaryTrainer.train(fallbackEvents, allocation.fallback(), level));
            Map<String, Future<byte[]>> futures = new LinkedHashMap<>();
            allocation
                    .members()
                    .forEach((kind, size) -> futures.put(
                            kind,
                            pool.submit(() ->
                                    DictionaryTrainer.train(grouping.byKind().get(kind), size, level))));
            Map<String, byte[]> members = new LinkedHashMap<>();
            for (Map.Entry<String, Future<byte[]>> future : futures.entrySet()) {
                members.put(future.getKey(), get(future.getValue(), "kind '" + future.getKey() + "'"));
            }
            byte[] fallbackDictionary = get(fallback, "the fallback");
            return new Trained(members, fallbackDictionary, onAll, (System.nanoTime() - begin) / 1_000_000);
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] get(Future<byte[]> future, String what) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ZdictException) {
                throw new ZdictException("zstd could not train the dictionary of " + what + ": " + cause.getMessage());
            }
            throw new ZdictException("Training the dictionary of " + what + " failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ZdictException("Interrupted while training", e);
        }
    }

    /** Rounded down to a whole KiB. */
    private static int kib(double bytes) {
        return (int) (bytes / 1024) * 1024;
    }
}
