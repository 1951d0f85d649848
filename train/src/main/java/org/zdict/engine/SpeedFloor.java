package org.zdict.engine;

/**
 * The compression speed every choice must reach ({@code --min-mbps}), judged like the CPU ceiling: the
 * speed is a measured figure, so a point that compresses under the floor by no more than the fixed
 * {@link Tolerance#SHARE} reaches it, however much its speed moved among the timed rounds (a noisier run
 * admits nothing that a steadier one rejects). Speed being bytes per CPU second, "under by no more than
 * the tolerance" means that its CPU per byte is over the floor's by no more than it, as for the ceiling.
 */
public final class SpeedFloor {
    private SpeedFloor() {}

    /** Whether {@code m} compresses at least at {@code minMbps}, within the {@link Tolerance}. */
    public static boolean reaches(Measurement m, double minMbps) {
        return m.compressMBps() * (1 + Tolerance.SHARE) >= minMbps;
    }

    /** Whether {@code m} reaches {@code minMbps} only through the tolerance: it measured under it. */
    public static boolean reachesWithinTolerance(Measurement m, double minMbps) {
        return m.compressMBps() < minMbps && reaches(m, minMbps);
    }
}
