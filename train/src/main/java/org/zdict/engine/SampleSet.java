package org.zdict.engine;

import java.util.List;

/**
 * The events read for training, split once into a training part and a held-out part that is never
 * trained on.
 *
 * @param inputs names of what was read
 * @param eventsRead events seen in the inputs
 * @param bytesRead their total size
 * @param skipped malformed events skipped
 * @param oversized events skipped for being larger than {@link Sampler#MAX_EVENT_BYTES}
 * @param oversizedBytes their total size
 * @param inputBytes the size of the inputs, decompressed: events, separators and skipped bytes
 * @param train the events to train on
 * @param holdout the events to evaluate on
 */
public record SampleSet(
        List<String> inputs,
        long eventsRead,
        long bytesRead,
        long skipped,
        long oversized,
        long oversizedBytes,
        long inputBytes,
        List<byte[]> train,
        List<byte[]> holdout) {

    /**
     * The share of the input's bytes that are in no event: malformed input skipped, and the separators
     * between events (a byte or two per event in JSON Lines).
     */
    public double skippedShare() {
        return inputBytes <= 0 ? 0 : Math.max(0, 1 - (double) (bytesRead + oversizedBytes) / inputBytes);
    }

    /**
     * The sampled events (training and held-out) that are not JSON objects or arrays: binary values
     * (Avro, Protobuf, any opaque bytes) from a topic or a caller's iterator. They are trained on and
     * measured exactly as JSON events are; a report says how many there were.
     */
    public long notJson() {
        return train.stream().filter(SampleSet::isNotJson).count()
                + holdout.stream().filter(SampleSet::isNotJson).count();
    }

    private static boolean isNotJson(byte[] event) {
        for (byte b : event) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b != '{' && b != '[';
            }
        }
        return true;
    }

    public long trainBytes() {
        return train.stream().mapToLong(e -> e.length).sum();
    }

    public long holdoutBytes() {
        return holdout.stream().mapToLong(e -> e.length).sum();
    }
}
