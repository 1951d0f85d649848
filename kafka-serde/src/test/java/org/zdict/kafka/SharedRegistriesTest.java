package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/** Which serdes share a registry client, and that opening one never holds up the others. */
class SharedRegistriesTest {
    @TempDir
    Path temp;

    private String location;

    @BeforeEach
    void publish() {
        location = temp.resolve("reg").toString();
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp.resolve("reg"))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
    }

    @AfterEach
    void nothingLeftOpen() {
        assertEquals(0, SharedRegistries.users(location));
    }

    @Test
    void serdesWithEqualSettingsShareOneRegistry() {
        try (SharedRegistries.Lease a = acquire(location, "zdict.registry.init.timeout.ms", "1000");
                SharedRegistries.Lease b = acquire(location, "zdict.registry.init.timeout.ms", "1000")) {
            assertSame(a.registry(), b.registry());
            assertEquals(1, SharedRegistries.clients(location));
            assertEquals(2, SharedRegistries.users(location));
        }
    }

    @Test
    void serdesWithOtherRegistrySettingsGetTheirOwnRegistry() {
        try (SharedRegistries.Lease teamA = acquire(location, "zdict.registry.client.sasl.jaas.config", "team-a");
                SharedRegistries.Lease teamB = acquire(location, "zdict.registry.client.sasl.jaas.config", "team-b")) {
            assertFalse(teamA.registry() == teamB.registry(), "team B must not read through team A's client");
            assertEquals(2, SharedRegistries.clients(location));
            teamA.close();
            assertArrayEquals(
                    TestDictionaries.trained(1), teamB.registry().get(1).content(), "B's stays open");
        }
    }

    @Test
    void anUnreachableRegistryHoldsUpNoOtherSerde() throws Exception {
        String unreachable = "kafka://127.0.0.1:" + closedPort() + "/_zdict_registry";
        CompletableFuture<SharedRegistries.Lease> hanging = CompletableFuture.supplyAsync(() -> acquire(
                unreachable,
                "zdict.registry.init.timeout.ms",
                "5000",
                "zdict.registry.cache.dir",
                temp.resolve("copy").toString()));
        while (SharedRegistries.users(unreachable) == 0) {
            Thread.onSpinWait(); // the other serde has begun to open the unreachable registry
        }
        try (SharedRegistries.Lease folder = acquire(location)) {
            assertEquals(1, folder.registry().activeVersion().getAsInt());
            assertFalse(hanging.isDone(), "the folder registry opened while the Kafka one was still waiting");
        }
        ExecutionException failed = assertThrows(ExecutionException.class, hanging::get);
        assertTrue(failed.getCause() instanceof RegistryException, String.valueOf(failed.getCause()));
        assertTrue(
                failed.getCause().getMessage().contains("there is no local copy"),
                failed.getCause().getMessage());
        assertEquals(0, SharedRegistries.users(unreachable), "a failed opening is forgotten; the next serde retries");
    }

    private static SharedRegistries.Lease acquire(String registry, String... settings) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, registry);
        for (int i = 0; i < settings.length; i += 2) {
            props.put(settings[i], settings[i + 1]);
        }
        return SharedRegistries.acquire(new ZdictSerdeConfig(props, false));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
