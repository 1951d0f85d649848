package org.zdict.matrix;

import java.nio.file.Path;

/**
 * The tested kafka-clients releases: the one list that ClientMatrixIT runs, that docs/COMPATIBILITY.md's
 * table must name ({@code CompatibilityTableTest}) and that client-matrix/clients has a user project for.
 */
enum ClientMatrix {
    BELOW_THE_FLOOR("3.3.2", true, Outcome.REFUSED_BELOW_THE_FLOOR),
    SPARK_3_5("3.4.1", true, Outcome.ROUND_TRIP),
    LAST_3_X("3.9.1", true, Outcome.ROUND_TRIP),
    /** kafka-clients' own zstd-jni 1.5.6-4: above zdict's floor, so zdict runs on it with its fallbacks. */
    LAST_3_X_WITHOUT_THE_BOM("3.9.1", false, Outcome.ROUND_TRIP),
    FIRST_4_X("4.0.0", true, Outcome.ROUND_TRIP),
    FIRST_WITH_MONITORABLE("4.1.0", true, Outcome.ROUND_TRIP_IN_CLIENT_METRICS),
    BUILDS_OWN("4.3.1", true, Outcome.ROUND_TRIP_IN_CLIENT_METRICS);

    /** What a child JVM on the entry's class path must do. */
    enum Outcome {
        /** Produce, roll out v2, consume: every value intact, the metrics in JMX under {@code zdict:}. */
        ROUND_TRIP,
        /**
         * The same with the Monitorable serdes (kafka-clients 4.1+): the metrics in the producer's and the
         * consumer's own {@code metrics()}, none under {@code zdict:} in JMX.
         */
        ROUND_TRIP_IN_CLIENT_METRICS,
        /** configure and the registry refuse kafka-clients below 3.4, naming 3.4. */
        REFUSED_BELOW_THE_FLOOR
    }

    final String kafkaClients;
    final boolean importsBom;
    final Outcome outcome;

    ClientMatrix(String kafkaClients, boolean importsBom, Outcome outcome) {
        this.kafkaClients = kafkaClients;
        this.importsBom = importsBom;
        this.outcome = outcome;
    }

    /** The folder name of the entry's user project in client-matrix/clients. */
    String project() {
        return "kafka-clients-" + kafkaClients + (importsBom ? "" : "-no-bom");
    }

    /** The entry's user project folder, under {@code clientsDir} (client-matrix/clients). */
    Path projectDir(Path clientsDir) {
        return clientsDir.resolve(project());
    }
}
