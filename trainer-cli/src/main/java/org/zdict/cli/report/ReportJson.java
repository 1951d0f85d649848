package org.zdict.cli.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.zdict.engine.BaselineResult;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.CpuTrade;
import org.zdict.engine.GridSettings;
import org.zdict.engine.Measurement;
import org.zdict.engine.SampleSet;
import org.zdict.engine.SplitReport;
import org.zdict.engine.TrainingReport;
import org.zdict.registry.DictionaryInfo;

/** The grid search as JSON, for scripts and for comparing runs. */
public final class ReportJson {
    private ReportJson() {}

    /**
     * @param published the version the choice was published as, or null if it was not
     */
    public static void write(TrainingReport report, DictionaryInfo published, Path file) throws IOException {
        write(report, SplitReport.none(), published, Map.of(), file);
    }

    /**
     * @param split the search for one dictionary per kind of event
     * @param published the version the choice (or the chosen split's fallback) was published as, or null
     * @param memberVersions the version each kind of the chosen split was published as; empty if none was
     */
    public static void write(
            TrainingReport report,
            SplitReport split,
            DictionaryInfo published,
            Map<String, Integer> memberVersions,
            Path file)
            throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file);
                JsonGenerator json = new JsonFactory().createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            SampleSet samples = report.samples();
            json.writeArrayFieldStart("inputs");
            for (String input : samples.inputs()) {
                json.writeString(input);
            }
            json.writeEndArray();
            json.writeNumberField("eventsRead", samples.eventsRead());
            json.writeNumberField("bytesRead", samples.bytesRead());
            json.writeNumberField("eventsSkipped", samples.skipped());
            json.writeNumberField("eventsOversized", samples.oversized());
            json.writeNumberField("trainEvents", samples.train().size());
            json.writeNumberField("trainBytes", samples.trainBytes());
            json.writeNumberField("holdoutEvents", samples.holdout().size());
            json.writeNumberField("holdoutBytes", samples.holdoutBytes());
            GridSettings settings = report.settings();
            json.writeStringField("objective", settings.objective().label());
            json.writeNumberField("minMbps", settings.minMbps());
            json.writeNumberField("producerBatch", settings.producerBatch());
            json.writeNumberField("maxCpuVsLz4", settings.maxCpuVsLz4());
            json.writeStringField("codec", settings.codec().label());
            json.writeArrayFieldStart("batchSizes");
            for (int batch : settings.batchSizes()) {
                json.writeNumber(batch);
            }
            json.writeEndArray();
            json.writeArrayFieldStart("baselines");
            for (BaselineResult baseline : report.baselines()) {
                json.writeStartObject();
                json.writeStringField("codec", baseline.codec());
                writeMeasurements(json, baseline.measurements());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("grid");
            for (CandidateResult candidate : report.candidates()) {
                json.writeStartObject();
                json.writeStringField("codec", candidate.point().codec().label());
                json.writeNumberField("dictSize", candidate.point().dictSize());
                json.writeNumberField("level", candidate.point().level());
                json.writeNumberField("actualSize", candidate.dictionary().length);
                json.writeNumberField("trainMillis", candidate.trainMillis());
                json.writeBooleanField(
                        "chosen", report.choice() != null && report.choice().chosen() == candidate);
                // Under the CPU ceiling: whether this point's figure meets it, within the fixed tolerance.
                if (report.choice() != null && report.choice().cpu().isPresent()) {
                    json.writeBooleanField(
                            "meetsCpuCeiling",
                            report.choice().cpu().get().ceiling().admits(candidate.primary()));
                }
                writeMeasurements(json, candidate.measurements());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("failures");
            for (String failure : report.failures()) {
                json.writeString(failure);
            }
            json.writeEndArray();
            if (report.choice() != null) {
                json.writeObjectFieldStart("choice");
                json.writeStringField(
                        "codec", report.choice().chosen().point().codec().label());
                json.writeNumberField(
                        "dictSize", report.choice().chosen().point().dictSize());
                json.writeNumberField("level", report.choice().chosen().point().level());
                json.writeStringField("reason", ChoiceSentence.of(report.choice()));
                if (report.choice().cpu().isPresent()) {
                    writeCpuTrade(json, report.choice().cpu().get());
                }
                if (published != null) {
                    json.writeNumberField("version", published.version());
                    json.writeStringField("status", published.status().label());
                    json.writeStringField("sha256", published.sha256());
                }
                json.writeEndObject();
            }
            SplitJson.write(json, split, memberVersions);
            json.writeNumberField("elapsedMillis", report.elapsedMillis());
            json.writeEndObject();
        }
    }

    private static void writeCpuTrade(JsonGenerator json, CpuTrade trade) throws IOException {
        json.writeObjectFieldStart("cpu");
        json.writeNumberField("timesKafkaLz4", round(trade.timesLz4(), 3));
        if (!Double.isNaN(trade.spread())) {
            json.writeNumberField("spread", round(trade.spread(), 3));
        }
        json.writeNumberField("tolerance", CpuCeiling.TOLERANCE);
        json.writeNumberField("maxTimesKafkaLz4", trade.ceiling().maxTimesLz4());
        json.writeBooleanField("met", trade.met());
        Measurement lz4 = trade.ceiling().lz4();
        json.writeObjectFieldStart("kafkaLz4");
        json.writeNumberField("batch", lz4.batchSize());
        json.writeNumberField("rawBytes", lz4.rawBytes());
        json.writeNumberField("compressedBytes", lz4.compressedBytes());
        json.writeNumberField("compressMBps", round(lz4.compressMBps(), 1));
        json.writeEndObject();
        json.writeObjectFieldStart("withoutCeiling");
        json.writeNumberField("dictSize", trade.withoutCeiling().point().dictSize());
        json.writeNumberField("level", trade.withoutCeiling().point().level());
        json.writeNumberField("ratio", round(trade.withoutCeiling().primary().ratio(), 4));
        json.writeNumberField(
                "timesKafkaLz4",
                round(trade.ceiling().timesLz4(trade.withoutCeiling().primary()), 3));
        json.writeEndObject();
        json.writeNumberField("ratioGivenUp", round(trade.ratioGivenUp(), 4));
        json.writeEndObject();
    }

    static void writeMeasurements(JsonGenerator json, List<Measurement> measurements) throws IOException {
        json.writeArrayFieldStart("results");
        for (Measurement m : measurements) {
            json.writeStartObject();
            json.writeNumberField("batch", m.batchSize());
            json.writeNumberField("rawBytes", m.rawBytes());
            json.writeNumberField("compressedBytes", m.compressedBytes());
            json.writeNumberField("ratio", round(m.ratio(), 4));
            json.writeNumberField("compressMBps", round(m.compressMBps(), 1));
            if (!Double.isNaN(m.compressMBpsSpread())) {
                json.writeNumberField("compressMBpsSpread", round(m.compressMBpsSpread(), 3));
            }
            json.writeNumberField("decompressMBps", round(m.decompressMBps(), 1));
            if (!Double.isNaN(m.cpuVsLz4())) {
                json.writeNumberField("cpuVsKafkaLz4", round(m.cpuVsLz4(), 3));
            }
            if (!Double.isNaN(m.cpuVsLz4Spread())) {
                json.writeNumberField("cpuVsKafkaLz4Spread", round(m.cpuVsLz4Spread(), 3));
            }
            if (!Double.isNaN(m.decodeVsLz4())) {
                json.writeNumberField("decodeCpuVsKafkaLz4", round(m.decodeVsLz4(), 3));
            }
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
