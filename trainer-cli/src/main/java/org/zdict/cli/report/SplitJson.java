package org.zdict.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Map;
import org.zdict.engine.KindShare;
import org.zdict.engine.SplitReport;
import org.zdict.engine.SplitResult;

/** The {@code split} object of the report: every rule judged against the one dictionary, and the chosen one. */
final class SplitJson {
    private SplitJson() {}

    static void write(JsonGenerator json, SplitReport report, Map<String, Integer> memberVersions) throws IOException {
        json.writeObjectFieldStart("split");
        json.writeStringField("splitBy", report.splitBy().toString());
        if (report.single() != null) {
            json.writeNumberField("totalDictSize", report.single().point().dictSize());
            json.writeNumberField("level", report.single().point().level());
            json.writeNumberField(
                    "singleCompressedBytes", report.single().primary().compressedBytes());
            if (!Double.isNaN(report.singleCpuVsLz4())) {
                json.writeNumberField("singleCpuVsKafkaLz4", ReportJson.round(report.singleCpuVsLz4(), 3));
            }
        }
        json.writeArrayFieldStart("judged");
        for (SplitResult split : report.judged()) {
            writeSplit(json, split, report.chosen().filter(c -> c == split).isPresent(), memberVersions);
        }
        json.writeEndArray();
        if (report.chosen().isPresent()) {
            json.writeStringField("chosen", report.chosen().get().rule().text());
        } else {
            json.writeNullField("chosen");
        }
        json.writeNumberField("elapsedMillis", report.elapsedMillis());
        json.writeEndObject();
    }

    private static void writeSplit(
            JsonGenerator json, SplitResult split, boolean chosen, Map<String, Integer> memberVersions)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("rule", split.rule().text());
        json.writeNumberField("kinds", split.kinds());
        json.writeBooleanField("chosen", chosen);
        json.writeStringField("verdict", split.verdict());
        if (split.measured()) {
            json.writeNumberField("gain", ReportJson.round(split.gain(), 4));
            if (!Double.isNaN(split.cpuVsLz4())) {
                json.writeNumberField("cpuVsKafkaLz4", ReportJson.round(split.cpuVsLz4(), 3));
            }
            json.writeNumberField("trainMillis", split.trainMillis());
            json.writeBooleanField("fallbackTrainedOnAll", split.fallbackTrainedOnAll());
            ReportJson.writeMeasurements(json, split.measurements());
            json.writeArrayFieldStart("kinds");
            for (KindShare share : split.shares()) {
                json.writeStartObject();
                if (share.isFallback()) {
                    json.writeBooleanField("fallback", true);
                } else {
                    json.writeStringField("kind", share.kind());
                }
                json.writeNumberField("trainEvents", share.trainEvents());
                json.writeNumberField("dictSize", share.dictSize());
                json.writeNumberField("holdoutEvents", share.heldOutEvents());
                json.writeNumberField("holdoutBytes", share.heldOutBytes());
                json.writeNumberField("setCompressedBytes", share.setBytes());
                json.writeNumberField("singleCompressedBytes", share.singleBytes());
                Integer version = chosen && !share.isFallback() ? memberVersions.get(share.kind()) : null;
                if (version != null) {
                    json.writeNumberField("version", version);
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }
}
