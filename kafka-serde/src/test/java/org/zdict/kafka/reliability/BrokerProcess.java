package org.zdict.kafka.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.zdict.testing.ChildBroker;

/**
 * A single-node KRaft Kafka broker (combined with its controller) in a JVM of its own, so that a test
 * can stop it and start it again on the same port and log folder, as an operator restarting a broker
 * does. Runs {@code kafka.Kafka} from the test class path; listens on loopback only.
 */
final class BrokerProcess implements AutoCloseable {
    private final Path dir;
    private final Path properties;
    private final int port;
    private Process process;

    private BrokerProcess(Path dir, Path properties, int port) {
        this.dir = dir;
        this.properties = properties;
        this.port = port;
    }

    /** Formats a new log folder under {@code dir} and starts the broker. */
    static BrokerProcess start(Path dir) throws Exception {
        int port = ChildBroker.freePort();
        int controllerPort = ChildBroker.freePort();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path properties = dir.resolve("server.properties");
        Files.writeString(
                properties,
                String.join(
                                "\n",
                                "process.roles=broker,controller",
                                "node.id=1",
                                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                                "controller.listener.names=CONTROLLER",
                                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                                "inter.broker.listener.name=PLAINTEXT",
                                "log.dirs=" + logs,
                                "num.partitions=1",
                                "offsets.topic.replication.factor=1",
                                "offsets.topic.num.partitions=2",
                                "transaction.state.log.replication.factor=1",
                                "transaction.state.log.min.isr=1",
                                "share.coordinator.state.topic.replication.factor=1",
                                "share.coordinator.state.topic.min.isr=1",
                                "group.initial.rebalance.delay.ms=0",
                                "")
                        + "\n");
        // A URL-safe base64 id may start with '-': given as --cluster-id=ID it is never read as an option.
        String clusterId = ChildBroker.clusterId();
        Process format = java(
                "kafka.tools.StorageTool",
                List.of("format", "--cluster-id=" + clusterId, "-c", properties.toString()),
                dir.resolve("format.log"));
        if (!format.waitFor(2, TimeUnit.MINUTES) || format.exitValue() != 0) {
            throw new IllegalStateException("kafka-storage format failed: "
                    + Files.readString(dir.resolve("format.log")) + " (cluster id " + clusterId + ")");
        }
        BrokerProcess broker = new BrokerProcess(dir, properties, port);
        broker.startAgain();
        return broker;
    }

    String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** Starts the broker on its existing log folder and waits until it accepts connections. */
    void startAgain() throws Exception {
        process = java("kafka.Kafka", List.of(properties.toString()), dir.resolve("broker.log"));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("broker did not start: " + tail());
            }
            Thread.sleep(100);
        }
    }

    /** Stops the broker as an operator's restart does (SIGTERM, controlled shutdown). */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** Kills the broker with SIGKILL, as a crash does: no controlled shutdown, log recovery on start. */
    void crash() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    private boolean accepts() {
        return ChildBroker.accepts(port);
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("broker.log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly().waitFor();
        }
    }

    private static Process java(String main, List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main);
        command.addAll(args);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }
}
