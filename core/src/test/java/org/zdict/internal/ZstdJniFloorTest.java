package org.zdict.internal;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The zstd-jni zdict builds with (and the BOM pins) is at or above the floor the codec checks. */
class ZstdJniFloorTest {
    private static final Pattern PIN = Pattern.compile("<zstd-jni\\.version>([^<]+)</zstd-jni\\.version>");

    private static String pinnedIn(Path pom) throws Exception {
        Matcher matcher = PIN.matcher(Files.readString(pom));
        assertTrue(matcher.find(), "no zstd-jni.version in " + pom);
        return matcher.group(1);
    }

    private static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(dir.resolve("bom/pom.xml"))) {
            dir = dir.getParent();
        }
        return dir;
    }

    @Test
    void thePinnedZstdJniIsAtOrAboveTheFloor() throws Exception {
        String pinned = pinnedIn(projectRoot().resolve("pom.xml"));
        assertTrue(
                ZstdJniFloor.release(pinned) >= ZstdJniFloor.release(ZstdJniFloor.FLOOR),
                pinned + " is below " + ZstdJniFloor.FLOOR);
    }

    @Test
    void theZstdJniOnTheClassPathPasses() {
        assertDoesNotThrow(ZstdJniFloor::check);
    }

    @Test
    void releasesCompareByEveryPart() {
        assertTrue(ZstdJniFloor.release("1.5.5-4") < ZstdJniFloor.release("1.5.5-11"));
        assertTrue(ZstdJniFloor.release("1.5.5-11") < ZstdJniFloor.release("1.5.6-1"));
        assertTrue(ZstdJniFloor.release("1.5.7-6") < ZstdJniFloor.release("1.5.7-28"));
        assertEquals(-1, ZstdJniFloor.release("1.5.7-SNAPSHOT"));
        assertEquals(-1, ZstdJniFloor.release("1.5.7.1-2"));
    }
}
