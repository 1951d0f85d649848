package org.zdict.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportGeneratorTest {
    private static final String JMH_JSON = "[" + result("compress", "lz4", 1, 2000, 800e6, 640e6) + ","
            + result("compress", "zdict-64k-3", 1, 1000, 400e6, 80e6) + ","
            + result("decompress", "zdict-64k-3", 1, 2000, 900e6, 180e6) + "]";

    private static String result(String op, String codec, int batch, double ops, double raw, double compressed) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.zdict.bench.jmh.CodecBenchmark." + op + "\","
                + "\"mode\":\"thrpt\",\"params\":{\"batch\":\"" + batch + "\",\"codec\":\"" + codec
                + "\",\"dataset\":\"wiki\"},\"primaryMetric\":{\"score\":" + ops + ",\"scoreError\":\"NaN\","
                + "\"scoreUnit\":\"ops/s\"},\"secondaryMetrics\":{"
                + "\"compressedBytes\":{\"score\":" + compressed + ",\"scoreError\":\"NaN\",\"scoreUnit\":\"ops/s\"},"
                + "\"rawBytes\":{\"score\":" + raw + ",\"scoreError\":12.5E6,\"scoreUnit\":\"ops/s\"}}}";
    }

    @Test
    void readsMegabytesPerSecondAndRatioFromJmhJson(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jmh.json");
        Files.writeString(file, JMH_JSON);
        List<JmhPoint> points = JmhPoint.read(file);
        assertEquals(3, points.size());
        JmhPoint zdict = points.get(1);
        assertEquals("compress", zdict.operation());
        assertEquals("zdict-64k-3", zdict.codec());
        assertEquals(1, zdict.batch());
        assertEquals(400.0, zdict.mbPerSecond(), 1e-9);
        assertEquals(12.5, zdict.mbError(), 1e-9);
        assertEquals(5.0, zdict.ratio(), 1e-9);
    }

    @Test
    void rendersTablesWithRatioAgainstLz4AndWritesCharts(@TempDir Path dir) throws Exception {
        ReportGenerator report = new ReportGenerator().withPoints(JmhPoint.parse(Json.parse(JMH_JSON)));
        report.chartsIn(dir);
        String md = report.render();
        assertTrue(md.contains("| zdict-64k-3 | 5.00 | 5.00 | 4.00 |"), md);
        assertTrue(md.contains("| zdict-64k-3 | 1 | 5.00 | 400 ± 13 | – | 900 ± 13 | – |"), md);
        assertTrue(Files.size(dir.resolve("ratio-speed-wiki.png")) > 1000);
    }
}
