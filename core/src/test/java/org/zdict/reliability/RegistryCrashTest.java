package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * A directory registry survives writers killed with SIGKILL at random moments, and writers in several
 * processes at once: it always opens, every listed version loads with its recorded SHA-256, and the
 * state is the one before or after the change that was cut short, never a mix.
 */
class RegistryCrashTest {
    private static final boolean SOAK = Boolean.getBoolean("zdict.soak");
    private static final int KILLS = Integer.getInteger("zdict.kills", SOAK ? 300 : 30);
    private static final List<String> CHILD_JVM = List.of("-Xmx64m", "-XX:TieredStopAtLevel=1", "-Xshare:auto");

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    @Test
    void publishKilledAtRandomMomentsLeavesTheOldOrTheNewState() throws Exception {
        assumeTrue(isLinux(), "destroyForcibly is SIGKILL on Linux");
        Random random = new Random(20261129);
        String state = RegistryFingerprint.of(List.of());
        int killedMidChange = 0;
        int killedAfterCommit = 0;
        int changesSeen = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            CountDownLatch ready = new CountDownLatch(1);
            Path log = logs.resolve("child-" + kill + ".log");
            ChildJvm child = ChildJvm.start(
                    PublishLoop.class,
                    CHILD_JVM,
                    List.of(dir.toString(), Long.toString(kill), log.toString()),
                    line -> {
                        if (line.equals("ready")) {
                            ready.countDown();
                        }
                    });
            assertTrue(ready.await(2, TimeUnit.MINUTES), "child never got ready: " + child.lines());
            Thread.sleep(random.nextInt(400));
            child.kill();
            assertEquals(List.of("ready"), child.lines(), "the child failed before it was killed");

            String lastDone = state;
            String lastIntent = null;
            List<String> lines = completeLines(log);
            for (String line : lines) {
                if (line.startsWith("intent=")) {
                    lastIntent = line.substring("intent=".length());
                } else if (line.startsWith("done=")) {
                    lastDone = line.substring("done=".length());
                    lastIntent = null;
                    changesSeen++;
                }
            }
            String onDisk = verifyReadable(dir);
            if (onDisk.equals(lastDone)) {
                killedMidChange += lastIntent != null ? 1 : 0;
            } else {
                assertEquals(
                        lastIntent,
                        onDisk,
                        "after kill " + kill + " the registry is neither the state before the interrupted change"
                                + " nor the state after it; before was " + lastDone + "; the child's last lines: "
                                + tail(lines));
                killedAfterCommit++;
            }
            state = onDisk;
        }
        long leftovers = temporaryFiles(dir);
        System.out.printf(
                "registry kills: %d SIGKILLs survived, %d completed changes, %d kills mid-change kept the old state,"
                        + " %d kills after the commit kept the new state, %d temporary files left behind%n",
                KILLS, changesSeen, killedMidChange, killedAfterCommit, leftovers);
        assertTrue(changesSeen > 0, "the child never completed a change: the test did not exercise anything");
    }

    @Test
    void processesPublishingAtOnceNeverShareAVersionNumber() throws Exception {
        int writers = 3;
        int each = SOAK ? 200 : 40;
        long startAt = System.currentTimeMillis() + 3000;
        List<ChildJvm> children = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            children.add(ChildJvm.start(
                    PublishMany.class,
                    CHILD_JVM,
                    List.of(dir.toString(), "writer-" + w, Integer.toString(each), Long.toString(startAt))));
        }
        Map<Integer, String> owners = new HashMap<>();
        for (int w = 0; w < writers; w++) {
            ChildJvm child = children.get(w);
            assertEquals(0, child.waitFor(5, TimeUnit.MINUTES), String.join("\n", child.lines()));
            for (String line : child.lines()) {
                if (line.startsWith("published=")) {
                    int version = Integer.parseInt(line.substring("published=".length()));
                    String previous = owners.put(version, "writer-" + w);
                    assertEquals(null, previous, "version " + version + " was given to two writers");
                }
            }
        }
        assertEquals(writers * each, owners.size());
        verifyReadable(dir);
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
        Set<Integer> listed = new HashSet<>();
        int active = 0;
        for (DictionaryInfo info : registry.list()) {
            listed.add(info.version());
            assertEquals(owners.get(info.version()), info.metadata().get("writer"), "version " + info.version());
            active += info.status() == DictionaryInfo.Status.ACTIVE ? 1 : 0;
        }
        assertEquals(owners.keySet(), listed);
        assertEquals(1, active, "exactly one version is active after writers activated their own");
        for (int v = 1; v <= writers * each; v++) {
            assertTrue(listed.contains(v), "version numbers have a gap at " + v);
        }
    }

    /**
     * Opens the folder as a new process would and loads every listed version, checking its SHA-256.
     *
     * @return the fingerprint of the state on disk
     */
    static String verifyReadable(Path dir) {
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir, Duration.ZERO, Clock.systemUTC());
        List<DictionaryInfo> records = registry.list();
        int active = 0;
        for (DictionaryInfo info : records) {
            Dictionary dictionary = registry.get(info.version());
            assertEquals(info.sha256(), Dictionary.sha256(dictionary.content()));
            assertEquals(info.size(), dictionary.content().length);
            active += info.status() == DictionaryInfo.Status.ACTIVE ? 1 : 0;
        }
        assertTrue(active <= 1, "more than one active version: " + records);
        return RegistryFingerprint.of(records);
    }

    /** The lines of {@code log} that were written whole (a kill may cut the last one short). */
    private static List<String> completeLines(Path log) throws IOException {
        if (!Files.exists(log)) {
            return List.of();
        }
        String text = Files.readString(log);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines.remove(lines.size() - 1);
        return lines;
    }

    private static String tail(List<String> lines) {
        StringBuilder out = new StringBuilder();
        for (String line : lines.subList(Math.max(0, lines.size() - 6), lines.size())) {
            out.append("\n  ")
                    .append(line, 0, Math.min(line.length(), 60))
                    .append("... (")
                    .append(line.length())
                    .append(" chars, ends ")
                    .append(line.substring(Math.max(0, line.length() - 40)))
                    .append(")");
        }
        return out.toString();
    }

    private static long temporaryFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".tmp-"))
                    .count();
        }
    }

    private static boolean isLinux() {
        return System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux");
    }
}
