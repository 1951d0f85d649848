package org.zdict.bench.jmh;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.util.Native;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;

/**
 * Prototype, Java 22+ only: one decompression and one compression context of the libzstd that zstd-jni
 * ships and has already loaded ({@code libzstd-jni-<version>.so}), called through the foreign-function
 * API instead of JNI. The contexts reference zstd-jni's own digested dictionaries (the {@code ZSTD_DDict*}
 * / {@code ZSTD_CDict*} in their private {@code nativePtr} field, read by reflection), since that library
 * exports no {@code ZSTD_createDDict}/{@code ZSTD_createCDict}: one digested copy, shared with zstd-jni.
 *
 * <p>Per call: one downcall, {@link Linker.Option#critical(boolean) critical} with heap access, so the
 * caller's arrays are passed where they lie (no copy, no pinning, no thread-state transition);
 * {@code ZSTD_isError} is computed in Java. {@code *OffHeap} methods take the ordinary (non-critical)
 * downcall path instead, through native buffers the bytes are copied to and from.
 *
 * <p>Not thread-safe, like a zstd context; the dictionaries must outlive it (nothing here holds
 * zstd-jni's lock on them).
 */
final class FfmZstd implements AutoCloseable {
    /** {@code ZSTD_error_maxCode}: results above {@code (size_t) -120} are error codes. */
    private static final long MAX_ERROR_CODE = 120;

    private static final int C_CONTENT_SIZE_FLAG = 200;
    private static final int C_CHECKSUM_FLAG = 201;
    private static final int C_DICT_ID_FLAG = 202;

    private static final AddressLayout ADDRESS = ValueLayout.ADDRESS;
    private static final AddressLayout C_STRING =
            ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final MethodHandle CREATE_DCTX;
    private static final MethodHandle FREE_DCTX;
    private static final MethodHandle DCTX_REF_DDICT;
    private static final MethodHandle DECOMPRESS_DCTX;
    private static final MethodHandle DECOMPRESS_DCTX_NATIVE;
    private static final MethodHandle CREATE_CCTX;
    private static final MethodHandle FREE_CCTX;
    private static final MethodHandle CCTX_REF_CDICT;
    private static final MethodHandle CCTX_SET_PARAMETER;
    private static final MethodHandle COMPRESS2;
    private static final MethodHandle COMPRESS2_NATIVE;
    private static final MethodHandle GET_ERROR_NAME;

    static {
        Native.load(); // zstd-jni's System.load of its bundled library, into this class loader
        Linker linker = Linker.nativeLinker();
        SymbolLookup zstd = SymbolLookup.loaderLookup();
        ValueLayout.OfLong size = ValueLayout.JAVA_LONG; // size_t on linux/amd64
        CREATE_DCTX = handle(linker, zstd, "ZSTD_createDCtx", FunctionDescriptor.of(ADDRESS));
        FREE_DCTX = handle(linker, zstd, "ZSTD_freeDCtx", FunctionDescriptor.of(size, ADDRESS));
        DCTX_REF_DDICT = handle(linker, zstd, "ZSTD_DCtx_refDDict", FunctionDescriptor.of(size, ADDRESS, ADDRESS));
        FunctionDescriptor work = FunctionDescriptor.of(size, ADDRESS, ADDRESS, size, ADDRESS, size);
        DECOMPRESS_DCTX = handle(linker, zstd, "ZSTD_decompressDCtx", work, Linker.Option.critical(true));
        DECOMPRESS_DCTX_NATIVE = handle(linker, zstd, "ZSTD_decompressDCtx", work);
        CREATE_CCTX = handle(linker, zstd, "ZSTD_createCCtx", FunctionDescriptor.of(ADDRESS));
        FREE_CCTX = handle(linker, zstd, "ZSTD_freeCCtx", FunctionDescriptor.of(size, ADDRESS));
        CCTX_REF_CDICT = handle(linker, zstd, "ZSTD_CCtx_refCDict", FunctionDescriptor.of(size, ADDRESS, ADDRESS));
        CCTX_SET_PARAMETER = handle(
                linker,
                zstd,
                "ZSTD_CCtx_setParameter",
                FunctionDescriptor.of(size, ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        COMPRESS2 = handle(linker, zstd, "ZSTD_compress2", work, Linker.Option.critical(true));
        COMPRESS2_NATIVE = handle(linker, zstd, "ZSTD_compress2", work);
        GET_ERROR_NAME = handle(linker, zstd, "ZSTD_getErrorName", FunctionDescriptor.of(C_STRING, size));
    }

    private static MethodHandle handle(
            Linker linker, SymbolLookup lookup, String name, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment symbol = lookup.find(name)
                .orElseThrow(() -> new IllegalStateException(name + " is not exported by zstd-jni's native library"));
        return linker.downcallHandle(symbol, descriptor, options);
    }

    private final MemorySegment dctx;
    private final MemorySegment cctx;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment nativeSrc;
    private final MemorySegment nativeDst;

    /** {@code bufferSize}: the largest input or output of the {@code *OffHeap} calls. */
    FfmZstd(ZstdDictDecompress decompress, ZstdDictCompress compress, int bufferSize) {
        try {
            dctx = (MemorySegment) CREATE_DCTX.invokeExact();
            check("ZSTD_DCtx_refDDict", (long) DCTX_REF_DDICT.invokeExact(dctx, nativePointer(decompress)));
            cctx = (MemorySegment) CREATE_CCTX.invokeExact();
            check("ZSTD_CCtx_refCDict", (long) CCTX_REF_CDICT.invokeExact(cctx, nativePointer(compress)));
            // As SingleEvents' bare zstd-jni context: content size and dictionary id on, no checksum.
            check("contentSizeFlag", (long) CCTX_SET_PARAMETER.invokeExact(cctx, C_CONTENT_SIZE_FLAG, 1));
            check("checksumFlag", (long) CCTX_SET_PARAMETER.invokeExact(cctx, C_CHECKSUM_FLAG, 0));
            check("dictIDFlag", (long) CCTX_SET_PARAMETER.invokeExact(cctx, C_DICT_ID_FLAG, 1));
        } catch (Throwable e) {
            throw new IllegalStateException("Cannot set up the FFM contexts", e);
        }
        nativeSrc = arena.allocate(bufferSize);
        nativeDst = arena.allocate(bufferSize);
    }

    /**
     * zstd-jni's digested dictionary as a pointer. Private state of zstd-jni: reflection into its
     * {@code nativePtr} field works from the class path (unnamed module) and from an automatic module;
     * were zstd-jni a named module that does not open the package, it would need
     * {@code --add-opens com.github.luben.zstd.jni/com.github.luben.zstd=ALL-UNNAMED}.
     */
    static MemorySegment nativePointer(Object dictionary) {
        try {
            Field field = dictionary.getClass().getDeclaredField("nativePtr");
            field.setAccessible(true);
            long pointer = field.getLong(dictionary);
            if (pointer == 0) {
                throw new IllegalStateException("The dictionary " + dictionary + " is closed");
            }
            return MemorySegment.ofAddress(pointer);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("zstd-jni's " + dictionary.getClass() + " has no readable nativePtr", e);
        }
    }

    /** Decodes {@code src[srcOff, srcOff + srcLen)} into {@code dst[0, dstCapacity)}; the decoded length. */
    int decompress(byte[] dst, int dstCapacity, byte[] src, int srcOff, int srcLen) {
        long result;
        try {
            result = (long) DECOMPRESS_DCTX.invokeExact(
                    dctx,
                    MemorySegment.ofArray(dst),
                    (long) dstCapacity,
                    MemorySegment.ofArray(src).asSlice(srcOff, srcLen),
                    (long) srcLen);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        return (int) checked("ZSTD_decompressDCtx", result);
    }

    /** Compresses {@code src[0, srcLen)} into {@code dst[0, dst.length)}; the frame's length. */
    int compress(byte[] dst, byte[] src, int srcLen) {
        long result;
        try {
            result = (long) COMPRESS2.invokeExact(
                    cctx, MemorySegment.ofArray(dst), (long) dst.length, MemorySegment.ofArray(src), (long) srcLen);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        return (int) checked("ZSTD_compress2", result);
    }

    /** As {@link #decompress}, through an ordinary downcall and native buffers (copy in, copy out). */
    int decompressOffHeap(byte[] dst, int dstCapacity, byte[] src, int srcOff, int srcLen) {
        MemorySegment.copy(src, srcOff, nativeSrc, ValueLayout.JAVA_BYTE, 0, srcLen);
        long result;
        try {
            result = (long)
                    DECOMPRESS_DCTX_NATIVE.invokeExact(dctx, nativeDst, (long) dstCapacity, nativeSrc, (long) srcLen);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        int n = (int) checked("ZSTD_decompressDCtx", result);
        MemorySegment.copy(nativeDst, ValueLayout.JAVA_BYTE, 0, dst, 0, n);
        return n;
    }

    /** As {@link #compress}, through an ordinary downcall and native buffers (copy in, copy out). */
    int compressOffHeap(byte[] dst, byte[] src, int srcLen) {
        MemorySegment.copy(src, 0, nativeSrc, ValueLayout.JAVA_BYTE, 0, srcLen);
        long result;
        try {
            result = (long) COMPRESS2_NATIVE.invokeExact(
                    cctx, nativeDst, Math.min((long) dst.length, nativeDst.byteSize()), nativeSrc, (long) srcLen);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        int n = (int) checked("ZSTD_compress2", result);
        MemorySegment.copy(nativeDst, ValueLayout.JAVA_BYTE, 0, dst, 0, n);
        return n;
    }

    private static long checked(String function, long result) {
        if (Long.compareUnsigned(result, -MAX_ERROR_CODE) > 0) {
            throw new IllegalStateException(function + " failed: " + errorName(result));
        }
        return result;
    }

    private static void check(String what, long result) {
        checked(what, result);
    }

    private static String errorName(long code) {
        try {
            return ((MemorySegment) GET_ERROR_NAME.invokeExact(code)).getString(0);
        } catch (Throwable e) {
            return "error " + (-code);
        }
    }

    @Override
    public void close() {
        try {
            long freedD = (long) FREE_DCTX.invokeExact(dctx);
            long freedC = (long) FREE_CCTX.invokeExact(cctx);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        } finally {
            arena.close();
        }
    }
}
