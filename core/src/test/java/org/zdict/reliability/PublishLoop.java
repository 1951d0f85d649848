package org.zdict.reliability;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Child-JVM main that changes a directory registry in an endless loop until it is killed: publish,
 * activate, retire and remove, chosen at random. Before each change it prints {@code intent=} and the
 * fingerprint the registry will have after it, and {@code done=} with the same fingerprint once the
 * change returned, so the killer knows which two states the folder may be left in. These lines go to a
 * log file, each in one write call, so that a kill never loses one that was written (a pipe read by the
 * killer proved less dependable). Arguments: folder, random seed, log file.
 */
public final class PublishLoop {
    private PublishLoop() {}

    private static FileOutputStream log;

    public static void main(String[] args) throws IOException {
        log = new FileOutputStream(args[2], true);
        DictionaryRegistry registry = DictionaryRegistries.openFolder(Path.of(args[0]));
        Random random = new Random(Long.parseLong(args[1]));
        System.out.println("ready");
        System.out.flush();
        for (long op = 0; ; op++) {
            List<DictionaryInfo> records = registry.list();
            int choice = random.nextInt(100);
            if (choice < 45 || records.isEmpty()) {
                byte[] content = fakeDictionary(random);
                Map<String, String> metadata = Map.of("op", Long.toString(op), "writer", args[1]);
                int version =
                        records.isEmpty() ? 1 : records.get(records.size() - 1).version() + 1;
                DictionaryInfo expected = DictionaryInfo.builder(version)
                        .sha256(Dictionary.sha256(content))
                        .size(content.length)
                        .level(3)
                        .createdAt(java.time.Instant.EPOCH)
                        .status(DictionaryInfo.Status.AVAILABLE)
                        .metadata(metadata)
                        .build();
                change(records, state -> {
                    state.put(version, expected);
                    return state;
                });
                DictionaryInfo published = registry.publish(content, 3, metadata);
                if (published.version() != version) {
                    throw new AssertionError("published as version " + published.version() + ", expected " + version);
                }
            } else if (choice < 75) {
                DictionaryInfo target = pick(records, random, info -> info.status() == DictionaryInfo.Status.AVAILABLE);
                if (target == null) {
                    continue;
                }
                change(records, state -> {
                    state.replaceAll((v, info) -> info.status() == DictionaryInfo.Status.ACTIVE
                            ? info.withStatus(DictionaryInfo.Status.AVAILABLE)
                            : info);
                    state.put(target.version(), target.withStatus(DictionaryInfo.Status.ACTIVE));
                    return state;
                });
                registry.activate(target.version());
            } else if (choice < 90) {
                DictionaryInfo target = pick(records, random, info -> info.status() == DictionaryInfo.Status.AVAILABLE);
                if (target == null) {
                    continue;
                }
                change(records, state -> {
                    state.put(target.version(), target.withStatus(DictionaryInfo.Status.RETIRED));
                    return state;
                });
                registry.retire(target.version());
            } else {
                int highest = records.get(records.size() - 1).version();
                DictionaryInfo target = pick(
                        records,
                        random,
                        info -> info.status() == DictionaryInfo.Status.RETIRED && info.version() != highest);
                if (target == null) {
                    continue;
                }
                change(records, state -> {
                    state.remove(target.version());
                    return state;
                });
                registry.remove(target.version());
            }
            log("done=" + RegistryFingerprint.of(registry.list()));
        }
    }

    /** Prints the fingerprint that {@code records} will have after {@code edit}. */
    private static void change(List<DictionaryInfo> records, UnaryOperator<SortedMap<Integer, DictionaryInfo>> edit) {
        SortedMap<Integer, DictionaryInfo> state = new TreeMap<>();
        records.forEach(info -> state.put(info.version(), info));
        List<DictionaryInfo> after = new ArrayList<>(edit.apply(state).values());
        log("op=" + describe(records, after));
        log("intent=" + RegistryFingerprint.of(after));
    }

    private static void log(String line) {
        try {
            log.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The records that differ between two states, for the killer's diagnostics. */
    private static String describe(List<DictionaryInfo> before, List<DictionaryInfo> after) {
        List<String> changed = new ArrayList<>();
        for (DictionaryInfo info : after) {
            if (!before.contains(info)) {
                changed.add(info.version() + "->" + info.status().label());
            }
        }
        for (DictionaryInfo info : before) {
            if (after.stream().noneMatch(a -> a.version() == info.version())) {
                changed.add(info.version() + "->removed");
            }
        }
        return String.join(",", changed);
    }

    private static DictionaryInfo pick(
            List<DictionaryInfo> records, Random random, java.util.function.Predicate<DictionaryInfo> eligible) {
        List<DictionaryInfo> candidates = records.stream().filter(eligible).toList();
        return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
    }

    /**
     * Bytes that the registry accepts as a dictionary (magic number and id) of 1 to 256 KiB: the
     * registry never parses them, and their size widens the window in which a kill lands mid-write.
     */
    static byte[] fakeDictionary(Random random) {
        byte[] content = new byte[1024 + random.nextInt(255 * 1024)];
        random.nextBytes(content);
        content[0] = 0x37;
        content[1] = (byte) 0xA4;
        content[2] = 0x30;
        content[3] = (byte) 0xEC;
        return content;
    }
}
