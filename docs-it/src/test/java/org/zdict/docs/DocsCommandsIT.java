package org.zdict.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs every fenced block marked {@code ```sh runnable} of the tutorial and the how-to guides, page by page
 * and in page order, as a user would type them: in one bash session per page (so {@code cd}, variables and
 * files carry from one block to the next), in a fresh folder laid out like the root of a clone, against one
 * real broker. The commands name the broker {@code localhost:9092} as a user's would; the test gives them
 * its own broker's address instead, and writes {@code localhost:9092} back into what they print.
 *
 * <p>A block whose lines start with {@code $ } is a transcript: each {@code $ } command runs on its own,
 * and its standard output must match the lines shown under it, where a line {@code ...} stands for any
 * number of lines and {@code ...} inside a line for any text. Any other runnable block is a script whose
 * output is not compared. A command that fails fails the test, with what it printed. The session runs
 * {@code set -eo pipefail}.
 */
@Timeout(600)
class DocsCommandsIT {
    private static final Pattern WILDCARD = Pattern.compile("\\.\\.\\.");
    private static final long COMMAND_TIMEOUT_S = 180;

    private static KafkaClusterTestKit cluster;
    private static Path work;

    @BeforeAll
    static void startBroker() throws Exception {
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "2")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("num.partitions", "1");
        cluster = builder.build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        work = Path.of("target", "docs-run").toAbsolutePath();
        deleteTree(work);
        Files.createDirectories(work);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The pages with runnable blocks: the tutorial first, then the others in path order. */
    static List<Path> pages() {
        List<Path> pages = new ArrayList<>();
        for (Path page : DocPages.userDocs()) {
            if (DocPages.blocks(DocPages.lines(page)).stream().anyMatch(DocPages.Block::runnable)) {
                pages.add(page);
            }
        }
        pages.sort((a, b) -> Boolean.compare(!isTutorial(a), !isTutorial(b)));
        return pages;
    }

    private static boolean isTutorial(Path page) {
        return page.getFileName().toString().equals("getting-started.md");
    }

    @Test
    void everyRunnableCommandOfTheGuidesRuns() throws Exception {
        long start = System.nanoTime();
        List<Path> pages = pages();
        String only = System.getProperty("docs.pages", ""); // a part of the page paths to run, for a quick try
        if (!only.isEmpty()) {
            pages.removeIf(p -> Arrays.stream(only.split(",")).noneMatch(p.toString()::contains));
        }
        assertTrue(
                !only.isEmpty() || pages.stream().anyMatch(DocsCommandsIT::isTutorial),
                "docs/getting-started.md has no runnable block");
        int commands = 0;
        int blocks = 0;
        List<String> skipped = new ArrayList<>();
        for (Path page : pages) {
            String name = DocPages.root().relativize(page).toString();
            List<DocPages.Block> runnable = DocPages.blocks(DocPages.lines(page)).stream()
                    .filter(DocPages.Block::runnable)
                    .toList();
            String why = unmet(runnable);
            if (why != null) {
                skipped.add(name + " (" + why + ")");
                continue;
            }
            long pageStart = System.nanoTime();
            try (Session session = new Session(name, folderFor(page))) {
                for (DocPages.Block block : runnable) {
                    commands += session.run(block);
                    blocks++;
                }
            }
            System.out.printf("docs: %s ran in %.1f s%n", name, (System.nanoTime() - pageStart) / 1e9);
        }
        System.out.printf(
                "docs: ran %d commands in %d runnable blocks of %d pages in %.1f s%s%n",
                commands,
                blocks,
                pages.size() - skipped.size(),
                (System.nanoTime() - start) / 1e9,
                skipped.isEmpty() ? "" : "; skipped " + String.join(", ", skipped));
        assertTrue(commands > 0, "no command ran");
    }

    /** Why a page cannot run on this machine (a tool it needs is missing and CI does not insist), or null. */
    private static String unmet(List<DocPages.Block> blocks) throws Exception {
        String all = blocks.stream().flatMap(b -> b.lines().stream()).collect(Collectors.joining("\n"));
        boolean required = "1".equals(System.getenv("ZDICT_REQUIRE_PYTHON"));
        if (all.contains("python3") && !required && !succeeds(python(), "-c", PYTHON_MODULES)) {
            return "needs python3 with zstandard, lz4 and confluent_kafka";
        }
        if (all.matches("(?s).*\\bzstd -.*") && !succeeds("zstd", "--version")) {
            return "needs the zstd tool";
        }
        return null;
    }

    private static final String PYTHON_MODULES = "import zstandard, lz4, confluent_kafka";

    /** The python3 with zdict's modules: Debian's (what .ci/run installs them into) when the PATH's lacks them. */
    private static String python() {
        return !succeeds("python3", "-c", PYTHON_MODULES) && Files.isExecutable(Path.of("/usr/bin/python3"))
                ? "/usr/bin/python3"
                : "python3";
    }

    private static boolean succeeds(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** A fresh folder laid out like a clone's root: ./zdict, the built jars, python/, conformance/. */
    private static Path folderFor(Path page) throws IOException {
        Path root = DocPages.root();
        String name = DocPages.root().relativize(page).toString().replaceAll("[^A-Za-z0-9.-]", "_");
        Path dir = Files.createDirectories(work.resolve(name));
        executable(dir.resolve("zdict"), "#!/usr/bin/env bash\nexec " + quote(root.resolve("zdict")) + " \"$@\"\n");
        for (String linked : List.of("kafka-serde", "connect", "python", "conformance", "distribution")) {
            Files.createSymbolicLink(dir.resolve(linked), root.resolve(linked));
        }
        Files.createDirectories(dir.resolve("dictionaries"));
        Files.createSymbolicLink(dir.resolve("dictionaries/target"), root.resolve("dictionaries/target"));
        Path bin = Files.createDirectories(dir.resolve(".docs-bin"));
        String tools = toolsClassPath();
        if (!python().equals("python3")) {
            executable(bin.resolve("python3"), "#!/usr/bin/env bash\nexec /usr/bin/python3 \"$@\"\n");
        }
        consoleTool(bin.resolve("kafka-console-consumer.sh"), tools, "org.apache.kafka.tools.consumer.ConsoleConsumer");
        consoleTool(bin.resolve("kafka-console-producer.sh"), tools, "org.apache.kafka.tools.ConsoleProducer");
        consoleTool(bin.resolve("kafka-topics.sh"), tools, "org.apache.kafka.tools.TopicCommand");
        // The launcher rebuilds a stale jar with Maven; in this test that means the build did not run first.
        executable(
                bin.resolve("mvn"),
                "#!/usr/bin/env bash\necho 'docs test: ./zdict wanted to rebuild zdict.jar; build it first' >&2\nexit 1\n");
        return dir;
    }

    /** A stand-in for Kafka's bin/ script: the tool's class on Kafka's jars, CLASSPATH first, as Kafka's does. */
    private static void consoleTool(Path script, String classPath, String mainClass) throws IOException {
        executable(
                script,
                "#!/usr/bin/env bash\nexec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp \"${CLASSPATH:+$CLASSPATH:}"
                        + classPath + "\" " + mainClass + " \"$@\"\n");
    }

    /** This test's class path less every zdict entry: Kafka's tools and clients, and what they need. */
    private static String toolsClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("zdict") && !entry.contains("junit") && !entry.contains("surefire"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String quote(Path path) {
        return "'" + path.toString().replace("'", "'\\''") + "'";
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p :
                    paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** One page's bash session. */
    private static final class Session implements AutoCloseable {
        private final String page;
        private final Path dir;
        private final Process bash;
        private final Writer in;
        private final BlockingQueue<String> out = new LinkedBlockingQueue<>();
        private int count;

        Session(String page, Path dir) throws IOException {
            this.page = page;
            this.dir = dir;
            ProcessBuilder builder = new ProcessBuilder("bash", "--norc", "--noprofile")
                    .directory(dir.toFile())
                    .redirectErrorStream(true);
            builder.environment().put("PATH", dir.resolve(".docs-bin") + File.pathSeparator + System.getenv("PATH"));
            builder.environment().remove("CLASSPATH");
            builder.environment().remove("PYTHONPATH");
            builder.environment().remove("ZDICT_COMMAND_CONFIG");
            bash = builder.start();
            in = new java.io.OutputStreamWriter(bash.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader r =
                        new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        out.add(line);
                    }
                } catch (IOException ignored) {
                    // the session ended
                }
                out.add("\u0000eof");
            });
            reader.setDaemon(true);
            reader.start();
            send("set -eo pipefail\n");
        }

        /** Runs one block; returns how many commands it held. */
        int run(DocPages.Block block) throws Exception {
            List<String> lines = block.lines();
            boolean transcript = lines.stream().anyMatch(l -> l.startsWith("$ "));
            if (!transcript) {
                execute(block, String.join("\n", lines));
                return commandCount(lines);
            }
            int commands = 0;
            for (int i = 0; i < lines.size(); ) {
                if (!lines.get(i).startsWith("$ ")) {
                    fail(page + ":" + (block.line() + 1 + i) + ": output shown before any command");
                }
                List<String> command = new ArrayList<>();
                command.add(lines.get(i).substring(2));
                i++;
                while (command.get(command.size() - 1).endsWith("\\") && i < lines.size()) {
                    command.add(lines.get(i));
                    i++;
                }
                List<String> expected = new ArrayList<>();
                while (i < lines.size() && !lines.get(i).startsWith("$ ")) {
                    expected.add(lines.get(i));
                    i++;
                }
                String printed = execute(block, String.join("\n", command));
                List<String> actual = trimmed(Arrays.asList(printed.split("\n", -1)));
                if (!matches(trimmed(expected), 0, actual, 0)) {
                    fail(page + ":" + block.line() + ": the output of\n  " + String.join("\n  ", command)
                            + "\nno longer matches the page.\nShown:\n" + String.join("\n", expected)
                            + "\nPrinted:\n" + printed + "\n" + stderr());
                }
                commands++;
            }
            return commands;
        }

        private String current;

        /** Runs a script in the session; returns its standard output with the broker's address as the page's. */
        private String execute(DocPages.Block block, String script) throws Exception {
            count++;
            String bootstrap = cluster.bootstrapServers();
            Path file = dir.resolve(".docs-bin/block-" + count + ".sh");
            Files.writeString(file, script.replace("localhost:9092", bootstrap) + "\n");
            current = ".docs-bin/out-" + count;
            String done = "\u0001done-" + count;
            send("source " + file + " < /dev/null > " + current + ".txt 2> " + current + ".err; echo \"" + done
                    + " $?\"\n");
            List<String> other = new ArrayList<>();
            while (true) {
                String line = out.poll(COMMAND_TIMEOUT_S, TimeUnit.SECONDS);
                if (line == null) {
                    bash.descendants().forEach(ProcessHandle::destroyForcibly);
                    fail(page + ":" + block.line() + ": still running after " + COMMAND_TIMEOUT_S + " s:\n" + script
                            + "\n" + printed() + stderr());
                }
                if (line.startsWith(done)) {
                    break;
                }
                if (line.equals("\u0000eof")) {
                    fail(page + ":" + block.line() + ": this failed (exit " + bash.waitFor() + "):\n" + script
                            + "\nIt printed:\n" + printed() + stderr() + String.join("\n", other));
                }
                other.add(line);
            }
            return printed().replace(bootstrap, "localhost:9092");
        }

        private String printed() throws IOException {
            Path file = dir.resolve(current + ".txt");
            return Files.exists(file) ? Files.readString(file) : "";
        }

        private String stderr() throws IOException {
            Path file = dir.resolve(current + ".err");
            String err = Files.exists(file) ? Files.readString(file) : "";
            return err.isEmpty() ? "" : "Standard error:\n" + err;
        }

        private void send(String text) throws IOException {
            in.write(text);
            in.flush();
        }

        @Override
        public void close() throws Exception {
            try {
                send("exit 0\n");
                in.close();
            } catch (IOException ignored) {
                // already ended
            }
            if (!bash.waitFor(30, TimeUnit.SECONDS)) {
                bash.descendants().forEach(ProcessHandle::destroyForcibly);
                bash.destroyForcibly();
            }
        }
    }

    /** Commands in a script: lines that are not blank, comments, continuations or here-document bodies. */
    static int commandCount(List<String> lines) {
        int count = 0;
        boolean continued = false;
        String heredoc = null;
        for (String line : lines) {
            String t = line.trim();
            if (heredoc != null) {
                if (t.equals(heredoc)) {
                    heredoc = null;
                }
                continue;
            }
            if (!continued && !t.isEmpty() && !t.startsWith("#")) {
                count++;
            }
            continued = t.endsWith("\\");
            var m = Pattern.compile("<<-?\\s*'?\"?([A-Za-z_]+)").matcher(t);
            if (m.find()) {
                heredoc = m.group(1);
            }
        }
        return count;
    }

    private static List<String> trimmed(List<String> lines) {
        List<String> t = new ArrayList<>();
        for (String line : lines) {
            t.add(line.stripTrailing());
        }
        while (!t.isEmpty() && t.get(t.size() - 1).isEmpty()) {
            t.remove(t.size() - 1);
        }
        return t;
    }

    /** Whether {@code actual} from {@code a} on matches {@code expected} from {@code e} on, with wildcards. */
    static boolean matches(List<String> expected, int e, List<String> actual, int a) {
        if (e == expected.size()) {
            return a == actual.size();
        }
        if (expected.get(e).trim().equals("...")) {
            for (int skip = a; skip <= actual.size(); skip++) {
                if (matches(expected, e + 1, actual, skip)) {
                    return true;
                }
            }
            return false;
        }
        return a < actual.size()
                && lineMatches(expected.get(e), actual.get(a))
                && matches(expected, e + 1, actual, a + 1);
    }

    static boolean lineMatches(String expected, String actual) {
        String regex =
                Arrays.stream(WILDCARD.split(expected, -1)).map(Pattern::quote).collect(Collectors.joining(".*"));
        return actual.matches(regex);
    }
}
