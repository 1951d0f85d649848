package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.zdict.cli.input.EventInput;
import org.zdict.cli.train.GridPoint;
import org.zdict.cli.train.GridSearch;
import org.zdict.cli.train.GridSettings;
import org.zdict.cli.train.HoldoutFrom;
import org.zdict.cli.train.Objective;
import org.zdict.cli.train.ReportChart;
import org.zdict.cli.train.ReportJson;
import org.zdict.cli.train.ReportTable;
import org.zdict.cli.train.SampleSet;
import org.zdict.cli.train.Sampler;
import org.zdict.cli.train.TrainingReport;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.train.DictionaryTrainer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code zdict train}: sample events, train a grid of dictionaries, evaluate on held-out events, choose one. */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Train a grid of dictionaries (--dict-size x --level) on a sample of the input events, measure each on"
                    + " held-out events next to LZ4, Snappy, gzip and plain zstd, and choose one by --objective.",
            "With --registry the choice is published as a new version (active with --activate)."
        })
public final class TrainCommand implements Callable<Integer> {
    static final String DEFAULT_DICT_SIZES = "16K,64K,112K,256K,512K";
    static final String DEFAULT_LEVELS = "1,3,5";
    static final String DEFAULT_MAX_SAMPLES = "200000";
    static final String DEFAULT_MAX_SAMPLE_BYTES = "32M";

    @Spec
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            paramLabel = "FILE|DIR|-",
            description = "Events to learn from (repeatable): JSON Lines, a JSON array or concatenated JSON,"
                    + " plain, .gz or .zst; a folder means all its files; - is standard input.")
    List<String> inputs = new ArrayList<>();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "More inputs, as with --input.")
    List<String> moreInputs = new ArrayList<>();

    @Option(
            names = {"-r", "--registry"},
            paramLabel = "DIR|kafka://HOST:PORT/TOPIC",
            description = "Publish the chosen dictionary into this registry (created if missing).")
    String registry;

    @Option(names = "--activate", description = "Make the published version the active one.")
    boolean activate;

    @Option(
            names = "--dict-size",
            split = ",",
            paramLabel = "SIZE",
            defaultValue = DEFAULT_DICT_SIZES,
            converter = ListConverters.DictSize.class,
            description = "Dictionary sizes to try (default: ${DEFAULT-VALUE}).")
    List<Integer> dictSizes;

    @Option(
            names = "--level",
            split = ",",
            paramLabel = "LEVEL",
            defaultValue = DEFAULT_LEVELS,
            converter = ListConverters.Level.class,
            description = "zstd levels to try (default: ${DEFAULT-VALUE}).")
    List<Integer> levels;

    @Option(
            names = "--batch",
            split = ",",
            paramLabel = "N",
            defaultValue = "1,4",
            converter = ListConverters.BatchSize.class,
            description = "Events per payload to evaluate; the choice uses the first (default: ${DEFAULT-VALUE}).")
    List<Integer> batchSizes;

    @Option(
            names = "--holdout",
            paramLabel = "FRACTION",
            defaultValue = "20%",
            converter = ListConverters.Fraction.class,
            description = "Share of the sample held out for evaluation, never trained on (default: ${DEFAULT-VALUE}).")
    double holdout;

    @Option(
            names = "--holdout-from",
            paramLabel = "random|latest",
            defaultValue = "random",
            converter = HoldoutFromConverter.class,
            description = "Hold out a random share of the sample, or the latest events in input order: what a"
                    + " dictionary trained now meets next, drift included (default: ${DEFAULT-VALUE}).")
    HoldoutFrom holdoutFrom;

    @Option(
            names = "--objective",
            defaultValue = "balanced",
            description = "How to choose: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            converter = ObjectiveConverter.class,
            completionCandidates = ObjectiveConverter.Names.class)
    Objective objective;

    @Option(
            names = "--min-mbps",
            paramLabel = "MB/s",
            defaultValue = "100",
            description = "Only choose dictionaries that compress at least this fast (default: ${DEFAULT-VALUE}).")
    double minMbps;

    @Option(
            names = "--max-samples",
            paramLabel = "N",
            defaultValue = DEFAULT_MAX_SAMPLES,
            description = "Most events to sample, training plus held-out (default: ${DEFAULT-VALUE}).")
    int maxSamples;

    @Option(
            names = "--max-sample-bytes",
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MAX_SAMPLE_BYTES,
            converter = ListConverters.ByteCount.class,
            description = "Most bytes of events to sample (default: ${DEFAULT-VALUE}).")
    long maxSampleBytes;

    @Mixin
    SamplingOptions sampling;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Dictionaries trained at once (default: the number of CPUs).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--report-json", paramLabel = "FILE", description = "Also write the report as JSON.")
    Path reportJson;

    @Option(names = "--chart", paramLabel = "FILE.png", description = "Also draw ratio against speed as a PNG.")
    Path chart;

    @Option(
            names = {"-q", "--quiet"},
            description = "No progress bars.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        List<String> all = new ArrayList<>(inputs);
        all.addAll(moreInputs);
        if (all.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Missing input: give --input FILE (or - for stdin)");
        }
        if (maxSamples < 10) {
            throw new ParameterException(
                    spec.commandLine(), "Invalid value for option '--max-samples': " + maxSamples + " is below 10");
        }
        if (threads < 1) {
            throw new ParameterException(
                    spec.commandLine(), "Invalid value for option '--threads': " + threads + " is below 1");
        }
        if (activate && registry == null) {
            throw new ParameterException(spec.commandLine(), "--activate needs --registry DIR");
        }
        if (registry != null) {
            RegistryOption.check(spec, registry);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Progress.Factory progress = Progress.forTerminal(quiet);

        List<EventInput> eventInputs = EventInput.expand(all);
        SampleSet samples = InputReading.read(
                new Sampler(maxSamples, maxSampleBytes, holdout, holdoutFrom, sampling.seed, sampling.onError),
                eventInputs,
                progress,
                err);
        GridSettings settings = new GridSettings(dictSizes, levels, batchSizes, objective, minMbps, threads);
        TrainingReport report = new GridSearch(settings).run(samples, progress);
        ReportTable.print(report, out);
        if (holdoutFrom == HoldoutFrom.LATEST) {
            report = retrainOnEverySample(report, samples, out);
        }
        Publisher.Published published = null;
        if (registry != null) {
            try (DictionaryRegistry target = RegistryOption.open(spec, registry, true)) {
                published = Publisher.publish(target, report, activate, "zdict train");
            }
            printPublished(out, published, registry);
        }
        writeExtras(
                report,
                published,
                reportJson,
                chart,
                "zdict train: "
                        + String.join(
                                ", ",
                                eventInputs.stream().map(EventInput::shortName).toList()),
                out);
        return ZdictCommand.EXIT_OK;
    }

    /**
     * With the latest events held out, the grid's dictionaries never saw them: the chosen point is
     * trained again on the whole sample, so the published dictionary knows the newest events too.
     */
    private static TrainingReport retrainOnEverySample(TrainingReport report, SampleSet samples, PrintWriter out) {
        GridPoint point = report.choice().chosen().point();
        List<byte[]> every = new ArrayList<>(samples.train());
        every.addAll(samples.holdout());
        out.printf(
                Locale.ROOT,
                "Retrained %s on all %d sampled events, the latest included; the held-out figures above estimate"
                        + " the events that come next.%n",
                point.label(),
                every.size());
        return report.withChosenDictionary(DictionaryTrainer.train(every, point.dictSize(), point.level()));
    }

    static void printPublished(PrintWriter out, Publisher.Published published, String location) {
        out.printf(
                Locale.ROOT,
                "%s version %d in %s (%s, %d bytes, level %d, sha256 %s).%n",
                published.reused() ? "Same dictionary as existing" : "Published as",
                published.info().version(),
                location,
                published.info().status().label(),
                published.info().size(),
                published.info().level(),
                published.info().sha256().substring(0, 16));
        out.flush();
    }

    static void writeExtras(
            TrainingReport report,
            Publisher.Published published,
            Path reportJson,
            Path chart,
            String title,
            PrintWriter out)
            throws IOException {
        if (reportJson != null) {
            ReportJson.write(report, published == null ? null : published.info(), reportJson);
            out.println("Report written to " + reportJson);
        }
        if (chart != null) {
            ReportChart.writePng(report, title, chart);
            out.println("Chart written to " + chart);
        }
        out.flush();
    }
}
