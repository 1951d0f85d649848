package org.zdict.conformance;

import static org.zdict.conformance.ConformanceCase.decodes;
import static org.zdict.conformance.ConformanceCase.refused;
import static org.zdict.conformance.ConformanceRegistries.ACTIVE_ZSTD;
import static org.zdict.conformance.ConformanceRegistries.LARGE_LZ4;
import static org.zdict.conformance.ConformanceRegistries.MAIN;
import static org.zdict.conformance.ConformanceRegistries.OTHER;
import static org.zdict.conformance.ConformanceRegistries.RETIRED_ZSTD;
import static org.zdict.conformance.ConformanceRegistries.SEVEN_DIGIT_ZSTD;
import static org.zdict.conformance.ConformanceRegistries.SUBJECT_ZSTD;
import static org.zdict.conformance.ConformanceRegistries.TAMPERED;
import static org.zdict.conformance.ConformanceRegistries.THREE_BYTE_LZ4;
import static org.zdict.conformance.ConformanceRegistries.TWO_BYTE_ZSTD;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.lz4.Lz4Dictionary;
import org.zdict.registry.DictionaryRegistry;

/** The vectors of the conformance suite, written with the real codec, then cut, damaged or rewritten. */
final class ConformanceCases {
    static final String EVENT = "event.json";
    static final String EMPTY = "empty";
    static final String BATCH = "batch.jsonl";

    private static final String TRUNCATED = "TruncatedPayload";
    private static final String CORRUPT = "CorruptPayload";
    private static final String UNCHECKED = "UncheckedPayload";
    private static final String MISMATCH = "DictionaryMismatch";
    private static final String UNKNOWN_VERSION = "UnknownDictionaryVersion";
    private static final String TOO_LARGE = "PayloadTooLarge";
    private static final String CORRUPT_DICTIONARY = "CorruptDictionary";

    private final Map<String, byte[]> events;
    private final ConformanceRegistries dictionaries;
    private final List<ConformanceCase> cases = new ArrayList<>();

    ConformanceCases(Map<String, byte[]> events, ConformanceRegistries dictionaries) {
        this.events = events;
        this.dictionaries = dictionaries;
    }

    /** Every vector; {@code main} is the registry folder {@link ConformanceRegistries#MAIN}. */
    List<ConformanceCase> all(DictionaryRegistry main) {
        byte[] event = events.get(EVENT);
        try (ZdictCodec checked = ZdictCodec.of(main);
                ZdictCodec unchecked = ZdictCodec.builder(main).checksum(false).build()) {
            positive(checked, unchecked);
            byte[] v2 = checked.compress(ACTIVE_ZSTD, event);
            byte[] v2Unchecked = unchecked.compress(ACTIVE_ZSTD, event);
            byte[] lz4 = checked.compress(LARGE_LZ4, event);
            byte[] lz4Unchecked = unchecked.compress(LARGE_LZ4, event);
            prefixes(v2);
            frames(v2, v2Unchecked, checked.compress(ACTIVE_ZSTD, new byte[0]), stored(unchecked, event));
            lz4Blocks(lz4, lz4Unchecked);
            registries(checked, unchecked, v2);
        }
        return cases;
    }

    private void positive(ZdictCodec checked, ZdictCodec unchecked) {
        byte[] event = events.get(EVENT);
        byte[] empty = events.get(EMPTY);
        byte[] batch = events.get(BATCH);
        add(decodes(
                "zstd-v2",
                MAIN,
                checked.compress(event),
                EVENT,
                "D1 02: the active version's zstd frame, with content checksum (the codec's default)"));
        add(decodes(
                        "zstd-v2-unchecked",
                        MAIN,
                        unchecked.compress(event),
                        EVENT,
                        "checksums off (Kafka record values): the frame names the dictionary id instead")
                .unchecked());
        add(decodes(
                "zstd-v1-retired",
                MAIN,
                checked.compress(RETIRED_ZSTD, event),
                EVENT,
                "a retired version still decodes"));
        add(decodes(
                "zstd-v4-subject",
                MAIN,
                checked.compress(SUBJECT_ZSTD, event),
                EVENT,
                "a version of subject orders-value: decoded by its number alone"));
        add(decodes(
                "zstd-v300",
                MAIN,
                checked.compress(TWO_BYTE_ZSTD, event),
                EVENT,
                "D1 AC 02: a two-byte version varint"));
        add(decodes(
                "zstd-v1000000",
                MAIN,
                checked.compress(SEVEN_DIGIT_ZSTD, event),
                EVENT,
                "D1 C0 84 3D: its dictionary file is v1000000.dict"));
        add(decodes(
                "zstd-v2-empty",
                MAIN,
                checked.compress(ACTIVE_ZSTD, empty),
                EMPTY,
                "an empty event: a frame declaring content size 0, with its checksum"));
        add(decodes("zstd-v2-batch", MAIN, checked.compress(ACTIVE_ZSTD, batch), BATCH, "a frame of several blocks"));
        add(decodes("plain", MAIN, plain(checked, event), EVENT, "D2: a zstd frame without a dictionary"));
        add(decodes("stored", MAIN, stored(unchecked, event), EVENT, "D3: the bytes as they are")
                .unchecked());
        add(decodes("stored-empty", MAIN, stored(unchecked, empty), EMPTY, "D3 alone: an empty event")
                .unchecked());
        add(decodes(
                "zstd-v2-no-content-size",
                MAIN,
                foreignFrame(event),
                EVENT,
                "a frame from another encoder: no content size, so decoded with output bounded by the limit"));
        add(decodes(
                "lz4-v3",
                MAIN,
                checked.compress(LARGE_LZ4, event),
                EVENT,
                "D0 03: an LZ4 block with CRC-32C, against the last 65,536 bytes of a 96 KiB dictionary"));
        add(decodes(
                        "lz4-v3-unchecked",
                        MAIN,
                        unchecked.compress(LARGE_LZ4, event),
                        EVENT,
                        "an LZ4 block without the checksum flag")
                .unchecked());
        add(decodes(
                "lz4-v3-empty",
                MAIN,
                checked.compress(LARGE_LZ4, empty),
                EMPTY,
                "an empty event: size 0, a one-byte block (00), CRC-32C 00000000"));
        add(decodes(
                "lz4-v3-batch",
                MAIN,
                checked.compress(LARGE_LZ4, batch),
                BATCH,
                "a long LZ4 block: matches reach back into the output and the dictionary"));
        add(decodes(
                "lz4-v16384",
                MAIN,
                checked.compress(THREE_BYTE_LZ4, event),
                EVENT,
                "D0 80 80 01: a three-byte version varint; the window is the whole 8 KiB dictionary"));
    }

    private void prefixes(byte[] v2) {
        byte[] frame = Arrays.copyOfRange(v2, 2, v2.length);
        add(refused("empty-payload", MAIN, new byte[0], TRUNCATED, "no marker byte"));
        add(refused("version-missing", MAIN, hex("D1"), TRUNCATED, "the varint is absent"));
        add(refused("version-cut", MAIN, hex("D180"), TRUNCATED, "the varint ends after a continuation byte"));
        add(refused("version-zero", MAIN, join(hex("D100"), frame), CORRUPT, "version 0"));
        add(refused(
                "version-non-canonical",
                MAIN,
                join(hex("D18200"), frame),
                CORRUPT,
                "2 written with a redundant zero group"));
        add(refused("version-over-int", MAIN, join(hex("D18080808008"), frame), CORRUPT, "version 2^31"));
        add(refused(
                "version-six-bytes",
                MAIN,
                join(hex("D1808080808001"), frame),
                CORRUPT,
                "a varint longer than 5 bytes"));
        add(refused("lz4-version-over-int", MAIN, hex("D0FFFFFFFF0F0100000000"), CORRUPT, "LZ4 kind, version 2^32-1"));
        add(refused(
                "marker-json",
                MAIN,
                "{\"a\":1}".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                CORRUPT,
                "not a zdict payload: JSON"));
        add(refused("marker-bare-zstd", MAIN, frame, CORRUPT, "a zstd frame without a prefix"));
        add(refused("marker-reserved", MAIN, join(hex("D502"), frame), CORRUPT, "0xD5: another format version"));
        add(refused("marker-d4", MAIN, join(hex("D4"), frame), CORRUPT, "0xD4: reserved"));
        add(refused(
                "version-unknown",
                MAIN,
                join(hex("D105"), frame),
                UNKNOWN_VERSION,
                "version 5 is not in the registry"));
        add(refused(
                "lz4-version-unknown",
                MAIN,
                hex("D0050100000000000000"),
                UNKNOWN_VERSION,
                "LZ4 kind, version 5 is not in the registry (a checked empty block would follow)"));
    }

    private void frames(byte[] v2, byte[] v2Unchecked, byte[] emptyChecked, byte[] stored) {
        add(refused("frame-three-bytes", MAIN, Arrays.copyOf(v2, 5), TRUNCATED, "3 bytes after the prefix"));
        add(refused("frame-header-cut", MAIN, Arrays.copyOf(v2, 7), TRUNCATED, "the frame header is cut"));
        add(refused(
                "frame-no-magic",
                MAIN,
                join(hex("D102"), "not zstd".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
                CORRUPT,
                "no zstd magic number after the prefix"));
        add(refused(
                "frame-cut",
                MAIN,
                Arrays.copyOf(v2, v2.length - 6),
                TRUNCATED,
                "the frame ends inside its last block"));
        add(refused(
                "frame-trailing-byte", MAIN, join(v2, hex("00")), TRUNCATED, "one byte after the end of the frame"));
        add(refused(
                "frame-checksum-damaged",
                MAIN,
                flip(v2, v2.length - 1),
                CORRUPT,
                "the content checksum does not match"));
        add(refused(
                "frame-body-damaged",
                MAIN,
                flip(v2, v2.length - 8),
                CORRUPT,
                "a bit flipped in the block: checksum or decoding fails"));
        add(refused(
                "frame-empty-checksum-damaged",
                MAIN,
                flip(emptyChecked, emptyChecked.length - 1),
                CORRUPT,
                "content size 0 and a wrong checksum: the frame must still be decoded and checked"));
        add(refused("frame-unchecked", MAIN, v2Unchecked, UNCHECKED, "a frame without checksum, checksums required"));
        add(refused("stored-unchecked", MAIN, stored, UNCHECKED, "a stored payload, checksums required"));
        add(refused("frame-over-limit", MAIN, v2, TOO_LARGE, "declares 329 bytes, limit 100")
                .limit(100));
    }

    private void lz4Blocks(byte[] lz4, byte[] lz4Unchecked) {
        // lz4: D0 03 | 93 05 (329 × 2 + 1) | check (2) | block | CRC-32C (4)
        int blockStart = 6;
        byte[] head = Arrays.copyOf(lz4, blockStart);
        byte[] block = Arrays.copyOfRange(lz4, blockStart, lz4.length - 4);
        byte[] crc = Arrays.copyOfRange(lz4, lz4.length - 4, lz4.length);
        byte[] check = Arrays.copyOfRange(lz4, 4, 6);
        add(refused("lz4-unchecked", MAIN, lz4Unchecked, UNCHECKED, "no checksum flag, checksums required"));
        add(refused("lz4-header-missing", MAIN, hex("D003"), TRUNCATED, "nothing after the prefix"));
        add(refused("lz4-size-cut", MAIN, hex("D00393"), TRUNCATED, "the size varint is cut"));
        add(refused("lz4-check-cut", MAIN, hex("D0039305B8"), TRUNCATED, "the dictionary check is cut"));
        add(refused(
                "lz4-size-non-canonical",
                MAIN,
                join(hex("D003938500"), check, block, crc),
                CORRUPT,
                "the size varint with a redundant zero group"));
        add(refused("lz4-size-over-int", MAIN, join(hex("D003818080801000"), check), CORRUPT, "declares 2^31 bytes"));
        add(refused(
                "lz4-size-six-bytes",
                MAIN,
                join(hex("D003818080808001"), check),
                CORRUPT,
                "a size varint longer than 5 bytes"));
        add(refused(
                "lz4-over-default-limit",
                MAIN,
                join(hex("D00381808064"), check, block, crc),
                TOO_LARGE,
                "declares 100 MiB, above the default 64 MiB limit"));
        add(refused("lz4-over-limit", MAIN, lz4, TOO_LARGE, "declares 329 bytes, limit 100")
                .limit(100));
        add(refused(
                "lz4-block-missing", MAIN, join(head, crc), TRUNCATED, "header and checksum, no block between them"));
        add(refused(
                "lz4-check-wrong",
                MAIN,
                join(Arrays.copyOf(head, 4), flip(check, 0), block, crc),
                MISMATCH,
                "the dictionary check is not this version's"));
        add(refused(
                "lz4-declares-more",
                MAIN,
                join(hex("D0039505"), check, block, crc),
                CORRUPT,
                "declares 330 bytes, the block decodes to 329"));
        add(refused(
                "lz4-declares-less",
                MAIN,
                join(hex("D0039105"), check, block, crc),
                CORRUPT,
                "declares 328 bytes, the block writes more"));
        add(refused("lz4-checksum-damaged", MAIN, flip(lz4, lz4.length - 1), CORRUPT, "the CRC-32C does not match"));
        add(refused(
                "lz4-trailing-byte",
                MAIN,
                join(head, block, hex("00"), crc),
                CORRUPT,
                "one more byte in the block: every byte of a block is consumed"));
        add(refused(
                "lz4-block-cut",
                MAIN,
                join(head, Arrays.copyOf(block, block.length - 1), crc),
                CORRUPT,
                "the block's last byte is missing"));
        // Version 16384 holds the 8 KiB dictionary: an offset of 65,535 reaches before its start.
        byte[] smallCheck = littleEndian16(Lz4BlockHeader.dictionaryCheck(
                Lz4Dictionary.forDecoding(dictionaries.small).content()));
        add(refused(
                        "lz4-offset-before-dictionary",
                        MAIN,
                        join(hex("D0808001" + "08"), smallCheck, hex("00FFFF00")),
                        CORRUPT,
                        "a match 65,535 bytes back, the window holds 8 KiB")
                .unchecked());
        add(refused(
                        "lz4-offset-zero",
                        MAIN,
                        join(hex("D0808001" + "08"), smallCheck, hex("00000000")),
                        CORRUPT,
                        "a match with offset 0")
                .unchecked());
    }

    private void registries(ZdictCodec checked, ZdictCodec unchecked, byte[] v2) {
        byte[] event = events.get(EVENT);
        add(refused(
                        "wrong-dictionary-zstd",
                        OTHER,
                        unchecked.compress(RETIRED_ZSTD, event),
                        MISMATCH,
                        "the frame names the dictionary id of main's version 1; other's version 1 is another dictionary")
                .unchecked());
        add(refused(
                "wrong-dictionary-lz4",
                OTHER,
                checked.compress(LARGE_LZ4, event),
                MISMATCH,
                "the LZ4 dictionary check of main's version 3; other's version 3 is another dictionary"));
        add(refused(
                "dictionary-file-tampered",
                TAMPERED,
                v2,
                CORRUPT_DICTIONARY,
                "v000002.dict does not match the SHA-256 in manifest.json"));
    }

    /** D1 02 and a frame as another encoder may write it: checksum, dictionary id, no content size. */
    private byte[] foreignFrame(byte[] event) {
        try (ZstdDictCompress dict = new ZstdDictCompress(dictionaries.medium, 3);
                ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setChecksum(true).setContentSize(false).setDictID(true).loadDict(dict);
            return join(hex("D102"), ctx.compress(event));
        }
    }

    private static byte[] stored(ZdictCodec codec, byte[] event) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length)];
        return Arrays.copyOf(dst, codec.store(event, 0, event.length, dst, 0));
    }

    private static byte[] plain(ZdictCodec codec, byte[] event) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length)];
        return Arrays.copyOf(dst, codec.compressWithoutDictionary(event, 0, event.length, dst, 0));
    }

    private void add(ConformanceCase c) {
        cases.add(c);
    }

    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    private static byte[] join(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] flip(byte[] bytes, int at) {
        byte[] copy = bytes.clone();
        copy[at] ^= 1;
        return copy;
    }

    private static byte[] littleEndian16(int value) {
        return new byte[] {(byte) value, (byte) (value >>> 8)};
    }
}
