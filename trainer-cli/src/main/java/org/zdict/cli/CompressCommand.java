package org.zdict.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.codec.ZdictCodec;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zdict compress}: one input, one framed payload. */
@Command(
        name = "compress",
        description = {
            "Compress the input into one zdict payload with the active dictionary of --subject (or --dict-version N).",
            "The zstd frame carries a content checksum. --bulk compresses many events in one run."
        })
public final class CompressCommand implements Callable<Integer> {
    @Mixin
    RegistryOption registry;

    @Mixin
    StreamOptions streams;

    @Mixin
    SubjectOption subject;

    @Option(
            names = {"-d", "--dict-version"},
            paramLabel = "N",
            description = "Use dictionary version N instead of the active one.")
    Integer version;

    @Mixin
    MaxSizeOption maxSize;

    @Mixin
    BulkOptions bulk;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            converter = ListConverters.Level.class,
            description = "zstd level (default: the level the dictionary was trained for).")
    Integer level;

    @Override
    public Integer call() throws IOException {
        subject.name();
        try (DictionaryRegistry source = registry.openExisting()) {
            Integer chosen = version;
            if (version != null) {
                checkCompressible(source, version);
                if (subject.given()) {
                    subject.requireVersion(source, version);
                }
            } else if (subject.given()) {
                chosen = subject.requireActive(source);
            }
            ZdictCodecBuilder builder = ZdictCodec.builder(source);
            if (level != null) {
                builder.level(level);
            }
            Integer version = chosen;
            try (ZdictCodec codec = builder.build()) {
                UnaryOperator<byte[]> compress =
                        input -> version == null ? codec.compress(input) : codec.compress(version, input);
                if (bulk.enabled()) {
                    try (InputStream in = streams.open();
                            OutputStream out = streams.create()) {
                        bulk.run(in, out, true, maxSize.bytes(), maxSize.describe(), compress);
                    }
                    return ZdictCommand.EXIT_OK;
                }
                streams.write(compress.apply(streams.readAll(maxSize.bytes(), maxSize.describe())));
            }
        }
        return ZdictCommand.EXIT_OK;
    }

    /** A retired version only decodes: compressing with it would write what the registry has retired. */
    private static void checkCompressible(DictionaryRegistry source, int version) {
        DictionaryInfo info = source.info(version)
                .orElseThrow(() -> new UnknownDictionaryVersionException(version, source.describe()));
        if (info.status() == DictionaryInfo.Status.RETIRED) {
            throw new CliException("Version " + version + " in " + source.describe() + " is retired: it only decodes"
                    + " payloads written before; compress with the active version, or activate " + version
                    + " again first");
        }
    }
}
