package org.zdict.engine;

import org.zdict.engine.input.OnError;

/**
 * How the inputs are sampled and split: a bounded uniform sample, a share of it held out.
 *
 * @param maxSamples the most events to sample, training plus held-out (at least 10)
 * @param maxSampleBytes the most bytes of events to sample
 * @param holdout the share of the sample held out for evaluation, in (0, 1); 1 holds out all of it (to
 *     evaluate an existing dictionary)
 * @param holdoutFrom which events are held out: a random share, or the latest in input order
 * @param seed the seed of the sampling and the random split
 * @param onError what a malformed event does: fail the run, or be skipped and counted
 */
public record SampleSettings(
        int maxSamples, long maxSampleBytes, double holdout, HoldoutFrom holdoutFrom, long seed, OnError onError) {}
