package org.zdict.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error while reading samples and training, shown only when zdict runs in
 * a terminal (never in pipes, logs or tests).
 */
public interface Progress extends AutoCloseable {
    void stepBy(long n);

    void setExtraMessage(String message);

    @Override
    void close();

    /** Creates progress bars, or silent ones when not attached to a terminal. */
    interface Factory {
        /**
         * @param max the total, or -1 when unknown
         * @param unit e.g. "MB"
         * @param unitSize how many steps one unit is
         */
        Progress start(String task, long max, String unit, long unitSize);
    }

    Factory NONE = (task, max, unit, unitSize) -> new Progress() {
        @Override
        public void stepBy(long n) {}

        @Override
        public void setExtraMessage(String message) {}

        @Override
        public void close() {}
    };

    /** Bars on standard error if it is a terminal and {@code quiet} is off; silent otherwise. */
    static Factory forTerminal(boolean quiet) {
        if (quiet || System.console() == null) {
            return NONE;
        }
        return (task, max, unit, unitSize) -> {
            ProgressBar bar = new ProgressBarBuilder()
                    .setTaskName(task)
                    .setInitialMax(max)
                    .setUnit(unit.isEmpty() ? "" : " " + unit, unitSize)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err))
                    .showSpeed()
                    .build();
            return new Progress() {
                @Override
                public void stepBy(long n) {
                    bar.stepBy(n);
                }

                @Override
                public void setExtraMessage(String message) {
                    bar.setExtraMessage(" " + message);
                }

                @Override
                public void close() {
                    bar.close();
                }
            };
        };
    }
}
