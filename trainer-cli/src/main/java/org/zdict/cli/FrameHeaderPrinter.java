package org.zdict.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.zdict.format.PayloadPrefix.Header;

/**
 * Prints a zstd frame header or the header of an LZ4 block, as core reads them ({@link Header}), for
 * {@code zdict inspect}.
 */
final class FrameHeaderPrinter {
    private FrameHeaderPrinter() {}

    /** Prints the header fields and returns the declared content size, or -1 if the frame declares none. */
    static long describe(byte[] src, int offset, int length, PrintWriter out) {
        Header header = Header.ofZstdFrame(src, offset, length);
        out.printf(Locale.ROOT, "zstd frame:    %d bytes (header %d bytes)%n", length, header.headerLength());
        out.printf(
                Locale.ROOT,
                "content size:  %s%n",
                header.contentSize() >= 0 ? header.contentSize() + " bytes" : "not declared");
        out.printf(Locale.ROOT, "checksum:      %s%n", header.checksum() ? "yes (XXH64, 4 bytes)" : "no");
        out.printf(
                Locale.ROOT,
                "dictionary id: %s%n",
                header.dictionaryId() == 0 ? "not recorded in the frame" : Long.toString(header.dictionaryId()));
        out.printf(Locale.ROOT, "window:        %d bytes%n", header.windowSize());
        return header.contentSize();
    }

    /**
     * Prints the header of the LZ4 block at {@code src[offset, offset + length)}, {@code offset} bytes into
     * its payload (after the prefix), and returns the declared content size.
     */
    static long describeLz4(byte[] src, int offset, int length, PrintWriter out) {
        Header header = Header.ofLz4Block(src, offset, length);
        int checksum = header.checksum() ? Header.CHECKSUM_LENGTH : 0;
        int block = length - header.headerLength() - checksum;
        if (block < 0) {
            throw new CliException("Truncated payload: it ends " + -block + " byte(s) before its content checksum");
        }
        out.printf(Locale.ROOT, "LZ4 block:     %d bytes (header %d bytes)%n", block, header.headerLength());
        out.printf(Locale.ROOT, "content size:  %d bytes%n", header.contentSize());
        out.printf(Locale.ROOT, "checksum:      %s%n", header.checksum() ? "yes (CRC-32C, 4 bytes)" : "no");
        out.printf(
                Locale.ROOT,
                "dict check:    %04x (low 16 bits of the CRC-32C of the dictionary's last 64 KiB)%n",
                header.dictionaryId());
        return header.contentSize();
    }
}
