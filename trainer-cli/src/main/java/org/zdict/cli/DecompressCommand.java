package org.zdict.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.zdict.cli.train.Sizes;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.FrameHeader;
import org.zdict.format.PayloadKind;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zdict decompress}: one framed payload back to the original bytes. */
@Command(
        name = "decompress",
        mixinStandardHelpOptions = true,
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
                        .build()) {
            byte[] payload = streams.readAll();
            if (!allowUnchecked) {
                requireChecksum(payload);
            }
            streams.write(codec.decompress(payload));
        }
        return ZdictCommand.EXIT_OK;
    }

    /** Refuses a payload whose bytes no checksum covers: a flipped bit could decode into other bytes. */
    private static void requireChecksum(byte[] payload) {
        PayloadPrefix prefix = PayloadPrefix.read(payload, 0, payload.length);
        boolean checked = prefix.kind() != PayloadKind.STORED
                && FrameHeader.parse(payload, prefix.length(), payload.length - prefix.length(), prefix.length())
                        .checksum();
        if (!checked) {
            throw new CliException("The payload carries no zstd content checksum ("
                    + (prefix.kind() == PayloadKind.STORED ? "a stored payload" : "a frame written without one")
                    + "), so damage could go unnoticed; zdict compress always writes one."
                    + " Pass --allow-unchecked to decode it anyway (for example a Kafka record value)");
        }
    }
}
