package org.zdict.internal;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import java.security.CodeSource;

/**
 * The oldest zstd-jni release the codec works with, and the check of the one on the class path. The
 * floor is Spark 3.5's zstd-jni: Spark puts its own first on every class path, and a JNI library cannot
 * be shaded. Methods added since (see {@link ZstdJniFeatures}) are used when present, with a fallback
 * that gives the same results otherwise. A user's build can also end up with an older zstd-jni:
 * kafka-clients 3.4 brings 1.5.2-1, and Maven's nearest-first mediation picks it over zdict's unless the
 * build imports {@code org.zdict:zdict-bom}. {@code ZdictCodecBuilder#build()} and zdict-train's
 * {@code DictionaryTrainer.train} (through {@code ZdictCodecBuilder.checkZstdJni()}) call {@link #check()} before any zstd-jni call, so such a class path fails
 * with this message instead of a {@code NoSuchMethodError} on the first record or dictionary.
 */
public final class ZstdJniFloor {
    /** The oldest zstd-jni the codec is tested on (Spark 3.5's), with the fallbacks of {@link ZstdJniFeatures}. */
    public static final String FLOOR = "1.5.5-4";

    /** Null if the zstd-jni on the class path is recent enough, else why not. Probed once. */
    private static final String PROBLEM = probe();

    private ZstdJniFloor() {}

    /**
     * @throws IllegalStateException naming the release found and the one needed, if it is too old
     */
    public static void check() {
        if (PROBLEM != null) {
            throw new IllegalStateException(PROBLEM);
        }
    }

    /**
     * A zstd-jni release such as 1.5.7-28 as one number that orders releases, or -1 if {@code version}
     * is not of that form.
     */
    public static long release(String version) {
        String[] parts = version.split("[.-]");
        if (parts.length > 4) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < 4; i++) {
            int part;
            try {
                part = i < parts.length ? Integer.parseInt(parts[i]) : 0;
            } catch (NumberFormatException e) {
                return -1;
            }
            if (part < 0 || part > 999) {
                return -1;
            }
            value = value * 1000 + part;
        }
        return value;
    }

    private static String probe() {
        // The release its manifest names; a repackaged jar may name none, then only the methods tell.
        String found = Zstd.class.getPackage().getImplementationVersion();
        long release = found == null ? -1 : release(found);
        if ((release >= 0 && release < release(FLOOR)) || !hasTheFloorsMethods()) {
            CodeSource source = Zstd.class.getProtectionDomain().getCodeSource();
            return "zdict needs zstd-jni " + FLOOR + " or newer, but the class path has zstd-jni "
                    + (found == null ? "of an unknown older release" : found)
                    + (source == null ? "" : " (" + source.getLocation() + ")")
                    + ". kafka-clients brings an older one: import org.zdict:zdict-bom in the build's"
                    + " dependencyManagement (it keeps zdict's), or declare com.github.luben:zstd-jni " + FLOOR
                    + " or newer directly";
        }
        return null;
    }

    /**
     * The newest of the methods the codec calls on every release (no class is initialized: no native code
     * loads): the streaming decoder over direct buffers and the context reset, which 1.5.2-1 lacks.
     */
    private static boolean hasTheFloorsMethods() {
        return ZstdJniFeatures.has(
                        ZstdDecompressCtx.class, "decompressDirectByteBufferStream", ByteBuffer.class, ByteBuffer.class)
                && ZstdJniFeatures.has(ZstdDecompressCtx.class, "reset");
    }
}
