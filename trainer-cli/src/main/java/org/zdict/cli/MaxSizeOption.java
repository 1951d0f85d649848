package org.zdict.cli;

import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.engine.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --max-size}: the largest original the payload commands handle, the codec's limit by default. */
public final class MaxSizeOption {
    /** The most a Java array holds, give or take the JVM's header: the hard ceiling of {@code --max-size}. */
    private static final long CEILING = Integer.MAX_VALUE - 16;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The codec's own limit, as picocli spells sizes ("64M"). */
    static final String DEFAULT = (ZdictCodecBuilder.DEFAULT_MAX_DECOMPRESSED_SIZE >> 20) + "M";

    long bytes = ZdictCodecBuilder.DEFAULT_MAX_DECOMPRESSED_SIZE;

    @Option(
            names = "--max-size",
            paramLabel = "SIZE",
            defaultValue = DEFAULT,
            converter = ListConverters.ByteCount.class,
            description = "Refuse originals larger than this: input to compress, output of decompress (default:"
                    + " ${DEFAULT-VALUE}, the codec's own limit; at most 2G).")
    void set(long value) {
        if (value > CEILING) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--max-size': " + Sizes.format(value) + " is above 2G");
        }
        bytes = value;
    }

    /** The limit in bytes. */
    public int bytes() {
        return (int) bytes;
    }

    /** "--max-size 64M", for messages. */
    public String describe() {
        return "--max-size " + Sizes.format(bytes);
    }
}
