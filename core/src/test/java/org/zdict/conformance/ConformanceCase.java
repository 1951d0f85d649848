package org.zdict.conformance;

/**
 * One vector of the conformance suite: a payload, the registry to read it with, the decoder's settings,
 * and either the bytes it decodes to or the kind of error it raises (conformance/README.md).
 *
 * @param name the file name of the payload, without {@code .bin}
 * @param registry the registry folder's name
 * @param payload the payload bytes
 * @param event the name of the original bytes' file, or null for a vector that must be refused
 * @param error the kind of error ({@code TruncatedPayload}, …), or null for a vector that decodes
 * @param acceptUnchecked whether the decoder accepts payloads no checksum covers
 * @param maxDecompressedSize the decoder's limit, or -1 for the default 64 MiB
 * @param note what the vector is about, for people
 */
record ConformanceCase(
        String name,
        String registry,
        byte[] payload,
        String event,
        String error,
        boolean acceptUnchecked,
        int maxDecompressedSize,
        String note) {

    static ConformanceCase decodes(String name, String registry, byte[] payload, String event, String note) {
        return new ConformanceCase(name, registry, payload, event, null, false, -1, note);
    }

    static ConformanceCase refused(String name, String registry, byte[] payload, String error, String note) {
        return new ConformanceCase(name, registry, payload, null, error, false, -1, note);
    }

    ConformanceCase unchecked() {
        return new ConformanceCase(name, registry, payload, event, error, true, maxDecompressedSize, note);
    }

    ConformanceCase limit(int bytes) {
        return new ConformanceCase(name, registry, payload, event, error, acceptUnchecked, bytes, note);
    }
}
