package org.zdict.engine.input;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.zdict.engine.ProgressListener;

/**
 * One event source: a file or standard input (JSON events; gzip or zstd recognised by the magic
 * number, not the name), events a caller has ({@link #ofEvents}), or a Kafka topic ({@link TopicInput}).
 *
 * @param name what to call it in messages
 * @param file the file, or null for standard input, a resource or a topic
 * @param resource opens the content when it is neither a file nor standard input, else null
 * @param records reads the events of an input that is not a stream of JSON (a topic, a caller's events), else null
 */
public record EventInput(String name, Path file, Resource resource, Records records) {
    public static final String STDIN = "-";

    public EventInput(String name, Path file, Resource resource) {
        this(name, file, resource, null);
    }

    /** The events of an input that is not a stream of JSON, such as the records of a topic. */
    @FunctionalInterface
    public interface Records {
        /**
         * Reads them, with its own progress bar from {@code progress}.
         *
         * @param skipped told about every event that is skipped
         */
        Events open(ProgressListener progress, Consumer<MalformedEventException> skipped) throws IOException;
    }

    /** A file of JSON events: JSON Lines, concatenated JSON or JSON arrays, plain, gzip or zstd. */
    public static EventInput ofFile(Path file) {
        return new EventInput(file.toString(), file, null);
    }

    /**
     * Events a caller already has, one {@code byte[]} each, taken as they are (any format: JSON, Avro,
     * Protobuf or opaque bytes). The iterator is read once, when the run samples.
     */
    public static EventInput ofEvents(String name, Iterator<byte[]> events) {
        return new EventInput(name, null, null, (progress, skipped) -> new IteratedEvents(name, events));
    }

    /** Events a caller already has, as a stream; see {@link #ofEvents(String, Iterator)}. */
    public static EventInput ofEvents(String name, Stream<byte[]> events) {
        return ofEvents(name, events.iterator());
    }

    /** Content that is neither a file nor standard input, such as a classpath resource. */
    @FunctionalInterface
    public interface Resource {
        InputStream open() throws IOException;
    }

    public static EventInput of(String name, Resource resource) {
        return new EventInput(name, null, resource);
    }

    /** Expands the arguments: {@code -} is standard input, a folder stands for its files (recursively, sorted). */
    public static List<EventInput> expand(List<String> arguments) throws IOException {
        List<EventInput> inputs = new ArrayList<>();
        for (String argument : arguments) {
            if (argument.equals(STDIN)) {
                inputs.add(new EventInput("<stdin>", null, null));
                continue;
            }
            Path path = Path.of(argument);
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    files.filter(Files::isRegularFile)
                            .filter(file -> !file.getFileName().toString().startsWith("."))
                            .sorted()
                            .forEach(file -> inputs.add(new EventInput(file.toString(), file, null)));
                }
            } else if (Files.isRegularFile(path)) {
                inputs.add(new EventInput(argument, path, null));
            } else {
                throw new NoSuchFileException(argument);
            }
        }
        return inputs;
    }

    /** The file name without its folder, for titles. */
    public String shortName() {
        return file == null ? name : file.getFileName().toString();
    }

    /** The size on disk (compressed), or -1 for standard input and topics. */
    public long sizeOnDisk() throws IOException {
        return file == null ? -1 : Files.size(file);
    }

    /**
     * Opens the decompressed content. {@code rawBytesRead} counts the bytes read from the file itself
     * (before decompression), for progress reporting.
     */
    public InputStream open(InputStream stdin, java.util.function.LongConsumer rawBytesRead) throws IOException {
        InputStream raw = file != null ? Files.newInputStream(file) : resource != null ? resource.open() : stdin;
        BufferedInputStream buffered = new BufferedInputStream(new Counting(raw, rawBytesRead), 1 << 16);
        buffered.mark(4);
        byte[] magic = buffered.readNBytes(4);
        buffered.reset();
        if (magic.length >= 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
            return new BufferedInputStream(new GZIPInputStream(buffered, 1 << 16), 1 << 16);
        }
        if (magic.length == 4
                && (magic[0] & 0xFF) == 0x28
                && (magic[1] & 0xFF) == 0xB5
                && (magic[2] & 0xFF) == 0x2F
                && (magic[3] & 0xFF) == 0xFD) {
            return new BufferedInputStream(new ZstdInputStream(buffered), 1 << 16);
        }
        return buffered;
    }

    private static final class Counting extends FilterInputStream {
        private final java.util.function.LongConsumer counter;

        Counting(InputStream in, java.util.function.LongConsumer counter) {
            super(in);
            this.counter = counter;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counter.accept(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counter.accept(n);
            }
            return n;
        }
    }
}
