package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One real KRaft broker whose client listener speaks TLS only, with a certificate for {@code localhost}
 * that the test makes with the JDK's {@code keytool} (no certificate is checked in). {@link
 * #trustStore()} trusts it; {@link #strangerTrustStore()} trusts another certificate, so a client using
 * it fails the handshake.
 */
public final class TlsBroker implements AutoCloseable {
    public static final String PASSWORD = "changeit-" + TlsBroker.class.getSimpleName();

    private final KafkaClusterTestKit cluster;
    private final Path trustStore;
    private final Path strangerTrustStore;

    private TlsBroker(KafkaClusterTestKit cluster, Path trustStore, Path strangerTrustStore) {
        this.cluster = cluster;
        this.trustStore = trustStore;
        this.strangerTrustStore = strangerTrustStore;
    }

    /** Makes the certificates in {@code dir} and starts the broker. */
    public static TlsBroker start(Path dir) throws Exception {
        Path keyStore = selfSigned(dir, "broker");
        Path trustStore = trustStoreOf(dir, "broker");
        selfSigned(dir, "stranger");
        Path strangerTrustStore = trustStoreOf(dir, "stranger");
        KafkaClusterTestKit cluster = Broker.started(Broker.singleNode(new TestKitNodes.Builder())
                // The kit names the client listener EXTERNAL; it speaks TLS here.
                .setConfigProp("listener.security.protocol.map", "EXTERNAL:SSL,CONTROLLER:PLAINTEXT")
                .setConfigProp("ssl.keystore.type", "PKCS12")
                .setConfigProp("ssl.keystore.location", keyStore.toString())
                .setConfigProp("ssl.keystore.password", PASSWORD)
                .setConfigProp("ssl.key.password", PASSWORD)
                .setConfigProp("ssl.truststore.type", "PKCS12")
                .setConfigProp("ssl.truststore.location", trustStore.toString())
                .setConfigProp("ssl.truststore.password", PASSWORD));
        return new TlsBroker(cluster, trustStore, strangerTrustStore);
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** A trust store with the broker's certificate. */
    public Path trustStore() {
        return trustStore;
    }

    /** A trust store with another certificate, not the broker's. */
    public Path strangerTrustStore() {
        return strangerTrustStore;
    }

    /** The TLS settings of a client that trusts {@code store}, as a user puts them in a config file. */
    public static Map<String, String> tlsSettings(Path store) {
        return Map.of(
                "security.protocol",
                "SSL",
                "ssl.truststore.type",
                "PKCS12",
                "ssl.truststore.location",
                store.toString(),
                "ssl.truststore.password",
                PASSWORD);
    }

    /** Settings for a client that trusts {@code store}: the servers and {@link #tlsSettings}. */
    public Map<String, Object> clientSettings(Path store) {
        Map<String, Object> settings = new HashMap<>(tlsSettings(store));
        settings.put("bootstrap.servers", bootstrapServers());
        return settings;
    }

    private static Path selfSigned(Path dir, String name) throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        keytool(
                "-genkeypair",
                "-alias",
                name,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "2",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD);
        keytool(
                "-exportcert",
                "-alias",
                name,
                "-keystore",
                store.toString(),
                "-storepass",
                PASSWORD,
                "-file",
                dir.resolve(name + ".crt").toString());
        return store;
    }

    private static Path trustStoreOf(Path dir, String name) throws IOException, InterruptedException {
        Path store = dir.resolve(name + "-trust.p12");
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                name,
                "-file",
                dir.resolve(name + ".crt").toString(),
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASSWORD);
        return store;
    }

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("keytool " + arguments[0] + " failed: " + output);
        }
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
