package org.zdict.engine;

/**
 * How far a measured figure may miss one of {@code balanced}'s limits and still count as meeting it: a
 * fixed {@link #SHARE}, the same in every run. Both limits on measured figures judge with it: the CPU
 * ceiling ({@link CpuCeiling#admits}) and the speed floor ({@link SpeedFloor#reaches}).
 *
 * <p>Why fixed, and not how much the figure moved within its run (its spread): the same data must give the
 * same choice. A tolerance that grew with the spread made a noisy run admit a point that a steadier run of
 * the same data rejected: on zeek_network_logs, 256K L5 (truly about 1.12-1.17x Kafka lz4's CPU per event)
 * read 1.12x moving by 13% in one quiet run, met the ceiling within that 13%, and was chosen, while the runs
 * that measured it at 1.15-1.17x moving by 2%, or at 1.33x under memory load, chose 512K L3. Judged with a
 * fixed tolerance, noise only ever moves a figure, never the line it is held to, so a point truly over the
 * ceiling by more than the tolerance and its own run-to-run noise is rejected in every run (a shift of every
 * figure together for a whole run, which no spread measured within the run sees, still moves them all
 * against the line). The spread is reported beside each figure (how stable it was), and decides only how
 * often a point near the ceiling is measured again ({@link CeilingPasses}).
 */
public final class Tolerance {
    /**
     * The share by which a figure may miss a limit and still meet it: how much two runs' figures of the
     * same point differed with both cores kept busy by other work (a standard deviation of 0.84%, at most
     * 2.7% from the median), with room to spare.
     */
    public static final double SHARE = 0.05;

    private Tolerance() {}
}
