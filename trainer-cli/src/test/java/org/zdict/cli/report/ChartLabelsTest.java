package org.zdict.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class ChartLabelsTest {
    private static XYPlot plot() {
        LogAxis speed = new LogAxis("speed");
        speed.setRange(10, 1000);
        NumberAxis ratio = new NumberAxis("ratio");
        ratio.setRange(1, 6);
        return new XYPlot(new XYSeriesCollection(), speed, ratio, null);
    }

    @Test
    void labelsOfAClusterAreMovedUpWithPointersOneLineApart() {
        XYPlot plot = plot();
        ChartLabels labels = new ChartLabels();
        // The level-1 cluster: five dictionaries within a few pixels of each other.
        labels.add(320, 4.61, "64K");
        labels.add(325, 4.62, "112K");
        labels.add(330, 4.60, "16K");
        labels.add(318, 4.63, "256K");
        labels.add(30, 1.5, "gzip");
        labels.annotate(plot);
        List<XYAnnotation> annotations = plot.getAnnotations();
        assertEquals(5, annotations.size());
        long moved = annotations.stream()
                .filter(a -> a instanceof XYPointerAnnotation)
                .count();
        assertEquals(3, moved, "one label of the cluster stays at its point, the others move");
        List<Double> angles = annotations.stream()
                .filter(a -> a instanceof XYPointerAnnotation)
                .map(a -> ((XYPointerAnnotation) a).getBaseRadius())
                .sorted()
                .toList();
        for (int i = 1; i < angles.size(); i++) {
            assertTrue(angles.get(i) - angles.get(i - 1) > 10, "moved labels are a line apart: " + angles);
        }
    }

    @Test
    void labelsApartStayAtTheirPoints() {
        XYPlot plot = plot();
        ChartLabels labels = new ChartLabels();
        labels.add(320, 4.6, "64K");
        labels.add(100, 5.4, "512K");
        labels.add(30, 1.5, "gzip");
        labels.annotate(plot);
        assertTrue(plot.getAnnotations().stream().allMatch(a -> a instanceof XYTextAnnotation));
    }
}
