package org.zdict.bench.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a topic occupies in a broker's log directories: the bytes of its {@code .log} segment files
 * (indexes excluded) and, read from the v2 batch headers, how many batches and records they hold.
 */
record LogDirectory(long bytes, long batches, long records) {
    /** Size of a v2 record batch header (up to and including the record count). */
    static final int BATCH_HEADER = 61;

    private static final int RECORD_COUNT_OFFSET = 57;

    static LogDirectory of(Path base, String topic) {
        Pattern partitionDir = Pattern.compile(Pattern.quote(topic) + "-\\d+");
        long bytes = 0;
        long batches = 0;
        long records = 0;
        try (Stream<Path> walk = Files.walk(base)) {
            List<Path> segments = walk.filter(p -> p.toString().endsWith(".log")
                            && p.getParent() != null
                            && partitionDir
                                    .matcher(p.getParent().getFileName().toString())
                                    .matches())
                    .toList();
            for (Path segment : segments) {
                bytes += Files.size(segment);
                long[] counted = countBatches(segment);
                batches += counted[0];
                records += counted[1];
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read log directory " + base, e);
        }
        return new LogDirectory(bytes, batches, records);
    }

    private static long[] countBatches(Path segment) throws IOException {
        long batches = 0;
        long records = 0;
        ByteBuffer header = ByteBuffer.allocate(BATCH_HEADER);
        try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
            long size = channel.size();
            long position = 0;
            while (position + BATCH_HEADER <= size) {
                header.clear();
                channel.read(header, position);
                int length = header.getInt(8);
                batches++;
                records += header.getInt(RECORD_COUNT_OFFSET);
                position += 12L + length;
            }
        }
        return new long[] {batches, records};
    }
}
