package org.zdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Holds the line around core's internals ({@code org.zdict.internal}, see its package-info) for every
 * module of the build: core's tests run in every build, so a main class of another module that reaches
 * into core's internals fails the build here, naming file and line. Also holds the size rules: {@code
 * ZdictCodec} at most 300 lines, no main source file over 400.
 */
class BoundaryTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern INTERNAL_USE = Pattern.compile("org\\.zdict\\.internal\\.([\\w.]*[A-Z]\\w*)");

    /** Modules whose main code may use core's internals: core itself, and the benchmarks, which measure them. */
    private static final Set<String> EXEMPT_MODULES = Set.of("core", "benchmarks");

    /**
     * What other modules still use, by module: the Kafka registry's reader and writer and the CLI's registry
     * tools share the folder and lifecycle code with core's registries. It may only shrink: an entry no
     * module uses any more fails too.
     */
    private static final Map<String, Set<String>> STILL_USED = Map.of(
            "kafka-serde",
            Set.of("DictionaryFiles", "OwnerOnly", "RegistryFolder", "VersionTable"),
            "kafka-registry-admin",
            Set.of("RegistryBackup", "VersionTable"),
            "trainer-cli",
            Set.of("OwnerOnly", "RegistryFolder", "VersionTable"));

    @Test
    void noMainClassOutsideCoreUsesCoresInternals() throws IOException {
        List<String> violations = new ArrayList<>();
        Map<String, Set<String>> used = new TreeMap<>();
        for (Path file : mainSources()) {
            String module = ROOT.relativize(file).getName(0).toString();
            if (EXEMPT_MODULES.contains(module)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).trim();
                if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) {
                    continue; // a comment may name an internal class; code may not use one
                }
                Matcher m = INTERNAL_USE.matcher(line);
                while (m.find()) {
                    String type = m.group(1);
                    if (STILL_USED.getOrDefault(module, Set.of()).contains(type)) {
                        used.computeIfAbsent(module, k -> new TreeSet<>()).add(type);
                    } else {
                        violations.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertEquals(
                List.of(),
                violations,
                "main code outside core uses core's internals (org.zdict.internal is not API: give the"
                        + " module a supported API in core, or move the code to the module that uses it)");
        for (Map.Entry<String, Set<String>> allowed : STILL_USED.entrySet()) {
            assertEquals(
                    new TreeSet<>(allowed.getValue()),
                    used.getOrDefault(allowed.getKey(), Set.of()),
                    allowed.getKey() + " no longer uses some of the internals listed for it: shrink STILL_USED");
        }
    }

    @Test
    void theCodecFacadeStaysSmallAndNoMainSourceFileIsLong() throws IOException {
        Path codec = ROOT.resolve("core/src/main/java/org/zdict/codec/ZdictCodec.java");
        long codecLines = Files.readAllLines(codec).size();
        assertTrue(codecLines <= 300, "ZdictCodec.java has " + codecLines + " lines, more than 300");
        List<String> long_ = new ArrayList<>();
        for (Path file : mainSources()) {
            String relative = ROOT.relativize(file)
                    .toString()
                    .replace(file.getFileSystem().getSeparator(), "/");
            if (relative.startsWith("benchmarks/")) {
                continue;
            }
            long lines = Files.readAllLines(file).size();
            if (lines > 400) {
                long_.add(relative + ": " + lines + " lines");
            }
        }
        assertEquals(List.of(), long_, "main source files over 400 lines");
    }

    /** Every main Java source of every module of the build, nested modules (client-matrix/...) included. */
    private static List<Path> mainSources() throws IOException {
        assertTrue(Files.isRegularFile(ROOT.resolve("core/pom.xml")), "not the project root: " + ROOT);
        List<Path> sources = new ArrayList<>();
        List<Path> modules = new ArrayList<>();
        try (Stream<Path> top = Files.list(ROOT)) {
            for (Path dir : top.filter(Files::isDirectory).toList()) {
                modules.add(dir);
                try (Stream<Path> nested = Files.list(dir)) {
                    nested.filter(Files::isDirectory).forEach(modules::add);
                }
            }
        }
        for (Path module : modules) {
            Path main = module.resolve("src/main/java");
            if (Files.isDirectory(main)) {
                try (Stream<Path> files = Files.walk(main)) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                }
            }
        }
        assertTrue(sources.size() > 100, "found only " + sources.size() + " main sources under " + ROOT);
        return sources;
    }
}
