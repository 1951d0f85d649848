package org.zdict.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.AccessDenial;

/**
 * How a {@link KafkaDictionaryRegistry} client opens: it creates the topic (a publisher) or checks that it
 * exists (a reader), starts following it and waits until it has read it to its end. While the cluster
 * cannot be reached it serves its local copy, if it has one; a cluster that refuses this client, or answers
 * that a reader's topic does not exist (with no local copy), fails the opening with an error that names the
 * topic, the cluster and what to do.
 */
final class RegistryOpening {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaDictionaryRegistry.class);

    private final String bootstrapServers;
    private final String where;
    private final RegistryTopic topic;
    private final RegistryFollower follower;
    private final RegistryCache cache;
    private final long timeoutMs;

    RegistryOpening(
            String bootstrapServers,
            RegistryTopic topic,
            RegistryFollower follower,
            RegistryCache cache,
            long timeoutMs) {
        this.bootstrapServers = bootstrapServers;
        this.where = KafkaDictionaryRegistry.describe(bootstrapServers, topic.name());
        this.topic = topic;
        this.follower = follower;
        this.cache = cache;
        this.timeoutMs = timeoutMs;
    }

    /**
     * Creates or checks the topic, then starts following it; a missing topic is refused before that. The
     * local copy is served only while the cluster cannot be reached, never after it refused this client
     * ({@link AccessDenial}).
     *
     * @param createTopic creates the topic if it is missing (a publisher), null for a reader
     */
    void start(Runnable createTopic) {
        boolean create = createTopic != null;
        boolean hasCache = !follower.served().isEmpty();
        boolean reachable = true;
        String needs =
                create ? "DESCRIBE, READ and WRITE (and CREATE while the topic is missing)" : "DESCRIBE and READ";
        try {
            if (create) {
                createTopic.run();
            } else if (!topic.exists()) {
                if (!hasCache) {
                    throw notFound();
                }
                follower.health()
                        .topicUnavailable(
                                "no topic '" + topic.name() + "' on the cluster",
                                follower.served().table().versions().size());
                follower.start();
                return;
            }
        } catch (UnsupportedOperationException e) {
            throw e; // no write side on the class path: nothing to serve instead
        } catch (RegistryException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial != null) {
                throw AccessDenial.opening(bootstrapServers, topic.name(), needs, denial);
            }
            throw e;
        } catch (RuntimeException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial != null) {
                throw AccessDenial.opening(bootstrapServers, topic.name(), needs, denial);
            }
            if (!hasCache) {
                throw new RegistryException(
                        "Cannot reach " + (create ? "or create " : "") + "the registry topic " + where + " ("
                                + e.getMessage() + ") and there is no local copy in " + cache.dir(),
                        e);
            }
            reachable = false;
            LOG.warn("Registry topic {} unavailable ({}); serving the local copy in {}", where, e, cache.dir());
        }
        follower.start();
        boolean caughtUp = reachable && follower.awaitCaughtUp(timeoutMs);
        if (follower.denial() != null) {
            throw AccessDenial.opening(bootstrapServers, topic.name(), needs, follower.denial());
        }
        if (reachable && !caughtUp) {
            if (!hasCache) {
                throw new RegistryException("Could not read the registry topic " + where + " to its end within "
                        + timeoutMs + " ms (" + KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG
                        + ") and there is no local copy in " + cache.dir()
                        + (follower.problem() == null ? "" : ": " + follower.problem()));
            }
            LOG.warn(
                    "Registry topic {} not read to its end in {} ms; serving the local copy in {} meanwhile",
                    where,
                    timeoutMs,
                    cache.dir());
        }
    }

    private RegistryException notFound() {
        String location = KafkaRegistryProvider.SCHEME + bootstrapServers + "/" + topic.name();
        return RegistryException.notFound(
                location,
                "No registry topic '" + topic.name() + "' on the Kafka cluster at " + bootstrapServers
                        + "; only publishing creates one, so nothing was created. Check the name, or publish a"
                        + " dictionary to it first: zdict train --registry " + location
                        + " or zdict registry import FILE --registry " + location);
    }
}
