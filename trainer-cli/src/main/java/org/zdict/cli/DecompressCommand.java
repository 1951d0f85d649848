package org.zdict.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.zdict.UncheckedPayloadException;
import org.zdict.cli.train.Sizes;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zdict decompress}: one framed payload back to the original bytes. */
@Command(
        name = "decompress",
        description = "Decompress one zdict payload; the dictionary version is read from its prefix.")
public final class DecompressCommand implements Callable<Integer> {
    @Mixin
    RegistryOption registry;

    @Mixin
    StreamOptions streams;

    @Option(
            names = "--max-size",
            paramLabel = "SIZE",
            defaultValue = "64M",
            converter = ListConverters.ByteCount.class,
            description = "Refuse payloads that decompress to more than this (default: ${DEFAULT-VALUE}).")
    long maxSize;

    @Option(
            names = "--allow-unchecked",
            description = "Also decode payloads without a zstd content checksum (stored payloads, Kafka record"
                    + " values). By default only checksummed frames, as zdict compress writes them, are decoded,"
                    + " so a damaged file is refused instead of decoding into different bytes.")
    boolean allowUnchecked;

    @Override
    public Integer call() throws IOException {
        if (maxSize > Integer.MAX_VALUE - 16) {
            throw new picocli.CommandLine.ParameterException(
                    registry.spec.commandLine(),
                    "Invalid value for option '--max-size': " + Sizes.format(maxSize) + " is above 2G");
        }
        try (DictionaryRegistry source = registry.openExisting();
                ZdictCodec codec = ZdictCodec.builder(source)
                        .maxDecompressedSize((int) maxSize)
                        .acceptUnchecked(allowUnchecked)
                        .build()) {
            byte[] payload = streams.readAll();
            try {
                streams.write(codec.decompress(payload));
            } catch (UncheckedPayloadException e) {
                throw new CliException(e.reason() + ", so damage could go unnoticed; zdict compress always writes"
                        + " one. Pass --allow-unchecked to decode it anyway (for example a Kafka record value)");
            }
        }
        return ZdictCommand.EXIT_OK;
    }
}
