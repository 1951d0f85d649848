package org.zdict.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's resident set size as Linux reports it in /proc/self/status (VmRSS). */
final class ResidentMemory {
    private static final Path STATUS = Path.of("/proc/self/status");

    private ResidentMemory() {}

    static boolean available() {
        return Files.isReadable(STATUS);
    }

    /** VmRSS in KiB, after a full garbage collection so that freed Java objects release native memory. */
    static long settledKib() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            System.runFinalization();
        }
        return kib();
    }

    static long kib() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(
                            line.substring("VmRSS:".length()).replace("kB", "").trim());
                }
            }
            throw new IllegalStateException("No VmRSS line in " + STATUS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
