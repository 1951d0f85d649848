package org.zdict.internal;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import java.security.CodeSource;

/**
 * The oldest zstd-jni release the codec works with, and the check of the one on the class path. A
 * user's build can end up with an older one: kafka-clients brings its own (1.5.2-1 with 3.4, 1.5.6-x
 * with 3.9 to 4.3), and Maven's nearest-first mediation picks it over zdict's unless the build imports
 * {@code org.zdict:zdict-bom}. {@code ZdictCodec.Builder#build()} and {@code DictionaryTrainer.train} call
 * {@link #check()} before any zstd-jni call, so such a class path fails with this message instead of a
 * {@code NoSuchMethodError} on the first record or dictionary.
 */
public final class ZstdJniFloor {
    /** The oldest zstd-jni with every method the codec calls. */
    public static final String FLOOR = "1.5.7-23";

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

    private static String probe() {
        try {
            // The newest of the methods the codec and the trainer call (no class is initialized: no native
            // code loads).
            Zstd.class.getMethod("trainFromBuffer", byte[][].class, byte[].class, boolean.class, int.class);
            ZstdDecompressCtx.class.getMethod("decompressByteBufferStream", ByteBuffer.class, ByteBuffer.class);
            ZstdDecompressCtx.class.getMethod(
                    "decompressDirectByteBufferToByteArray",
                    byte[].class,
                    int.class,
                    int.class,
                    ByteBuffer.class,
                    int.class,
                    int.class);
            return null;
        } catch (NoSuchMethodException e) {
            String found = Zstd.class.getPackage().getImplementationVersion();
            CodeSource source = Zstd.class.getProtectionDomain().getCodeSource();
            return "zdict needs zstd-jni " + FLOOR + " or newer, but the class path has zstd-jni "
                    + (found == null ? "of an unknown older release" : found)
                    + (source == null ? "" : " (" + source.getLocation() + ")")
                    + ". kafka-clients brings an older one: import org.zdict:zdict-bom in the build's"
                    + " dependencyManagement (it keeps zdict's), or declare com.github.luben:zstd-jni " + FLOOR
                    + " or newer directly";
        }
    }
}
