package org.zdict.connect.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A Kafka Connect worker of another release (standalone mode) in a child JVM whose class path is that
 * release's own, as the module connect-it/worker-RELEASE resolved it (for 3.9: kafka-clients 3.9 with its
 * zstd-jni 1.5.6), with nothing of zdict: the worker loads the zdict converter from {@code plugin.path}
 * only. It is driven through its REST API and observed through remote JMX.
 */
final class ChildConnectWorker implements AutoCloseable {
    private static final long START_MS = 90_000;

    private final Process process;
    private final Path log;
    private final ConnectRest rest;
    private final JMXConnector jmx;

    private ChildConnectWorker(Process process, Path log, ConnectRest rest, JMXConnector jmx) {
        this.process = process;
        this.log = log;
        this.rest = rest;
        this.jmx = jmx;
    }

    /**
     * Starts a worker of {@code release} ("3.9", "3.3") with {@code settings} (bootstrap servers,
     * converters, …) added to what a standalone worker needs, and {@code connectors} (each with its {@code
     * name}) to start with, and waits until its REST API answers. Its log goes to {@code dir}/worker.log.
     * Workers before 3.5 start only with at least one connector.
     */
    static ChildConnectWorker start(
            String release, Path dir, Map<String, String> settings, List<Map<String, String>> connectors)
            throws Exception {
        Files.createDirectories(dir);
        int restPort = freePort();
        int jmxPort = freePort();
        List<String> worker = new ArrayList<>();
        worker.add("listeners=http://127.0.0.1:" + restPort);
        worker.add("offset.storage.file.filename=" + dir.resolve("offsets"));
        worker.add("plugin.path=" + ConnectWorker.pluginPath());
        settings.forEach((name, value) -> worker.add(name + "=" + value));
        Path workerProperties = Files.write(dir.resolve("worker.properties"), worker, StandardCharsets.UTF_8);
        Path log4j = Files.write(
                dir.resolve("log4j.properties"),
                List.of(
                        "log4j.rootLogger=WARN, stdout",
                        "log4j.appender.stdout=org.apache.log4j.ConsoleAppender",
                        "log4j.appender.stdout.layout=org.apache.log4j.PatternLayout",
                        "log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n",
                        "log4j.logger.org.zdict=INFO",
                        "log4j.logger.org.apache.kafka.connect.runtime.Worker=INFO"),
                StandardCharsets.UTF_8);

        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms384m",
                "-Xmx384m",
                "-XX:+AlwaysPreTouch", // the heap is resident from the start: RSS then grows only off-heap
                "-XX:+UseSerialGC",
                "-Dcom.sun.management.jmxremote.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dlog4j.configuration=" + log4j.toUri(),
                "-cp",
                classPath(release),
                "org.apache.kafka.connect.cli.ConnectStandalone",
                workerProperties.toString()));
        for (Map<String, String> connector : connectors) {
            List<String> lines = new ArrayList<>();
            connector.forEach((name, value) -> lines.add(name + "=" + value));
            Path file = dir.resolve(connector.get("name") + ".properties");
            command.add(Files.write(file, lines, StandardCharsets.UTF_8).toString());
        }
        Path log = dir.resolve("worker.log");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            ConnectRest rest = new ConnectRest(URI.create("http://127.0.0.1:" + restPort + "/"));
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MS);
            while (!rest.isUp()) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the " + release + " worker exited with " + process.exitValue()
                            + "; its log " + log + ":\n" + Files.readString(log));
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "the " + release + " worker's REST API did not answer; its log " + log);
                }
                Thread.sleep(200);
            }
            JMXConnector jmx = JMXConnectorFactory.connect(
                    new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi"));
            return new ChildConnectWorker(process, log, rest, jmx);
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The worker's class path, resolved by Maven in connect-it/worker-RELEASE. */
    private static String classPath(String release) throws IOException {
        String property = "zdict.connect.worker" + release.replace(".", "") + ".classpath";
        String file = System.getProperty(property);
        if (file == null) {
            throw new IllegalStateException("Run through Maven (mvn verify): " + property + " is not set");
        }
        return Files.readString(Path.of(file)).trim();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    ConnectRest rest() {
        return rest;
    }

    MBeanServerConnection jmx() throws IOException {
        return jmx.getMBeanServerConnection();
    }

    long pid() {
        return process.pid();
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() throws Exception {
        try {
            jmx.close();
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
