package org.zdict.engine;

/**
 * Told how a training run advances: each long step (reading events, training, evaluating) is a task
 * that counts up to a total. The engine never draws anything; the {@code zdict} command binds this to
 * its progress bar, other callers to their logs or to {@link #NONE}.
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * A task begins.
     *
     * @param task what it does, such as "Training"
     * @param max the total, or -1 when unknown
     * @param unit e.g. "MB", or empty
     * @param unitSize how many steps one unit is
     */
    Task start(String task, long max, String unit, long unitSize);

    /** One task under way; closed when it ends. */
    interface Task extends AutoCloseable {
        void stepBy(long n);

        /** What the task works on now, such as a grid point's label. */
        void setExtraMessage(String message);

        @Override
        void close();
    }

    /** Ignores everything. */
    ProgressListener NONE = (task, max, unit, unitSize) -> new Task() {
        @Override
        public void stepBy(long n) {}

        @Override
        public void setExtraMessage(String message) {}

        @Override
        public void close() {}
    };
}
