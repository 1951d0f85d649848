package org.zdict.bench.codec;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.engine.codec.GzipCodec;
import org.zdict.engine.codec.Lz4Codec;
import org.zdict.engine.codec.NoneCodec;
import org.zdict.engine.codec.SnappyCodec;
import org.zdict.engine.codec.ZdictBlockCodec;
import org.zdict.engine.codec.ZstdJniCodec;
import org.zdict.registry.DictionaryInfo;

/**
 * Builds a codec from its label. Labels: {@code none}, {@code lz4}, {@code lz4hc}, {@code snappy},
 * {@code gzip}, {@code zstd-<level>} (no dictionary), {@code zdict-<size>k-<level>} (ZdictCodec with a
 * trained dictionary of that many KiB), {@code zdict-trained} (ZdictCodec with the dictionary and level
 * that {@code zdict train} chooses, with its default settings, from the training events) and {@code
 * jnidict-<size>k-<level>} or {@code jnidict-trained} (the same dictionary straight through zstd-jni, to
 * isolate ZdictCodec's own overhead).
 */
public final class Codecs {
    private static final Pattern ZSTD = Pattern.compile("zstd-(-?\\d+)");
    private static final Pattern DICTIONARY = Pattern.compile("(zdict|zdictlz4|jnidict)-(?:(\\d+)k-(-?\\d+)|trained)");

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
            "jnidict-trained",
            "zdict-trained",
            "zdictlz4-trained",
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
        if (m.group(2) == null) {
            return DictionarySpec.CHOSEN_BY_TRAINER;
        }
        return new DictionarySpec(Integer.parseInt(m.group(2)) * 1024, Integer.parseInt(m.group(3)));
    }

    /**
     * @param dictionaries supplies the trained dictionary for a {@link DictionarySpec}
     */
    public static BlockCodec create(String label, Function<DictionarySpec, TrainedDictionary> dictionaries) {
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
                    + " or zstd-<level>, zdict-<KiB>k-<level>, zdictlz4-<KiB>k-<level>, jnidict-<KiB>k-<level>");
        }
        TrainedDictionary dictionary = dictionaries.apply(spec);
        if (label.startsWith("zdictlz4")) {
            // The same dictionary published for LZ4: the product's opt-in kind (0xD0).
            return new ZdictBlockCodec(label, dictionary.level(), dictionary.content(), DictionaryInfo.Codec.LZ4);
        }
        return label.startsWith("zdict")
                ? new ZdictBlockCodec(label, dictionary.level(), dictionary.content())
                : ZstdJniCodec.withDictionary(label, dictionary.level(), dictionary.content());
    }

    /**
     * A dictionary to train: its largest size in bytes and the level it is built for, or {@link
     * #CHOSEN_BY_TRAINER} (size and level 0): whatever {@code zdict train} chooses.
     */
    public record DictionarySpec(int size, int level) {
        public static final DictionarySpec CHOSEN_BY_TRAINER = new DictionarySpec(0, 0);

        public boolean chosenByTrainer() {
            return size == 0;
        }
    }

    /** A trained dictionary and the level to compress with it. */
    public record TrainedDictionary(byte[] content, int level) {
        /** For reports: {@code 114688 B, level 3}. */
        public String describe() {
            return content.length + " B, level " + level;
        }
    }
}
