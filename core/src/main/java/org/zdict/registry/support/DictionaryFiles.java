package org.zdict.registry.support;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;
import org.zdict.CorruptDictionaryException;
import org.zdict.registry.DictionaryInfo;

/**
 * The dictionary files of a registry folder, read on demand and never held: each read returns the
 * file's bytes, checked. The first read of a version checks its SHA-256 against its record and
 * remembers a CRC32C of the bytes (4 bytes per version, the only thing kept); later reads check size and
 * CRC32C (about 30 times cheaper than SHA-256 on a 112 KiB dictionary), so a file replaced, truncated or
 * deleted under a running process is reported, never used. Thread-safe.
 */
public final class DictionaryFiles {
    private final RegistryFolder folder;
    private final Map<Integer, Integer> verifiedCrcs = new ConcurrentHashMap<>();

    public DictionaryFiles(RegistryFolder folder) {
        this.folder = folder;
    }

    public RegistryFolder folder() {
        return folder;
    }

    /**
     * Reads {@code info}'s dictionary file.
     *
     * @throws CorruptDictionaryException naming the file if it is missing, or does not match its record
     *     or the bytes verified earlier
     * @throws org.zdict.RegistryException if this account may not read it
     */
    public byte[] read(DictionaryInfo info) {
        Integer crc = verifiedCrcs.get(info.version());
        if (crc == null) {
            byte[] content = folder.readVerified(info);
            verifiedCrcs.put(info.version(), crc32c(content));
            return content;
        }
        Path file = folder.dictionaryFile(info.version());
        byte[] content;
        try {
            content = Files.readAllBytes(file);
        } catch (NoSuchFileException | AccessDeniedException e) {
            verifiedCrcs.remove(info.version());
            return folder.readVerified(info); // the same error, with its usual message
        } catch (IOException e) {
            throw new CorruptDictionaryException(info.version(), "cannot read " + file + ": " + e, e);
        }
        if (content.length != info.size() || crc32c(content) != crc) {
            verifiedCrcs.remove(info.version());
            throw new CorruptDictionaryException(
                    info.version(),
                    "file " + file + " changed since it was verified against its SHA-256 " + info.sha256() + " (now "
                            + content.length + " bytes; replaced, truncated or tampered)");
        }
        return content;
    }

    /** Records that {@code content}, checked against {@code version}'s SHA-256 by the caller, is in its file. */
    public void verified(int version, byte[] content) {
        verifiedCrcs.put(version, crc32c(content));
    }

    /** Forgets {@code version}, once removed. */
    public void forget(int version) {
        verifiedCrcs.remove(version);
    }

    private static int crc32c(byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content, 0, content.length);
        return (int) crc.getValue();
    }
}
