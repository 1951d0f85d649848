package org.zdict.bench.e2e;

import java.util.List;

/**
 * How one broker run batches records.
 *
 * @param perRound 0 to send as fast as the producer accepts; otherwise this many records to every
 *     partition, then {@code flush()}, so every batch holds exactly that many records
 */
record Scenario(String name, int partitions, int lingerMs, int batchSize, int perRound, int records, boolean document) {
    static final List<Scenario> ALL = List.of(
            // batch.size below one record: every batch holds exactly one record.
            new Scenario("small-1", 8, 0, 1, 0, 20_000, false),
            // 4 records to each of 8 partitions, then flush: batches of exactly 4.
            new Scenario("small-4", 8, 1_000, 65_536, 4, 20_000, false),
            new Scenario("large-64k", 8, 10, 65_536, 0, 100_000, false),
            new Scenario("large-250k", 8, 10, 250_000, 0, 100_000, false),
            // One document of about 4 MB per record (max.message.bytes raised).
            new Scenario("doc-4mb", 1, 0, 65_536, 0, 20, true));

    static Scenario named(String name) {
        return ALL.stream()
                .filter(s -> s.name.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown scenario '" + name + "'; known: "
                        + ALL.stream().map(Scenario::name).toList()));
    }
}
