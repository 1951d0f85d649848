package org.zdict.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.UnaryOperator;
import org.zdict.ZdictException;
import picocli.CommandLine.Option;

/**
 * {@code --bulk} and {@code --lines} of {@code zdict compress} and {@code decompress}: many values in one
 * run (docs/CLI.md). Payloads are always framed as records, a 4-byte big-endian length then the bytes;
 * events are records too, or with {@code --lines} one per line (the line feed is not part of the event).
 */
public final class BulkOptions {
    /** The framing's length field: 4 bytes, big-endian, unsigned up to 2^31-1. */
    static final int LENGTH_BYTES = 4;

    @Option(
            names = "--bulk",
            description = "Many values in one run: each record of the input (a 4-byte big-endian length, then the"
                    + " bytes) is one value, and each result is written as such a record.")
    boolean bulk;

    @Option(
            names = "--lines",
            description = "With --bulk, the events are lines instead of records: compress reads one event per line,"
                    + " decompress writes one event per line (refusing an event that holds a line feed).")
    boolean lines;

    /** Whether the command runs in bulk; refuses {@code --lines} without {@code --bulk}. */
    boolean enabled() {
        if (lines && !bulk) {
            throw new CliException("--lines applies only with --bulk");
        }
        return bulk;
    }

    /**
     * Reads values from {@code in} (events when {@code eventsIn}, else payloads), transforms each, and writes
     * the results to {@code out}, flushing at the end; the count of values is returned.
     *
     * @param maxBytes the largest value read, for the message naming {@code limit}
     */
    long run(
            InputStream in,
            OutputStream out,
            boolean eventsIn,
            long maxBytes,
            String limit,
            UnaryOperator<byte[]> transform)
            throws IOException {
        boolean linesIn = lines && eventsIn;
        boolean linesOut = lines && !eventsIn;
        InputStream input = new BufferedInputStream(in, 1 << 16);
        OutputStream output = new BufferedOutputStream(out, 1 << 16);
        long count = 0;
        byte[] value;
        while ((value = linesIn
                        ? readLine(input, maxBytes, limit, count + 1)
                        : readRecord(input, maxBytes, limit, count + 1))
                != null) {
            count++;
            byte[] result;
            try {
                result = transform.apply(value);
            } catch (ZdictException e) {
                throw new CliException((linesIn ? "Line " : "Record ") + count + ": " + e.getMessage(), e);
            }
            if (linesOut) {
                for (byte b : result) {
                    if (b == '\n') {
                        throw new CliException("Record " + count + " decodes to an event holding a line feed,"
                                + " which --lines cannot write; drop --lines to write records");
                    }
                }
                output.write(result);
                output.write('\n');
            } else {
                writeRecord(output, result);
            }
        }
        output.flush();
        return count;
    }

    private static byte[] readRecord(InputStream in, long maxBytes, String limit, long index) throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        byte[] rest = in.readNBytes(LENGTH_BYTES - 1);
        if (rest.length < LENGTH_BYTES - 1) {
            throw new CliException("Record " + index + " is cut short: the input ends inside its 4-byte length");
        }
        long length = ((long) first << 24) | ((rest[0] & 0xFFL) << 16) | ((rest[1] & 0xFFL) << 8) | (rest[2] & 0xFFL);
        if (length > maxBytes) {
            throw new CliException("Record " + index + " declares " + length + " bytes, above " + limit
                    + " (is the input framed as records, a 4-byte big-endian length then the bytes?)");
        }
        try {
            byte[] value = new byte[(int) length];
            new DataInputStream(in).readFully(value);
            return value;
        } catch (EOFException e) {
            throw new CliException(
                    "Record " + index + " is cut short: it declares " + length + " bytes and the input ends first");
        }
    }

    private static byte[] readLine(InputStream in, long maxBytes, String limit, long index) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (line.size() >= maxBytes) {
                throw new CliException("Line " + index + " is longer than " + limit);
            }
            line.write(b);
        }
        return b < 0 && line.size() == 0 ? null : line.toByteArray();
    }

    private static void writeRecord(OutputStream out, byte[] value) throws IOException {
        int length = value.length;
        out.write(length >>> 24);
        out.write(length >>> 16);
        out.write(length >>> 8);
        out.write(length);
        out.write(value);
    }
}
