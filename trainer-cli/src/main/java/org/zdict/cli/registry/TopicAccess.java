package org.zdict.cli.registry;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.common.acl.AclOperation;

/**
 * Which operations the caller holds on the registry topic and the cluster (as the brokers report them to
 * {@code describeTopics}/{@code describeCluster} with {@code includeAuthorizedOperations}), and which
 * registry roles of docs/SECURITY.md those allow.
 */
final class TopicAccess {
    /** The roles of docs/SECURITY.md, with the operations each needs on the registry topic. */
    enum Role {
        READER("reader (serializers, deserializers, converters)", EnumSet.of(AclOperation.READ)),
        PUBLISHER(
                "publisher (zdict train, retrain, registry activate/retire/remove/import)",
                EnumSet.of(AclOperation.READ, AclOperation.WRITE)),
        ADMINISTRATOR(
                "administrator (zdict registry migrate and purge)",
                EnumSet.of(
                        AclOperation.READ,
                        AclOperation.WRITE,
                        AclOperation.DESCRIBE_CONFIGS,
                        AclOperation.ALTER_CONFIGS,
                        AclOperation.DELETE));

        private final String description;
        private final Set<AclOperation> needs;

        Role(String description, Set<AclOperation> needs) {
            this.description = description;
            this.needs = needs;
        }
    }

    private TopicAccess() {}

    /**
     * The findings: what the caller holds, then one line per role.
     *
     * @param topic the registry topic's name
     * @param onTopic the caller's operations on the topic, null if the brokers did not say
     * @param onCluster the caller's operations on the cluster, null if the brokers did not say
     */
    static List<Finding> of(String topic, Set<AclOperation> onTopic, Set<AclOperation> onCluster) {
        List<Finding> findings = new ArrayList<>();
        if (onTopic == null) {
            findings.add(Finding.note("the brokers did not say which operations this caller holds on topic " + topic));
            return findings;
        }
        findings.add(Finding.note("this caller holds on topic " + topic + ": " + names(onTopic) + "; on the cluster: "
                + (onCluster == null ? "(not said)" : names(onCluster))));
        for (Role role : Role.values()) {
            Set<AclOperation> lacks = EnumSet.copyOf(role.needs);
            lacks.removeAll(onTopic);
            findings.add(Finding.note((lacks.isEmpty() ? "can act as " : "cannot act as ") + role.description
                    + ", which needs " + names(role.needs) + " on the topic"
                    + (lacks.isEmpty() ? "" : ": lacks " + names(lacks))));
        }
        return findings;
    }

    /** The operations as kafka-acls.sh spells them ({@code Read, DescribeConfigs}), or "none". */
    static String names(Set<AclOperation> operations) {
        if (operations.isEmpty()) {
            return "none";
        }
        return operations.stream().sorted().map(TopicAccess::name).collect(Collectors.joining(", "));
    }

    private static String name(AclOperation operation) {
        StringBuilder name = new StringBuilder();
        for (String word : operation.name().split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }
}
