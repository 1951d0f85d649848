package org.zdict.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.zdict.engine.ProgressListener;

/**
 * The training engine's progress as a bar on standard error, shown only when zdict runs in a terminal
 * (never in pipes, logs or tests).
 */
final class Progress {
    private Progress() {}

    /** Bars on standard error if it is a terminal and {@code quiet} is off; silent otherwise. */
    static ProgressListener forTerminal(boolean quiet) {
        if (quiet || System.console() == null) {
            return ProgressListener.NONE;
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
            return new ProgressListener.Task() {
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
