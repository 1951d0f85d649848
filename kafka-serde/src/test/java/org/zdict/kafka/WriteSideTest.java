package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryChanges;

/** Without zdict-kafka-registry-admin on the class path (as here), a Kafka registry reads only. */
class WriteSideTest {
    private static final String WHERE = "registry kafka://localhost:9092/_zdict";
    private static final org.zdict.registry.DictionarySet SET = new org.zdict.registry.DictionarySet(
            new org.zdict.registry.DictionarySet.Rule.Field("type"), 1, Map.of("login", 2));

    @Test
    void everyChangeWithoutTheAdminModuleFailsInOneLineNamingTheArtifact() {
        RegistryChanges changes = WriteSide.of(access());
        List<Executable> calls = List.of(
                changes::ensureTopic,
                () -> changes.publish("default", new byte[] {1}, 3, Map.of()),
                () -> changes.activate(1),
                () -> changes.retire(1),
                () -> changes.remove(1),
                () -> changes.restore(List.of(), 1, List.of()),
                () -> changes.activateSet(SET),
                () -> changes.activateSet(SET, java.util.OptionalInt.empty(), java.util.Optional.empty()),
                changes::makeTopicDurable,
                changes::purge);
        for (Executable call : calls) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, call);
            assertTrue(e.getMessage().contains(WHERE), e.getMessage());
            assertTrue(
                    e.getMessage().contains("add org.zdict:zdict-kafka-registry-admin to the class path"),
                    e.getMessage());
            assertEquals(-1, e.getMessage().indexOf('\n'), "one line: " + e.getMessage());
        }
        changes.close(); // nothing to close, and no error
    }

    /** A reader's access that answers only {@link RegistryAccess#where}: a read-only write side asks nothing else. */
    private static RegistryAccess access() {
        return (RegistryAccess) Proxy.newProxyInstance(
                RegistryAccess.class.getClassLoader(), new Class<?>[] {RegistryAccess.class}, (proxy, method, args) -> {
                    if (method.getName().equals("where")) {
                        return WHERE;
                    }
                    throw new AssertionError("a read-only write side called " + method.getName());
                });
    }
}
