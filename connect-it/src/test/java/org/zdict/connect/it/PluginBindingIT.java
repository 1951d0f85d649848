package org.zdict.connect.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.BindingProbe;
import org.zdict.testing.ChildProcess;
import org.zdict.testing.NewerJdk;

/**
 * The Connect plugin's folder, loaded as a worker loads a {@code plugin.path} entry (a class loader of
 * its own over the folder's jars), runs zstd-jni's foreign-function binding on a JDK 22+: the plugin
 * ships zstd-jni's own multi-release jar.
 */
class PluginBindingIT {
    @TempDir
    Path temp;

    @Test
    void onJava22OrLaterThePluginFolderRunsZstdJnisForeignFunctionBinding() throws Exception {
        Optional<Path> newer = NewerJdk.java();
        assumeTrue(newer.isPresent(), "no JDK " + NewerJdk.RELEASE + "+ on this machine (set ZDICT_JDK22_HOME)");
        Path plugin = ConnectWorker.pluginPath().resolve("zdict-connect");
        String probe = Path.of(BindingProbe.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();

        ChildProcess.Result result = ChildProcess.run(
                List.of(newer.get().toString(), "-cp", probe, BindingProbe.class.getName(), plugin.toString()),
                temp,
                Map.of(),
                Duration.ofMinutes(1));

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("binding: foreign-function binding (Java 22+)"), result::toString);
        assertTrue(result.out().contains("round trip: ok"), result::toString);
        assertTrue(result.out().contains("zstd-jni from: " + plugin.toUri().toURL()), result::toString);
    }
}
