package org.zdict.engine;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * How many times the calling thread has been scheduled onto a CPU, from Linux's {@code
 * /proc/thread-self/schedstat} (its third field): when the count moved during a timed slice, the thread
 * was switched out in the middle of it (preempted by other work, or stopped for a garbage collection),
 * and came back to caches and a TLB that the other work had filled, so the slice read dearer than the
 * codec is. Elsewhere the count is unknown and no slice is taken for disturbed. Opened by, and read only
 * from, the thread it describes.
 */
final class ThreadSchedule implements AutoCloseable {
    private static final String FILE = "/proc/thread-self/schedstat";

    private final RandomAccessFile schedstat;
    private final byte[] buffer = new byte[96];

    private ThreadSchedule(RandomAccessFile schedstat) {
        this.schedstat = schedstat;
    }

    /** The calling thread's schedule, or one that knows nothing where the file cannot be read. */
    static ThreadSchedule ofCurrentThread() {
        try {
            ThreadSchedule schedule = new ThreadSchedule(new RandomAccessFile(FILE, "r"));
            return schedule.timesScheduled() < 0 ? unknown() : schedule;
        } catch (IOException | SecurityException e) {
            return unknown();
        }
    }

    /** A schedule that knows nothing: every slice counts. */
    static ThreadSchedule unknown() {
        return new ThreadSchedule(null);
    }

    /** How many times the thread has been scheduled onto a CPU so far; -1 where unknown. */
    long timesScheduled() {
        if (schedstat == null) {
            return -1;
        }
        try {
            schedstat.seek(0);
            int n = schedstat.read(buffer);
            if (n <= 0) {
                return -1;
            }
            String[] fields =
                    new String(buffer, 0, n, StandardCharsets.US_ASCII).trim().split(" ");
            return fields.length < 3 ? -1 : Long.parseLong(fields[2]);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        if (schedstat != null) {
            try {
                schedstat.close();
            } catch (IOException e) {
                // Read only: nothing was lost.
            }
        }
    }
}
