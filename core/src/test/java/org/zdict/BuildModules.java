package org.zdict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The build as {@link BoundaryTest} sees it from the source tree: every module with main Java sources, the
 * module name its pom declares ({@code zdict.module.name}), and what core's {@code module-info.java} exports
 * to whom.
 */
final class BuildModules {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path CORE_MODULE_INFO = ROOT.resolve("core/src/main/java/module-info.java");

    private static final Pattern MODULE_NAME = Pattern.compile("<zdict\\.module\\.name>\\s*([\\w.]+)\\s*<");
    private static final Pattern MODULE_DECLARATION = Pattern.compile("\\bmodule\\s+([\\w.]+)\\s*\\{");
    private static final Pattern EXPORTS = Pattern.compile("\\bexports\\s+([\\w.]+)\\s*(?:to\\s+([\\w.,\\s]+))?;");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** A module of the build with main Java sources: its folder (relative to the root) and declared name. */
    record Module(String folder, Optional<String> name, List<Path> mainSources) {}

    /**
     * Core's exports: package to the modules it is exported to; an empty set means exported to every module.
     */
    record Exports(String moduleName, Map<String, Set<String>> targets) {}

    private BuildModules() {}

    /** Every module of the build with main Java sources, nested modules (client-matrix/...) included. */
    static List<Module> withMainSources() throws IOException {
        assertTrue(Files.isRegularFile(ROOT.resolve("core/pom.xml")), "not the project root: " + ROOT);
        List<Path> folders = new ArrayList<>();
        try (Stream<Path> top = Files.list(ROOT)) {
            for (Path dir : top.filter(Files::isDirectory).sorted().toList()) {
                folders.add(dir);
                try (Stream<Path> nested = Files.list(dir)) {
                    nested.filter(Files::isDirectory).sorted().forEach(folders::add);
                }
            }
        }
        List<Module> modules = new ArrayList<>();
        for (Path folder : folders) {
            Path main = folder.resolve("src/main/java");
            if (!Files.isDirectory(main) || !Files.isRegularFile(folder.resolve("pom.xml"))) {
                continue;
            }
            List<Path> sources;
            try (Stream<Path> files = Files.walk(main)) {
                sources = files.filter(f -> f.toString().endsWith(".java"))
                        .sorted()
                        .toList();
            }
            modules.add(new Module(relative(folder), declaredName(folder.resolve("pom.xml")), sources));
        }
        int count = modules.stream().mapToInt(m -> m.mainSources().size()).sum();
        assertTrue(count > 100, "found only " + count + " main sources under " + ROOT);
        return modules;
    }

    /** The module name a module's pom sets in its {@code zdict.module.name} property, if any. */
    static Optional<String> declaredName(Path pom) throws IOException {
        Matcher m = MODULE_NAME.matcher(Files.readString(pom));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Parses core's {@code module-info.java}: its name and its {@code exports} lines. */
    static Exports coreExports() throws IOException {
        String source = COMMENTS.matcher(Files.readString(CORE_MODULE_INFO)).replaceAll(" ");
        Matcher declaration = MODULE_DECLARATION.matcher(source);
        assertTrue(declaration.find(), "no module declaration in " + CORE_MODULE_INFO);
        Map<String, Set<String>> targets = new LinkedHashMap<>();
        Matcher m = EXPORTS.matcher(source);
        while (m.find()) {
            Set<String> to = new TreeSet<>();
            if (m.group(2) != null) {
                for (String name : m.group(2).split(",")) {
                    to.add(name.strip());
                }
            }
            targets.put(m.group(1), to);
        }
        assertTrue(!targets.isEmpty(), "no exports in " + CORE_MODULE_INFO);
        return new Exports(declaration.group(1), targets);
    }

    /** Core's packages: every folder under core's main sources that holds a Java class. */
    static Set<String> corePackages() throws IOException {
        Path main = ROOT.resolve("core/src/main/java");
        Set<String> packages = new TreeSet<>();
        try (Stream<Path> files = Files.walk(main)) {
            files.filter(f -> f.toString().endsWith(".java")
                            && f.getParent() != null
                            && !f.getParent().equals(main))
                    .forEach(f -> packages.add(main.relativize(f.getParent())
                            .toString()
                            .replace(f.getFileSystem().getSeparator(), ".")));
        }
        return packages;
    }

    static String relative(Path path) {
        return ROOT.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
    }
}
