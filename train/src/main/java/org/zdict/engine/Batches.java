package org.zdict.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Held-out events grouped as a small-batch pipeline sends them: {@code batchSize} consecutive events
 * joined by newlines form one payload (1 = every event alone).
 */
record Batches(int batchSize, List<byte[]> payloads, long rawBytes, int largest) {

    static Batches of(List<byte[]> events, int batchSize) {
        List<byte[]> payloads = new ArrayList<>();
        long raw = 0;
        int largest = 0;
        for (int i = 0; i < events.size(); i += batchSize) {
            int end = Math.min(events.size(), i + batchSize);
            int length = end - i - 1;
            for (int j = i; j < end; j++) {
                length += events.get(j).length;
            }
            byte[] payload = new byte[length];
            int position = 0;
            for (int j = i; j < end; j++) {
                if (j > i) {
                    payload[position++] = '\n';
                }
                byte[] event = events.get(j);
                System.arraycopy(event, 0, payload, position, event.length);
                position += event.length;
            }
            payloads.add(payload);
            raw += length;
            largest = Math.max(largest, length);
        }
        return new Batches(batchSize, payloads, raw, largest);
    }
}
