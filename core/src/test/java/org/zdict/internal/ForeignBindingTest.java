package org.zdict.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.BindingProbe;
import org.zdict.testing.ChildProcess;
import org.zdict.testing.NewerJdk;

/**
 * Which binding zstd-jni runs: JNI on Java 17, its foreign-function binding on a JDK 22+ when its jar
 * is read as multi-release, and JNI again when a repackaging drops the {@code Multi-Release} line (what
 * every shaded jar zdict builds must not do: KafkaPluginJarIT and ZdictJarIT check those).
 */
class ForeignBindingTest {
    @TempDir
    Path temp;

    @Test
    void java17RunsTheJniBinding() {
        assumeTrue(Runtime.version().feature() < NewerJdk.RELEASE, "the tests run on Java 22+");
        assertFalse(ZstdJniFeatures.FOREIGN_FUNCTION_BINDING);
        assertEquals("JNI binding", ZstdJniFeatures.binding());
    }

    @Test
    void aNewerJdkRunsTheForeignFunctionBindingFromZstdJnisOwnJar() throws Exception {
        ChildProcess.Result result = probe(System.getProperty("java.class.path"));

        assertTrue(result.out().contains("binding: foreign-function binding (Java 22+)"), result::toString);
        assertTrue(result.out().contains("round trip: ok"), result::toString);
    }

    @Test
    void aRepackagedJarWithoutTheMultiReleaseLineFallsBackToJni() throws Exception {
        String classPath = System.getProperty("java.class.path");
        String zstdJni = Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> entry.contains("zstd-jni"))
                .findFirst()
                .orElseThrow();
        Path stripped = withoutManifest(Path.of(zstdJni), temp.resolve("zstd-jni-repackaged.jar"));

        ChildProcess.Result result = probe(classPath.replace(zstdJni, stripped.toString()));

        assertTrue(result.out().contains("binding: JNI binding"), result::toString);
        assertTrue(result.out().contains("round trip: ok"), result::toString);
    }

    private ChildProcess.Result probe(String classPath) throws Exception {
        return BindingProbe.onNewerJdk(classPath, temp);
    }

    /** A copy of {@code jar} without its manifest, as a careless shading makes it. */
    private static Path withoutManifest(Path jar, Path copy) throws IOException {
        try (JarFile in = new JarFile(jar.toFile());
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(copy))) {
            Enumeration<JarEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (entry.getName().equals(JarFile.MANIFEST_NAME) || entry.isDirectory()) {
                    continue;
                }
                out.putNextEntry(new JarEntry(entry.getName()));
                in.getInputStream(entry).transferTo(out);
                out.closeEntry();
            }
        }
        return copy;
    }
}
