package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

class StreamsTopologyTest {
    @TempDir
    Path temp;

    @Test
    void aTopologyReadsAndWritesZdictValuesAndSkipsBadRecords() {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "zdict-ttd");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, ZdictSerde.class);
        props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        props.put(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG, StringSerializer.class.getName());
        props.put(ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG, StringDeserializer.class.getName());
        props.put(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG, "100");

        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream("in")
                .mapValues(v -> v.replace("click", "CLICK"))
                .to("out");

        Map<String, Object> serdeConfig = Map.of(
                ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString(),
                ZdictSerdeConfig.INNER_SERIALIZER_CONFIG, StringSerializer.class.getName(),
                ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG, StringDeserializer.class.getName());
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props);
                ZdictSerde<String> serde = new ZdictSerde<>(Serdes.String())) {
            serde.configure(serdeConfig, false);
            TestInputTopic<String, String> in =
                    driver.createInputTopic("in", new StringSerializer(), serde.serializer());
            TestInputTopic<String, byte[]> rawIn =
                    driver.createInputTopic("in", new StringSerializer(), new ByteArraySerializer());
            TestOutputTopic<String, String> out =
                    driver.createOutputTopic("out", new StringDeserializer(), serde.deserializer());
            TestOutputTopic<String, byte[]> rawOut =
                    driver.createOutputTopic("out", new StringDeserializer(), new ByteArrayDeserializer());

            List<String> events = SampleEvents.synthetic(3, 21).stream()
                    .map(b -> new String(b, StandardCharsets.UTF_8))
                    .toList();
            in.pipeInput("k0", events.get(0));
            byte[] unknownVersion = serde.serializer().serialize("in", events.get(1));
            unknownVersion[1] = 77;
            rawIn.pipeInput("bad", unknownVersion);
            in.pipeInput("k2", events.get(2));

            assertEquals(events.get(0).replace("click", "CLICK"), out.readValue());
            byte[] written = rawOut.readValue();
            assertEquals(0xD1, written[0] & 0xFF, "the output topic holds zdict payloads");
            assertArrayEquals(
                    events.get(2).replace("click", "CLICK").getBytes(StandardCharsets.UTF_8),
                    serde.deserializer().deserialize("out", written).getBytes(StandardCharsets.UTF_8));
            assertTrue(out.isEmpty(), "the record with an unknown version was skipped");
        }
    }

    /**
     * The serdes Kafka Streams makes from {@code default.value.serde} publish through JMX, as every zdict
     * serde does; Streams never closes them, so their MBeans go once they are garbage.
     */
    @Test
    @Timeout(120)
    void defaultSerdesOfAStreamsAppPublishThroughJmxUntilTheyAreGarbage() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "zdict-ttd-metrics");
        props.put(StreamsConfig.CLIENT_ID_CONFIG, "ttd-metrics");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, ZdictSerde.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, byte[]>stream("in").to("out");
        ObjectName read = new ObjectName(
                "zdict:type=plugins,client-id=ttd-metrics,config=value.deserializer,class=ZdictDeserializer,version=1");
        ObjectName written = new ObjectName(
                "zdict:type=plugins,client-id=ttd-metrics,config=value.serializer,class=ZdictSerializer,version=1");
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();

        List<byte[]> events = SampleEvents.synthetic(2, 22);
        TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props);
        try (ZdictSerde<byte[]> serde = ZdictSerde.bytes()) {
            serde.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString()), false);
            TestInputTopic<String, byte[]> in =
                    driver.createInputTopic("in", new StringSerializer(), serde.serializer());
            for (byte[] event : events) {
                in.pipeInput("k", event);
            }
            assertEquals(2.0, jmx.getAttribute(read, ZdictMetrics.RECORDS));
            assertEquals(2.0, jmx.getAttribute(written, ZdictMetrics.RECORDS));
            assertNull(ZdictMetrics.value(driver.metrics(), ZdictMetrics.RECORDS, Map.of()));
        } finally {
            driver.close();
        }
        driver = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while ((jmx.isRegistered(read) || jmx.isRegistered(written)) && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
        }
        assertFalse(jmx.isRegistered(read), "the MBean of a Streams default serde outlived it");
        assertFalse(jmx.isRegistered(written), "the MBean of a Streams default serde outlived it");
    }
}
