package org.zdict.internal;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;

/**
 * The methods that the zstd-jni on the class path has beyond the floor ({@link ZstdJniFloor#FLOOR}),
 * looked up once when this class loads. Each call site picks zstd-jni's newer method or zdict's fallback
 * by one of these constants: no reflection per record, and on a recent zstd-jni no fallback is ever taken.
 * Spark puts its own zstd-jni first on the class path (1.5.5-4 with Spark 3.5, 1.5.6-9 with 4.0, 1.5.7-6
 * with 4.1, 1.5.7-7 with 4.2), so the fallbacks are what runs there. Looking a method up initializes no
 * class: no native code loads.
 */
public final class ZstdJniFeatures {
    /**
     * {@code ZstdDecompressCtx.decompressDirectByteBufferToByteArray}, since 1.5.7-2. Before it, a payload
     * in a direct buffer is copied to the heap first.
     */
    public static final boolean DECOMPRESSES_DIRECT_TO_ARRAY = has(
            ZstdDecompressCtx.class,
            "decompressDirectByteBufferToByteArray",
            byte[].class,
            int.class,
            int.class,
            ByteBuffer.class,
            int.class,
            int.class);

    /**
     * {@code ZstdDecompressCtx.decompressByteBufferStream}, the streaming decoder over heap buffers, since
     * 1.5.7-23. Before it, only {@code decompressDirectByteBufferStream} streams, over direct buffers.
     */
    public static final boolean STREAMS_HEAP_BUFFERS =
            has(ZstdDecompressCtx.class, "decompressByteBufferStream", ByteBuffer.class, ByteBuffer.class);

    /**
     * Whether zstd-jni calls libzstd through the foreign-function API rather than JNI: zstd-jni 1.5.7-28 and
     * later carry that binding ({@code ZstdBinding}) under {@code META-INF/versions/22}, which a JDK 22 or
     * later reads only from a jar whose manifest says {@code Multi-Release: true}. Java 17 to 21, an older
     * zstd-jni, or a repackaged jar without that manifest line all mean JNI. Decoding costs less CPU through
     * the foreign-function binding (docs/BENCHMARKS.md); both give the same bytes.
     */
    public static final boolean FOREIGN_FUNCTION_BINDING = loads("com.github.luben.zstd.ZstdBinding");

    private ZstdJniFeatures() {}

    /** The binding in use, as {@code zdict --version} and the serde's first configure name it. */
    public static String binding() {
        return FOREIGN_FUNCTION_BINDING ? "foreign-function binding (Java 22+)" : "JNI binding";
    }

    /** Whether zstd-jni's class loader finds the class {@code name}, without initializing it. */
    static boolean loads(String name) {
        try {
            Class.forName(name, false, Zstd.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether {@code type} has the public method {@code name(parameters)}. */
    static boolean has(Class<?> type, String name, Class<?>... parameters) {
        try {
            type.getMethod(name, parameters);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
