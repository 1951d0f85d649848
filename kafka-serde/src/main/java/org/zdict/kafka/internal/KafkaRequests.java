package org.zdict.kafka.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.RetriableException;
import org.zdict.RegistryException;

/**
 * Waits for the Kafka clients' requests of one registry client, reader's or writer's, at most the registry's
 * timeout each, and turns their failures into {@link RegistryException}s that name the registry (a refusal
 * names the ACLs document).
 */
public final class KafkaRequests {
    private final String where;
    private final long timeoutMs;

    /**
     * @param where the registry's description, for messages
     * @param timeoutMs how long a request waits at most
     */
    public KafkaRequests(String where, long timeoutMs) {
        this.where = where;
        this.timeoutMs = timeoutMs;
    }

    /**
     * {@return an admin client with the registry's client settings, whose requests and API calls time out
     * after the registry's timeout}
     */
    public static Admin newAdmin(Map<String, Object> clientSettings, long timeoutMs) {
        Map<String, Object> config = new HashMap<>(clientSettings);
        int timeout = (int) Math.min(timeoutMs, Integer.MAX_VALUE);
        config.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
        config.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, timeout);
        return Admin.create(config);
    }

    /** Awaits a request, repeating it while it fails retriably (a topic just created is not known everywhere yet). */
    public <T> T retrying(Supplier<KafkaFuture<T>> request) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            try {
                return await(request.get());
            } catch (RegistryException e) {
                if (!(e.getCause() instanceof RetriableException) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** {@return what {@code future} gives, waiting at most the registry's timeout} */
    public <T> T await(KafkaFuture<T> future) {
        return await(future.toCompletionStage().toCompletableFuture());
    }

    /** {@return what {@code future} gives, waiting at most the registry's timeout} */
    public <T> T await(Future<T> future) {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (AccessDenial.in(e.getCause()) != null) {
                throw new RegistryException(
                        "Kafka refused a request to " + where + ": " + e.getCause()
                                + " (docs/SECURITY.md lists the ACLs each role needs)",
                        e.getCause());
            }
            throw new RegistryException("Kafka request to " + where + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new RegistryException("Kafka request to " + where + " timed out after " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while waiting for " + where, e);
        }
    }
}
