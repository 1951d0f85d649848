package org.zdict.engine.codec;

/**
 * Whether {@link KafkaLz4Codec} can run here: the kafka-clients on the class path has its compression API
 * ({@code org.apache.kafka.common.compress.Compression}, kafka-clients 3.8 and newer). Older ones, as
 * Spark 3.5 brings (3.4.1), do not. A class of its own, because loading {@link KafkaLz4Codec} itself needs
 * that API.
 */
public final class KafkaLz4Support {
    /** Whether kafka-clients' compression API is on the class path. */
    public static final boolean PRESENT = present();

    private KafkaLz4Support() {}

    private static boolean present() {
        try {
            Class.forName(
                    "org.apache.kafka.common.compress.Compression", false, KafkaLz4Support.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
