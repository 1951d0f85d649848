package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.zdict.cli.report.ReportTable;
import org.zdict.engine.GridPoint;
import org.zdict.engine.GridSearch;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.SampleSet;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.train.DictionaryTrainer;

/**
 * What {@code train} and {@code retrain} share: read the inputs, train and measure the grid, print its
 * table, and, with the latest events held out, train the chosen point again on every sample.
 *
 * @param inputs what was read
 * @param measured the grid search as measured: its dictionaries never saw the held-out events
 * @param chosen the report to publish: {@code measured}, or with the latest events held out, the chosen
 *     point trained again on the whole sample (the figures stay those of {@code measured})
 */
record TrainingRun(List<EventInput> inputs, TrainingReport measured, TrainingReport chosen) {

    /**
     * Reads {@code inputs} (a topic's values written by zdict decoded with {@code decoding}, which may be
     * null and must stay open during the call), then trains and measures the grid.
     */
    static TrainingRun run(
            EventInputOptions inputs,
            DictionaryRegistry decoding,
            TrainingOptions training,
            ProgressListener progress,
            PrintWriter out,
            PrintWriter err)
            throws IOException {
        List<EventInput> eventInputs = inputs.expand(decoding, GridSearch.MIN_EVENTS);
        SampleSet samples = InputReading.read(training.sampler(), eventInputs, progress, err);
        TrainingReport report = new GridSearch(training.grid(), TimingProperties.read()).run(samples, progress);
        ReportTable.print(report, out);
        TrainingReport chosen =
                training.holdoutFrom() == HoldoutFrom.LATEST ? retrainOnEverySample(report, samples, out) : report;
        return new TrainingRun(eventInputs, report, chosen);
    }

    /** "zdict train: a.jsonl, b.jsonl", the chart's title. */
    String title(String command) {
        return command + ": "
                + String.join(", ", inputs.stream().map(EventInput::shortName).toList());
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
}
