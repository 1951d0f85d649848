package org.zdict.cli;

import com.github.luben.zstd.util.Native;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code zdict --version} (on every command): this build's Maven project version, the zstd library it
 * wraps and the Java it runs on.
 */
public final class ZdictVersion implements IVersionProvider {
    /** Written by the build from {@code ${project.version}} (resource filtering in trainer-cli/pom.xml). */
    static final String RESOURCE = "zdict.properties";

    @Override
    public String[] getVersion() {
        return new String[] {
            "zdict " + projectVersion(), "zstd-jni " + zstdJniVersion(), "Java " + System.getProperty("java.version")
        };
    }

    /** The Maven project version this build was made from. */
    static String projectVersion() {
        Properties properties = new Properties();
        try (InputStream in = ZdictVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = properties.getProperty("version");
        return version == null || version.startsWith("$") ? "(development build)" : version;
    }

    private static String zstdJniVersion() {
        Package zstd = Native.class.getPackage();
        String version = zstd == null ? null : zstd.getImplementationVersion();
        return version == null ? "(unknown version)" : version;
    }
}
