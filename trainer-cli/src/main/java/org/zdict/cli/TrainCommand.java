package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.zdict.RegistryException;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.Publisher;
import org.zdict.engine.SetPublisher;
import org.zdict.engine.SplitBy;
import org.zdict.engine.SplitResult;
import org.zdict.engine.TrainingReport;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code zdict train}: sample events, train a grid of dictionaries, evaluate on held-out events, choose one. */
@Command(
        name = "train",
        sortOptions = false,
        description = {
            "Train a grid of dictionaries (--dict-size x --level) on a sample of the input events, measure each on"
                    + " held-out events next to LZ4, Snappy, gzip and plain zstd, and choose one by --objective.",
            "With --registry the choice is published as a new version of --subject (active with --activate).",
            "Each dictionary size is also measured as LZ4 blocks (lz4+dict rows); --codec lz4 chooses among those"
                    + " and publishes a version whose payloads are LZ4 blocks."
        })
public final class TrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EventInputOptions inputs;

    @Option(
            names = {"-r", "--registry"},
            paramLabel = "DIR|kafka://HOST:PORT/TOPIC",
            description = "Publish the chosen dictionary into this registry (created if missing).")
    String registry;

    @Option(names = "--activate", description = "Make the published version the active one of its subject.")
    boolean activate;

    @Mixin
    CommandConfigOption commandConfig;

    @Mixin
    SubjectOption subject;

    @Mixin
    TrainingOptions training;

    @Option(
            names = "--split-by",
            paramLabel = "RULE",
            defaultValue = "auto",
            converter = ListConverters.Split.class,
            description = "One dictionary per kind of event, judged against one dictionary at the same total size on"
                    + " the same held-out events and chosen only where it stores 2%% fewer bytes: auto (top-level"
                    + " fields found in the events, and the events' shape), shape, field:NAME, or none"
                    + " (default: ${DEFAULT-VALUE}).")
    SplitBy splitBy;

    @Option(names = "--report-json", paramLabel = "FILE", description = "Also write the report as JSON.")
    Path reportJson;

    @Option(names = "--chart", paramLabel = "FILE.png", description = "Also draw ratio against speed as a PNG.")
    Path chart;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        inputs.names();
        training.check();
        if (splitBy.needsHeaders()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--split-by " + splitBy + ": training samples keep record values, not headers, so a header rule"
                            + " cannot be judged; train with a field or shape rule, or route by header with"
                            + " 'zdict registry activate N --route " + splitBy + " --kind KIND=VERSION'");
        }
        training.splitBy = splitBy;
        commandConfig.settings();
        if (activate && registry == null) {
            throw new ParameterException(spec.commandLine(), "--activate needs --registry DIR");
        }
        if (subject.given() && registry == null) {
            throw new ParameterException(spec.commandLine(), "--subject needs --registry DIR");
        }
        String into = subject.name();
        if (registry != null) {
            RegistryOption.checkCanPublish(spec, registry, commandConfig);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProgressListener progress = quiet.progress();

        // Every output is checked before any work, and the registry is changed last: a command that
        // fails leaves no new version behind.
        try (PlannedOutputs outputs = PlannedOutputs.prepare(reportJson, chart)) {
            TrainingRun run;
            try (DictionaryRegistry decoding = registryToDecodeTopics()) {
                run = TrainingRun.run(inputs, commandConfig, decoding, training, progress, out, err);
            }
            TrainingReport report = run.chosen();
            String title = run.title("zdict train");
            Optional<SplitResult> split = run.chosenSplit();
            if (registry == null) {
                outputs.write(report, run.result().split(), null, Map.of(), title);
            } else if (split.isPresent()) {
                SetPublisher.PublishedSet published;
                try (DictionaryRegistry target = RegistryOption.open(spec, registry, true, commandConfig)) {
                    published = SetPublisher.publish(target, into, report, split.get(), activate, "zdict train");
                }
                outputs.write(
                        report,
                        run.result().split(),
                        published.fallback(),
                        published.set().members(),
                        title);
                printPublishedSet(out, published, DictionaryRegistries.withoutQuery(registry), activate);
            } else {
                Publisher.Published published;
                try (DictionaryRegistry target = RegistryOption.open(spec, registry, true, commandConfig)) {
                    published = Publisher.publish(target, into, report, activate, "zdict train");
                }
                outputs.write(report, run.result().split(), published.info(), Map.of(), title);
                printPublished(out, published, DictionaryRegistries.withoutQuery(registry));
            }
            outputs.commit(out);
        }
        return ZdictCommand.EXIT_OK;
    }

    /**
     * The registry that decodes the values zdict wrote into a kafka:// input: {@code --registry} if it
     * exists already; null without one, or when no input is a topic.
     */
    private DictionaryRegistry registryToDecodeTopics() {
        if (registry == null || !inputs.readsTopics()) {
            return null;
        }
        try {
            return RegistryOption.open(spec, registry, false, commandConfig);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.NOT_FOUND) {
                throw e;
            }
            return null;
        }
    }

    private static void printPublishedSet(
            PrintWriter out, SetPublisher.PublishedSet published, String location, boolean activated) {
        String kinds = String.join(
                ", ",
                published.members().entrySet().stream()
                        .map(m -> m.getKey() + "=" + m.getValue().version())
                        .toList());
        out.println("Published a set routed by " + published.set().rule().text() + " in " + location
                + ": fallback version " + published.fallback().version() + ", "
                + published.members().size()
                + " kinds (" + kinds + ")" + (activated ? ", active." : "; activate it with:"));
        if (!activated) {
            out.println("  zdict registry activate " + published.fallback().version() + " --route "
                    + published.set().rule().text()
                    + published.members().entrySet().stream()
                            .map(m ->
                                    " --kind " + m.getKey() + "=" + m.getValue().version())
                            .collect(java.util.stream.Collectors.joining())
                    + " --registry " + location);
        }
        out.flush();
    }

    static void printPublished(PrintWriter out, Publisher.Published published, String location) {
        out.printf(
                Locale.ROOT,
                "%s version %d%s in %s (%s, %d bytes, level %d,%s sha256 %s).%n",
                published.reused() ? "Same dictionary as existing" : "Published as",
                published.info().version(),
                published.info().subject().equals(DictionaryInfo.DEFAULT_SUBJECT)
                        ? ""
                        : " of subject " + published.info().subject(),
                location,
                published.info().status().label(),
                published.info().size(),
                published.info().level(),
                DictionaryInfo.Codec.of(published.info()) == DictionaryInfo.Codec.LZ4 ? " codec lz4," : "",
                published.info().sha256().substring(0, 16));
        out.flush();
    }
}
