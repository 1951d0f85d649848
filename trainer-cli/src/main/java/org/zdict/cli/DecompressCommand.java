package org.zdict.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zdict decompress}: one framed payload back to the original bytes. */
@Command(
        name = "decompress",
        description = "Decompress one zdict payload (--bulk: many); the dictionary version is read from its prefix.")
public final class DecompressCommand implements Callable<Integer> {
    @Mixin
    RegistryOption registry;

    @Mixin
    StreamOptions streams;

    @Mixin
    MaxSizeOption maxSize;

    @Mixin
    BulkOptions bulk;

    @Option(
            names = "--allow-unchecked",
            description = "Also decode payloads without a zstd content checksum (stored payloads, Kafka record"
                    + " values). By default only checksummed frames, as zdict compress writes them, are decoded,"
                    + " so a damaged file is refused instead of decoding into different bytes.")
    boolean allowUnchecked;

    @Override
    public Integer call() throws IOException {
        try (DictionaryRegistry source = registry.openExisting();
                ZdictCodec codec = ZdictCodec.builder(source)
                        .maxDecompressedSize(maxSize.bytes())
                        .acceptUnchecked(allowUnchecked)
                        .build()) {
            long maxPayload = ZdictCodec.maxCompressedLength(maxSize.bytes());
            String limit = "a payload for " + maxSize.describe();
            try {
                if (bulk.enabled()) {
                    try (InputStream in = streams.open();
                            OutputStream out = streams.create()) {
                        bulk.run(in, out, false, maxPayload, limit, codec::decompress);
                    }
                } else {
                    streams.write(codec.decompress(streams.readAll(maxPayload, limit)));
                }
            } catch (PayloadTooLargeException e) {
                throw new CliException(
                        e.reason() + ", above " + maxSize.describe() + " (raise it if this is expected)");
            } catch (CorruptPayloadException e) {
                if (e.kind() != CorruptPayloadException.Kind.NO_CHECKSUM) {
                    throw e;
                }
                throw new CliException(e.reason() + ", so damage could go unnoticed; zdict compress always writes"
                        + " one. Pass --allow-unchecked to decode it anyway (for example a Kafka record value)");
            }
        }
        return ZdictCommand.EXIT_OK;
    }
}
