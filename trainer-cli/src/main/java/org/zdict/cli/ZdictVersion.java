package org.zdict.cli;

import com.github.luben.zstd.util.Native;
import picocli.CommandLine.IVersionProvider;

/** {@code zdict --version}: this build's version and the zstd library it wraps. */
public final class ZdictVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = ZdictVersion.class.getPackage().getImplementationVersion();
        return new String[] {
            "zdict " + (version == null ? "(development build)" : version),
            "zstd-jni " + zstdJniVersion(),
            "Java " + System.getProperty("java.version")
        };
    }

    private static String zstdJniVersion() {
        Package zstd = Native.class.getPackage();
        String version = zstd == null ? null : zstd.getImplementationVersion();
        return version == null ? "(unknown version)" : version;
    }
}
