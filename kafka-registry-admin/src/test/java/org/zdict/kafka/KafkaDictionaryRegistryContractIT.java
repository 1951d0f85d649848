package org.zdict.kafka;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionaryRegistryContract;

/**
 * Holds the Kafka registry to the contract of every registry (core's {@link DictionaryRegistryContract},
 * through its test jar), with default settings: one real broker for the class, a new topic and local copy
 * per test.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KafkaDictionaryRegistryContractIT extends DictionaryRegistryContract {
    private static final AtomicInteger TOPICS = new AtomicInteger();
    private static Broker broker;

    @TempDir
    Path temp;

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startBroker() throws Exception {
        broker = Broker.start();
    }

    @AfterAll
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private String topic;
    private int handles;

    @Override
    protected DictionaryRegistry newRegistry() {
        topic = "contract-" + TOPICS.incrementAndGet();
        return open();
    }

    /** Another client of the same topic, with its own local copy, as in another process. */
    @Override
    protected DictionaryRegistry openAgain() {
        return open();
    }

    private DictionaryRegistry open() {
        return KafkaDictionaryRegistry.open(
                broker.bootstrapServers(),
                topic,
                Map.of(
                        KafkaRegistryConfig.CACHE_DIR_CONFIG,
                        temp.resolve("cache-" + handles++).toString(),
                        KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG,
                        "20000"));
    }
}
