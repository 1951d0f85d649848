package org.zdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds core's module boundary on the class path, for every module of the build: core's tests run in every
 * build, so a main class of another module that imports a core package that core's {@code module-info.java}
 * does not export to that module fails the build here, naming file and line. The allowances are core's
 * {@code exports ... to ...} lines and nothing else; a module's name is the {@code zdict.module.name} of its
 * pom (the name its jar carries). {@link ModuleBoundaryTest} shows that the JVM refuses the same imports on
 * the module path. Also holds the size rules: {@code ZdictCodec} at most 300 lines, no main source file over
 * 400.
 */
class BoundaryTest {
    /** A qualified name of a core type (its package, then a capitalised type name) or a package import. */
    private static final Pattern CORE_TYPE_USE = Pattern.compile("\\b(org\\.zdict(?:\\.[a-z_]\\w*)*)\\.(?:[A-Z]|\\*)");

    @Test
    void mainCodeOfEveryModuleImportsOnlyWhatCoreExportsToIt() throws IOException {
        BuildModules.Exports exports = BuildModules.coreExports();
        Set<String> corePackages = BuildModules.corePackages();
        List<String> violations = new ArrayList<>();
        Set<String> qualifiedUses = new TreeSet<>();
        for (BuildModules.Module module : BuildModules.withMainSources()) {
            if (module.folder().equals("core")) {
                continue;
            }
            for (Path file : module.mainSources()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).trim();
                    if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) {
                        continue; // a comment may name a core class; code may not use one
                    }
                    Matcher m = CORE_TYPE_USE.matcher(line);
                    while (m.find()) {
                        String pkg = m.group(1);
                        if (!corePackages.contains(pkg)) {
                            continue;
                        }
                        Set<String> to = exports.targets().get(pkg);
                        if (to != null && to.isEmpty()) {
                            continue;
                        }
                        if (to != null
                                && module.name().isPresent()
                                && to.contains(module.name().get())) {
                            qualifiedUses.add(pkg + " to " + module.name().get());
                            continue;
                        }
                        violations.add(BuildModules.relative(file) + ":" + (i + 1) + ": " + pkg + " is not exported to "
                                + module.name().orElse(module.folder() + " (no zdict.module.name)") + ": " + line);
                    }
                }
            }
        }
        assertEquals(
                List.of(),
                violations,
                "main code outside core uses core packages that core's module-info.java does not export to its"
                        + " module (org.zdict.internal is not API: give the module a supported API in core, or move"
                        + " the code to the module that uses it)");
        Set<String> qualifiedExports = new TreeSet<>();
        for (Map.Entry<String, Set<String>> export : exports.targets().entrySet()) {
            export.getValue().forEach(target -> qualifiedExports.add(export.getKey() + " to " + target));
        }
        qualifiedExports.removeAll(qualifiedUses);
        assertEquals(
                Set.of(),
                qualifiedExports,
                "core's module-info.java exports packages to modules whose main code no longer uses them: remove"
                        + " those names from its exports ... to lines");
    }

    @Test
    void coreExportsOnlyItsOwnPackagesAndItsPomNamesItsModule() throws IOException {
        BuildModules.Exports exports = BuildModules.coreExports();
        Set<String> unknown = new TreeSet<>(exports.targets().keySet());
        unknown.removeAll(BuildModules.corePackages());
        assertEquals(Set.of(), unknown, "module-info.java exports packages core does not have");
        assertEquals(
                Optional.of(exports.moduleName()),
                BuildModules.declaredName(BuildModules.ROOT.resolve("core/pom.xml")),
                "core/pom.xml's zdict.module.name and module-info.java's module name differ");
        assertTrue(
                !exports.targets().containsKey("org.zdict.internal"),
                "org.zdict.internal is not API: core's module-info.java must not export it");
    }

    @Test
    void moduleNamesAreUnique() throws IOException {
        Set<String> names = new TreeSet<>();
        List<String> repeated = new ArrayList<>();
        for (BuildModules.Module module : BuildModules.withMainSources()) {
            module.name()
                    .filter(name -> !names.add(name))
                    .ifPresent(name -> repeated.add(module.folder() + ": " + name));
        }
        assertEquals(List.of(), repeated, "modules that repeat another module's zdict.module.name");
    }

    @Test
    void theCodecFacadeStaysSmallAndNoMainSourceFileIsLong() throws IOException {
        Path codec = BuildModules.ROOT.resolve("core/src/main/java/org/zdict/codec/ZdictCodec.java");
        long codecLines = Files.readAllLines(codec).size();
        assertTrue(codecLines <= 300, "ZdictCodec.java has " + codecLines + " lines, more than 300");
        List<String> long_ = new ArrayList<>();
        for (BuildModules.Module module : BuildModules.withMainSources()) {
            if (module.folder().equals("benchmarks")) {
                continue;
            }
            for (Path file : module.mainSources()) {
                long lines = Files.readAllLines(file).size();
                if (lines > 400) {
                    long_.add(BuildModules.relative(file) + ": " + lines + " lines");
                }
            }
        }
        assertEquals(List.of(), long_, "main source files over 400 lines");
    }
}
