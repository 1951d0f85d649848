package org.zdict.engine;

import java.util.List;
import java.util.Optional;

/**
 * Everything a grid search found: the samples, every grid point, the baselines and the choice.
 *
 * @param failures grid points zstd could not train, with why
 */
public record TrainingReport(
        SampleSet samples,
        GridSettings settings,
        List<CandidateResult> candidates,
        List<String> failures,
        List<BaselineResult> baselines,
        Objective.Choice choice,
        long elapsedMillis) {

    public Optional<BaselineResult> baseline(String codec) {
        return baselines.stream().filter(b -> b.codec().equals(codec)).findFirst();
    }

    /**
     * This report with the chosen grid point's dictionary replaced by {@code dictionary}, trained at
     * the same point once the choice was made (on more events); the measurements stay those of the
     * held-out run, as the estimate.
     */
    public TrainingReport withChosenDictionary(byte[] dictionary) {
        return withChosen(choice.chosen(), dictionary);
    }

    /**
     * This report with {@code point}, one of its candidates, as the chosen one and its dictionary
     * replaced by {@code dictionary} ({@code zdict retrain} may promote another point than the
     * objective's choice); the reason stays the objective's, the CPU trade is that of {@code point}.
     */
    public TrainingReport withChosen(CandidateResult point, byte[] dictionary) {
        CandidateResult replaced =
                new CandidateResult(point.point(), dictionary, point.trainMillis(), point.measurements());
        List<CandidateResult> updated =
                candidates.stream().map(c -> c == point ? replaced : c).toList();
        Optional<CpuTrade> cpu = choice.cpu().map(trade -> CpuTrade.of(trade.ceiling(), point, trade.withoutCeiling()));
        return new TrainingReport(
                samples,
                settings,
                updated,
                failures,
                baselines,
                new Objective.Choice(replaced, choice.reason(), cpu),
                elapsedMillis);
    }
}
