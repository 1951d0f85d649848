package org.zdict.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** PNG charts with JFreeChart (headless). */
final class Charts {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;
    /** Distinct colours that stay readable on white. */
    static final Color[] PALETTE = {
        new Color(0x1f77b4),
        new Color(0xd62728),
        new Color(0x2ca02c),
        new Color(0x9467bd),
        new Color(0xff7f0e),
        new Color(0x8c564b),
        new Color(0xe377c2),
        new Color(0x17becf),
        new Color(0x7f7f7f),
        new Color(0xbcbd22),
        new Color(0x393b79),
        new Color(0xad494a),
        new Color(0x637939),
        new Color(0x843c39),
        new Color(0x3182bd),
        new Color(0x31a354),
        Color.BLACK
    };

    private Charts() {}

    /**
     * Compression ratio against compression MB/s for one data set: one line per codec through its
     * batch sizes (smallest batch first).
     */
    static void ratioAgainstSpeed(Path file, String title, List<JmhPoint> compressPoints) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        compressPoints.stream()
                .sorted(java.util.Comparator.comparingInt(JmhPoint::batch))
                .forEach(p -> series.computeIfAbsent(p.codec(), c -> new XYSeries(c, false))
                        .add(Double.isNaN(p.mbPerCpuSecond()) ? p.mbPerSecond() : p.mbPerCpuSecond(), p.ratio()));
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        LogarithmicAxis x = new LogarithmicAxis("compression MB per CPU-second (log scale)");
        x.setStrictValuesFlag(false);
        NumberAxis y = new NumberAxis("compression ratio (raw / compressed)");
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(1.5f));
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        save(chart, file);
    }

    /** Grouped bars: one group per category, one bar per series. */
    static void bars(Path file, String title, String valueLabel, Map<String, Map<String, Double>> bySeries) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        bySeries.forEach((series, values) -> values.forEach((category, v) -> data.addValue(v, series, category)));
        NumberAxis y = new NumberAxis(valueLabel);
        org.jfree.chart.axis.CategoryAxis x = new org.jfree.chart.axis.CategoryAxis();
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        for (int i = 0; i < data.getRowCount(); i++) {
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        save(chart, file);
    }

    private static void save(JFreeChart chart, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write chart " + file, e);
        }
    }
}
