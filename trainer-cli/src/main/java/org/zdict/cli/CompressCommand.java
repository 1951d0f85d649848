package org.zdict.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zdict compress}: one input, one framed payload. */
@Command(
        name = "compress",
        description = {
            "Compress the input into one zdict payload with the registry's active dictionary (or --dict-version N).",
            "The zstd frame carries a content checksum."
        })
public final class CompressCommand implements Callable<Integer> {
    @Mixin
    RegistryOption registry;

    @Mixin
    StreamOptions streams;

    @Option(
            names = {"-d", "--dict-version"},
            paramLabel = "N",
            description = "Use dictionary version N instead of the active one.")
    Integer version;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            converter = ListConverters.Level.class,
            description = "zstd level (default: the level the dictionary was trained for).")
    Integer level;

    @Override
    public Integer call() throws IOException {
        try (DictionaryRegistry source = registry.openExisting()) {
            ZdictCodec.Builder builder = ZdictCodec.builder(source);
            if (level != null) {
                builder.level(level);
            }
            byte[] input = streams.readAll();
            byte[] payload;
            try (ZdictCodec codec = builder.build()) {
                payload = version == null ? codec.compress(input) : codec.compress(version, input);
            }
            streams.write(payload);
        }
        return ZdictCommand.EXIT_OK;
    }
}
