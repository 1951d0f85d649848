package org.zdict.engine.input;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.zdict.engine.ProgressListener;
import org.zdict.kafka.internal.KafkaLocation;

/**
 * Reads the newest records of a topic across all its partitions, oldest first, as an outsider: the
 * consumer is assigned the partitions and seeks, it never joins a consumer group and never commits an
 * offset, so the topic's real consumers are not disturbed. Each request waits at most the client's
 * {@code default.api.timeout.ms} (zdict's default {@value #DEFAULT_TIMEOUT_MS} ms), and reading fails
 * when no record arrives for that long.
 */
public final class TopicReader {
    static final int DEFAULT_TIMEOUT_MS = 30_000;
    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaLocation location;
    private final TopicSampling sampling;

    public TopicReader(KafkaLocation location, TopicSampling sampling) {
        this.location = location;
        this.sampling = sampling;
    }

    /** Settings for a consumer outside any group: no group id, no commits, no topic creation. */
    Map<String, Object> consumerSettings() {
        Map<String, Object> config = location.clientSettings();
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        config.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, DEFAULT_TIMEOUT_MS);
        config.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "zdict-input-" + location.topic());
        return config;
    }

    /**
     * The newest records, oldest first (by timestamp across partitions). Null values (tombstones) are
     * left out.
     *
     * @throws IOException if the cluster cannot be reached in time, the topic does not exist, or it has
     *     no records in the range asked for
     */
    public List<TopicRecord> read(ProgressListener progress) throws IOException {
        Map<String, Object> settings = consumerSettings();
        long timeoutMs = Long.parseLong(
                settings.get(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG).toString());
        Duration timeout = Duration.ofMillis(timeoutMs);
        String where = location.withoutSettings();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = partitions(consumer, timeout, timeoutMs);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
            Map<TopicPartition, Long> starts = starts(consumer, partitions, ends, timeout);
            long total = 0;
            for (TopicPartition partition : partitions) {
                total += ends.get(partition) - starts.get(partition);
            }
            if (total == 0) {
                throw new IOException("Topic " + where + " has no records"
                        + (sampling.since() == null ? "" : " since " + sampling.since())
                        + " (" + partitions.size() + " partition(s)): found 0 events, "
                        + (sampling.needed() > 1
                                ? "at least " + sampling.needed() + " are needed"
                                : "nothing to read"));
            }
            consumer.assign(partitions);
            starts.forEach(consumer::seek);
            return collect(consumer, starts, ends, total, timeoutMs, progress);
        } catch (TimeoutException e) {
            throw new IOException(
                    "Cannot read topic " + where + ": no answer from the Kafka cluster within " + timeoutMs
                            + " ms (default.api.timeout.ms; is " + location.bootstrapServers() + " reachable?): "
                            + e.getMessage(),
                    e);
        } catch (KafkaException e) {
            // The root cause says what is wrong ("Failed to create new NetworkClient" does not).
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            throw new IOException(
                    "Cannot read topic " + where + ": " + e.getMessage()
                            + (cause == e ? "" : " (" + cause.getMessage() + ")"),
                    e);
        }
    }

    private List<TopicPartition> partitions(KafkaConsumer<?, ?> consumer, Duration timeout, long timeoutMs)
            throws IOException {
        List<PartitionInfo> infos = consumer.partitionsFor(location.topic(), timeout);
        if (infos == null || infos.isEmpty()) {
            throw new IOException("No topic '" + location.topic() + "' on the Kafka cluster at "
                    + location.bootstrapServers() + " (or it is not visible to this client); check the name");
        }
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : infos) {
            partitions.add(new TopicPartition(info.topic(), info.partition()));
        }
        return partitions;
    }

    /**
     * Where each partition is read from: its last {@code maxRecords} records (the newest across the
     * topic are among them), and none written before {@code since}.
     */
    private Map<TopicPartition, Long> starts(
            KafkaConsumer<?, ?> consumer,
            List<TopicPartition> partitions,
            Map<TopicPartition, Long> ends,
            Duration timeout) {
        Map<TopicPartition, Long> beginnings = consumer.beginningOffsets(partitions, timeout);
        Map<TopicPartition, OffsetAndTimestamp> since = Map.of();
        if (sampling.since() != null) {
            Map<TopicPartition, Long> times = new HashMap<>();
            partitions.forEach(p -> times.put(p, sampling.since().toEpochMilli()));
            since = consumer.offsetsForTimes(times, timeout);
        }
        Map<TopicPartition, Long> starts = new HashMap<>();
        for (TopicPartition partition : partitions) {
            long end = ends.get(partition);
            long start = Math.max(beginnings.get(partition), end - sampling.maxRecords());
            if (sampling.since() != null) {
                OffsetAndTimestamp first = since.get(partition);
                start = first == null ? end : Math.max(start, first.offset());
            }
            starts.put(partition, Math.min(start, end));
        }
        return starts;
    }

    /**
     * Reads every partition from its start to the end it had when reading began, keeping the newest
     * records within the limits (a heap with the oldest on top).
     */
    private List<TopicRecord> collect(
            KafkaConsumer<byte[], byte[]> consumer,
            Map<TopicPartition, Long> starts,
            Map<TopicPartition, Long> ends,
            long total,
            long timeoutMs,
            ProgressListener progress)
            throws IOException {
        PriorityQueue<TopicRecord> newest = new PriorityQueue<>(TopicRecord.WRITE_ORDER);
        long bytes = 0;
        long read = 0;
        Set<TopicPartition> remaining = new HashSet<>();
        starts.forEach((partition, start) -> {
            if (start < ends.get(partition)) {
                remaining.add(partition);
            }
        });
        consumer.pause(difference(starts.keySet(), remaining));
        long lastProgress = System.nanoTime();
        try (ProgressListener.Task bar = progress.start("Reading " + location.topic(), total, "records", 1)) {
            while (!remaining.isEmpty()) {
                var records = consumer.poll(POLL);
                if (records.isEmpty()) {
                    if (System.nanoTime() - lastProgress
                            > Duration.ofMillis(timeoutMs).toNanos()) {
                        throw new IOException(String.format(
                                Locale.ROOT,
                                "Cannot read topic %s: no records arrived for %d ms (default.api.timeout.ms) after"
                                        + " %,d of %,d; is %s reachable?",
                                location.withoutSettings(),
                                timeoutMs,
                                read,
                                total,
                                location.bootstrapServers()));
                    }
                } else {
                    lastProgress = System.nanoTime();
                }
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (record.offset() >= ends.get(partition)) {
                        continue;
                    }
                    read++;
                    bar.stepBy(1);
                    if (record.value() == null) {
                        continue;
                    }
                    newest.add(
                            new TopicRecord(record.partition(), record.offset(), record.timestamp(), record.value()));
                    bytes += record.value().length;
                    while (newest.size() > sampling.maxRecords()
                            || (bytes > sampling.maxBytes() && newest.size() > 1)) {
                        bytes -= newest.poll().value().length;
                    }
                }
                List<TopicPartition> done = new ArrayList<>();
                for (TopicPartition partition : remaining) {
                    if (consumer.position(partition) >= ends.get(partition)) {
                        done.add(partition);
                    }
                }
                done.forEach(remaining::remove);
                consumer.pause(done);
            }
            bar.setExtraMessage(String.format(Locale.ROOT, "%,d records", read));
        }
        List<TopicRecord> ordered = new ArrayList<>(newest);
        ordered.sort(TopicRecord.WRITE_ORDER);
        return ordered;
    }

    private static Set<TopicPartition> difference(Set<TopicPartition> all, Set<TopicPartition> less) {
        Set<TopicPartition> rest = new HashSet<>(all);
        rest.removeAll(less);
        return rest;
    }
}
