package org.zdict.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogDirectoryTest {
    /** A v2 batch: 8-byte base offset, 4-byte length of the rest, record count at byte 57. */
    private static byte[] batch(int records, int payload) {
        ByteBuffer b = ByteBuffer.allocate(LogDirectory.BATCH_HEADER + payload);
        b.putLong(0, 0L);
        b.putInt(8, LogDirectory.BATCH_HEADER - 12 + payload);
        b.put(16, (byte) 2);
        b.putInt(57, records);
        return b.array();
    }

    @Test
    void countsSegmentBytesBatchesAndRecordsOfOneTopicOnly(@TempDir Path base) throws Exception {
        Path partition0 = Files.createDirectories(base.resolve("node0/small-1-lz4-0"));
        Path partition1 = Files.createDirectories(base.resolve("node0/small-1-lz4-1"));
        Path other = Files.createDirectories(base.resolve("node0/small-1-lz4x-0"));
        byte[] first = batch(1, 100);
        byte[] second = batch(4, 300);
        Files.write(partition0.resolve("00000000000000000000.log"), concat(first, second));
        Files.write(partition1.resolve("00000000000000000000.log"), first);
        Files.write(partition1.resolve("00000000000000000000.index"), new byte[4096]);
        Files.write(other.resolve("00000000000000000000.log"), second);

        LogDirectory log = LogDirectory.of(base, "small-1-lz4");

        assertEquals(2L * first.length + second.length, log.bytes());
        assertEquals(3, log.batches());
        assertEquals(6, log.records());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
