package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.zdict.cli.report.ReportTable;
import org.zdict.cli.report.SplitTable;
import org.zdict.engine.GridSearch;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.SampleSet;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.TrainingResult;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryRegistry;

/**
 * What {@code train} and {@code retrain} share: plan a training run from the options, run it through the
 * engine, and print its table (and, with the latest events held out, that the chosen point was trained
 * again on every sample).
 *
 * @param plan what was planned from the options, the inputs as read
 * @param result what the engine measured and chose
 */
record TrainingRun(TrainingPlan plan, TrainingResult result) {

    /**
     * Reads {@code inputs} (a topic's values written by zdict decoded with {@code decoding}, which may be
     * null and must stay open during the call; topics read with {@code config}'s settings), then trains and
     * measures the grid.
     */
    static TrainingRun run(
            EventInputOptions inputs,
            CommandConfigOption config,
            DictionaryRegistry decoding,
            TrainingOptions training,
            ProgressListener progress,
            PrintWriter out,
            PrintWriter err)
            throws IOException {
        List<EventInput> eventInputs = inputs.expand(decoding, GridSearch.MIN_EVENTS, config);
        TrainingPlan plan = training.plan(eventInputs);
        SampleSet samples = InputReading.read(plan, progress, err);
        TrainingResult result = new TrainingEngine(progress, skipped -> {}).train(plan, samples);
        ReportTable.print(result.measured(), out);
        SplitTable.print(result.split(), out);
        if (result.retrainedOnEverySample()) {
            out.printf(
                    Locale.ROOT,
                    "Retrained %s on all %d sampled events, the latest included; the held-out figures above estimate"
                            + " the events that come next.%n",
                    result.chosen().choice().chosen().point().label(),
                    samples.train().size() + samples.holdout().size());
        }
        return new TrainingRun(plan, result);
    }

    /** The report to publish (with the latest events held out, the chosen point trained again on every sample). */
    TrainingReport chosen() {
        return result.chosen();
    }

    /** The split to publish instead of one dictionary, when one paid. */
    java.util.Optional<org.zdict.engine.SplitResult> chosenSplit() {
        return result.split().chosen();
    }

    /** "zdict train: a.jsonl, b.jsonl", the chart's title. */
    String title(String command) {
        return command + ": "
                + String.join(
                        ", ", plan.inputs().stream().map(EventInput::shortName).toList());
    }
}
