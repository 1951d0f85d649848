package org.zdict.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;

/**
 * The user projects in client-matrix/clients are the {@link ClientMatrix}'s, each on its release; the
 * matrix's newest entry is the build's own kafka-clients; the BOM keeps the build's zstd-jni.
 */
class ClientProjectsTest {
    private static final Path CLIENTS_DIR = Path.of(System.getProperty("zdict.matrix.clients.dir"));
    private static final Pattern KAFKA_CLIENTS_VERSION =
            Pattern.compile("<artifactId>kafka-clients</artifactId>\\s*<version>([^<]+)</version>");
    private static final Pattern ZSTD_JNI_VERSION =
            Pattern.compile("<artifactId>zstd-jni</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void everyEntryHasAUserProjectOnItsReleaseAndNoProjectIsLeftOut() throws IOException {
        Set<String> projects = new TreeSet<>();
        try (Stream<Path> folders = Files.list(CLIENTS_DIR)) {
            folders.filter(folder -> Files.isRegularFile(folder.resolve("pom.xml")))
                    .forEach(folder -> projects.add(folder.getFileName().toString()));
        }
        Set<String> entries = new TreeSet<>();
        for (ClientMatrix entry : ClientMatrix.values()) {
            entries.add(entry.project());
            String pom = Files.readString(entry.projectDir(CLIENTS_DIR).resolve("pom.xml"), StandardCharsets.UTF_8);
            Matcher version = KAFKA_CLIENTS_VERSION.matcher(pom);
            assertTrue(version.find(), entry.project() + " declares no kafka-clients version");
            assertEquals(entry.kafkaClients, version.group(1), entry.project());
            assertEquals(entry.importsBom, pom.contains("<artifactId>zdict-bom</artifactId>"), entry.project());
            String modules = Files.readString(CLIENTS_DIR.resolve("pom.xml"), StandardCharsets.UTF_8);
            assertTrue(modules.contains("<module>" + entry.project() + "</module>"), "module of " + entry.project());
        }
        assertEquals(entries, projects, "the folders of " + CLIENTS_DIR);
    }

    @Test
    void theNewestEntryIsTheKafkaClientsZdictBuildsAgainst() {
        assertEquals(AppInfoParser.getVersion(), ClientMatrix.BUILDS_OWN.kafkaClients);
    }

    @Test
    void theBomKeepsTheZstdJniZdictBuildsWith() throws IOException {
        String bom = Files.readString(CLIENTS_DIR.resolve("../../bom/pom.xml"), StandardCharsets.UTF_8);
        Matcher version = ZSTD_JNI_VERSION.matcher(bom);
        assertTrue(version.find(), "bom/pom.xml manages no zstd-jni");
        assertEquals(System.getProperty("zdict.matrix.zstd-jni.version"), version.group(1), "bom/pom.xml's zstd-jni");
    }
}
