package org.zdict.registry.support;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.UUID;

/**
 * Writes a file so that readers see either its old content or its whole new content, never a part:
 * write a temporary file in the same folder, force it to disk, rename it over the target, force the
 * folder.
 */
final class AtomicFiles {
    /** Prefix of temporary files; readers ignore files that start with it. */
    static final String TEMP_PREFIX = ".tmp-";

    private AtomicFiles() {}

    static void write(Path target, byte[] content) throws IOException {
        write(target, content, true);
    }

    /**
     * As {@link #write(Path, byte[])}; with {@code force} false nothing is forced to disk, so after a
     * power loss the file may be empty or partly written (never after a crash of the process alone): for
     * copies whose readers check every file against a SHA-256 and can fetch it again.
     */
    static void write(Path target, byte[] content, boolean force) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // Not Files.createTempFile, which makes the file readable by its owner only: the registry is
        // usually written by one account and read by others (the services that run consumers), so its
        // files get the same permissions as any file this process creates (the umask decides), except in
        // a folder only its owner can enter (a private local copy, a backup), where they are owner-only.
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "-" + UUID.randomUUID());
        try {
            try (FileChannel channel = FileChannel.open(
                    temp,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    OwnerOnly.fileAttributesIn(dir))) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (force) {
                    channel.force(true);
                }
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("The file system of " + dir + " cannot rename atomically", e);
            }
            if (force) {
                forceDirectory(dir);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a folder as a channel; the rename itself is still atomic.
        }
    }
}
