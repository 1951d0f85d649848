package org.zdict.testing.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the build says when a module's API differs from its checked-in listing. */
class ApiSignaturesDiffTest {
    private static final String FILE = "core/api/zdict-core.api";
    private static final String UPDATE = ApiDiff.updateCommand("core");
    private static final String TYPE = "org.zdict.Codec: public final class";
    private static final String ENCODE = "org.zdict.Codec: public byte[] encode(byte[])";
    private static final String DECODE = "org.zdict.Codec: public byte[] decode(byte[])";

    @Test
    void theSameApiPassesWhateverTheComments() {
        ApiDiff diff = ApiDiff.of(List.of("# old comment", TYPE, DECODE, ""), List.of("# new comment", TYPE, DECODE));
        assertTrue(diff.isEmpty());
        assertEquals("", diff.failure("zdict-core", FILE, UPDATE));
    }

    @Test
    void aRemovedSignatureIsABreak() {
        ApiDiff diff = ApiDiff.of(List.of(TYPE, DECODE, ENCODE), List.of(TYPE, DECODE));
        assertEquals(List.of(ENCODE), diff.removed());
        assertEquals(
                "API break in zdict-core:\n    " + ENCODE
                        + "\nRemoving or changing a public signature breaks users' code; if it is intended, it is a"
                        + " major-version decision (before 1.0: a minor release with a CHANGELOG entry): update " + FILE
                        + " in the same change (mvn test -pl core -am -Dtest=ApiSignaturesTest"
                        + " -Dsurefire.failIfNoSpecifiedTests=false -Dzdict.api.update=true rewrites it)",
                diff.failure("zdict-core", FILE, UPDATE));
    }

    @Test
    void aChangedSignatureIsABreakThatShowsTheOldAndTheNewLine() {
        String changed = "org.zdict.Codec: public byte[] decode(byte[], int)";
        ApiDiff diff = ApiDiff.of(List.of(TYPE, DECODE), List.of(TYPE, changed));
        String failure = diff.failure("zdict-core", FILE, UPDATE);
        assertTrue(
                failure.startsWith("API break in zdict-core:\n    " + DECODE + "\nand added or changed to:\n    "
                        + changed + "\n"),
                failure);
    }

    @Test
    void anAddedSignatureIsNewApiToAddToTheFile() {
        ApiDiff diff = ApiDiff.of(List.of(TYPE, DECODE), List.of(TYPE, DECODE, ENCODE));
        assertEquals(List.of(), diff.removed());
        assertEquals(
                "new API in zdict-core:\n    " + ENCODE + "\nAdd them to " + FILE + " in the same change (" + UPDATE
                        + " rewrites it)",
                diff.failure("zdict-core", FILE, UPDATE));
    }
}
