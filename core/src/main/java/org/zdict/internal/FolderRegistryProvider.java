package org.zdict.internal;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.RegistryProvider;
import org.zdict.registry.support.RegistryFolder;

/**
 * Folder paths: a registry kept in a folder ({@link DictionaryRegistries#openFolder}). Found through {@link java.util.ServiceLoader}; call
 * {@link DictionaryRegistries}.
 */
public final class FolderRegistryProvider implements RegistryProvider {

    @Override
    public String scheme() {
        return "";
    }

    @Override
    public String form() {
        return "a folder path";
    }

    @Override
    public String canonical(String location) {
        return folder(location).toString();
    }

    @Override
    public DictionaryRegistry open(String location, Map<String, ?> settings, boolean create) {
        Path folder = folder(location);
        if (!create && !Files.isRegularFile(folder.resolve(RegistryFolder.MANIFEST))) {
            throw RegistryException.notFound(
                    location,
                    "No registry at " + folder + " (no " + RegistryFolder.MANIFEST
                            + "): publish a dictionary to it first, e.g. zdict train --registry " + folder);
        }
        return DictionaryRegistries.openFolder(folder);
    }

    private static Path folder(String location) {
        Path folder;
        try {
            folder = Path.of(location).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw RegistryException.badLocation(location, "not a valid folder path (" + e.getReason() + ")");
        }
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw RegistryException.badLocation(location, "is a file, not a folder");
        }
        return folder;
    }
}
