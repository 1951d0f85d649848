package org.zdict.testing;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Run in a child JVM: prints the binding zstd-jni uses ({@code ZstdJniFeatures.binding()}) and checks a
 * round trip through it. With no argument it uses the class path (a shaded jar on it); with a folder, a
 * class loader of its own over the folder's jars whose parent is the platform loader, as a Kafka Connect
 * worker loads a {@code plugin.path} entry.
 */
public final class BindingProbe {
    private BindingProbe() {}

    public static void main(String[] args) throws Exception {
        ClassLoader loader = args.length == 0 ? BindingProbe.class.getClassLoader() : pluginLoader(Path.of(args[0]));
        Class<?> features = Class.forName("org.zdict.internal.ZstdJniFeatures", true, loader);
        System.out.println("binding: " + features.getMethod("binding").invoke(null));
        Class<?> zstd = Class.forName("com.github.luben.zstd.Zstd", true, loader);
        byte[] event = "{\"event\":\"probe\",\"value\":\"probe probe probe probe\"}".getBytes(StandardCharsets.UTF_8);
        byte[] frame = (byte[]) zstd.getMethod("compress", byte[].class).invoke(null, (Object) event);
        byte[] back =
                (byte[]) zstd.getMethod("decompress", byte[].class, int.class).invoke(null, frame, event.length);
        System.out.println(Arrays.equals(event, back) ? "round trip: ok" : "round trip: WRONG BYTES");
        System.out.println(
                "zstd-jni from: " + zstd.getProtectionDomain().getCodeSource().getLocation());
    }

    /**
     * Runs this probe on a JDK 22+ with {@code classPath} first and this probe's own classes after it
     * (skipping the test where the machine has no such JDK), and checks it exited normally.
     */
    public static ChildProcess.Result onNewerJdk(String classPath, Path workDir, String... args) throws Exception {
        Optional<Path> java = NewerJdk.java();
        Assumptions.assumeTrue(
                java.isPresent(), "no JDK " + NewerJdk.RELEASE + "+ on this machine (set ZDICT_JDK22_HOME)");
        String probe = Path.of(BindingProbe.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        List<String> command = new ArrayList<>(List.of(
                java.get().toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                classPath.isEmpty() ? probe : classPath + File.pathSeparator + probe,
                BindingProbe.class.getName()));
        command.addAll(List.of(args));
        ChildProcess.Result result = ChildProcess.run(command, workDir, Map.of(), Duration.ofMinutes(1));
        Assertions.assertEquals(0, result.exitCode(), result::toString);
        return result;
    }

    private static ClassLoader pluginLoader(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            URL[] jars = files.filter(file -> file.toString().endsWith(".jar"))
                    .sorted()
                    .map(BindingProbe::url)
                    .toArray(URL[]::new);
            return new URLClassLoader(jars, ClassLoader.getPlatformClassLoader());
        }
    }

    private static URL url(Path file) {
        try {
            return file.toUri().toURL();
        } catch (IOException e) {
            throw new IllegalArgumentException(file.toString(), e);
        }
    }
}
