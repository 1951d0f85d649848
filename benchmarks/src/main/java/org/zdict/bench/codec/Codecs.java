package org.zdict.bench.codec;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds a codec from its label. Labels: {@code none}, {@code lz4}, {@code lz4hc}, {@code snappy},
 * {@code gzip}, {@code zstd-<level>} (no dictionary), {@code zdict-<size>k-<level>} (ZdictCodec with a
 * trained dictionary of that many KiB) and {@code jnidict-<size>k-<level>} (the same dictionary
 * straight through zstd-jni, to isolate ZdictCodec's own overhead).
 */
public final class Codecs {
    private static final Pattern ZSTD = Pattern.compile("zstd-(-?\\d+)");
    private static final Pattern DICTIONARY = Pattern.compile("(zdict|jnidict)-(\\d+)k-(-?\\d+)");

    /** Every label the full JMH run covers, in report order. */
    public static final List<String> ALL = List.of(
            "none",
            "lz4",
            "lz4hc",
            "snappy",
            "gzip",
            "zstd-1",
            "zstd-3",
            "zstd-9",
            "zstd-19",
            "jnidict-64k-3",
            "zdict-16k-3",
            "zdict-32k-3",
            "zdict-64k-1",
            "zdict-64k-3",
            "zdict-64k-9",
            "zdict-64k-19",
            "zdict-112k-3");

    private Codecs() {}

    /** The dictionary a label needs, or null when it needs none. */
    public static DictionarySpec dictionaryOf(String label) {
        Matcher m = DICTIONARY.matcher(label);
        if (!m.matches()) {
            return null;
        }
        return new DictionarySpec(Integer.parseInt(m.group(2)) * 1024, Integer.parseInt(m.group(3)));
    }

    /**
     * @param dictionaries supplies the trained dictionary for a {@link DictionarySpec}
     */
    public static BenchCodec create(String label, Function<DictionarySpec, byte[]> dictionaries) {
        switch (label) {
            case "none":
                return new NoneCodec();
            case "lz4":
                return Lz4Codec.fast();
            case "lz4hc":
                return Lz4Codec.high();
            case "snappy":
                return new SnappyCodec();
            case "gzip":
                return new GzipCodec();
            default:
                break;
        }
        Matcher zstd = ZSTD.matcher(label);
        if (zstd.matches()) {
            return ZstdJniCodec.plain(label, Integer.parseInt(zstd.group(1)));
        }
        DictionarySpec spec = dictionaryOf(label);
        if (spec == null) {
            throw new IllegalArgumentException("Unknown codec label '" + label + "'; expected one of " + ALL
                    + " or zstd-<level>, zdict-<KiB>k-<level>, jnidict-<KiB>k-<level>");
        }
        byte[] dictionary = dictionaries.apply(spec);
        return label.startsWith("zdict")
                ? new ZdictBenchCodec(label, spec.level(), dictionary)
                : ZstdJniCodec.withDictionary(label, spec.level(), dictionary);
    }

    /** A dictionary to train: its largest size in bytes and the level it is built for. */
    public record DictionarySpec(int size, int level) {}
}
