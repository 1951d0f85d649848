package org.zdict.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.zdict.codec.ZdictCodecBuilder;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code zdict --version} (on every command): this build's Maven project version, the zstd library it
 * wraps, the binding it reaches libzstd through (JNI, or the foreign-function API on Java 22+) and the Java
 * it runs on.
 */
public final class ZdictVersion implements IVersionProvider {
    /** Written by the build from {@code ${project.version}} (resource filtering in trainer-cli/pom.xml). */
    static final String RESOURCE = "zdict.properties";

    @Override
    public String[] getVersion() {
        Properties build = build();
        return new String[] {
            "zdict " + value(build, "version", "(development build)"),
            "zstd-jni " + value(build, "zstd-jni", "(unknown version)") + ", " + ZdictCodecBuilder.zstdJniBinding(),
            "Java " + System.getProperty("java.version")
        };
    }

    /** The Maven project version this build was made from. */
    static String projectVersion() {
        return value(build(), "version", "(development build)");
    }

    private static Properties build() {
        Properties properties = new Properties();
        try (InputStream in = ZdictVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** The value written by the build, or {@code otherwise} when the resource was not filtered (an IDE build). */
    private static String value(Properties build, String key, String otherwise) {
        String value = build.getProperty(key);
        return value == null || value.startsWith("$") ? otherwise : value;
    }
}
