package org.zdict.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.zdict.internal.FrameHeader;

/** Prints a zstd frame header, as core's {@link FrameHeader} parses it, for {@code zdict inspect}. */
final class FrameHeaderPrinter {
    private FrameHeaderPrinter() {}

    /** Prints the header fields and returns the declared content size, or -1 if the frame declares none. */
    static long describe(byte[] src, int offset, int length, PrintWriter out) {
        FrameHeader header = FrameHeader.parse(src, offset, length, offset);
        out.printf(Locale.ROOT, "zstd frame:    %d bytes (header %d bytes)%n", length, header.headerLength());
        out.printf(
                Locale.ROOT,
                "content size:  %s%n",
                header.declaresContentSize() ? header.contentSize() + " bytes" : "not declared");
        out.printf(Locale.ROOT, "checksum:      %s%n", header.checksum() ? "yes (XXH64, 4 bytes)" : "no");
        out.printf(
                Locale.ROOT,
                "dictionary id: %s%n",
                header.dictionaryId() == 0 ? "not recorded in the frame" : Long.toString(header.dictionaryId()));
        out.printf(Locale.ROOT, "window:        %d bytes%n", header.windowSize());
        return header.contentSize();
    }
}
