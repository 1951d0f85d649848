package org.zdict.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.zdict.engine.BaselineResult;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.Measurement;
import org.zdict.engine.Sizes;
import org.zdict.engine.SplitReport;
import org.zdict.engine.SplitResult;
import org.zdict.engine.TrainingReport;

/** Ratio against compression speed for every grid point and baseline, as a PNG (JFreeChart). */
public final class ReportChart {
    private static final Color[] LEVEL_COLORS = {
        new Color(0x1F77B4), new Color(0x2CA02C), new Color(0xFF7F0E), new Color(0x9467BD), new Color(0x8C564B)
    };

    private ReportChart() {}

    public static void writePng(TrainingReport report, String title, Path file) throws IOException {
        writePng(report, SplitReport.none(), title, file);
    }

    /** The chart with each split measured as one more point, labelled with its rule. */
    public static void writePng(TrainingReport report, SplitReport split, String title, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = new XYSeriesCollection();
        ChartLabels labels = new ChartLabels();
        XYSeries baselines = new XYSeries("without dictionary", false, true);
        for (BaselineResult baseline : report.baselines()) {
            baselines.add(baseline.primary().compressMBps(), baseline.primary().ratio());
            labels.add(baseline.primary().compressMBps(), baseline.primary().ratio(), baseline.codec());
        }
        data.addSeries(baselines);
        for (int level : report.settings().levels()) {
            XYSeries series = new XYSeries("zstd + dictionary, level " + level, false, true);
            for (CandidateResult candidate : report.candidates()) {
                if (candidate.point().level() == level && !candidate.point().isLz4()) {
                    Measurement m = candidate.primary();
                    series.add(m.compressMBps(), m.ratio());
                    labels.add(
                            m.compressMBps(),
                            m.ratio(),
                            Sizes.format(candidate.point().dictSize()));
                }
            }
            data.addSeries(series);
        }
        XYSeries lz4 = new XYSeries("LZ4 + dictionary", false, true);
        for (CandidateResult candidate : report.candidates()) {
            if (candidate.point().isLz4()) {
                Measurement m = candidate.primary();
                lz4.add(m.compressMBps(), m.ratio());
                labels.add(
                        m.compressMBps(),
                        m.ratio(),
                        Sizes.format(candidate.point().dictSize()));
            }
        }
        data.addSeries(lz4);
        XYSeries splits = new XYSeries("one dictionary per kind, same total size", false, true);
        for (SplitResult judged : split.judged()) {
            if (judged.measured()) {
                Measurement m = judged.primary();
                splits.add(m.compressMBps(), m.ratio());
                labels.add(m.compressMBps(), m.ratio(), judged.rule().text());
            }
        }
        data.addSeries(splits);
        XYSeries chosen = new XYSeries("chosen", false, true);
        if (split.chosen().isPresent()) {
            Measurement m = split.chosen().get().primary();
            chosen.add(m.compressMBps(), m.ratio());
        } else if (report.choice() != null) {
            Measurement m = report.choice().chosen().primary();
            chosen.add(m.compressMBps(), m.ratio());
        }
        data.addSeries(chosen);

        int batch = report.settings().batchSizes().get(0);
        JFreeChart chart = ChartFactory.createScatterPlot(
                title,
                "compression speed, MB/s (one thread, batches of " + batch + ")",
                "held-out compression ratio (batches of " + batch + ")",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        LogAxis speed = new LogAxis(plot.getDomainAxis().getLabel());
        speed.setSmallestValue(1);
        speed.setTickUnit(new NumberTickUnit(0.1));
        speed.setNumberFormatOverride(new DecimalFormat("#,##0"));
        // Room right of the fastest point for its label, moved right of it when it meets another.
        speed.setUpperMargin(0.1);
        plot.setDomainAxis(speed);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, Color.GRAY);
        for (int series = 1; series < data.getSeriesCount() - 1; series++) {
            renderer.setSeriesPaint(series, LEVEL_COLORS[(series - 1) % LEVEL_COLORS.length]);
        }
        int last = data.getSeriesCount() - 1;
        renderer.setSeriesPaint(last, Color.RED);
        renderer.setSeriesShape(last, new java.awt.geom.Ellipse2D.Double(-7, -7, 14, 14));
        renderer.setSeriesOutlineStroke(last, new BasicStroke(2));
        plot.setRenderer(renderer);
        labels.annotate(plot);
        CeilingLine.of(report).ifPresent(line -> line.drawOn(plot));
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1000, 650);
    }
}
