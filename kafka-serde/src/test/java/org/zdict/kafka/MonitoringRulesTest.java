package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.prometheus.jmx.JmxCollector;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.internals.Plugin;
import org.apache.kafka.common.metrics.JmxReporter;
import org.apache.kafka.common.metrics.KafkaMetricsContext;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.utils.Time;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * docs/monitoring against the serdes' real MBeans: the jmx_exporter rules, run through the exporter's own
 * collector, turn every attribute of every {@code zdict:} MBean into its documented metric, and the Grafana
 * dashboard queries only metrics and labels that those rules produce.
 */
class MonitoringRulesTest {
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();
    private static final String RULES = "docs/monitoring/zdict-jmx-exporter.yml";
    private static final String DASHBOARD = "docs/monitoring/zdict-grafana-dashboard.json";
    private static final String README = "docs/monitoring/README.md";
    /** The client ids of this test's serdes; other tests' serdes may share the JVM, and their counts move. */
    private static final Set<String> OWN_CLIENTS =
            Set.of("monitoring-producer", "monitoring-consumer", "monitoring-monitorable");
    /** The registry topic of this test's registry counts. */
    private static final String OWN_TOPIC = "monitoring-registry";

    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern TYPE = Pattern.compile("# TYPE (\\S+) (\\S+)");
    private static final Pattern METRIC_IN_QUERY = Pattern.compile("\\bzdict_[a-zA-Z0-9_]*");
    /** Label names in selectors ({@code {a="x", b=~"y"}}) of a PromQL expression. */
    private static final Pattern MATCHER = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(?:=~|!~|!=|=)\\s*\"");
    /** Label lists of {@code by (…)} and {@code without (…)}, and the label of {@code label_values(m, label)}. */
    private static final Pattern GROUPING = Pattern.compile(
            "\\b(?:by|without)\\s*\\(([^)]*)\\)|label_values\\([^,)]*,\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*\\)");

    @TempDir
    Path temp;

    private final List<AutoCloseable> serdes = new ArrayList<>();
    /** A kafka-clients 4.1+ producer's registry, as KafkaProducer makes it: its JMX domain is kafka.producer. */
    private final Metrics producerMetrics = new Metrics(
            new MetricConfig().tags(Map.of(ZdictMetrics.CLIENT_ID_TAG, "monitoring-monitorable")),
            List.of(new JmxReporter()),
            Time.SYSTEM,
            new KafkaMetricsContext("kafka.producer"));
    /** The counts of a registry client, as a KafkaDictionaryRegistry publishes them. */
    private final RefusedRecords registryCounts = new RefusedRecords("registry kafka://monitoring/" + OWN_TOPIC);
    /** The durability gauges of that registry client, with the same tags. */
    private final RegistryHealth registryHealth = new RegistryHealth("registry kafka://monitoring/" + OWN_TOPIC);

    /** One sample of the exposition text: metric name, labels, value. */
    private record Sample(String name, Map<String, String> labels, String value) {}

    /** What a Prometheus scrape of the exporter would read: the samples, and each metric family's type. */
    private record Scrape(List<Sample> samples, Map<String, String> types) {}

    @BeforeEach
    void runRecordsThroughASerializerAndDeserializers() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            // a subject whose active state is a dictionary set: its events of no kind count as fallback-routed
            int fallback = registry.publish("routed-value", TestDictionaries.trained(2), 3, Map.of())
                    .version();
            int member = registry.publish("routed-value", TestDictionaries.trained(3), 3, Map.of())
                    .version();
            registry.activate(fallback);
            registry.activateSet(new org.zdict.registry.DictionarySet(
                    new org.zdict.registry.DictionarySet.Rule.Field("type"), fallback, Map.of("a-kind", member)));
        }
        List<byte[]> events = SampleEvents.synthetic(5, 11);
        ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
        serdes.add(serializer);
        serializer.configure(props("monitoring-producer"), false);
        List<byte[]> payloads = new ArrayList<>();
        for (byte[] event : events) {
            payloads.add(serializer.serialize("t", event));
        }
        // a subject with no active version: written as plain zstd and counted per subject
        ZdictSerializer<byte[]> untrained = new ZdictSerializer<>();
        serdes.add(untrained);
        Map<String, Object> untrainedProps = props("monitoring-producer");
        untrainedProps.put(ZdictSerdeConfig.SUBJECT_CONFIG, "untrained-value");
        untrained.configure(untrainedProps, true);
        untrained.serialize("untrained", events.get(0));
        ZdictSerializer<byte[]> routed = new ZdictSerializer<>();
        serdes.add(routed);
        Map<String, Object> routedProps = props("monitoring-producer");
        routedProps.put(ZdictSerdeConfig.SUBJECT_CONFIG, "routed-value");
        routed.configure(routedProps, false);
        routed.serialize("routed", events.get(0));
        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>();
        serdes.add(deserializer);
        deserializer.configure(props("monitoring-consumer"), false);
        for (byte[] payload : payloads) {
            deserializer.deserialize("t", payload);
        }
        // a failed record, so that errors-total is there with a value
        assertThrows(SerializationException.class, () -> deserializer.deserialize("t", new byte[] {0, 1, 2, 3}));
        // without client.id Kafka leaves client-id out of the MBean name
        ZdictDeserializer<byte[]> anonymous = new ZdictDeserializer<>();
        serdes.add(anonymous);
        anonymous.configure(props(null), true);
        anonymous.deserialize("t", payloads.get(0));
        // a Monitorable serializer that a kafka-clients 4.1+ producer wraps: its metrics are the producer's
        MonitorableZdictSerializer<byte[]> monitorable = new MonitorableZdictSerializer<>();
        monitorable.configure(props("monitoring-monitorable"), false);
        serdes.add(Plugin.wrapInstance(monitorable, producerMetrics, "value.serializer"));
        monitorable.serialize("t", events.get(0));
        // a registry client's counts, with one record skipped
        registryHealth.publish(registryCounts.publish(OWN_TOPIC));
        registryHealth.topicUnavailable("a test", 1);
        registryHealth.update(Map.of(1, Long.MAX_VALUE), new java.util.TreeSet<>(Set.of(2)), 0);
        registryCounts.refused(RecordRefusal.EARLY_REMOVAL, 7, RegistryKeys.STATE, "it removes versions [1]");
    }

    private Map<String, Object> props(String clientId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        if (clientId != null) {
            props.put("client.id", clientId);
        }
        return props;
    }

    @AfterEach
    void closeSerdes() throws Exception {
        for (AutoCloseable serde : serdes) {
            serde.close();
        }
        registryCounts.close();
        registryHealth.close();
        producerMetrics.close();
    }

    @Test
    void everyAttributeOfEveryZdictMBeanBecomesItsDocumentedMetric() throws Exception {
        Set<ObjectName> beans = new HashSet<>(JMX.queryNames(new ObjectName(ZdictMetrics.JMX_DOMAIN + ":*"), null));
        for (ObjectName bean : JMX.queryNames(new ObjectName("kafka.producer:type=plugins,*"), null)) {
            if (bean.getKeyProperty(ZdictMetrics.CLASS_TAG).contains("Zdict")) {
                beans.add(bean);
            }
        }
        assertTrue(
                beans.stream().anyMatch(b -> b.getDomain().equals("kafka.producer")),
                "the Monitorable serializer's MBeans are the producer's: " + beans);
        Scrape scrape = scrape();
        int checked = 0;
        Set<String> versions = new TreeSet<>();
        boolean sawAnonymous = false;
        for (ObjectName bean : beans) {
            if (!JMX.isRegistered(bean)) {
                continue; // another test's serde, closed meanwhile
            }
            String clientId = bean.getKeyProperty(ZdictMetrics.CLIENT_ID_TAG);
            boolean registry = ZdictMetrics.REGISTRY_GROUP.equals(bean.getKeyProperty("type"));
            boolean own = registry
                    ? OWN_TOPIC.equals(bean.getKeyProperty(ZdictMetrics.TOPIC_TAG))
                    : clientId != null && OWN_CLIENTS.contains(clientId);
            sawAnonymous |= !registry && clientId == null;
            for (MBeanAttributeInfo attribute : JMX.getMBeanInfo(bean).getAttributes()) {
                String name = expectedName(attribute.getName());
                Map<String, String> labels = expectedLabels(bean);
                List<Sample> found = scrape.samples().stream()
                        .filter(s -> s.name().equals(name) && s.labels().equals(labels))
                        .toList();
                assertEquals(
                        1,
                        found.size(),
                        bean + " " + attribute.getName() + " should be exported once as " + name + labels
                                + "; the zdict samples are:\n" + zdictSamples(scrape));
                String type = attribute.getName().endsWith("-total") ? "counter" : "gauge";
                assertEquals(type, scrape.types().get(name), name + "'s TYPE");
                if (own) {
                    double value = (Double) JMX.getAttribute(bean, attribute.getName());
                    assertEquals(value, Double.parseDouble(found.get(0).value()), name + labels);
                }
                if (labels.containsKey("version")) {
                    versions.add(labels.get("version"));
                }
                checked++;
            }
        }
        // the serdes above made MBeans for version 1 and for the failed record's unknown version, with 7
        // attributes each, and a cache MBean with 3 for each serde
        assertTrue(checked >= 3 * 7 + 3 * 3, "attributes checked: " + checked);
        assertTrue(versions.containsAll(Set.of("1", ZdictMetrics.UNKNOWN)), "versions: " + versions);
        assertTrue(sawAnonymous, "a serde without client.id has an MBean without client-id");
        assertTrue(
                zdictSamples(scrape)
                        .contains(
                                "zdict_records_total{class=\"MonitorableZdictSerializer\","
                                        + "client_id=\"monitoring-monitorable\",config=\"value.serializer\",version=\"1\"} 1.0"),
                zdictSamples(scrape));
        assertTrue(
                zdictSamples(scrape)
                        .contains(
                                "zdict_errors_total{class=\"ZdictDeserializer\","
                                        + "client_id=\"monitoring-consumer\",config=\"value.deserializer\",version=\"unknown\"} 1.0"),
                zdictSamples(scrape));
        assertTrue(
                zdictSamples(scrape)
                        .contains("zdict_records_without_dictionary_total{class=\"ZdictSerializer\","
                                + "client_id=\"monitoring-producer\",config=\"key.serializer\","
                                + "subject=\"untrained-value\"} 1.0"),
                zdictSamples(scrape));
        assertTrue(
                zdictSamples(scrape)
                        .matches("(?s).*zdict_registry_records_refused_total\\{reason=\"early-removal\","
                                + "registry_id=\"\\d+\",topic=\"" + OWN_TOPIC + "\"} 1\\.0\n.*"),
                zdictSamples(scrape));
    }

    @Test
    void theDashboardQueriesOnlyMetricsAndLabelsTheRulesProduce() throws Exception {
        Scrape scrape = scrape();
        Set<String> metrics = new TreeSet<>();
        Set<String> labels = new TreeSet<>();
        for (Sample sample : scrape.samples()) {
            if (sample.name().startsWith("zdict_")) {
                metrics.add(sample.name());
                labels.addAll(sample.labels().keySet());
            }
        }
        List<String> queries = dashboardQueries();
        assertTrue(queries.size() >= 10, "queries: " + queries);
        Set<String> used = new TreeSet<>();
        for (String query : queries) {
            Matcher metric = METRIC_IN_QUERY.matcher(query);
            boolean any = false;
            while (metric.find()) {
                any = true;
                used.add(metric.group());
                assertTrue(
                        metrics.contains(metric.group()),
                        "the dashboard queries " + metric.group() + ", which no rule produces; they produce " + metrics
                                + "\nin: " + query);
            }
            assertTrue(any, "a dashboard query of no zdict metric: " + query);
            for (String label : labelsIn(query)) {
                assertTrue(
                        labels.contains(label) || label.equals("le"),
                        "the dashboard uses label " + label + ", which no rule produces (" + labels + ")\nin: "
                                + query);
            }
        }
        // the panels ops watch during a roll-out: ratio, records and bytes per version, errors, waits, cache
        for (String needed : List.of(
                "zdict_compression_ratio",
                "zdict_compression_ratio_recent",
                "zdict_records_total",
                "zdict_original_bytes_total",
                "zdict_compressed_bytes_total",
                "zdict_errors_total",
                "zdict_unknown_version_waits_total",
                "zdict_dictionary_cache_bytes",
                "zdict_dictionary_cache_evictions_total",
                "zdict_records_without_dictionary_total")) {
            assertTrue(used.contains(needed), "the dashboard has no panel on " + needed + ": " + used);
        }
    }

    @Test
    void theReadmeListsTheMetricsTheRulesProduce() throws Exception {
        Set<String> produced = new TreeSet<>();
        for (Sample sample : scrape().samples()) {
            if (sample.name().startsWith("zdict_")) {
                produced.add(sample.name());
            }
        }
        Set<String> documented = new TreeSet<>();
        Matcher name = METRIC_IN_QUERY.matcher(Files.readString(docs().resolve(README)));
        while (name.find()) {
            documented.add(name.group());
        }
        assertEquals(produced, documented);
    }

    @Test
    void anAttributeNoRuleMatchesIsNotExported() throws Exception {
        // the check above can fail: a scrape has no sample for an attribute that no rule matches
        String rules = Files.readString(docs().resolve(RULES));
        String broken = rules.replace("><>errors-total:'", "><>errors_total:'");
        assertFalse(broken.equals(rules), "the rules file has the errors-total rule");
        String text = exposition(broken);
        assertFalse(text.contains("zdict_errors_total"), text);
        assertTrue(text.contains("zdict_records_total"), text);
    }

    /** The metric name the rules give an attribute: {@code records-total} → {@code zdict_records_total}. */
    private static String expectedName(String attribute) {
        return "zdict_" + attribute.replace('-', '_');
    }

    /**
     * The labels the rules give a bean: its properties but {@code type}, with {@code _} for {@code -}. A serde's bean
     * without client-id (no {@code client.id} set) has no client_id label: an empty label is no label.
     */
    private static Map<String, String> expectedLabels(ObjectName bean) {
        Map<String, String> labels = new TreeMap<>();
        if (ZdictMetrics.REGISTRY_GROUP.equals(bean.getKeyProperty("type"))) {
            labels.put("topic", bean.getKeyProperty(ZdictMetrics.TOPIC_TAG));
            labels.put("registry_id", bean.getKeyProperty(ZdictMetrics.REGISTRY_ID_TAG));
            String reason = bean.getKeyProperty(ZdictMetrics.REASON_TAG);
            if (reason != null) {
                labels.put("reason", reason);
            }
            return labels;
        }
        String clientId = bean.getKeyProperty(ZdictMetrics.CLIENT_ID_TAG);
        if (clientId != null) {
            labels.put("client_id", clientId);
        }
        labels.put("config", bean.getKeyProperty(ZdictMetrics.CONFIG_TAG));
        labels.put("class", bean.getKeyProperty(ZdictMetrics.CLASS_TAG));
        String version = bean.getKeyProperty(ZdictMetrics.VERSION_TAG);
        if (version != null) {
            labels.put("version", version);
        }
        String subject = bean.getKeyProperty(ZdictMetrics.SUBJECT_TAG);
        if (subject != null) {
            labels.put("subject", subject);
        }
        return labels;
    }

    /** A scrape of this JVM's MBeans by the exporter's collector with the rules of docs/monitoring. */
    private static Scrape scrape() throws Exception {
        String text = exposition(Files.readString(docs().resolve(RULES)));
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher type = TYPE.matcher(line);
            if (type.matches()) {
                types.put(type.group(1), type.group(2));
                continue;
            }
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            assertTrue(sample.matches(), "an exposition line: " + line);
            Map<String, String> labels = new TreeMap<>();
            if (sample.group(2) != null) {
                Matcher label = LABEL.matcher(sample.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(sample.group(1), labels, sample.group(3)));
        }
        return new Scrape(samples, types);
    }

    /** The text a Prometheus scrape reads from the exporter's agent running {@code rules} in this JVM. */
    private static String exposition(String rules) throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        new JmxCollector(rules).register(registry);
        return PrometheusTextFormatWriter.create().toDebugString(registry.scrape());
    }

    private static String zdictSamples(Scrape scrape) {
        StringBuilder text = new StringBuilder();
        for (Sample s : scrape.samples()) {
            if (s.name().startsWith("zdict_")) {
                text.append(s.name()).append('{');
                String separator = "";
                for (Map.Entry<String, String> e : s.labels().entrySet()) {
                    text.append(separator)
                            .append(e.getKey())
                            .append("=\"")
                            .append(e.getValue())
                            .append('"');
                    separator = ",";
                }
                text.append("} ").append(s.value()).append('\n');
            }
        }
        return text.toString();
    }

    /** Every PromQL expression of the dashboard: panel targets' {@code expr}, variables' queries. */
    private static List<String> dashboardQueries() throws IOException {
        List<String> queries = new ArrayList<>();
        try (JsonParser json =
                new JsonFactory().createParser(docs().resolve(DASHBOARD).toFile())) {
            String field = null;
            for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
                if (token == JsonToken.FIELD_NAME) {
                    field = json.currentName();
                } else if (token == JsonToken.VALUE_STRING
                        && ("expr".equals(field) || "query".equals(field) || "definition".equals(field))
                        && !json.getText().equals("prometheus")) {
                    queries.add(json.getText());
                }
            }
        }
        return queries;
    }

    private static Set<String> labelsIn(String query) {
        Set<String> labels = new TreeSet<>();
        Matcher selector = Pattern.compile("\\{([^}]*)\\}").matcher(query);
        while (selector.find()) {
            Matcher matcher = MATCHER.matcher(selector.group(1));
            while (matcher.find()) {
                labels.add(matcher.group(1));
            }
        }
        Matcher grouping = GROUPING.matcher(query);
        while (grouping.find()) {
            if (grouping.group(1) != null) {
                for (String label : grouping.group(1).split(",")) {
                    if (!label.isBlank()) {
                        labels.add(label.strip());
                    }
                }
            } else {
                labels.add(grouping.group(2));
            }
        }
        return labels;
    }

    /** The source tree's root, the folder holding docs/, found from the module's folder upwards. */
    private static Path docs() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(RULES))) {
                return dir;
            }
        }
        throw new IllegalStateException("no " + RULES + " above " + Path.of("").toAbsolutePath());
    }
}
