package org.zdict.kafka;

import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySource;

/**
 * The lifecycle that {@link ZdictSerializer} and {@link ZdictDeserializer} share: {@code configure}
 * (settings, registry lease and codec, published as one {@link SerdeResources}), the metrics ({@link
 * SerdeMetrics}), the errors for use before configure or after close, and an idempotent close.
 *
 * <p>A serde that is dropped without {@code close()} lets go of the registry and its metrics once it is
 * garbage: Kafka Streams never closes the serdes it makes from {@code default.key.serde} and {@code
 * default.value.serde}.
 */
final class SerdeLifecycle {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final Logger LOG = LoggerFactory.getLogger(SerdeLifecycle.class);
    /** The binding line is logged by the first configure in a JVM (a class loader), not per serde. */
    private static final AtomicBoolean BINDING_LOGGED = new AtomicBoolean();

    private final String serdeName;
    private final boolean serializer;
    private final SerdeMetrics metrics;
    private final Cleaner.Cleanable cleanable;
    private volatile SerdeResources resources;
    private volatile boolean closed;

    /** {@code serde} is the serializer or deserializer this lifecycle belongs to; it keeps no reference to it. */
    SerdeLifecycle(Object serde, boolean serializer) {
        this.serdeName = serde.getClass().getSimpleName();
        this.serializer = serializer;
        this.metrics = new SerdeMetrics(serdeName, serializer);
        this.cleanable = CLEANER.register(serde, this::release);
    }

    /**
     * Reads {@code configs}, lets {@code inner} set up the inner serializer or deserializer with them,
     * then swaps in the new resources and closes the ones of a previous configure.
     */
    synchronized void configure(Map<String, ?> configs, boolean isKey, Consumer<ZdictSerdeConfig> inner) {
        if (closed) {
            throw new IllegalStateException("This " + serdeName + " is closed");
        }
        KafkaClientsFloor.check();
        if (BINDING_LOGGED.compareAndSet(false, true)) {
            LOG.info(
                    "zdict reaches libzstd through zstd-jni's {} on Java {}",
                    ZdictCodecBuilder.zstdJniBinding(),
                    System.getProperty("java.version"));
        }
        ZdictSerdeConfig parsed = new ZdictSerdeConfig(configs, isKey);
        inner.accept(parsed);
        metrics.configured(configs, isKey);
        SerdeResources opened = SerdeResources.open(parsed, metrics);
        if (serializer) {
            try {
                checkPinnedVersion(parsed, opened.codec.source());
            } catch (RuntimeException e) {
                opened.close();
                throw e;
            }
        }
        SerdeResources previous = resources;
        resources = opened;
        if (previous != null) {
            previous.close();
        }
    }

    /**
     * A pinned version must be one the serializer may write: a retired version only decodes (and cannot
     * be activated again), so pinning it is refused, as is a version the registry does not hold. Checked
     * at configure; a version retired later is written until the next configure.
     */
    private static void checkPinnedVersion(ZdictSerdeConfig config, DictionarySource registry) {
        OptionalInt pinned = config.pinnedVersion();
        if (pinned.isEmpty()) {
            return;
        }
        int version = pinned.getAsInt();
        DictionaryInfo info = registry.info(version)
                .orElseThrow(() -> new ConfigException(
                        ZdictSerdeConfig.PINNED_VERSION_CONFIG,
                        version,
                        registry.describe() + " holds no version " + version));
        if (info.status() == DictionaryInfo.Status.RETIRED) {
            throw new ConfigException(
                    ZdictSerdeConfig.PINNED_VERSION_CONFIG,
                    version,
                    "version " + version + " is retired in " + registry.describe() + ": retired versions only"
                            + " decode. Pin an active or available version, or leave "
                            + ZdictSerdeConfig.PINNED_VERSION_CONFIG + " unset to follow the active one");
        }
    }

    /** Publishes the serde's metrics through {@code clientMetrics} instead of JMX ({@link SerdeMetrics#publishTo}). */
    void publishMetricsTo(Supplier<SerdeMetrics.Target> clientMetrics) {
        metrics.publishTo(clientMetrics);
    }

    /** The resources of the last configure, for one record. */
    SerdeResources ready() {
        if (closed) {
            throw new IllegalStateException("This " + serdeName + " is closed");
        }
        SerdeResources current = resources;
        if (current == null) {
            throw new IllegalStateException(serdeName + " is not configured: call configure(Map, boolean) first");
        }
        return current;
    }

    /**
     * Lets go of the registry, the codec and the metrics. Returns false if it was already closed, so the
     * caller closes its inner serializer or deserializer once.
     */
    synchronized boolean close() {
        if (closed) {
            return false;
        }
        cleanable.clean(); // runs release() now, and never again
        return true;
    }

    /** From close(), or from the cleaner once the serde is garbage. */
    private synchronized void release() {
        closed = true;
        if (resources != null) {
            resources.close();
        }
        metrics.close();
    }
}
