package org.zdict.cli.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import org.apache.kafka.common.acl.AclOperation;
import org.junit.jupiter.api.Test;

class TopicAccessTest {
    @Test
    void aReaderIsToldWhatItHoldsAndWhatEachOtherRoleLacks() {
        List<String> lines = TopicAccess.of(
                        "_zdict_registry",
                        EnumSet.of(AclOperation.READ, AclOperation.DESCRIBE),
                        EnumSet.noneOf(AclOperation.class))
                .stream()
                .map(Finding::text)
                .toList();

        assertEquals(
                List.of(
                        "this caller holds on topic _zdict_registry: Read, Describe; on the cluster: none",
                        "can act as reader (serializers, deserializers, converters), which needs Read on the topic",
                        "cannot act as publisher (zdict train, retrain, registry activate/retire/remove/import), which"
                                + " needs Read, Write on the topic: lacks Write",
                        "cannot act as administrator (zdict registry migrate and purge), which needs Read, Write,"
                                + " Delete, DescribeConfigs, AlterConfigs on the topic: lacks Write, Delete,"
                                + " DescribeConfigs, AlterConfigs"),
                lines);
    }

    @Test
    void operationsAreNamedAsKafkaAclsSpellsThem() {
        assertEquals("IdempotentWrite", TopicAccess.names(EnumSet.of(AclOperation.IDEMPOTENT_WRITE)));
        assertEquals("none", TopicAccess.names(EnumSet.noneOf(AclOperation.class)));
    }
}
