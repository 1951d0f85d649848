package org.zdict.cli.train;

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
}
