package org.zdict.cli.train;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How one grid point is chosen, always on the held-out events at the primary batch size and only among
 * points that compress at least as fast as the speed floor. The rules use no knowledge of any
 * particular data set.
 */
public enum Objective {
    /** The highest held-out ratio. */
    RATIO,
    /**
     * The cheapest point (lowest level, then smallest dictionary) whose ratio is within {@link
     * #BALANCED_TOLERANCE} of the best: nearly the best ratio, without paying for a slower level or a
     * larger dictionary that buys almost nothing.
     */
    BALANCED,
    /** The fastest compression among points within {@link #SPEED_TOLERANCE} of the best ratio. */
    SPEED;

    public static final double BALANCED_TOLERANCE = 0.03;
    public static final double SPEED_TOLERANCE = 0.10;
    /** When no point reaches the speed floor: the best ratio among points this close to the fastest. */
    public static final double FALLBACK_SPEED_TOLERANCE = 0.10;

    /** The chosen point and why, in one or two sentences. */
    public record Choice(CandidateResult chosen, String reason) {}

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The label, as the command line spells it ({@code --objective balanced}, its help and errors). */
    @Override
    public String toString() {
        return label();
    }

    public Choice choose(List<CandidateResult> candidates, double minMbps, Optional<BaselineResult> lz4) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("No grid point to choose from");
        }
        List<CandidateResult> eligible = candidates.stream()
                .filter(c -> c.primary().compressMBps() >= minMbps)
                .toList();
        if (eligible.isEmpty()) {
            double fastestSpeed = candidates.stream()
                    .mapToDouble(c -> c.primary().compressMBps())
                    .max()
                    .orElseThrow();
            CandidateResult fastest = candidates.stream()
                    .filter(c -> c.primary().compressMBps() >= fastestSpeed * (1 - FALLBACK_SPEED_TOLERANCE))
                    .max(Comparator.comparingDouble(c -> c.primary().ratio()))
                    .orElseThrow();
            return new Choice(
                    fastest,
                    String.format(
                            Locale.ROOT,
                            "no grid point compresses at the --min-mbps floor of %.0f MB/s, so the best ratio among"
                                    + " the fastest (within %.0f%% of %.0f MB/s) was chosen: %s%s",
                            minMbps,
                            FALLBACK_SPEED_TOLERANCE * 100,
                            fastestSpeed,
                            describe(fastest),
                            versusLz4(fastest, lz4)));
        }
        CandidateResult best = eligible.stream()
                .max(Comparator.comparingDouble(c -> c.primary().ratio()))
                .orElseThrow();
        double bestRatio = best.primary().ratio();
        String floor = String.format(
                Locale.ROOT, "%d of %d grid points reach %.0f MB/s", eligible.size(), candidates.size(), minMbps);
        return switch (this) {
            case RATIO ->
                new Choice(
                        best,
                        "objective ratio: the highest held-out ratio, " + describe(best) + versusLz4(best, lz4) + " ("
                                + floor + ")");
            case BALANCED -> {
                CandidateResult cheapest = eligible.stream()
                        .filter(c -> c.primary().ratio() >= bestRatio * (1 - BALANCED_TOLERANCE))
                        .min(Comparator.comparingInt(
                                        (CandidateResult c) -> c.point().level())
                                .thenComparingInt(c -> c.point().dictSize()))
                        .orElseThrow();
                String versusBest = cheapest == best
                        ? "it is also the best ratio in the grid"
                        : String.format(
                                Locale.ROOT,
                                "the best, %s at %.2fx, is within %.0f%% but costs a higher level or a larger"
                                        + " dictionary",
                                best.point().label(),
                                bestRatio,
                                BALANCED_TOLERANCE * 100);
                yield new Choice(
                        cheapest,
                        "objective balanced: the lowest level and smallest dictionary within "
                                + Math.round(BALANCED_TOLERANCE * 100) + "% of the best held-out ratio, "
                                + describe(cheapest) + versusLz4(cheapest, lz4) + "; " + versusBest + " (" + floor
                                + ")");
            }
            case SPEED -> {
                CandidateResult fastest = eligible.stream()
                        .filter(c -> c.primary().ratio() >= bestRatio * (1 - SPEED_TOLERANCE))
                        .max(Comparator.comparingDouble(c -> c.primary().compressMBps()))
                        .orElseThrow();
                yield new Choice(
                        fastest,
                        "objective speed: the fastest compression within " + Math.round(SPEED_TOLERANCE * 100)
                                + "% of the best held-out ratio, " + describe(fastest) + versusLz4(fastest, lz4)
                                + " (" + floor + ")");
            }
        };
    }

    private static String describe(CandidateResult c) {
        return String.format(
                Locale.ROOT,
                "%s: %.2fx on batches of %d at %.0f MB/s",
                c.point().label(),
                c.primary().ratio(),
                c.primary().batchSize(),
                c.primary().compressMBps());
    }

    private static String versusLz4(CandidateResult c, Optional<BaselineResult> lz4) {
        return lz4.map(l -> String.format(
                        Locale.ROOT,
                        ", %.2fx LZ4's %.2fx",
                        c.primary().ratio() / l.primary().ratio(),
                        l.primary().ratio()))
                .orElse("");
    }
}
