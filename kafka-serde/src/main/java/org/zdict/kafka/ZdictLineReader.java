package org.zdict.kafka;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.tools.api.RecordReader;
import org.zdict.ZdictException;

/**
 * Writes zdict records from {@code kafka-console-producer.sh}, which ignores {@code value.serializer} and
 * sends the bytes its line reader makes. Each line of standard input (UTF-8) becomes one record whose
 * value is compressed exactly as a {@link ZdictSerializer} with a {@link StringSerializer} inner
 * serializer would, with the {@code zdict.*} settings given as reader properties:
 *
 * <pre>
 * kafka-console-producer.sh --bootstrap-server localhost:9092 --topic events \
 *   --line-reader org.zdict.kafka.ZdictLineReader \
 *   --reader-property zdict.registry=kafka://localhost:9092/_zdict_registry
 * </pre>
 *
 * <p>Records have no key unless {@code parse.key=true}: each line is then split at the first {@code
 * key.separator} (a tab by default) and the key is written as UTF-8 bytes, uncompressed, as Kafka's own
 * {@code LineMessageReader} does; with {@code ignore.error=true} a line without the separator is a value
 * with no key. Headers and {@code null.marker} are not supported and are refused.
 *
 * <p>A wrong setting, a missing registry or a line that cannot be written stops the console producer with
 * one line saying what is wrong: it prints any exception of its reader with {@code printStackTrace()}.
 *
 * <p>Not thread-safe: the console producer uses it from one thread.
 */
public class ZdictLineReader implements RecordReader {
    private final ZdictSerializer<String> values = new ZdictSerializer<>(new StringSerializer());
    private LineReaderConfig config;

    /** For the console producer, which makes its reader by class name. */
    public ZdictLineReader() {}

    /**
     * Reads the reader properties: {@code topic} (set by the console producer), the key settings and the
     * {@code zdict.*} settings of {@link ZdictSerdeConfig}, and opens the registry.
     */
    @Override
    public void configure(Map<String, ?> configs) {
        try {
            if (configs.containsKey(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG)) {
                throw new ConfigException(
                        ZdictSerdeConfig.INNER_SERIALIZER_CONFIG,
                        configs.get(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG),
                        "ZdictLineReader writes each line as UTF-8 text (StringSerializer); remove this setting");
            }
            config = new LineReaderConfig(configs);
            values.configure(configs, false);
        } catch (ConfigException | ZdictException e) {
            values.close(); // the console producer closes no reader whose configure failed
            throw new ReaderException("ZdictLineReader: " + e.getMessage()
                    + " (zdict settings are reader properties: --reader-property zdict.registry=...)");
        } catch (RuntimeException e) {
            values.close();
            throw e;
        }
    }

    @Override
    public Iterator<ProducerRecord<byte[], byte[]>> readRecords(InputStream inputStream) {
        if (config == null) {
            throw new IllegalStateException("ZdictLineReader is not configured: call configure(Map) first");
        }
        return new Records(new BufferedReader(new InputStreamReader(inputStream, StandardCharsets.UTF_8)));
    }

    /** Lets go of the registry and the serializer's metrics. Idempotent. */
    @Override
    public void close() {
        values.close();
    }

    private ProducerRecord<byte[], byte[]> record(String line, int lineNumber) {
        String key = null;
        String value = line;
        if (config.parseKey()) {
            int at = line.indexOf(config.keySeparator());
            if (at >= 0) {
                key = line.substring(0, at);
                value = line.substring(at + config.keySeparator().length());
            } else if (!config.ignoreError()) {
                throw new ReaderException("ZdictLineReader: no key separator on line " + lineNumber + ": '" + line
                        + "' (parse.key=true; set key.separator, or ignore.error=true to write it without a key)");
            }
        }
        byte[] compressed;
        try {
            compressed = values.serialize(config.topic(), value);
        } catch (SerializationException e) {
            throw new ReaderException("ZdictLineReader: line " + lineNumber + " was not written: " + e.getMessage());
        }
        return new ProducerRecord<>(
                config.topic(), key == null ? null : key.getBytes(StandardCharsets.UTF_8), compressed);
    }

    /** One record per line, read when asked for. */
    private final class Records implements Iterator<ProducerRecord<byte[], byte[]>> {
        private final BufferedReader lines;
        private final boolean prompt = System.console() != null; // as LineMessageReader does
        private ProducerRecord<byte[], byte[]> next;
        private int lineNumber;
        private boolean ended;

        Records(BufferedReader lines) {
            this.lines = lines;
        }

        @Override
        public boolean hasNext() {
            if (next != null || ended) {
                return next != null;
            }
            if (prompt) {
                System.out.print(">");
            }
            String line;
            try {
                line = lines.readLine();
            } catch (IOException e) {
                throw new KafkaException("ZdictLineReader could not read line " + (lineNumber + 1), e);
            }
            if (line == null) {
                ended = true;
                return false;
            }
            next = record(line, ++lineNumber);
            return true;
        }

        @Override
        public ProducerRecord<byte[], byte[]> next() {
            if (!hasNext()) {
                throw new NoSuchElementException("No more lines");
            }
            ProducerRecord<byte[], byte[]> record = next;
            next = null;
            return record;
        }
    }

    /**
     * A user's mistake, for a console tool: it has no stack trace and prints as its message alone, so
     * {@code printStackTrace()} shows one line.
     */
    private static final class ReaderException extends KafkaException {
        private static final long serialVersionUID = 1L;

        ReaderException(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
