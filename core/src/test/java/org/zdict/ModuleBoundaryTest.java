package org.zdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;

/**
 * The JVM holds core's boundary too: a small module compiled on the module path against core's classes
 * (with its {@code module-info.class}) and core's dependencies may use the API, may use {@code
 * org.zdict.registry.support} only if it is one of the zdict modules core exports it to, and may never use
 * {@code org.zdict.internal}. A module that uses the API finds core's built-in registry providers on the
 * module path ({@code uses} and {@code provides} in core's module-info). {@link BoundaryTest} holds the same
 * line for the class path.
 */
class ModuleBoundaryTest {
    @TempDir
    Path dir;

    @Test
    void aModuleThatUsesOnlyTheApiCompiles() throws Exception {
        List<String> errors = compile(
                "org.example.app",
                "import org.zdict.codec.ZdictCodec;\n"
                        + "import org.zdict.registry.DictionaryRegistries;\n"
                        + "public class Probe {\n"
                        + "    ZdictCodec codec(java.nio.file.Path folder) {\n"
                        + "        return ZdictCodec.builder(DictionaryRegistries.openFolder(folder)).build();\n"
                        + "    }\n"
                        + "}\n");
        assertEquals(List.of(), errors);
    }

    @Test
    void onTheModulePathTheApiFindsCoresRegistryProviders() throws Exception {
        List<String> errors = compile(
                "org.example.app",
                "import org.zdict.registry.DictionaryRegistries;\n"
                        + "public class Probe {\n"
                        + "    public static String canonical(String location) {\n"
                        + "        return DictionaryRegistries.canonical(location);\n"
                        + "    }\n"
                        + "}\n");
        assertEquals(List.of(), errors);
        ModuleFinder modules = ModuleFinder.of(
                dir.resolve("out"), location(ZdictCodec.class), location(Zstd.class), location(JsonFactory.class));
        Configuration resolved =
                ModuleLayer.boot().configuration().resolve(modules, ModuleFinder.of(), Set.of("org.example.app"));
        ModuleLayer layer =
                ModuleLayer.boot().defineModulesWithOneLoader(resolved, ClassLoader.getPlatformClassLoader());
        Method canonical =
                layer.findLoader("org.example.app").loadClass("probe.Probe").getMethod("canonical", String.class);
        assertEquals(
                "org.zdict.core",
                layer.findModule("org.zdict.core").orElseThrow().getName());
        assertEquals("classpath:dicts", canonical.invoke(null, "classpath:dicts"), "the classpath provider");
        assertEquals(dir.toString(), canonical.invoke(null, dir.toString()), "the folder provider");
    }

    @Test
    void noModuleMayUseCoresInternals() throws Exception {
        // org.zdict.kafka is one of zdict's own modules: even it may not read org.zdict.internal
        List<String> errors = compile(
                "org.zdict.kafka",
                "import org.zdict.internal.PayloadKind;\n" + "public class Probe { PayloadKind kind; }\n");
        assertRefused(errors, "org.zdict.internal");
    }

    @Test
    void aModuleOutsideTheExportListMayNotUseTheRegistrySupport() throws Exception {
        List<String> errors = compile(
                "org.example.app",
                "import org.zdict.registry.support.VersionTable;\n" + "public class Probe { VersionTable table; }\n");
        assertRefused(errors, "org.zdict.registry.support");
    }

    @Test
    void aZdictModuleOnTheExportListMayUseTheRegistrySupport() throws Exception {
        List<String> errors = compile(
                "org.zdict.kafka.admin",
                "import org.zdict.registry.support.VersionTable;\n"
                        + "public class Probe { VersionTable table = VersionTable.EMPTY; }\n");
        assertEquals(List.of(), errors);
    }

    private static void assertRefused(List<String> errors, String pkg) {
        assertTrue(
                errors.stream().anyMatch(e -> e.contains("package " + pkg + " is not visible")),
                "expected javac to refuse package " + pkg + ", got " + errors);
    }

    /**
     * Compiles a module named {@code module} that requires core and exports one class, {@code probe.Probe},
     * into {@code out}; returns javac's errors.
     */
    private List<String> compile(String module, String probeBody) throws IOException, URISyntaxException {
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("probe"));
        Files.writeString(
                src.resolve("module-info.java"),
                "module " + module + " {\n    requires org.zdict.core;\n\n    exports probe;\n}\n");
        Files.writeString(src.resolve("probe/Probe.java"), "package probe;\n\n" + probeBody);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            String modulePath =
                    List.of(location(ZdictCodec.class), location(Zstd.class), location(JsonFactory.class)).stream()
                            .map(Path::toString)
                            .collect(Collectors.joining(java.io.File.pathSeparator));
            List<String> options = List.of(
                    "--module-path", modulePath, "-d", dir.resolve("out").toString(), "-proc:none");
            Iterable<? extends JavaFileObject> units =
                    files.getJavaFileObjects(src.resolve("module-info.java"), src.resolve("probe/Probe.java"));
            javac.getTask(null, files, diagnostics, options, null, units).call();
        }
        assertTrue(
                Files.isRegularFile(location(ZdictCodec.class).resolve("module-info.class")),
                "core's classes have no module-info.class: " + location(ZdictCodec.class));
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(Locale.ROOT))
                .toList();
    }

    /** The folder or jar a class was loaded from: core's target/classes, zstd-jni's and jackson-core's jars. */
    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
