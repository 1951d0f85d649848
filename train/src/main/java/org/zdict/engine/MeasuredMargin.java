package org.zdict.engine;

/**
 * How far a measured figure may miss a limit and still count as meeting it: how much the figure moved
 * within the run that measured it (its spread, a share of it), at least {@link #LEAST} and at most {@link
 * #MOST}. Both of {@code balanced}'s limits on measured figures judge with it: the CPU ceiling ({@link
 * CpuCeiling#margin}) and the speed floor ({@link SpeedFloor#margin}).
 */
public final class MeasuredMargin {
    /**
     * The least margin a figure is judged with, however steady it was within its run: how much two runs'
     * figures of the same point differed with both cores kept busy by other work, with room to spare.
     */
    public static final double LEAST = 0.05;

    /**
     * The most margin a figure is judged with, however much it moved within its run: how far a chosen
     * point may miss a limit, so that the limit holds within it. Through a broker, producers' CPU per
     * record spreads by as much from run to run.
     */
    public static final double MOST = 0.15;

    private MeasuredMargin() {}

    /** The margin a figure that moved by {@code spread} (NaN: not measured) is judged with. */
    public static double of(double spread) {
        return Double.isNaN(spread) ? LEAST : Math.min(MOST, Math.max(LEAST, spread));
    }
}
