/**
 * Memory-bandwidth load for the opt-in choice-under-load check, never run in CI: STREAM's copy kernel
 * on arrays far larger than any cache, in one thread per argument's count (default 1), until killed.
 * What a parallel build or another JVM's garbage collector does to a neighbour's memory traffic, which
 * spinning cores ({@code yes}) barely do.
 *
 * <pre>java trainer-cli/scripts/MemoryBandwidthLoad.java [THREADS]</pre>
 */
public class MemoryBandwidthLoad {
    /** 64 MiB per array, two arrays per thread: far past the last-level cache. */
    private static final int LONGS = 8 << 20;

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int t = 0; t < threads; t++) {
            Thread copier = new Thread(MemoryBandwidthLoad::copyForever, "copy-" + t);
            copier.start();
        }
    }

    private static void copyForever() {
        long[] a = new long[LONGS];
        long[] b = new long[LONGS];
        java.util.Arrays.fill(a, 1);
        while (true) {
            System.arraycopy(a, 0, b, 0, LONGS);
            System.arraycopy(b, 0, a, 0, LONGS);
        }
    }
}
