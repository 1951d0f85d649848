package org.zdict.cli;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.zdict.RegistryException;
import org.zdict.engine.input.EventInput;
import org.zdict.engine.input.TopicInput;
import org.zdict.engine.input.TopicSampling;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The events a command reads ({@code train}, {@code eval}, {@code retrain}): {@code -i
 * FILE|DIR|-|kafka://HOST:PORT/TOPIC}, repeatable, and more files; and how much of a topic to read.
 */
public final class EventInputOptions {
    /** The most bytes of record values held while reading a topic: {@value} (128 MiB). */
    static final long MAX_TOPIC_BYTES = 128L << 20;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            paramLabel = "FILE|DIR|-|kafka://HOST:PORT/TOPIC",
            description = "Events to read (repeatable): JSON Lines, a JSON array or concatenated JSON, plain, .gz"
                    + " or .zst; a folder means all its files; - is standard input; kafka://HOST:PORT/TOPIC"
                    + "[?key=value&...] reads the newest records of a topic (outside any consumer group).")
    List<String> inputs = new ArrayList<>();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "More inputs, as with --input.")
    List<String> moreInputs = new ArrayList<>();

    @Option(
            names = "--kafka-records",
            paramLabel = "N",
            defaultValue = "100000",
            description = "From a kafka:// input, read the newest N records across its partitions (default:"
                    + " ${DEFAULT-VALUE}).")
    int kafkaRecords;

    @Option(
            names = "--kafka-since",
            paramLabel = "AGO|TIME",
            converter = ListConverters.Since.class,
            description = "From a kafka:// input, read no record written before this: how long ago (30m, 6h, 7d,"
                    + " PT6H) or an ISO-8601 time (2026-11-30T10:00:00Z).")
    Instant kafkaSince;

    /** Every input named, in order; none is a usage error, and so is a malformed kafka:// location. */
    List<String> names() {
        List<String> all = new ArrayList<>(inputs);
        all.addAll(moreInputs);
        if (all.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Missing input: give --input FILE (or - for stdin)");
        }
        if (kafkaRecords < 1) {
            throw new ParameterException(
                    spec.commandLine(), "Invalid value for option '--kafka-records': " + kafkaRecords + " is below 1");
        }
        for (String name : all) {
            if (KafkaLocation.isKafka(name)) {
                topic(name);
            }
        }
        return all;
    }

    /** Whether any input is a Kafka topic (whose values written by zdict need a registry to decode). */
    boolean readsTopics() {
        return names().stream().anyMatch(KafkaLocation::isKafka);
    }

    /**
     * The inputs, in order, folders expanded; topics' values written by zdict are decoded with {@code
     * registry} (null: they are skipped and counted), which must stay open while they are read. {@code
     * needed}, the fewest events the command can work with, is named when a topic has none. Topics are
     * read with the {@code config} file's settings under their query.
     */
    List<EventInput> expand(DictionaryRegistry registry, int needed, CommandConfigOption config) throws IOException {
        List<EventInput> expanded = new ArrayList<>();
        TopicSampling sampling = new TopicSampling(kafkaRecords, kafkaSince, MAX_TOPIC_BYTES, needed);
        for (String name : names()) {
            if (KafkaLocation.isKafka(name)) {
                expanded.add(TopicInput.of(config.withFile(topic(name)), sampling, registry));
            } else {
                expanded.addAll(EventInput.expand(List.of(name)));
            }
        }
        return expanded;
    }

    private KafkaLocation topic(String name) {
        try {
            return KafkaLocation.parse(name.trim());
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            // Never the query as typed: it may hold secrets (a SASL JAAS config).
            throw new ParameterException(
                    spec.commandLine(),
                    "Input '" + DictionaryRegistries.withoutQuery(name.trim()) + "': " + e.reason());
        }
    }
}
