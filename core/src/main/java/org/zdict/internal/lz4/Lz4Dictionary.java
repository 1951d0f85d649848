package org.zdict.internal.lz4;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The last ≤ 64 KiB of a dictionary (all an LZ4 offset can reach), and, for compressing, its match tables
 * built once: a hash table (the newest dictionary position of each 4-byte hash, what the fast mode looks
 * up) and a chain table (each position's previous position with the same hash, what the HC search
 * walks). Both are read-only after construction, so one instance serves every thread, as liblz4's {@code
 * LZ4_attach_dictionary} shares a dictionary's tables between streams. A dictionary made {@link
 * #forDecoding} has no tables (64 KiB instead of about 576 KiB) and only decodes.
 */
public final class Lz4Dictionary {
    /** The farthest an LZ4 match can reach back. */
    public static final int MAX_DISTANCE = 65_535;
    /** The most of a dictionary an LZ4 block can use. */
    public static final int MAX_SIZE = 64 * 1024;

    static final int HASH_LOG = 16;
    static final int NONE = -1;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] bytes;
    private final int[] head;
    private final int[] chain;

    private Lz4Dictionary(byte[] bytes, boolean indexed) {
        this.bytes = bytes;
        if (!indexed) {
            this.head = null;
            this.chain = null;
            return;
        }
        this.head = new int[1 << HASH_LOG];
        this.chain = new int[bytes.length];
        Arrays.fill(head, NONE);
        for (int p = 0; p + 4 <= bytes.length; p++) {
            int h = hash((int) INT.get(bytes, p));
            chain[p] = head[h];
            head[h] = p;
        }
        for (int p = Math.max(0, bytes.length - 3); p < bytes.length; p++) {
            chain[p] = NONE;
        }
    }

    /** The last {@link #MAX_SIZE} bytes of {@code content} (all of it when shorter), copied once, indexed. */
    public static Lz4Dictionary of(byte[] content) {
        return new Lz4Dictionary(window(content), true);
    }

    /** Like {@link #of}, without the match tables: for decoding only. */
    public static Lz4Dictionary forDecoding(byte[] content) {
        return new Lz4Dictionary(window(content), false);
    }

    private static byte[] window(byte[] content) {
        if (content == null) {
            throw new IllegalArgumentException("Dictionary content is null");
        }
        int size = Math.min(MAX_SIZE, content.length);
        return Arrays.copyOfRange(content, content.length - size, content.length);
    }

    /** No dictionary: plain LZ4 blocks. */
    public static Lz4Dictionary empty() {
        return new Lz4Dictionary(new byte[0], true);
    }

    public int size() {
        return bytes.length;
    }

    /** {@return whether the match tables were built, so a compressor can use this dictionary} */
    public boolean isIndexed() {
        return head != null;
    }

    /** The approximate heap bytes this dictionary holds, for a cache's bound. */
    public long heapBytes() {
        return bytes.length + (head == null ? 0 : 4L * (head.length + chain.length));
    }

    /** The dictionary's bytes; callers must not change them. */
    byte[] bytes() {
        return bytes;
    }

    /** The newest dictionary position whose 4 bytes hash to {@code h}, or {@link #NONE}. */
    int head(int h) {
        return head[h];
    }

    /** The previous dictionary position with the same hash as {@code position}, or {@link #NONE}. */
    int previous(int position) {
        return chain[position];
    }

    static int hash(int fourBytes) {
        return (fourBytes * -1640531535) >>> (32 - HASH_LOG);
    }

    /** A copy of the dictionary's bytes, for writing it out (the C cross-check). */
    public byte[] content() {
        return bytes.clone();
    }
}
