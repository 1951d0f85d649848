package org.zdict.cli.train;

import java.util.List;

/**
 * The events read for training, split once into a training part and a held-out part that is never
 * trained on.
 *
 * @param inputs names of what was read
 * @param eventsRead events seen in the inputs
 * @param bytesRead their total size
 * @param skipped malformed events skipped
 * @param train the events to train on
 * @param holdout the events to evaluate on
 */
public record SampleSet(
        List<String> inputs, long eventsRead, long bytesRead, long skipped, List<byte[]> train, List<byte[]> holdout) {

    public long trainBytes() {
        return train.stream().mapToLong(e -> e.length).sum();
    }

    public long holdoutBytes() {
        return holdout.stream().mapToLong(e -> e.length).sum();
    }
}
