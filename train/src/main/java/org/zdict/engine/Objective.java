package org.zdict.engine;

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

    /** Lowest level, then smallest dictionary: the cheaper point by the grid's own axes. */
    private static final Comparator<CandidateResult> CHEAPEST = Comparator.comparingInt(
                    (CandidateResult c) -> c.point().level())
            .thenComparingInt(c -> c.point().dictSize());

    /**
     * The chosen point and why, in one or two sentences.
     *
     * @param cpu for {@code balanced} under a CPU ceiling: what the ceiling did to the choice
     */
    public record Choice(CandidateResult chosen, String reason, Optional<CpuTrade> cpu) {
        public Choice(CandidateResult chosen, String reason) {
            this(chosen, reason, Optional.empty());
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The label, as the command line spells it ({@code --objective balanced}, its help and errors). */
    @Override
    public String toString() {
        return label();
    }

    public Choice choose(List<CandidateResult> candidates, double minMbps, Optional<BaselineResult> lz4) {
        return choose(candidates, minMbps, lz4, Optional.empty());
    }

    /**
     * @param ceiling for {@code balanced}: the most compression CPU per event a choice may cost, against
     *     Kafka's lz4 on the producer's batches (ignored by the other objectives)
     */
    public Choice choose(
            List<CandidateResult> candidates,
            double minMbps,
            Optional<BaselineResult> lz4,
            Optional<CpuCeiling> ceiling) {
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
                List<CandidateResult> within = eligible.stream()
                        .filter(c -> c.primary().ratio() >= bestRatio * (1 - BALANCED_TOLERANCE))
                        .toList();
                CandidateResult cheapest = within.stream().min(CHEAPEST).orElseThrow();
                String rule = "objective balanced: the lowest level and smallest dictionary within "
                        + Math.round(BALANCED_TOLERANCE * 100) + "% of the best held-out ratio, ";
                String versusBest = cheapest == best
                        ? "it is also the best ratio in the grid"
                        : String.format(
                                Locale.ROOT,
                                "the best, %s at %.2fx, is within %.0f%% but costs a higher level or a larger"
                                        + " dictionary",
                                best.point().label(),
                                bestRatio,
                                BALANCED_TOLERANCE * 100);
                String unconstrained =
                        rule + describe(cheapest) + versusLz4(cheapest, lz4) + "; " + versusBest + " (" + floor + ")";
                if (ceiling.isEmpty()) {
                    yield new Choice(cheapest, unconstrained);
                }
                yield underCeiling(ceiling.get(), eligible, within, cheapest, unconstrained, lz4);
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

    /**
     * {@code balanced} held to the CPU ceiling: the cheapest point within the tolerance that costs no
     * more CPU per event than the ceiling allows; else the best ratio among the points that do; else,
     * when none does, the point that costs the least CPU per event (the nearest to the ceiling), saying
     * the ceiling is not met.
     */
    private static Choice underCeiling(
            CpuCeiling ceiling,
            List<CandidateResult> eligible,
            List<CandidateResult> within,
            CandidateResult unconstrained,
            String unconstrainedReason,
            Optional<BaselineResult> lz4) {
        String limit = String.format(
                Locale.ROOT,
                "%.2fx the CPU per event of Kafka's lz4 on batches of %d",
                ceiling.maxTimesLz4(),
                ceiling.lz4().batchSize());
        Optional<CandidateResult> affordableWithin =
                within.stream().filter(c -> ceiling.admits(c.primary())).min(CHEAPEST);
        if (affordableWithin.isPresent()) {
            CandidateResult chosen = affordableWithin.get();
            if (chosen == unconstrained) {
                return new Choice(
                        chosen,
                        unconstrainedReason + "; it compresses at " + cost(ceiling, chosen) + " (ceiling " + limit
                                + ")",
                        Optional.of(trade(ceiling, chosen, unconstrained)));
            }
            return new Choice(
                    chosen,
                    String.format(
                            Locale.ROOT,
                            "objective balanced: the lowest level and smallest dictionary within %d%% of the best"
                                    + " held-out ratio that compresses within %s, %s%s, at %s; %s would cost %s; %s",
                            Math.round(BALANCED_TOLERANCE * 100),
                            limit,
                            describe(chosen),
                            versusLz4(chosen, lz4),
                            cost(ceiling, chosen),
                            unconstrained.point().label(),
                            cost(ceiling, unconstrained),
                            givenUp(chosen, unconstrained)),
                    Optional.of(trade(ceiling, chosen, unconstrained)));
        }
        CandidateResult leastCpu = within.stream()
                .min(Comparator.comparingDouble(c -> ceiling.timesLz4(c.primary())))
                .orElseThrow();
        Optional<CandidateResult> affordable = eligible.stream()
                .filter(c -> ceiling.admits(c.primary()))
                .max(Comparator.comparingDouble(
                                (CandidateResult c) -> c.primary().ratio())
                        .thenComparing(CHEAPEST.reversed()));
        if (affordable.isPresent()) {
            CandidateResult chosen = affordable.get();
            return new Choice(
                    chosen,
                    String.format(
                            Locale.ROOT,
                            "objective balanced: no grid point within %d%% of the best held-out ratio compresses"
                                    + " within %s (the cheapest of them, %s, costs %s), so the best ratio that does"
                                    + " was chosen, %s%s, at %s; %s",
                            Math.round(BALANCED_TOLERANCE * 100),
                            limit,
                            leastCpu.point().label(),
                            cost(ceiling, leastCpu),
                            describe(chosen),
                            versusLz4(chosen, lz4),
                            cost(ceiling, chosen),
                            givenUp(chosen, unconstrained)),
                    Optional.of(trade(ceiling, chosen, unconstrained)));
        }
        CandidateResult leastOverall = eligible.stream()
                .min(Comparator.comparingDouble((CandidateResult c) -> ceiling.timesLz4(c.primary()))
                        .thenComparing(Comparator.comparingDouble(
                                        (CandidateResult c) -> c.primary().ratio())
                                .reversed()))
                .orElseThrow();
        return new Choice(
                leastOverall,
                String.format(
                        Locale.ROOT,
                        "no grid point compresses within %s, so the CPU ceiling is not met: the cheapest point was"
                                + " chosen, %s%s, at %s; %s",
                        limit,
                        describe(leastOverall),
                        versusLz4(leastOverall, lz4),
                        cost(ceiling, leastOverall),
                        leastOverall == unconstrained
                                ? "it is also what balanced chooses without the ceiling"
                                : unconstrained.point().label() + ", the choice without the ceiling, would cost "
                                        + cost(ceiling, unconstrained) + "; " + givenUp(leastOverall, unconstrained)),
                Optional.of(trade(ceiling, leastOverall, unconstrained)));
    }

    private static CpuTrade trade(CpuCeiling ceiling, CandidateResult chosen, CandidateResult unconstrained) {
        return new CpuTrade(
                ceiling.timesLz4(chosen.primary()),
                ceiling,
                unconstrained,
                1 - chosen.primary().ratio() / unconstrained.primary().ratio());
    }

    private static String cost(CpuCeiling ceiling, CandidateResult c) {
        return String.format(Locale.ROOT, "%.2fx Kafka lz4's CPU per event", ceiling.timesLz4(c.primary()));
    }

    /** Like "giving up 7.0% of 512K L5's ratio". */
    private static String givenUp(CandidateResult chosen, CandidateResult unconstrained) {
        double share = 1 - chosen.primary().ratio() / unconstrained.primary().ratio();
        return String.format(
                Locale.ROOT,
                share >= 0 ? "giving up %.1f%% of %s's ratio" : "%.1f%% more ratio than %s",
                100 * Math.abs(share),
                unconstrained.point().label());
    }

    private static String capitalized(String sentence) {
        return Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
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
