package org.zdict.connect.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.BindingProbe;
import org.zdict.testing.ChildProcess;

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
        Path plugin = ConnectWorker.pluginPath().resolve("zdict-connect");

        ChildProcess.Result result = BindingProbe.onNewerJdk("", temp, plugin.toString());

        assertTrue(result.out().contains("binding: foreign-function binding (Java 22+)"), result::toString);
        assertTrue(result.out().contains("round trip: ok"), result::toString);
        assertTrue(result.out().contains("zstd-jni from: " + plugin.toUri().toURL()), result::toString);
    }
}
