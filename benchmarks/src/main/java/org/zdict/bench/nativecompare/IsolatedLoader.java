package org.zdict.bench.nativecompare;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * Runs another main class in a class loader of its own over this jar, whose parent is the platform
 * loader, as a Kafka Connect worker loads a {@code plugin.path} entry: so that the figures show what a
 * child loader costs zstd-jni, if anything (the JNI library and the multi-release classes both load
 * through it).
 *
 * <pre>IsolatedLoader &lt;main class&gt; [its arguments]</pre>
 */
public final class IsolatedLoader {
    private IsolatedLoader() {}

    public static void main(String[] args) throws Exception {
        URL jar = IsolatedLoader.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> main = Class.forName(args[0], true, loader);
            if (main.getClassLoader() != loader) {
                throw new IllegalStateException(args[0] + " was loaded by " + main.getClassLoader());
            }
            Method entry = main.getMethod("main", String[].class);
            entry.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        }
    }
}
