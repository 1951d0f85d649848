package org.zdict.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Bytes moved by each benchmark thread, reported by JMH as rates next to ops/s: {@code rawBytes} in
 * bytes/s is the MB/s figure (uncompressed bytes in or out), and {@code rawBytes / compressedBytes} is
 * the compression ratio of exactly the batches processed.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class ByteCounters {
    public long rawBytes;
    public long compressedBytes;

    @Setup(Level.Iteration)
    public void reset() {
        rawBytes = 0;
        compressedBytes = 0;
    }
}
