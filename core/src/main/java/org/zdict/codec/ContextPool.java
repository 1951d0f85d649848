package org.zdict.codec;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A pool of native zstd contexts. Contexts are not thread-safe, so each call borrows one and gives it
 * back; the pool grows to the number of threads that use it at once and never creates a context per
 * call otherwise. Closing the pool closes every idle context, and a context given back after that.
 */
final class ContextPool<T extends AutoCloseable> implements AutoCloseable {
    private final Supplier<T> factory;
    /** The most recently returned context: taken without allocating, the common single-thread case. */
    private final AtomicReference<T> recent = new AtomicReference<>();

    private final ConcurrentLinkedQueue<T> idle = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    ContextPool(Supplier<T> factory) {
        this.factory = factory;
    }

    T borrow() {
        T context = recent.getAndSet(null);
        if (context != null) {
            return context;
        }
        context = idle.poll();
        return context != null ? context : factory.get();
    }

    void giveBack(T context) {
        if (!recent.compareAndSet(null, context)) {
            idle.offer(context);
        }
        if (closed) {
            drain();
        }
    }

    @Override
    public void close() {
        closed = true;
        drain();
    }

    private void drain() {
        T last = recent.getAndSet(null);
        if (last != null) {
            closeQuietly(last);
        }
        T context;
        while ((context = idle.poll()) != null) {
            closeQuietly(context);
        }
    }

    private static void closeQuietly(AutoCloseable context) {
        try {
            context.close();
        } catch (Exception e) {
            // A native free does not fail in a way the caller could act on.
        }
    }
}
