package org.zdict.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.zdict.RegistryException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/** A classpath registry: reads from a temporary copy of its resources, refuses changes, deletes the copy on close. */
public final class ClasspathDictionaryRegistry implements DictionaryRegistry {
    private final String location;
    private final DictionaryRegistry copy;
    private final Path folder;

    ClasspathDictionaryRegistry(String location, DictionaryRegistry copy, Path folder) {
        this.location = location;
        this.copy = copy;
        this.folder = folder;
    }

    /** The temporary copy, for tests. */
    public Path folder() {
        return folder;
    }

    @Override
    public DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
        throw readOnly();
    }

    @Override
    public void activate(int version) {
        throw readOnly();
    }

    @Override
    public void activate(int version, OptionalInt expectedActive) {
        throw readOnly();
    }

    @Override
    public void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        throw readOnly();
    }

    @Override
    public void retire(int version) {
        throw readOnly();
    }

    @Override
    public void remove(int version) {
        throw readOnly();
    }

    @Override
    public List<DictionaryInfo> list() {
        return copy.list();
    }

    @Override
    public int nextVersion() {
        return copy.nextVersion();
    }

    @Override
    public void restore(List<Dictionary> versions, int nextVersion) {
        throw readOnly();
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return copy.info(version);
    }

    @Override
    public Dictionary get(int version) {
        return copy.get(version);
    }

    /** A copy never changes: it holds {@code version} now or never. */
    @Override
    public boolean awaitVersion(int version, Duration timeout) {
        return info(version).isPresent();
    }

    /** A copy never changes. */
    @Override
    public long revision() {
        return 0;
    }

    @Override
    public OptionalInt activeVersion(String subject) {
        return copy.activeVersion(subject);
    }

    @Override
    public Optional<DictionarySet> activeSet(String subject) {
        return copy.activeSet(subject);
    }

    @Override
    public String describe() {
        return "registry " + location;
    }

    @Override
    public void close() {
        copy.close();
        deleteQuietly(folder);
    }

    private RegistryException readOnly() {
        return new RegistryException(
                "The " + describe() + " is read-only: change the registry it was copied from and rebuild");
    }

    static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind is harmless
        }
    }
}
