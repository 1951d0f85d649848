package org.zdict.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the values that {@code zdict_decode} in PERMISSIVE mode turned into null. Each task that met any
 * logs one warning when it ends (through SLF4J, logger {@code org.zdict.spark.PermissiveFailures}) with
 * the count, the registry and the first error; outside a task (a constant folded on the driver) each is
 * logged at once. {@link #total()} is this JVM's count.
 */
final class PermissiveFailures {
    private static final Logger LOG = LoggerFactory.getLogger(PermissiveFailures.class);
    private static final AtomicLong TOTAL = new AtomicLong();
    private static final Map<Long, TaskCount> BY_TASK = new ConcurrentHashMap<>();

    /** The values of one task that gave null, and the first reason. */
    private static final class TaskCount {
        final String function;
        final String location;
        final String first;
        final AtomicLong count = new AtomicLong();

        TaskCount(String function, String location, String first) {
            this.function = function;
            this.location = location;
            this.first = first;
        }
    }

    private PermissiveFailures() {}

    /** Counts one value of {@code location} that {@code function} could not decode (for {@code reason}) and gave null for. */
    static void count(String function, String location, String reason) {
        TOTAL.incrementAndGet();
        TaskContext task = TaskContext.get();
        if (task == null) {
            LOG.warn(
                    "{} (PERMISSIVE) gave null for a value it could not decode with the registry {}: {}",
                    function,
                    location,
                    reason);
            return;
        }
        long attempt = task.taskAttemptId();
        TaskCount counted = BY_TASK.get(attempt);
        if (counted == null) {
            counted = new TaskCount(function, location, reason);
            BY_TASK.put(attempt, counted);
            task.addTaskCompletionListener((TaskCompletionListener) ended -> log(ended.taskAttemptId()));
        }
        counted.count.incrementAndGet();
    }

    private static void log(long attempt) {
        TaskCount counted = BY_TASK.remove(attempt);
        if (counted != null) {
            LOG.warn(
                    "{} (PERMISSIVE) gave null for {} values of task {} that it could not decode with the registry"
                            + " {}; the first: {}",
                    counted.function,
                    counted.count.get(),
                    attempt,
                    counted.location,
                    counted.first);
        }
    }

    /** How many values this JVM's PERMISSIVE calls gave null for, since it started. */
    static long total() {
        return TOTAL.get();
    }
}
