package org.zdict.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A JDK of release 22 or later beside the one running the tests, for checks of what zdict's jars do
 * there (zstd-jni's foreign-function binding). The property {@code zdict.jdk22.home} or the variable
 * {@code ZDICT_JDK22_HOME} names one; otherwise the newest under {@code /usr/lib/jvm} is taken, as this
 * project's machines carry a Temurin JDK there.
 */
public final class NewerJdk {
    /** The first release that reads zstd-jni's {@code META-INF/versions/22} classes. */
    public static final int RELEASE = 22;

    private NewerJdk() {}

    /** The {@code java} launcher of a JDK 22+, or empty when this machine has none. */
    public static Optional<Path> java() {
        String named = System.getProperty("zdict.jdk22.home", System.getenv("ZDICT_JDK22_HOME"));
        if (named != null && !named.isBlank()) {
            return launcher(Path.of(named)).filter(java -> release(Path.of(named)) >= RELEASE);
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(home -> release(home) >= RELEASE)
                    .max(Comparator.comparingInt(NewerJdk::release))
                    .flatMap(NewerJdk::launcher);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> launcher(Path home) {
        Path java = home.resolve("bin").resolve("java");
        return Files.isExecutable(java) ? Optional.of(java) : Optional.empty();
    }

    /** The feature release in {@code home/release} ({@code JAVA_VERSION="25.0.3"} gives 25), or 0. */
    static int release(Path home) {
        Path file = home.resolve("release");
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        Properties release = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            release.load(in);
        } catch (IOException e) {
            return 0;
        }
        String version = release.getProperty("JAVA_VERSION", "").replace("\"", "");
        String feature = version.split("[.+-]")[0];
        try {
            return Integer.parseInt(feature);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
