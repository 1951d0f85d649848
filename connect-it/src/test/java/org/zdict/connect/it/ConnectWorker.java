package org.zdict.connect.it;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.isolation.PluginDesc;
import org.apache.kafka.connect.runtime.isolation.Plugins;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.apache.kafka.connect.util.clusters.WorkerHandle;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * One real Connect worker (distributed mode) on one real KRaft broker, in this JVM, with the zdict plugin
 * in its {@code plugin.path} and zdict as the worker's value converter, configured as docs/KAFKA.md shows.
 */
final class ConnectWorker implements AutoCloseable {
    static final String CONVERTER = "org.zdict.connect.ZdictConverter";
    static final String REGISTRY_TOPIC = "_zdict_connect";

    final EmbeddedConnectCluster cluster;
    private final Map<String, String> workerProps;

    private ConnectWorker(EmbeddedConnectCluster cluster, Map<String, String> workerProps) {
        this.cluster = cluster;
        this.workerProps = workerProps;
    }

    /** The folder the build unpacked the plugin ZIP into (a plugin.path directory). */
    static Path pluginPath() {
        String path = System.getProperty("zdict.connect.plugin.path");
        if (path == null) {
            throw new IllegalStateException("Run through Maven (mvn verify): zdict.connect.plugin.path is not set");
        }
        return Path.of(path).toAbsolutePath();
    }

    /**
     * Starts the broker, not yet the worker: the worker's converter settings name the registry topic, which
     * needs the broker's address and a first dictionary. Then call {@link #startWorker()}.
     */
    static ConnectWorker startBroker(Path cacheDir) {
        Map<String, String> worker = new HashMap<>();
        worker.put("plugin.path", pluginPath().toString());
        // The worker's own producers compress with zstd: Kafka's zstd-jni, from the worker's class path.
        worker.put("producer.compression.type", "zstd");
        worker.put("offset.flush.interval.ms", "500");
        worker.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
        worker.put("value.converter", CONVERTER);
        worker.put("value.converter.zdict.inner.converter", "org.apache.kafka.connect.json.JsonConverter");
        worker.put("value.converter.schemas.enable", "false");
        worker.put("value.converter.zdict.registry.cache.dir", cacheDir.toString());
        Properties broker = new Properties();
        broker.put("auto.create.topics.enable", "false");
        EmbeddedConnectCluster cluster = new EmbeddedConnectCluster.Builder()
                .name("zdict-connect-it")
                .numWorkers(0)
                .numBrokers(1)
                .brokerProps(broker)
                .workerProps(worker)
                .build();
        cluster.start();
        return new ConnectWorker(cluster, worker);
    }

    /** Starts the worker, with the registry topic on this broker as its converter's registry. */
    void startWorker() throws InterruptedException {
        workerProps.put("value.converter.zdict.registry", registry());
        cluster.addWorker();
        cluster.assertions().assertAtLeastNumWorkersAreUp(1, "the Connect worker did not start");
    }

    /**
     * The worker's value converter settings, for a connector's own configuration, with {@code client.id}
     * so that its converter's metrics are tagged {@code client-id=clientId} (a worker-wide converter's are
     * tagged {@code client-id=""} in every connector).
     */
    Map<String, String> valueConverterWithClientId(String clientId) {
        Map<String, String> settings = new HashMap<>();
        workerProps.forEach((name, value) -> {
            if (name.startsWith("value.converter")) {
                settings.put(name, value);
            }
        });
        settings.put("value.converter.client.id", clientId);
        return settings;
    }

    String bootstrapServers() {
        return cluster.kafka().bootstrapServers();
    }

    String registry() {
        return "kafka://" + bootstrapServers() + "/" + REGISTRY_TOPIC;
    }

    /**
     * The test's own client of the converters' registry, creating its topic if needed, with its local
     * copy in {@code cacheDir}: the test publishes and activates versions through it.
     */
    DictionaryRegistry openRegistry(Path cacheDir) {
        return DictionaryRegistries.openOrCreate(
                registry(), Map.of(KafkaRegistryConfig.CACHE_DIR_CONFIG, cacheDir.toString()));
    }

    /**
     * The worker's plugin registry, read from the running worker (the test kit does not expose it; a test
     * may reach in, a user never needs to).
     */
    Plugins plugins() throws ReflectiveOperationException {
        WorkerHandle handle = cluster.workers().iterator().next();
        Field field = WorkerHandle.class.getDeclaredField("worker");
        field.setAccessible(true);
        Connect<?> connect = (Connect<?>) field.get(handle);
        return connect.herder().plugins();
    }

    /** How the running worker found the zdict converter: its class loader and location. */
    PluginDesc<Converter> zdictConverter() throws ReflectiveOperationException {
        Plugins plugins = plugins();
        return plugins.converters().stream()
                .filter(desc -> desc.className().equals(CONVERTER))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the worker did not load " + CONVERTER + " from plugin.path "
                        + pluginPath() + "; its converters: " + plugins.converters()));
    }

    @Override
    public void close() {
        cluster.stop();
    }
}
