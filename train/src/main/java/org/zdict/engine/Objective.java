package org.zdict.engine;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How one grid point is chosen, always on the held-out events at the primary batch size and only among
 * points that compress at least as fast as the speed floor, within its fixed tolerance ({@link
 * SpeedFloor}). The rules use no knowledge of any particular data set.
 */
public enum Objective {
    /** The highest held-out ratio. */
    RATIO,
    /**
     * The cheapest point (lowest level, then smallest dictionary) whose ratio is within {@link
     * #BALANCED_TOLERANCE} of the grid's best, whether or not that best reaches the speed floor: nearly the
     * best ratio, without paying for a slower level or a larger dictionary that buys almost nothing.
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

    private static final Comparator<CandidateResult> BY_RATIO =
            Comparator.comparingDouble(c -> c.primary().ratio());

    /**
     * The chosen point and why.
     *
     * @param reason the rule that chose it and the figures it compared
     * @param cpu for {@code balanced} under a CPU ceiling: what the ceiling did to the choice
     */
    public record Choice(CandidateResult chosen, ChoiceReason reason, Optional<CpuTrade> cpu) {
        public Choice(CandidateResult chosen, ChoiceReason reason) {
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

    /**
     * The order this objective prefers grid points in, first preferred first: {@code balanced} the
     * cheapest (lowest level, then smallest dictionary), {@code ratio} the highest ratio, {@code speed}
     * the fastest compression; ties go to the cheapest. {@code zdict retrain} promotes the first point in
     * this order that earns its place.
     */
    public Comparator<CandidateResult> order() {
        return switch (this) {
            case BALANCED -> CHEAPEST;
            case RATIO ->
                Comparator.comparingDouble((CandidateResult c) -> -c.primary().ratio())
                        .thenComparing(CHEAPEST);
            case SPEED ->
                Comparator.comparingDouble((CandidateResult c) -> -c.primary().compressMBps())
                        .thenComparing(CHEAPEST);
        };
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
                .filter(c -> SpeedFloor.reaches(c.primary(), minMbps))
                .toList();
        ChoiceReason.Figures figures = new ChoiceReason.Figures(this, minMbps, eligible.size(), candidates.size(), lz4);
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
                    new ChoiceReason(ChoiceReason.Rule.BELOW_SPEED_FLOOR, figures, fastestSpeed, null, null, null));
        }
        return switch (this) {
            case RATIO -> {
                CandidateResult best = eligible.stream().max(BY_RATIO).orElseThrow();
                yield new Choice(best, new ChoiceReason(ChoiceReason.Rule.HIGHEST_RATIO, figures, 0, best, null, null));
            }
            case BALANCED -> balanced(candidates, eligible, ceiling, figures);
            case SPEED -> {
                CandidateResult best = eligible.stream().max(BY_RATIO).orElseThrow();
                double bestRatio = best.primary().ratio();
                CandidateResult fastest = eligible.stream()
                        .filter(c -> c.primary().ratio() >= bestRatio * (1 - SPEED_TOLERANCE))
                        .max(Comparator.comparingDouble(c -> c.primary().compressMBps()))
                        .orElseThrow();
                yield new Choice(
                        fastest,
                        new ChoiceReason(ChoiceReason.Rule.FASTEST_NEAR_BEST_RATIO, figures, 0, best, null, null));
            }
        };
    }

    /**
     * {@code balanced}: the cheapest point within {@link #BALANCED_TOLERANCE} of the grid's best ratio,
     * among those that reach the speed floor; when none of them does, the best ratio among the points that
     * do. The window is measured from the best ratio of every grid point, whether or not it reaches the
     * floor: ratios do not move with the load on the machine, speeds do, so the floor (like the CPU
     * ceiling) only ever excludes points and never moves the line the others are held to. Measured from
     * the best point that reached the floor, a level-5 point dropping under it on a busy machine brought
     * level 1 within 3 % of level 3, and the choice flipped.
     */
    private static Choice balanced(
            List<CandidateResult> candidates,
            List<CandidateResult> eligible,
            Optional<CpuCeiling> ceiling,
            ChoiceReason.Figures figures) {
        CandidateResult best = candidates.stream().max(BY_RATIO).orElseThrow();
        double least = best.primary().ratio() * (1 - BALANCED_TOLERANCE);
        List<CandidateResult> within =
                eligible.stream().filter(c -> c.primary().ratio() >= least).toList();
        ChoiceReason.Rule rule;
        CandidateResult unconstrained;
        double fastestNearBest = 0;
        if (within.isEmpty()) {
            rule = ChoiceReason.Rule.BEST_RATIO_REACHING_FLOOR;
            unconstrained = eligible.stream().max(BY_RATIO).orElseThrow();
            fastestNearBest = candidates.stream()
                    .filter(c -> c.primary().ratio() >= least)
                    .mapToDouble(c -> c.primary().compressMBps())
                    .max()
                    .orElseThrow();
        } else {
            rule = ChoiceReason.Rule.CHEAPEST_NEAR_BEST_RATIO;
            unconstrained = within.stream().min(CHEAPEST).orElseThrow();
        }
        if (ceiling.isEmpty()) {
            return new Choice(
                    unconstrained, new ChoiceReason(rule, figures, fastestNearBest, best, unconstrained, null));
        }
        return underCeiling(ceiling.get(), eligible, within, best, unconstrained, fastestNearBest, figures);
    }

    /**
     * {@code balanced} held to the CPU ceiling: the cheapest point within the tolerance that reaches the
     * floor and costs no more CPU per event than the ceiling allows; else (none does, or none near the
     * best reaches the floor) the best ratio among the points that reach the floor and meet it; else,
     * when none does, the best ratio among the points that cost the least CPU per event (the nearest to
     * the ceiling), saying the ceiling is not met. CPU figures are measured, so each is compared with the
     * fixed {@link CpuCeiling#TOLERANCE}, whatever its spread: a point that close over the ceiling meets
     * it, and a point that close to the one that costs the least is as admissible as it (of points alike
     * in CPU, the higher ratio is preferred).
     */
    private static Choice underCeiling(
            CpuCeiling ceiling,
            List<CandidateResult> eligible,
            List<CandidateResult> within,
            CandidateResult best,
            CandidateResult unconstrained,
            double fastestNearBest,
            ChoiceReason.Figures figures) {
        Comparator<CandidateResult> byCpu = Comparator.comparingDouble(c -> ceiling.timesLz4(c.primary()));
        Comparator<CandidateResult> byRatio = Comparator.comparingDouble(
                        (CandidateResult c) -> c.primary().ratio())
                .thenComparing(CHEAPEST.reversed());
        CandidateResult leastCpu =
                eligible.stream().min(byCpu.thenComparing(byRatio.reversed())).orElseThrow();
        Predicate<CandidateResult> admitted =
                c -> ceiling.admits(c.primary()) || ceiling.alike(c.primary(), leastCpu.primary());
        Optional<CandidateResult> affordableWithin = ceiling.admits(leastCpu.primary())
                ? within.stream().filter(admitted).min(CHEAPEST)
                : Optional.empty();
        ChoiceReason.Rule rule;
        CandidateResult chosen;
        CandidateResult leastCpuNearBest = null;
        if (affordableWithin.isPresent()) {
            rule = ChoiceReason.Rule.CHEAPEST_NEAR_BEST_RATIO_UNDER_CEILING;
            chosen = affordableWithin.get();
        } else {
            if (!ceiling.admits(leastCpu.primary())) {
                rule = ChoiceReason.Rule.CEILING_NOT_MET;
            } else if (within.isEmpty()) {
                rule = ChoiceReason.Rule.BEST_RATIO_REACHING_FLOOR;
            } else {
                rule = ChoiceReason.Rule.BEST_RATIO_UNDER_CEILING;
            }
            chosen = eligible.stream().filter(admitted).max(byRatio).orElseThrow();
            if (rule == ChoiceReason.Rule.BEST_RATIO_UNDER_CEILING) {
                leastCpuNearBest = within.stream().min(byCpu).orElseThrow();
            }
        }
        CandidateResult alike = ceiling.admits(chosen.primary()) || chosen == leastCpu ? null : leastCpu;
        return new Choice(
                chosen,
                new ChoiceReason(
                        rule,
                        figures,
                        rule == ChoiceReason.Rule.BEST_RATIO_REACHING_FLOOR ? fastestNearBest : 0,
                        best,
                        unconstrained,
                        leastCpuNearBest,
                        alike),
                Optional.of(CpuTrade.of(ceiling, chosen, unconstrained)));
    }
}
