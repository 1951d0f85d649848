package org.zdict.cli.registry;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.cli.CliException;
import org.zdict.cli.CommandConfigOption;
import org.zdict.cli.ListConverters;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.engine.retrain.Durations;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.KafkaRegistryProvider;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code zdict registry remove}: delete retired versions for good, once the records that may use them
 * have left the topics: a version is removed only after it has been retired for longer than the
 * retention of every topic given ({@code --topic}, read from the cluster) or {@code --older-than}.
 */
@Command(
        name = "remove",
        sortOptions = false,
        description = {
            "Remove retired versions for good, once they have been retired longer than the retention of the topics"
                    + " whose records may use them (--topic, read from the cluster) or --older-than.",
            "Only retired versions are removed, never an active or available one; --expired removes every retired"
                    + " version past retention (for a scheduled job)."
        })
public final class RemoveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "VERSION", arity = "0..*", description = "The versions to remove.")
    List<Integer> versions = new ArrayList<>();

    @Option(
            names = "--expired",
            description = "Remove every retired version past retention (of --subject if given, else of every"
                    + " subject); versions within retention are listed and kept.")
    boolean expired;

    @Mixin
    SubjectOption subject;

    @Option(
            names = "--topic",
            paramLabel = "TOPIC",
            description = "A topic whose records may use the versions (repeatable): its retention.ms is read from"
                    + " the cluster of a kafka:// registry, or of --bootstrap-server.")
    List<String> topics = new ArrayList<>();

    @Option(
            names = "--bootstrap-server",
            paramLabel = "HOST:PORT",
            description = "The cluster of the --topic topics (default: the kafka:// registry's, with its client"
                    + " settings).")
    String bootstrapServer;

    @Option(
            names = "--older-than",
            paramLabel = "DURATION",
            converter = ListConverters.DurationValue.class,
            description = "Remove only versions retired longer ago than this (90s, 30m, 6h, 7d).")
    Duration olderThan;

    @Option(
            names = "--force",
            description =
                    "Remove even within retention (records may then fail to decode); logged on standard" + " error.")
    boolean force;

    Clock clock = Clock.systemUTC();

    /** A version and why it may or may not be removed. */
    private record Judged(DictionaryInfo info, boolean removable, String reason) {}

    @Override
    public Integer call() {
        if (versions.isEmpty() == !expired) {
            throw new ParameterException(spec.commandLine(), "Give the VERSION(s) to remove, or --expired");
        }
        if (topics.isEmpty() && olderThan == null && !force) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Give --topic TOPIC (the topics whose records may use the versions, to read their retention.ms)"
                            + " or --older-than DURATION, or --force to remove regardless");
        }
        String canonical;
        try {
            canonical = DictionaryRegistries.canonical(registry.location());
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        boolean kafka = canonical.startsWith(KafkaRegistryProvider.SCHEME);
        if (!topics.isEmpty() && bootstrapServer == null && !kafka) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--topic needs --bootstrap-server HOST:PORT with a registry that is not kafka://");
        }
        Duration retention = retention(kafka);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Instant now = clock.instant();
        try (DictionaryRegistry target = open(kafka, retention)) {
            List<Judged> judged = new ArrayList<>();
            if (expired) {
                String only = subject.given() ? subject.name() : null;
                for (DictionaryInfo info : target.list()) {
                    if (info.status() == DictionaryInfo.Status.RETIRED
                            && (only == null || info.subject().equals(only))) {
                        judged.add(judge(info, retention, now));
                    }
                }
            } else {
                for (int version : versions) {
                    DictionaryInfo info = subject.given()
                            ? subject.requireVersion(target, version)
                            : target.info(version)
                                    .orElseThrow(
                                            () -> new UnknownDictionaryVersionException(version, target.describe()));
                    judged.add(judge(info, retention, now));
                }
                List<String> refused = judged.stream()
                        .filter(j -> !j.removable())
                        .map(Judged::reason)
                        .toList();
                if (!refused.isEmpty()) {
                    throw new CliException(String.join("; ", refused) + ". Nothing was removed");
                }
            }
            int removed = 0;
            for (Judged j : judged) {
                if (j.removable()) {
                    if (force && j.reason() != null) {
                        err.println("zdict: --force: " + j.reason() + "; removing it anyway");
                        err.flush();
                    }
                    target.remove(j.info().version());
                    out.println("Removed version " + j.info().version() + ofSubject(j.info()) + ".");
                    removed++;
                } else {
                    out.println("Kept: " + j.reason() + ".");
                }
            }
            if (expired) {
                out.printf(
                        Locale.ROOT,
                        "%d retired version(s) removed, %d kept; %d version(s) left in %s.%n",
                        removed,
                        judged.size() - removed,
                        target.list().size(),
                        registry.display());
            }
        }
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /**
     * Whether {@code info} may be removed: retired, and retired longer than {@code retention} ago. With
     * --force every retired version may be; the reason then says what the rule would have refused.
     */
    private Judged judge(DictionaryInfo info, Duration retention, Instant now) {
        String name = "version " + info.version() + ofSubject(info);
        if (info.status() != DictionaryInfo.Status.RETIRED) {
            return new Judged(
                    info,
                    false,
                    "Cannot remove " + name + ": it is " + info.status().label() + "; only retired versions are"
                            + " removed (zdict registry retire " + info.version() + " first, after activating"
                            + " another version if it is active)");
        }
        Optional<Instant> retiredAt = info.retiredAt();
        if (retention == null) {
            return new Judged(info, true, name + " is removed with --force and no retention given");
        }
        if (retiredAt.isEmpty()) {
            return new Judged(
                    info,
                    force,
                    name + " was retired before registries recorded when, so its age is unknown; check that its"
                            + " records have left the topics, then remove it with --force");
        }
        Duration age = Duration.between(retiredAt.get(), now);
        if (age.compareTo(retention) > 0) {
            return new Judged(info, true, null);
        }
        return new Judged(
                info,
                force,
                String.format(
                        Locale.ROOT,
                        "%s was retired at %s, %s ago, within the retention of %s (%s): records may still use it;"
                                + " it can be removed after %s",
                        name,
                        retiredAt.get(),
                        Durations.format(age),
                        retentionSource(),
                        Durations.format(retention),
                        retiredAt.get().plus(retention)));
    }

    private String retentionSource() {
        List<String> sources = new ArrayList<>();
        for (String topic : topics) {
            sources.add("topic " + topic);
        }
        if (olderThan != null) {
            sources.add("--older-than");
        }
        return String.join(", ", sources);
    }

    /** The longest of the topics' retention and --older-than; null with only --force. */
    private Duration retention(boolean kafka) {
        Duration longest = olderThan;
        if (!topics.isEmpty()) {
            CommandConfigOption config = registry.commandConfig();
            Map<String, Object> client = bootstrapServer != null
                    ? config.clientSettings(bootstrapServer)
                    : config.withFile(KafkaLocation.parse(DictionaryRegistries.canonical(registry.location())))
                            .clientSettings();
            for (Map.Entry<String, Duration> e :
                    TopicRetention.read(client, topics).entrySet()) {
                if (longest == null || e.getValue().compareTo(longest) > 0) {
                    longest = e.getValue();
                }
            }
        }
        return longest;
    }

    /**
     * Opens the registry. A kafka:// registry refuses, on its own, to remove a version retired less than its
     * remove grace ago (7 days unless configured); here the retention just established replaces that guess.
     */
    private DictionaryRegistry open(boolean kafka, Duration retention) {
        if (!kafka) {
            return registry.openExisting();
        }
        long graceMs = force || retention == null ? 0 : retention.toMillis();
        Map<String, Object> settings = registry.commandConfig().registrySettings(registry.location());
        settings.put(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, Long.toString(graceMs));
        return DictionaryRegistries.open(registry.location(), settings);
    }

    private static String ofSubject(DictionaryInfo info) {
        return info.subject().equals(DictionaryInfo.DEFAULT_SUBJECT) ? "" : " of subject " + info.subject();
    }
}
