package org.zdict.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;

class FrameHeaderTest {

    @Test
    void agreesWithZstdOnContentSizeForEverySizeClass() {
        Random random = new Random(9);
        for (int size : new int[] {0, 1, 255, 256, 257, 65_791, 65_792, 70_000, 1 << 20}) {
            byte[] input = new byte[size];
            random.nextBytes(input);
            for (boolean declare : new boolean[] {true, false}) {
                try (ZstdCompressCtx context = new ZstdCompressCtx()) {
                    byte[] frame = context.setContentSize(declare)
                            .setChecksum(!declare)
                            .compress(input);
                    FrameHeader header = FrameHeader.parse(frame, 0, frame.length, 0);
                    long expected = Zstd.getFrameContentSize(frame, 0, frame.length);
                    assertEquals(expected, header.contentSize(), "size " + size + " declared " + declare);
                    assertEquals(expected, FrameHeader.contentSize(frame, 0, frame.length, 0));
                    assertEquals(declare, header.declaresContentSize());
                    assertEquals(!declare, header.checksum());
                }
            }
        }
    }

    @Test
    void readsDictionaryIdWhenPresent() {
        byte[] frame = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x23, 0x39, 0x30, 0, 0, 5, 1, 0, 0};
        FrameHeader header = FrameHeader.parse(frame, 0, frame.length, 0);
        assertEquals(12345, header.dictionaryId());
        assertEquals(5, header.contentSize());
        assertEquals(10, header.headerLength());
        assertFalse(header.checksum());
    }

    @Test
    void rejectsTruncatedHeadersAtEveryLength() {
        byte[] frame = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xC0, 0x38, 1, 2, 3, 4, 5, 6, 7, 8};
        for (int length = 0; length < frame.length; length++) {
            byte[] truncated = Arrays.copyOf(frame, length);
            CorruptPayloadException e = assertThrows(
                    CorruptPayloadException.class, () -> FrameHeader.parse(truncated, 0, truncated.length, 2));
            assertTrue(e.getMessage().contains("Truncated payload"), e.getMessage());
            CorruptPayloadException fromSizeOnly = assertThrows(
                    CorruptPayloadException.class, () -> FrameHeader.contentSize(truncated, 0, truncated.length, 2));
            assertEquals(e.getMessage(), fromSizeOnly.getMessage());
        }
    }

    @Test
    void rejectsReservedBitAndForeignMagic() {
        byte[] reserved = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x28, 0, 0};
        assertTrue(assertThrows(CorruptPayloadException.class, () -> FrameHeader.parse(reserved, 0, 7, 0))
                .getMessage()
                .contains("reserved bit"));
        byte[] skippable = {0x50, 0x2A, 0x4D, 0x18, 0, 0, 0, 0};
        assertTrue(assertThrows(CorruptPayloadException.class, () -> FrameHeader.parse(skippable, 0, 8, 0))
                .getMessage()
                .contains("found 50 2A 4D 18"));
    }

    @Test
    void reportsHugeDeclaredSizesAsMaxValue() {
        byte[] frame = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xC0, 0x38, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80};
        assertEquals(
                Long.MAX_VALUE, FrameHeader.parse(frame, 0, frame.length, 0).contentSize());
        assertEquals(Long.MAX_VALUE, FrameHeader.contentSize(frame, 0, frame.length, 0));
    }
}
