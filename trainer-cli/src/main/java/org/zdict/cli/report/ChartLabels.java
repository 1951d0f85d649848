package org.zdict.cli.report;

import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * Point labels that do not overlap: each label goes just right of its point unless a label already
 * placed is there, in which case it moves up, one line at a time, until it is clear, with a thin pointer
 * back to its point. Points of one level with different dictionaries often sit within a few pixels of
 * each other (the level-1 cluster), where labels drawn at the points would print over one another.
 */
final class ChartLabels {
    static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
    /** A label's box, as a share of the plot's width and height (about 32 × 13 pixels of 1000 × 650). */
    private static final double WIDTH = 0.04;

    private static final double HEIGHT = 0.026;
    /** The plot's height in pixels, about, in a 650-pixel-high chart. */
    private static final double PLOT_PIXELS_HIGH = 520;
    /** How far right of its point a moved label starts, in pixels. */
    private static final double POINTER_RIGHT = 12;

    private record Label(double x, double y, String text) {}

    private final List<Label> labels = new ArrayList<>();

    void add(double speed, double ratio, String text) {
        labels.add(new Label(speed, ratio, text));
    }

    /** Adds every label to {@code plot} as annotations, once its axes have their ranges. */
    void annotate(XYPlot plot) {
        Range xs = plot.getDomainAxis().getRange();
        Range ys = plot.getRangeAxis().getRange();
        double logLow = Math.log(xs.getLowerBound());
        double logSpan = Math.log(xs.getUpperBound()) - logLow;
        List<double[]> placed = new ArrayList<>();
        List<Label> byHeight = new ArrayList<>(labels);
        byHeight.sort(Comparator.comparingDouble(Label::y).thenComparingDouble(Label::x));
        for (Label label : byHeight) {
            double x = (Math.log(label.x()) - logLow) / logSpan;
            double y = (label.y() - ys.getLowerBound()) / ys.getLength();
            double at = y;
            while (overlaps(placed, x, at)) {
                at += HEIGHT;
            }
            placed.add(new double[] {x, at});
            if (at == y) {
                XYTextAnnotation text = new XYTextAnnotation(" " + label.text(), label.x(), label.y());
                text.setFont(FONT);
                text.setTextAnchor(TextAnchor.CENTER_LEFT);
                plot.addAnnotation(text);
            } else {
                double up = (at - y) * PLOT_PIXELS_HIGH;
                XYPointerAnnotation pointer =
                        new XYPointerAnnotation(label.text(), label.x(), label.y(), -Math.atan2(up, POINTER_RIGHT));
                pointer.setFont(FONT);
                pointer.setArrowLength(2);
                pointer.setTipRadius(4);
                pointer.setBaseRadius(Math.hypot(up, POINTER_RIGHT));
                pointer.setTextAnchor(TextAnchor.CENTER_LEFT);
                plot.addAnnotation(pointer);
            }
        }
    }

    private static boolean overlaps(List<double[]> placed, double x, double y) {
        for (double[] other : placed) {
            if (Math.abs(other[0] - x) < WIDTH && Math.abs(other[1] - y) < HEIGHT) {
                return true;
            }
        }
        return false;
    }
}
