package org.zdict.testing;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

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
