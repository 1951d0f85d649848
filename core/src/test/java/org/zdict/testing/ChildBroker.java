package org.zdict.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The build's Kafka broker (a single KRaft node, combined with its controller) in a child JVM, on the class
 * path that flink-it/broker resolves (its file is named by the system property {@value #CLASS_PATH}), for
 * tests whose own class path holds another kafka-clients (Flink's connector, Spark's Kafka source). Uses
 * nothing but the JDK. Listens on loopback only; its log goes to {@code DIR/broker.log}.
 */
public final class ChildBroker implements AutoCloseable {
    /** The system property naming the file that holds the broker's class path. */
    public static final String CLASS_PATH = "zdict.broker.classpath";

    private static final long START_MS = 120_000;

    private final Process process;
    private final int port;

    private ChildBroker(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Formats a log folder under {@code dir}, starts the broker and waits until it accepts connections. */
    public static ChildBroker start(Path dir) throws Exception {
        String classPath = classPath();
        int port = freePort();
        int controllerPort = freePort();
        Path properties = Files.write(
                Files.createDirectories(dir).resolve("server.properties"),
                List.of(
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                        "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                        "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                        "controller.listener.names=CONTROLLER",
                        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                        "inter.broker.listener.name=PLAINTEXT",
                        "log.dirs=" + dir.resolve("logs"),
                        "num.partitions=1",
                        "offsets.topic.replication.factor=1",
                        "offsets.topic.num.partitions=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "share.coordinator.state.topic.replication.factor=1",
                        "share.coordinator.state.topic.min.isr=1",
                        "group.initial.rebalance.delay.ms=0"));
        // given as --cluster-id=ID, an id that starts with '-' is never read as an option
        Process format = java(
                classPath,
                List.of(
                        "kafka.tools.StorageTool",
                        "format",
                        "--cluster-id=" + clusterId(),
                        "-c",
                        properties.toString()),
                dir.resolve("format.log"));
        if (!format.waitFor(2, TimeUnit.MINUTES) || format.exitValue() != 0) {
            format.destroyForcibly();
            throw new IllegalStateException(
                    "kafka-storage format failed: " + Files.readString(dir.resolve("format.log")));
        }
        Path log = dir.resolve("broker.log");
        Process process = java(classPath, List.of("kafka.Kafka", properties.toString()), log);
        ChildBroker broker = new ChildBroker(process, port);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MS);
        while (!broker.accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                broker.close();
                throw new IllegalStateException(
                        "the broker did not start; its log " + log + ":\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        return broker;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private boolean accepts() {
        return accepts(port);
    }

    /** Whether something on the loopback address accepts connections on {@code port} (within 500 ms). */
    public static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The broker's class path, resolved by Maven in flink-it/broker. */
    private static String classPath() throws IOException {
        String file = System.getProperty(CLASS_PATH);
        if (file == null) {
            throw new IllegalStateException("Run through Maven (mvn verify): " + CLASS_PATH + " is not set");
        }
        return Files.readString(Path.of(file)).trim();
    }

    private static Process java(String classPath, List<String> mainAndArgs, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                classPath));
        command.addAll(mainAndArgs);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** A new Kafka cluster id: 16 random bytes in URL-safe base64 without padding. */
    public static String clusterId() {
        UUID uuid = UUID.randomUUID();
        ByteBuffer bytes =
                ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    /** A port free on the loopback address now. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
