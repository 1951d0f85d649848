package org.zdict.cli.report;

import java.util.Locale;
import java.util.Optional;
import org.zdict.engine.BaselineResult;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.ChoiceReason;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.Measurement;
import org.zdict.engine.Objective;
import org.zdict.engine.SpeedFloor;
import org.zdict.engine.Tolerance;

/**
 * Why the engine chose a grid point, in the one or two sentences {@code zdict train} prints after
 * "Chosen:" and writes as the JSON report's reason. The options it names are this command's.
 */
public final class ChoiceSentence {
    private ChoiceSentence() {}

    public static String of(Objective.Choice choice) {
        String sentence = rule(choice) + floorByTolerance(choice);
        return choice.chosen().point().isLz4()
                ? "--codec lz4, among the LZ4 points (LZ4 blocks with the dictionary): " + sentence
                : sentence;
    }

    private static String rule(Objective.Choice choice) {
        ChoiceReason reason = choice.reason();
        ChoiceReason.Figures figures = reason.figures();
        CandidateResult chosen = choice.chosen();
        Optional<BaselineResult> lz4 = figures.lz4();
        if (reason.rule() == ChoiceReason.Rule.BELOW_SPEED_FLOOR) {
            return String.format(
                    Locale.ROOT,
                    "no grid point compresses at the --min-mbps floor of %.0f MB/s, so the best ratio among"
                            + " the fastest (within %.0f%% of %.0f MB/s) was chosen: %s%s",
                    figures.minMbps(),
                    Objective.FALLBACK_SPEED_TOLERANCE * 100,
                    reason.fastestMbps(),
                    describe(chosen),
                    versusLz4(chosen, lz4));
        }
        String floor = String.format(
                Locale.ROOT,
                "%d of %d grid points reach %.0f MB/s",
                figures.reachingFloor(),
                figures.gridPoints(),
                figures.minMbps());
        return switch (reason.rule()) {
            case HIGHEST_RATIO ->
                "objective ratio: the highest held-out ratio, " + describe(chosen) + versusLz4(chosen, lz4) + " ("
                        + floor + ")";
            case FASTEST_NEAR_BEST_RATIO ->
                "objective speed: the fastest compression within " + Math.round(Objective.SPEED_TOLERANCE * 100)
                        + "% of the best held-out ratio, " + describe(chosen) + versusLz4(chosen, lz4) + " (" + floor
                        + ")";
            case CHEAPEST_NEAR_BEST_RATIO -> balanced(chosen, reason.bestRatio(), lz4, floor, figures.minMbps());
            case BEST_RATIO_REACHING_FLOOR ->
                reachingFloor(choice, floor) + (choice.cpu().isPresent() ? withinNoise(choice) : "");
            default -> underCeiling(choice, floor);
        };
    }

    /**
     * When the speed floor's tolerance decided: the chosen point measured under --min-mbps, by less than
     * the tolerance ({@link SpeedFloor}).
     */
    private static String floorByTolerance(Objective.Choice choice) {
        ChoiceReason.Figures figures = choice.reason().figures();
        Measurement m = choice.chosen().primary();
        if (choice.reason().rule() == ChoiceReason.Rule.BELOW_SPEED_FLOOR
                || !SpeedFloor.reachesWithinTolerance(m, figures.minMbps())) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; %s compresses at %.1f MB/s%s, under the --min-mbps floor of %.0f MB/s by less than the %d%%"
                        + " tolerance, which counts as reaching it",
                choice.chosen().point().label(),
                m.compressMBps(),
                Double.isNaN(m.compressMBpsSpread())
                        ? ""
                        : String.format(Locale.ROOT, " (moving by %.0f%% in this run)", 100 * m.compressMBpsSpread()),
                figures.minMbps(),
                Math.round(Tolerance.SHARE * 100));
    }

    private static String balanced(
            CandidateResult cheapest,
            CandidateResult best,
            Optional<BaselineResult> lz4,
            String floor,
            double minMbps) {
        String rule = "objective balanced: the lowest level and smallest dictionary that reaches the --min-mbps"
                + " floor within " + Math.round(Objective.BALANCED_TOLERANCE * 100)
                + "% of the grid's best held-out ratio, ";
        String versusBest;
        if (cheapest.point().equals(best.point())) {
            versusBest = "it is also the best ratio in the grid";
        } else if (!SpeedFloor.reaches(best.primary(), minMbps)) {
            versusBest = String.format(
                    Locale.ROOT,
                    "the best, %s at %.2fx, compresses at %.0f MB/s, under the floor",
                    best.point().label(),
                    best.primary().ratio(),
                    best.primary().compressMBps());
        } else {
            versusBest = String.format(
                    Locale.ROOT,
                    "the best, %s at %.2fx, is within %.0f%% but costs a higher level or a larger dictionary",
                    best.point().label(),
                    best.primary().ratio(),
                    Objective.BALANCED_TOLERANCE * 100);
        }
        return rule + describe(cheapest) + versusLz4(cheapest, lz4) + "; " + versusBest + " (" + floor + ")";
    }

    /**
     * {@link ChoiceReason.Rule#BEST_RATIO_REACHING_FLOOR}: every point near the grid's best ratio is under
     * the speed floor, so the best ratio among those that reach it (and meet the CPU ceiling, if any).
     */
    private static String reachingFloor(Objective.Choice choice, String floor) {
        ChoiceReason reason = choice.reason();
        CandidateResult chosen = choice.chosen();
        CandidateResult best = reason.bestRatio();
        String ceiling = choice.cpu()
                .map(trade -> " and compresses within " + limit(trade.ceiling()))
                .orElse("");
        String cost = choice.cpu()
                .map(trade -> ", at " + cost(trade.ceiling(), chosen)
                        + (chosen.point().equals(reason.withoutCeiling().point())
                                ? ""
                                : "; " + givenUp(chosen, reason.withoutCeiling())))
                .orElse("");
        return String.format(
                Locale.ROOT,
                "objective balanced: no grid point within %d%% of the best held-out ratio (%s at %.2fx) reaches the"
                        + " --min-mbps floor of %.0f MB/s (the fastest of them compresses at %.0f MB/s), so the best"
                        + " ratio that does%s was chosen, %s%s%s (%s)",
                Math.round(Objective.BALANCED_TOLERANCE * 100),
                best.point().label(),
                best.primary().ratio(),
                reason.figures().minMbps(),
                reason.fastestMbps(),
                ceiling,
                describe(chosen),
                versusLz4(chosen, reason.figures().lz4()),
                cost,
                floor);
    }

    private static String limit(CpuCeiling ceiling) {
        return String.format(
                Locale.ROOT,
                "%.2fx the CPU per event of Kafka's lz4 on batches of %d",
                ceiling.maxTimesLz4(),
                ceiling.lz4().batchSize());
    }

    private static String underCeiling(Objective.Choice choice, String floor) {
        return underCeilingRule(choice, floor) + withinNoise(choice);
    }

    /**
     * How the tolerance decided, when it did: the chosen point is over the ceiling by less than the
     * tolerance, or within the tolerance of the point that costs the least and with the higher ratio.
     */
    private static String withinNoise(Objective.Choice choice) {
        CpuCeiling ceiling = choice.cpu().orElseThrow().ceiling();
        CandidateResult chosen = choice.chosen();
        CandidateResult least = choice.reason().leastCpuWithinNoise();
        long tolerance = Math.round(CpuCeiling.TOLERANCE * 100);
        if (least != null) {
            return String.format(
                    Locale.ROOT,
                    "; %s costs the least, %s, and %s is within the %d%% tolerance of it, so the higher"
                            + " ratio was preferred",
                    least.point().label(),
                    cost(ceiling, least),
                    chosen.point().label(),
                    tolerance);
        }
        if (ceiling.timesLz4(chosen.primary()) > ceiling.maxTimesLz4() && ceiling.admits(chosen.primary())) {
            return String.format(
                    Locale.ROOT,
                    "; %s is over the ceiling by less than the %d%% tolerance, which counts as meeting it",
                    chosen.point().label(),
                    tolerance);
        }
        return "";
    }

    private static String underCeilingRule(Objective.Choice choice, String floor) {
        ChoiceReason reason = choice.reason();
        CpuCeiling ceiling = choice.cpu().orElseThrow().ceiling();
        CandidateResult chosen = choice.chosen();
        CandidateResult unconstrained = reason.withoutCeiling();
        Optional<BaselineResult> lz4 = reason.figures().lz4();
        boolean same = chosen.point().equals(unconstrained.point());
        String limit = limit(ceiling);
        return switch (reason.rule()) {
            case CHEAPEST_NEAR_BEST_RATIO_UNDER_CEILING ->
                same
                        ? balanced(
                                        unconstrained,
                                        reason.bestRatio(),
                                        lz4,
                                        floor,
                                        reason.figures().minMbps())
                                + "; it compresses at "
                                + cost(ceiling, chosen) + " (ceiling " + limit + ")"
                        : String.format(
                                Locale.ROOT,
                                "objective balanced: the lowest level and smallest dictionary within %d%% of the grid's"
                                        + " best held-out ratio that reaches the --min-mbps floor and compresses within %s, %s%s, at %s; %s would cost %s;"
                                        + " %s",
                                Math.round(Objective.BALANCED_TOLERANCE * 100),
                                limit,
                                describe(chosen),
                                versusLz4(chosen, lz4),
                                cost(ceiling, chosen),
                                unconstrained.point().label(),
                                cost(ceiling, unconstrained),
                                givenUp(chosen, unconstrained));
            case BEST_RATIO_UNDER_CEILING ->
                String.format(
                        Locale.ROOT,
                        "objective balanced: no grid point within %d%% of the best held-out ratio compresses"
                                + " within %s (the cheapest of them, %s, costs %s: over the ceiling and its %d%% tolerance), so the"
                                + " best ratio that does"
                                + " was chosen, %s%s, at %s; %s",
                        Math.round(Objective.BALANCED_TOLERANCE * 100),
                        limit,
                        reason.leastCpuNearBest().point().label(),
                        cost(ceiling, reason.leastCpuNearBest()),
                        Math.round(CpuCeiling.TOLERANCE * 100),
                        describe(chosen),
                        versusLz4(chosen, lz4),
                        cost(ceiling, chosen),
                        givenUp(chosen, unconstrained));
            case CEILING_NOT_MET ->
                String.format(
                        Locale.ROOT,
                        "no grid point compresses within %s, so the CPU ceiling is not met: of the points that cost"
                                + " the least CPU per event (within the %d%% tolerance of the least), the best"
                                + " ratio was chosen, %s%s, at %s; %s",
                        limit,
                        Math.round(CpuCeiling.TOLERANCE * 100),
                        describe(chosen),
                        versusLz4(chosen, lz4),
                        cost(ceiling, chosen),
                        same
                                ? "it is also what balanced chooses without the ceiling"
                                : unconstrained.point().label() + ", the choice without the ceiling, would cost "
                                        + cost(ceiling, unconstrained) + "; " + givenUp(chosen, unconstrained));
            default -> throw new IllegalArgumentException("Not a CPU ceiling rule: " + reason.rule());
        };
    }

    /** Like "0.89x Kafka lz4's CPU per event (moving by 6% in this run)": the figure, and how much it moved. */
    private static String cost(CpuCeiling ceiling, CandidateResult c) {
        double spread = c.primary().cpuVsLz4Spread();
        return String.format(Locale.ROOT, "%.2fx Kafka lz4's CPU per event", ceiling.timesLz4(c.primary()))
                + (Double.isNaN(spread)
                        ? ""
                        : String.format(Locale.ROOT, " (moving by %.0f%% in this run)", 100 * spread));
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
