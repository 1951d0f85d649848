package org.zdict.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.zdict.cli.report.ReportChart;
import org.zdict.cli.report.ReportJson;
import org.zdict.engine.SplitReport;
import org.zdict.engine.TrainingReport;
import org.zdict.registry.DictionaryInfo;

/**
 * The report and chart files of {@code train}, {@code retrain} and {@code demo}, checked before any work and put in
 * place last: each gets a temporary file beside its target at once (so an unwritable path fails before
 * training, and before anything is published), is written into it, and is renamed over its target only
 * when the command has succeeded. Closing discards whatever was not put in place.
 */
final class PlannedOutputs implements AutoCloseable {
    private final Path reportJson;
    private final Path chart;
    private final List<Path[]> staged = new ArrayList<>();
    private Path reportTemp;
    private Path chartTemp;

    private PlannedOutputs(Path reportJson, Path chart) {
        this.reportJson = reportJson;
        this.chart = chart;
    }

    /** Checks that both paths (either may be null) can be written, by creating their temporary files. */
    static PlannedOutputs prepare(Path reportJson, Path chart) {
        PlannedOutputs outputs = new PlannedOutputs(reportJson, chart);
        try {
            outputs.reportTemp = outputs.stage(reportJson, "--report-json");
            outputs.chartTemp = outputs.stage(chart, "--chart");
            return outputs;
        } catch (RuntimeException e) {
            outputs.close();
            throw e;
        }
    }

    private Path stage(Path target, String option) {
        if (target == null) {
            return null;
        }
        Path absolute = target.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new CliException("Cannot write " + option + " " + target + ": it is a folder");
        }
        try {
            Files.createDirectories(absolute.getParent());
            Path temp = Files.createTempFile(absolute.getParent(), ".zdict-", ".tmp");
            staged.add(new Path[] {temp, absolute});
            return temp;
        } catch (IOException e) {
            throw new CliException("Cannot write " + option + " " + target + ": " + ErrorReporter.describe(e)
                    + " (checked before training; nothing was trained or published)");
        }
    }

    /** Renders the report and the chart into their temporary files. */
    void write(TrainingReport report, DictionaryInfo published, String title) throws IOException {
        write(report, SplitReport.none(), published, Map.of(), title);
    }

    /**
     * Renders the report, with the search for one dictionary per kind, and the chart into their temporary
     * files; {@code memberVersions} are the chosen split's published versions (empty if none was published).
     */
    void write(
            TrainingReport report,
            SplitReport split,
            DictionaryInfo published,
            Map<String, Integer> memberVersions,
            String title)
            throws IOException {
        if (reportTemp != null) {
            ReportJson.write(report, split, published, memberVersions, reportTemp);
        }
        if (chartTemp != null) {
            ReportChart.writePng(report, split, title, chartTemp);
        }
    }

    /** A report of another shape than the grid search's, written into a file. */
    interface ReportWriter {
        void write(Path file) throws IOException;
    }

    /** Renders the report with {@code writer} into its temporary file ({@code retrain}'s decision). */
    void writeReport(ReportWriter writer) throws IOException {
        if (reportTemp != null) {
            writer.write(reportTemp);
        }
    }

    /** Puts every written file in place and says where. */
    void commit(java.io.PrintWriter out) throws IOException {
        for (Path[] pair : staged) {
            Files.move(pair[0], pair[1], StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        staged.clear();
        if (reportJson != null) {
            out.println("Report written to " + reportJson);
        }
        if (chart != null) {
            out.println("Chart written to " + chart);
        }
        out.flush();
    }

    @Override
    public void close() {
        for (Path[] pair : staged) {
            try {
                Files.deleteIfExists(pair[0]);
            } catch (IOException ignored) {
                // a leftover temporary file is harmless
            }
        }
        staged.clear();
    }
}
