package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.zdict.cli.report.ReportTable;
import org.zdict.codec.ZdictCodec;
import org.zdict.dictionaries.BundledSample;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.Publisher;
import org.zdict.engine.SampleSet;
import org.zdict.engine.SplitBy;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code zdict demo}: the whole job on real events that come with the build (the Wikipedia edit sample
 * from Maven Central): train a small grid, print the evaluation, publish and activate the choice.
 */
@Command(
        name = "demo",
        description = {
            "Train on real sample events that come with the build, print the evaluation, and publish and activate"
                    + " the choice in the local registry.",
            "Same as zdict train with all its defaults (grid, sample, hold-out, objective).",
            "The sample: 39,244 Wikipedia edit events from " + BundledSample.ORIGIN + "."
        })
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = {"-r", "--registry"},
            paramLabel = "DIR",
            description = "Where to publish (default: zdict-demo/registry in the working folder; from a source"
                    + " tree through ./zdict, dictionaries/registry there).")
    String registry;

    @Option(
            names = "--report-dir",
            paramLabel = "DIR",
            description = "Where to write report.json and chart.png (default: zdict-demo/report in the working"
                    + " folder; from a source tree through ./zdict, dictionaries/target/demo there).")
    Path reportDir;

    @Mixin
    CommandConfigOption commandConfig;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        // ./zdict (the source tree's launcher) sets ZDICT_HOME to the source tree; an installed zdict
        // (bin/zdict) does not, and writes under the working folder, never inside the installation.
        String sourceTree = System.getenv("ZDICT_HOME");
        Path defaults = sourceTree != null ? Path.of(sourceTree).resolve("dictionaries") : Path.of("zdict-demo");
        String location =
                registry != null ? registry : defaults.resolve("registry").toString();
        RegistryOption.checkCanPublish(spec, location, commandConfig);
        String shown = DictionaryRegistries.withoutQuery(location);
        Path reports = reportDir != null ? reportDir : defaults.resolve(sourceTree != null ? "target/demo" : "report");
        String command = System.getProperty("zdict.command", "./zdict");
        PrintWriter out = spec.commandLine().getOut();
        ProgressListener progress = quiet.progress();
        out.println("zdict demo: training on " + BundledSample.NAME + " (" + BundledSample.ORIGIN + ")");
        out.flush();

        try (PlannedOutputs outputs =
                PlannedOutputs.prepare(reports.resolve("report.json"), reports.resolve("chart.png"))) {
            TrainingOptions options = TrainingOptions.defaults();
            // The bundled sample is one kind of event: a split would be judged and never chosen.
            options.splitBy = SplitBy.NONE;
            TrainingPlan plan = options.plan(List.of(EventInput.of(BundledSample.NAME, BundledSample::open)));
            SampleSet samples =
                    InputReading.read(plan, progress, spec.commandLine().getErr());
            TrainingReport report = new TrainingEngine(progress, skipped -> {})
                    .train(plan, samples)
                    .measured();
            ReportTable.print(report, out);

            Publisher.Published published;
            try (DictionaryRegistry target = RegistryOption.open(spec, location, true, commandConfig)) {
                published = Publisher.publish(target, DictionaryInfo.DEFAULT_SUBJECT, report, true, "zdict demo");
                TrainCommand.printPublished(out, published, shown);
                byte[] event = samples.holdout().get(0);
                try (ZdictCodec codec =
                        ZdictCodec.builder(target).checksum(false).build()) {
                    byte[] payload = codec.compress(event);
                    out.printf(
                            Locale.ROOT,
                            "%nOne held-out event: %d bytes -> %d-byte Kafka record value with version %d.%n",
                            event.length,
                            payload.length,
                            published.info().version());
                }
            }
            outputs.write(report, published.info(), "zdict demo: " + BundledSample.NAME);
            outputs.commit(out);
        }
        out.println();
        out.println("Next: " + command + " registry list --registry " + shown);
        out.println("      echo '{\"page\":\"Main Page\",\"user\":\"Example\",\"delta\":12}' | " + command
                + " compress --registry " + shown + " | " + command + " decompress --registry " + shown);
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
