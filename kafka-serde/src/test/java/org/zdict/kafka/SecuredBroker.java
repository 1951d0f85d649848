package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.test.JaasUtils;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One real KRaft broker that authenticates every client with SASL (SCRAM-SHA-256 for the users a test
 * adds, PLAIN for the test kit's super user) and authorizes it with KRaft's {@code StandardAuthorizer},
 * {@code allow.everyone.if.no.acl.found=false}. The ACLs are those docs/SECURITY.md gives as {@code
 * kafka-acls.sh} commands ({@link #grantAsDocumented}), so the documented minimum is what the tests run
 * with. The test kit sets a JVM-wide JAAS file: run tests that use it in a fork of their own.
 */
public final class SecuredBroker implements AutoCloseable {
    public static final String MECHANISM = "SCRAM-SHA-256";

    private final KafkaClusterTestKit cluster;

    private SecuredBroker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static SecuredBroker start() throws Exception {
        return new SecuredBroker(Broker.started(Broker.singleNode(new TestKitNodes.Builder()
                        .setBrokerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT)
                        .setControllerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT))
                .setConfigProp("auto.create.topics.enable", "false")
                .setConfigProp("sasl.enabled.mechanisms", "PLAIN," + MECHANISM)
                .setConfigProp(
                        "listener.name.external.scram-sha-256.sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required;")));
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** An admin client of the kit's super user. */
    public Admin admin() {
        return cluster.admin();
    }

    /** Adds a SCRAM user and waits until the broker authenticates it. */
    public void addUser(String user, String password) throws Exception {
        try (Admin admin = admin()) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), password)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Admin asUser = Admin.create(clientSettings(user, password))) {
                asUser.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
                return;
            } catch (Exception e) {
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    /** Settings for a client of {@code user}: the servers, SASL_PLAINTEXT, SCRAM and its credentials. */
    public Map<String, Object> clientSettings(String user, String password) {
        Map<String, Object> settings = new HashMap<>(securitySettings(user, password));
        settings.put("bootstrap.servers", bootstrapServers());
        return settings;
    }

    /** The security settings of {@code user}, as a user puts them in a client's or a command's config. */
    public static Map<String, String> securitySettings(String user, String password) {
        return Map.of(
                "security.protocol",
                "SASL_PLAINTEXT",
                "sasl.mechanism",
                MECHANISM,
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user + "\" password=\""
                        + password + "\";");
    }

    /** Settings for a client of the test kit's super user (SASL PLAIN), for what administrators do. */
    public Map<String, Object> superUserSettings() {
        Map<String, Object> settings = new HashMap<>();
        settings.put("bootstrap.servers", bootstrapServers());
        settings.put("security.protocol", "SASL_PLAINTEXT");
        settings.put("sasl.mechanism", "PLAIN");
        settings.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
                        + JaasUtils.KAFKA_PLAIN_ADMIN + "\" password=\"" + JaasUtils.KAFKA_PLAIN_ADMIN_PASSWORD
                        + "\";");
        return settings;
    }

    /** Creates {@code topic} as an administrator. */
    public void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty())))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Grants what the {@code kafka-acls.sh --add} commands in {@code doc} (docs/SECURITY.md) grant to
     * {@code principal} (for example {@code User:consumer}).
     *
     * @return the bindings created, never empty
     */
    public List<AclBinding> grantAsDocumented(Path doc, String principal) throws Exception {
        List<AclBinding> bindings = new ArrayList<>();
        for (String line : Files.readAllLines(doc)) {
            String command = line.strip();
            if (command.startsWith("kafka-acls.sh ") && command.contains("--allow-principal " + principal + " ")) {
                bindings.addAll(parse(command));
            }
        }
        if (bindings.isEmpty()) {
            throw new IOException(doc + " has no kafka-acls.sh command for " + principal);
        }
        try (Admin admin = admin()) {
            admin.createAcls(bindings).all().get(30, TimeUnit.SECONDS);
        }
        return bindings;
    }

    /** The bindings of one {@code kafka-acls.sh --add --allow-principal P --operation O... --topic|--group X} line. */
    static List<AclBinding> parse(String command) {
        String[] words = command.split("\\s+");
        String principal = null;
        List<AclOperation> operations = new ArrayList<>();
        List<ResourcePattern> resources = new ArrayList<>();
        for (int i = 0; i < words.length - 1; i++) {
            String value = words[i + 1];
            switch (words[i]) {
                case "--allow-principal" -> principal = value;
                case "--operation" ->
                    operations.add(AclOperation.fromString(value.replaceAll("(?<=[a-z])(?=[A-Z])", "_")));
                case "--topic" -> resources.add(new ResourcePattern(ResourceType.TOPIC, value, PatternType.LITERAL));
                case "--group" -> resources.add(new ResourcePattern(ResourceType.GROUP, value, PatternType.LITERAL));
                default -> {}
            }
        }
        List<AclBinding> bindings = new ArrayList<>();
        for (ResourcePattern resource : resources) {
            for (AclOperation operation : operations) {
                if (operation == AclOperation.UNKNOWN || principal == null) {
                    throw new IllegalArgumentException("Cannot read: " + command);
                }
                bindings.add(new AclBinding(
                        resource, new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
            }
        }
        return bindings;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
