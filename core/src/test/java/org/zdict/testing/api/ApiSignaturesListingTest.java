package org.zdict.testing.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.api.fixture.Sample;

/**
 * The listing of a module's API, on a folder that holds the class files of {@code org.zdict.testing.api.fixture}
 * as a module's target/classes would.
 */
class ApiSignaturesListingTest {
    private static final String FIXTURE = "org/zdict/testing/api/fixture";
    private static final String EXCLUDED = "org.zdict.testing.api.fixture.Excluded";
    private static final String S = "org.zdict.testing.api.fixture.Sample";

    /**
     * The fixture's module-info.class, compiled with {@code javac --release 17} from {@code module zdict.fixture
     * { exports org.zdict.testing.api.fixture; exports org.zdict.testing.api.fixture.internal to zdict.friend; }}
     * and the fixture's sources.
     */
    private static final String MODULE_INFO = "fixture-module-info.bin";

    @TempDir
    Path classes;

    @Test
    void listsEveryPublicAndProtectedMemberOnceWithoutSyntheticOrBridgeMethods() throws IOException {
        copyFixture();
        List<String> expected = Stream.of(
                        S + ": public class<T extends java.lang.Comparable<T>> extends"
                                + " org.zdict.testing.api.fixture.Base implements java.util.function.Supplier<T>",
                        S + ": protected Sample(T) throws java.io.IOException, java.lang.IllegalStateException",
                        S + ": protected int count",
                        S + ": public Sample()",
                        S + ": public T get()",
                        S + ": public final void fill(int[][], java.util.Map.Entry<java.lang.String, ?>)",
                        S + ": public static <K, V extends java.lang.Number> java.util.Map<K, ? super V>"
                                + " map(java.util.List<? extends K>, V...)",
                        S + ": public static final boolean ON = true",
                        S + ": public static final char QUOTE = '\\''",
                        S + ": public static final double HALF = 0.5",
                        S + ": public static final int COMPUTED",
                        S + ": public static final int LIMIT = 3",
                        S + ": public static final java.lang.String FROM_BASE = \"base\"",
                        S + ": public static final java.lang.String LEVEL_DOC",
                        S + ": public static final java.lang.String NAME = \"it's \\\"b\\\"\\u000a\\u00e9\"",
                        S + ": public static final java.util.List<java.lang.String> NAMES",
                        S + ": public static final long BIG = 1099511627776L",
                        S + ": public void inherited()",
                        S + ": public void overridden()",
                        S + ".Inner: public class",
                        S + ".Inner: public <X> Inner(java.util.List<X>)",
                        S + ".Inner: public Inner(java.lang.String)",
                        S + ".Listener: protected interface",
                        S + ".Listener: public abstract void on(java.lang.String)",
                        S + ".Listener: public default void off()",
                        S + ".Listener: public static " + S + ".Listener none()",
                        S + ".Marker: public @interface",
                        S + ".Marker: public abstract int weight()",
                        S + ".Mode: public enum",
                        S + ".Mode: enum constant FAST",
                        S + ".Mode: enum constant SLOW",
                        S + ".Mode: public static " + S + ".Mode valueOf(java.lang.String)",
                        S + ".Mode: public static " + S + ".Mode[] values()",
                        S + ".Stats: public record",
                        S + ".Stats: public Stats(long, java.util.List<java.lang.String>)",
                        S + ".Stats: public final boolean equals(java.lang.Object)",
                        S + ".Stats: public final int hashCode()",
                        S + ".Stats: public final java.lang.String toString()",
                        S + ".Stats: public java.util.List<java.lang.String> names()",
                        S + ".Stats: public long hits()",
                        S + ".Stats: record component java.util.List<java.lang.String> names",
                        S + ".Stats: record component long hits")
                .toList();
        assertEquals(expected, list(Map.of(EXCLUDED, "a test says so")));
    }

    @Test
    void withoutModuleInfoEveryPackageWithoutAnInternalSegmentIsApi() throws IOException {
        copyFixture();
        List<String> listing = list(Map.of());
        assertTrue(listing.contains(EXCLUDED + ": public final class"), String.join("\n", listing));
        assertTrue(listing.stream().noneMatch(line -> line.contains(".internal.")), String.join("\n", listing));
    }

    @Test
    void withModuleInfoOnlyPackagesExportedToEveryoneAreApi() throws IOException {
        copyFixture();
        try (InputStream moduleInfo = getClass().getResourceAsStream(MODULE_INFO)) {
            Files.copy(moduleInfo, classes.resolve("module-info.class"));
        }
        ApiScope scope = ApiScope.of(classes, Map.of(EXCLUDED, "a test says so"));
        assertTrue(scope.covers(S + "$Stats"));
        assertEquals(false, scope.covers("org.zdict.testing.api.fixture.internal.Helper"), "exported only to a friend");
        assertEquals(false, scope.covers(EXCLUDED));
        assertEquals(List.of("# Not API: " + EXCLUDED + " (a test says so)"), scope.header());
    }

    @Test
    void refusesANotApiNameThatNamesNoClass() throws IOException {
        copyFixture();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> list(Map.of("org.zdict.testing.api.fixture.Gone", "moved")));
        assertTrue(e.getMessage().startsWith("Not-API entry 'org.zdict.testing.api.fixture.Gone' names no class"));
    }

    @Test
    void refusesAFolderThatDoesNotExist() {
        IOException e = assertThrows(
                IOException.class,
                () -> ApiSignatures.list(
                        classes.resolve("absent"), getClass().getClassLoader(), ApiScope.of(classes, Map.of())));
        assertTrue(e.getMessage().startsWith("Not a folder of compiled classes: "), e.getMessage());
    }

    private List<String> list(Map<String, String> notApi) throws IOException {
        return ApiSignatures.list(classes, Sample.class.getClassLoader(), ApiScope.of(classes, notApi));
    }

    /** The fixture's class files, alone in a folder as a module's target/classes. */
    private void copyFixture() throws IOException {
        Path compiled =
                Path.of(Sample.class.getResource("Sample.class").getPath()).getParent();
        try (Stream<Path> files = Files.walk(compiled)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = classes.resolve(FIXTURE)
                        .resolve(compiled.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        }
    }
}
