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
import org.apache.kafka.test.TestUtils;

/**
 * A Kafka Connect 3.9 worker (standalone mode) in a child JVM whose class path is that release's own, as
 * the worker-3.9 module resolved it: kafka-clients 3.9 with its zstd-jni 1.5.6, and nothing of zdict. The
 * worker loads the zdict converter from {@code plugin.path} only. It is driven through its REST API and
 * observed through remote JMX.
 */
final class Connect39Worker implements AutoCloseable {
    private static final long START_MS = 90_000;

    private final Process process;
    private final Path log;
    private final ConnectRest rest;
    private final JMXConnector jmx;

    private Connect39Worker(Process process, Path log, ConnectRest rest, JMXConnector jmx) {
        this.process = process;
        this.log = log;
        this.rest = rest;
        this.jmx = jmx;
    }

    /**
     * Starts the worker with {@code settings} (bootstrap servers, converters, …) added to what a standalone
     * worker needs, and waits until its REST API answers. Its log goes to {@code dir}/worker.log.
     */
    static Connect39Worker start(Path dir, Map<String, String> settings) throws Exception {
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

        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m",
                "-XX:+UseSerialGC",
                "-Dcom.sun.management.jmxremote.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dlog4j.configuration=" + log4j.toUri(),
                "-cp",
                classPath(),
                "org.apache.kafka.connect.cli.ConnectStandalone",
                workerProperties.toString());
        Path log = dir.resolve("worker.log");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            ConnectRest rest = new ConnectRest(URI.create("http://127.0.0.1:" + restPort + "/"));
            TestUtils.waitForCondition(
                    () -> {
                        if (!process.isAlive()) {
                            throw new AssertionError("the 3.9 worker exited: " + Files.readString(log));
                        }
                        return rest.isUp();
                    },
                    START_MS,
                    () -> "the 3.9 worker's REST API did not answer; its log " + log);
            JMXConnector jmx = JMXConnectorFactory.connect(
                    new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi"));
            return new Connect39Worker(process, log, rest, jmx);
        } catch (Exception | AssertionError e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The worker's class path, resolved by Maven in connect-it/worker-3.9. */
    private static String classPath() throws IOException {
        String file = System.getProperty("zdict.connect.worker39.classpath");
        if (file == null) {
            throw new IllegalStateException(
                    "Run through Maven (mvn verify): zdict.connect.worker39.classpath is not set");
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
