package org.zdict.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.RegistryProvider;
import org.zdict.registry.support.RegistryFolder;

/**
 * {@code classpath:FOLDER}: a registry shipped as resources ({@code FOLDER/manifest.json} and the {@code
 * v000001.dict} files it lists), read-only. The resources are copied into a temporary folder, deleted
 * when the registry is closed. Resources come from the thread's context class loader. Found through
 * {@link java.util.ServiceLoader}; call {@link DictionaryRegistries}.
 */
public final class ClasspathRegistryProvider implements RegistryProvider {
    public static final String SCHEME = "classpath:";

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public String form() {
        return SCHEME + "FOLDER";
    }

    @Override
    public String canonical(String location) {
        return SCHEME + folder(location);
    }

    /** Opens the registry; {@code create} changes nothing, a classpath registry cannot be created. */
    @Override
    public DictionaryRegistry open(String location, Map<String, ?> settings, boolean create) {
        String folder = folder(location);
        String canonical = SCHEME + folder;
        String prefix = folder.isEmpty() ? "" : folder + "/";
        Path copy = null;
        try {
            copy = Files.createTempDirectory("zdict-classpath-registry-");
            String manifest = prefix + RegistryFolder.MANIFEST;
            if (!copyResource(manifest, copy.resolve(RegistryFolder.MANIFEST))) {
                throw RegistryException.notFound(
                        location, "No registry at " + canonical + " (no resource " + manifest + " on the classpath)");
            }
            DictionaryRegistry registry = DictionaryRegistries.openFolder(copy);
            for (DictionaryInfo info : registry.list()) {
                String file = RegistryFolder.fileName(info.version());
                if (!copyResource(prefix + file, copy.resolve(file))) {
                    registry.close();
                    throw new RegistryException("Classpath registry " + canonical + " lists version " + info.version()
                            + " but has no resource " + prefix + file);
                }
            }
            return new ClasspathDictionaryRegistry(canonical, registry, copy);
        } catch (IOException e) {
            ClasspathDictionaryRegistry.deleteQuietly(copy);
            throw new RegistryException("Cannot read the classpath registry " + canonical + ": " + e, e);
        } catch (RuntimeException e) {
            ClasspathDictionaryRegistry.deleteQuietly(copy);
            throw e;
        }
    }

    /** The resource folder, without leading or trailing slashes. */
    private static String folder(String location) {
        String folder = location.substring(SCHEME.length()).trim();
        while (folder.startsWith("/")) {
            folder = folder.substring(1);
        }
        while (folder.endsWith("/")) {
            folder = folder.substring(0, folder.length() - 1);
        }
        return folder;
    }

    private static boolean copyResource(String name, Path target) throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ClasspathRegistryProvider.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                return false;
            }
            Files.copy(in, target);
            return true;
        }
    }
}
