package org.zdict.engine;

/**
 * The compression speed every choice must reach ({@code --min-mbps}), judged like the CPU ceiling: the
 * speed is a measured figure, so a point that compresses under the floor by no more than its {@link
 * #margin} (how much its speed moved among the timed rounds, within {@link MeasuredMargin}'s bounds)
 * reaches it. Speed being bytes per CPU second, "under by no more than the margin" means that its CPU
 * per byte is over the floor's by no more than the margin, as for the ceiling.
 */
public final class SpeedFloor {
    private SpeedFloor() {}

    /** The share by which {@code m}'s speed may be under the floor and still reach it. */
    public static double margin(Measurement m) {
        return MeasuredMargin.of(m.compressMBpsSpread());
    }

    /** Whether {@code m} compresses at least at {@code minMbps}, within its {@link #margin}. */
    public static boolean reaches(Measurement m, double minMbps) {
        return m.compressMBps() * (1 + margin(m)) >= minMbps;
    }

    /** Whether {@code m} reaches {@code minMbps} only through its margin: it measured under it. */
    public static boolean reachesByMargin(Measurement m, double minMbps) {
        return m.compressMBps() < minMbps && reaches(m, minMbps);
    }
}
