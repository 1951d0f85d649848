package org.zdict.cli.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.zdict.engine.Timing;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.TrainingReport;
import org.zdict.engine.input.EventInput;
import org.zdict.testing.SampleEvents;

/** The report says when the events it trained on are not JSON. */
class ReportTableTest {
    private static String printed(List<byte[]> events) throws Exception {
        TrainingReport report = new TrainingEngine()
                .run(TrainingPlan.builder(EventInput.ofEvents("memory", events.iterator()))
                        .dictSizes(List.of(4 << 10))
                        .levels(List.of(3))
                        .batchSizes(List.of(1))
                        .maxCpuVsLz4(0)
                        .timing(new Timing(1, 1, false))
                        .build())
                .measured();
        StringWriter out = new StringWriter();
        ReportTable.print(report, new PrintWriter(out, true));
        return out.toString();
    }

    @Test
    void binaryEventsAreNamedAsSuch() throws Exception {
        List<byte[]> binary = new ArrayList<>();
        for (byte[] json : SampleEvents.synthetic(500, 5)) {
            byte[] record = json.clone();
            record[0] = 0x0A; // no longer a JSON object: a binary record of the same fields
            binary.add(record);
        }
        assertTrue(
                printed(binary)
                        .contains("500 of the 500 sampled events are not JSON (binary values such as Avro or"
                                + " Protobuf): they are trained on and measured as bytes, as JSON events are."),
                printed(binary));
        assertFalse(printed(SampleEvents.synthetic(500, 6)).contains("not JSON"));
    }
}
