package org.zdict.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Locale;
import java.util.Optional;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.TrainingReport;

/**
 * {@code balanced}'s CPU ceiling on the chart's speed axis: a vertical line at the compression speed
 * that costs {@code --max-cpu-vs-lz4} times Kafka lz4's CPU per event. Each grid point's side-by-side
 * figure and its own speed say what speed Kafka lz4's CPU per event comes to on this axis; the line
 * takes their median, so points right of it are about within the ceiling (the choice itself goes by
 * each point's own figure).
 *
 * @param speed where the line is drawn, MB/s
 * @param maxTimesLz4 the ceiling, as a multiple of Kafka lz4's CPU per event
 */
record CeilingLine(double speed, double maxTimesLz4) {

    /** The line, where the report's choice was held to a CPU ceiling measured side by side. */
    static Optional<CeilingLine> of(TrainingReport report) {
        if (report.choice() == null || report.choice().cpu().isEmpty()) {
            return Optional.empty();
        }
        double maxTimesLz4 = report.choice().cpu().get().ceiling().maxTimesLz4();
        double[] lz4Speeds = report.candidates().stream()
                .map(CandidateResult::primary)
                .filter(m -> !Double.isNaN(m.cpuVsLz4()))
                .mapToDouble(m -> m.compressMBps() * m.cpuVsLz4())
                .sorted()
                .toArray();
        if (lz4Speeds.length == 0) {
            return Optional.empty();
        }
        double median = (lz4Speeds[(lz4Speeds.length - 1) / 2] + lz4Speeds[lz4Speeds.length / 2]) / 2;
        return Optional.of(new CeilingLine(median / maxTimesLz4, maxTimesLz4));
    }

    /** The label beside the line. */
    String label() {
        return String.format(Locale.ROOT, "CPU ceiling: %.2fx Kafka lz4's CPU per event ", maxTimesLz4);
    }

    void drawOn(XYPlot plot) {
        ValueMarker marker = new ValueMarker(speed);
        marker.setPaint(Color.DARK_GRAY);
        marker.setStroke(
                new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        marker.setLabel(label());
        marker.setLabelFont(ChartLabels.FONT);
        // At the foot of the line, left of it: the level-5 points (the dearest, the highest ratios) are
        // near its top, and the baselines sit above the ratio axis' floor of 1.
        marker.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        plot.addDomainMarker(marker);
    }
}
