package org.zdict.zstdjni;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.ZstdJniFeatures;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;
import org.zdict.testing.ZstdJniReleaseRuns;

/**
 * The codec on whatever zstd-jni its class path has, run by {@link ZstdJniReleasesTest} in a child JVM
 * per release. Prints one {@code OK check} line per check and a last {@code RESULT} line; exits 1 with a
 * {@code FAILED} line and the stack trace at the first check that fails.
 *
 * <p>{@code write DIR}: trains a dictionary for level 3, round-trips events through dictionary frames, plain frames and frames without a declared size,
 * from heap and direct buffers, refuses a zip bomb and corrupt and truncated payloads, then writes the
 * dictionary, the events and their payloads to DIR. {@code read DIR...}: decodes the payloads each DIR
 * holds (written on other releases) and compares them with its events. {@code refused}: the codec refuses this
 * zstd-jni, naming the floor.
 */
public final class ReleaseDriver {
    private static final int LIMIT = 1 << 20;
    private static final int VERSION = 1;

    private ReleaseDriver() {}

    public static void main(String[] args) {
        ZstdJniReleaseRuns.drive(args[0], () -> {
            switch (args[0]) {
                case "write" -> write(Path.of(args[1]));
                case "read" -> {
                    for (int i = 1; i < args.length; i++) {
                        read(Path.of(args[i]));
                    }
                }
                case "refused" -> refused();
                default -> throw new IllegalArgumentException("usage: ReleaseDriver write DIR | read DIR... | refused");
            }
        });
    }

    private static void write(Path dir) throws IOException {
        System.out.println("features: decompresses direct to array " + ZstdJniFeatures.DECOMPRESSES_DIRECT_TO_ARRAY
                + ", streams heap buffers " + ZstdJniFeatures.STREAMS_HEAP_BUFFERS);
        List<byte[]> events = SampleEvents.synthetic(2_000, 11);
        byte[] dictionary = TestTrainer.train(events.subList(0, 1_500), 8 << 10, 3);
        check(
                Arrays.equals(dictionary, TestTrainer.train(events.subList(0, 1_500), 8 << 10, 3)),
                "training for level 3 is reproducible");

        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(dictionary, 3, Map.of());
        registry.activate(VERSION);
        List<byte[]> originals = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).maxDecompressedSize(LIMIT).build()) {
            for (byte[] event : events.subList(1_500, 2_000)) {
                // Dictionary, plain, dictionary again: the pooled context drops and reloads its dictionary.
                byte[] withDictionary = codec.compress(event);
                byte[] plain = plain(codec, concat(event, event));
                check(
                        PayloadPrefix.read(withDictionary, 0, withDictionary.length)
                                        .isDictionaryFrame()
                                && PayloadPrefix.read(plain, 0, plain.length).isPlainFrame(),
                        "payload kinds");
                roundTrips(codec, event, withDictionary);
                roundTrips(codec, concat(event, event), plain);
                originals.add(event);
                payloads.add(withDictionary);
                originals.add(concat(event, event));
                payloads.add(plain);
            }
            System.out.println(
                    "OK 1000 dictionary and plain payloads round-trip from byte[], dst, heap and direct buffers");

            byte[] large = concatenated(events, 300_000);
            for (byte[] withDictionary : Arrays.asList(dictionary, null)) {
                byte[] undeclared = undeclared(large, withDictionary);
                roundTrips(codec, large, undeclared);
                originals.add(large);
                payloads.add(undeclared);
                byte[] small = events.get(1);
                byte[] smallUndeclared = undeclared(small, withDictionary);
                roundTrips(codec, small, smallUndeclared);
                originals.add(small);
                payloads.add(smallUndeclared);
            }
            System.out.println("OK frames without a declared size round-trip, with and without the dictionary");

            refusals(codec, dictionary, large);
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve("dictionary.bin"), dictionary);
        writeAll(dir.resolve("originals.bin"), originals);
        writeAll(dir.resolve("payloads.bin"), payloads);
        System.out.println("OK wrote " + payloads.size() + " payloads to " + dir);
    }

    /** Decodes {@code payload} every way the codec offers; each must give {@code original}. */
    private static void roundTrips(ZdictCodec codec, byte[] original, byte[] payload) {
        check(Arrays.equals(original, codec.decompress(payload)), "decompress(byte[])");
        byte[] dst = new byte[original.length + 7];
        int written = codec.decompress(payload, 0, payload.length, dst, 7);
        check(
                written == original.length && Arrays.equals(original, Arrays.copyOfRange(dst, 7, 7 + written)),
                "decompress into dst");
        check(Arrays.equals(original, codec.decompress(ByteBuffer.wrap(payload))), "decompress(heap buffer)");
        ByteBuffer direct = ByteBuffer.allocateDirect(payload.length + 3);
        direct.position(3);
        direct.put(payload).position(3);
        check(Arrays.equals(original, codec.decompress(direct)) && direct.position() == 3, "decompress(direct buffer)");
    }

    private static void refusals(ZdictCodec codec, byte[] dictionary, byte[] large) {
        byte[] bomb = undeclared(new byte[4 * LIMIT], null);
        for (Supplier<?> decode : List.<Supplier<?>>of(
                () -> codec.decompress(bomb),
                () -> codec.decompress(bomb, 0, bomb.length, new byte[8 * LIMIT], 0),
                () -> codec.decompress(directCopy(bomb)))) {
            String message = refusal(PayloadTooLargeException.class, decode::get);
            check(message.contains("expands past the limit"), message);
        }
        System.out.println("OK a zip bomb (" + bomb.length + " bytes, no declared size) is refused at the limit");

        byte[] declaredBomb = plain(codec, new byte[2 * LIMIT]);
        refusal(PayloadTooLargeException.class, () -> codec.decompress(declaredBomb));
        refusal(PayloadTooLargeException.class, () -> codec.decompress(directCopy(declaredBomb)));
        System.out.println("OK a payload declaring more than the limit is refused");

        byte[] payload = codec.compress(Arrays.copyOf(large, 20_000));
        for (byte[] corrupt :
                List.of(flipped(payload, payload.length / 2), flipped(undeclared(large, dictionary), 900))) {
            for (Supplier<?> decode : List.<Supplier<?>>of(
                    () -> codec.decompress(corrupt), () -> codec.decompress(directCopy(corrupt)))) {
                refusal(CorruptPayloadException.class, decode::get);
            }
        }
        byte[] truncated = Arrays.copyOf(undeclared(large, dictionary), 5_000);
        truncation(() -> codec.decompress(truncated));
        truncation(() -> codec.decompress(Arrays.copyOf(payload, payload.length - 9)));
        System.out.println("OK corrupt and truncated payloads are refused");
    }

    private static void read(Path dir) throws IOException {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(Files.readAllBytes(dir.resolve("dictionary.bin")), 3, Map.of());
        List<byte[]> originals = readAll(dir.resolve("originals.bin"));
        List<byte[]> payloads = readAll(dir.resolve("payloads.bin"));
        check(originals.size() == payloads.size() && !payloads.isEmpty(), "payloads in " + dir);
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).maxDecompressedSize(LIMIT).build()) {
            for (int i = 0; i < payloads.size(); i++) {
                roundTrips(codec, originals.get(i), payloads.get(i));
            }
        }
        System.out.println("OK decoded the " + payloads.size() + " payloads of " + dir);
    }

    private static void refused() {
        for (Runnable step : List.<Runnable>of(() -> ZdictCodec.of(DictionaryRegistries.inMemory()))) {
            String message = refusal(IllegalStateException.class, () -> {
                step.run();
                return null;
            });
            check(
                    message.startsWith(
                            "zdict needs zstd-jni " + ZstdJniFloor.FLOOR + " or newer, but the class path has"
                                    + " zstd-jni " + Zstd.class.getPackage().getImplementationVersion()),
                    message);
            System.out.println("REFUSED " + message);
        }
    }

    /** Checks that {@code call} refuses a truncated payload. */
    private static void truncation(Supplier<?> call) {
        try {
            call.get();
        } catch (CorruptPayloadException e) {
            check(e.kind() == CorruptPayloadException.Kind.TRUNCATED, "expected a truncation, got " + e);
            return;
        }
        throw new AssertionError("expected a truncated payload refused, got a result");
    }

    /** The message of the {@code type} that {@code call} throws. */
    private static String refusal(Class<? extends Throwable> type, Supplier<?> call) {
        try {
            call.get();
        } catch (Throwable t) {
            check(type.isInstance(t), "expected " + type.getName() + ", got " + t);
            return t.getMessage();
        }
        throw new AssertionError("expected " + type.getName() + ", got a result");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("check failed: " + what);
        }
    }

    /** A payload of {@code content} in a zstd frame that declares no size, with the dictionary or without. */
    private static byte[] undeclared(byte[] content, byte[] dictionary) {
        byte[] frame;
        if (dictionary == null) {
            try (ZstdCompressCtx context =
                    new ZstdCompressCtx().setContentSize(false).setChecksum(true)) {
                frame = context.compress(content);
            }
        } else {
            try (ZstdDictCompress digested = new ZstdDictCompress(dictionary, 3);
                    ZstdCompressCtx context =
                            new ZstdCompressCtx().setContentSize(false).setChecksum(true)) {
                frame = context.loadDict(digested).compress(content);
            }
        }
        PayloadPrefix prefix = dictionary == null ? PayloadPrefix.plainFrame() : PayloadPrefix.dictionaryFrame(VERSION);
        byte[] payload = new byte[prefix.length() + frame.length];
        prefix.writeTo(payload, 0);
        System.arraycopy(frame, 0, payload, prefix.length(), frame.length);
        return payload;
    }

    private static byte[] plain(ZdictCodec codec, byte[] src) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, codec.compressWithoutDictionary(src, 0, src.length, dst, 0));
    }

    private static ByteBuffer directCopy(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    private static byte[] flipped(byte[] bytes, int at) {
        byte[] copy = bytes.clone();
        copy[at] ^= 0x21;
        return copy;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static byte[] concatenated(List<byte[]> events, int size) {
        byte[] out = new byte[size];
        for (int at = 0, i = 0; at < size; i++) {
            byte[] event = events.get(i % events.size());
            int n = Math.min(event.length, size - at);
            System.arraycopy(event, 0, out, at, n);
            at += n;
        }
        return out;
    }

    private static void writeAll(Path file, List<byte[]> items) throws IOException {
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeInt(items.size());
            for (byte[] item : items) {
                out.writeInt(item.length);
                out.write(item);
            }
        }
    }

    private static List<byte[]> readAll(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            int count = in.readInt();
            List<byte[]> items = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                items.add(in.readNBytes(in.readInt()));
            }
            return items;
        }
    }
}
