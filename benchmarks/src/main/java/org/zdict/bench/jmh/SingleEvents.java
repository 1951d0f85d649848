package org.zdict.bench.jmh;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Single held-out events, compressed and decompressed two ways with the same dictionary and level:
 * through ZdictCodec, and through a bare zstd-jni context that holds the same digested dictionary. The
 * frames are the same (the bare side decodes the codec's payloads minus their prefix); checksums are
 * off, as the Kafka serde writes record values. Each call takes the next event, cycling.
 */
final class SingleEvents implements AutoCloseable {
    private final DictionaryRegistry registry = DictionaryRegistries.inMemory();
    private final ZdictCodec codec;
    private final ZstdDictDecompress decompressDictionary;
    private final ZstdDictCompress compressDictionary;
    private final ZstdDecompressCtx bareDecompress;
    private final ZstdCompressCtx bareCompress;
    private final byte[][] events;
    private final byte[][] payloads;
    private final ByteBuffer[] heapBuffers;
    private final int prefixLength;
    private final byte[] output;
    private int next;

    /** {@code dictionary}: {@code trained} (the trainer's choice) or {@code <KiB>k-<level>}. */
    SingleEvents(String dataset, String dictionary) {
        EventSplit split = EventSplit.load(dataset);
        TrainedDictionary trained = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-" + dictionary));
        DictionaryInfo info = registry.publish(trained.content(), trained.level(), Map.of());
        registry.activate(info.version());
        codec = ZdictCodec.builder(registry).checksum(false).build();
        prefixLength = PayloadPrefix.dictionaryFrame(info.version()).length();
        decompressDictionary = new ZstdDictDecompress(trained.content());
        compressDictionary = new ZstdDictCompress(trained.content(), trained.level());
        bareDecompress = new ZstdDecompressCtx().loadDict(decompressDictionary);
        bareCompress = new ZstdCompressCtx()
                .setChecksum(false)
                .setContentSize(true)
                .setDictID(true)
                .loadDict(compressDictionary);

        events = split.batches(1);
        payloads = new byte[events.length][];
        heapBuffers = new ByteBuffer[events.length];
        int largest = 0;
        for (byte[] event : events) {
            largest = Math.max(largest, event.length);
        }
        output = new byte[ZdictCodec.maxCompressedLength(largest)];
        byte[] check = new byte[largest];
        for (int i = 0; i < events.length; i++) {
            payloads[i] = codec.compress(events[i]);
            // As a Kafka consumer hands a value over: a slice of a larger heap buffer.
            byte[] batch = new byte[payloads[i].length + 61];
            System.arraycopy(payloads[i], 0, batch, 61, payloads[i].length);
            heapBuffers[i] = ByteBuffer.wrap(batch, 61, payloads[i].length).slice();
            int n = bareDecompress.decompressByteArray(
                    check, 0, check.length, payloads[i], prefixLength, payloads[i].length - prefixLength);
            int m = codec.decompress(payloads[i], 0, payloads[i].length, output, 0);
            if (n != events[i].length
                    || m != n
                    || !Arrays.equals(check, 0, n, events[i], 0, n)
                    || !Arrays.equals(output, 0, n, events[i], 0, n)
                    || !Arrays.equals(codec.decompress(heapBuffers[i]), events[i])) {
                throw new IllegalStateException("Event " + i + " of " + dataset + " does not round-trip");
            }
        }
    }

    /** The held-out events, one per call, for other loops over the same frames (the FFM prototype). */
    byte[][] events() {
        return events;
    }

    /** The codec's payloads of {@link #events()}: a zdict prefix of {@link #prefixLength()} bytes, then the frame. */
    byte[][] payloads() {
        return payloads;
    }

    int prefixLength() {
        return prefixLength;
    }

    /** The digested dictionary the bare decompression context references. */
    ZstdDictDecompress decompressDictionary() {
        return decompressDictionary;
    }

    /** The digested dictionary (and level) the bare compression context references. */
    ZstdDictCompress compressDictionary() {
        return compressDictionary;
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == events.length ? 0 : i + 1;
        return i;
    }

    /** Into exactly the event's size, as the codec decodes (and a consumer allocates). */
    int bareDecompress() {
        int i = nextIndex();
        byte[] payload = payloads[i];
        return bareDecompress.decompressByteArray(
                output, 0, events[i].length, payload, prefixLength, payload.length - prefixLength);
    }

    /**
     * Into a destination with room to spare, as the codec's buffer API passes the caller's room: zstd then
     * keeps a block's literals at the end of the destination instead of in its context, which is faster
     * on small frames but may write past the decoded bytes.
     */
    int bareDecompressWithRoom() {
        byte[] payload = payloads[nextIndex()];
        return bareDecompress.decompressByteArray(
                output, 0, output.length, payload, prefixLength, payload.length - prefixLength);
    }

    int codecDecompress() {
        byte[] payload = payloads[nextIndex()];
        return codec.decompress(payload, 0, payload.length, output, 0);
    }

    /** What the Kafka deserializer does per record: a new array of the declared size, from a buffer slice. */
    byte[] codecDecompressBuffer() {
        return codec.decompress(heapBuffers[nextIndex()]);
    }

    int bareCompress() {
        byte[] event = events[nextIndex()];
        return bareCompress.compressByteArray(output, 0, output.length, event, 0, event.length);
    }

    /** {@code event} through the bare compression context into {@code dst}: for checks that compare frames. */
    int bareCompressInto(byte[] dst, byte[] event) {
        return bareCompress.compressByteArray(dst, 0, dst.length, event, 0, event.length);
    }

    int codecCompress() {
        byte[] event = events[nextIndex()];
        return codec.compress(event, 0, event.length, output, 0);
    }

    @Override
    public void close() {
        codec.close();
        registry.close();
        bareDecompress.close();
        bareCompress.close();
        decompressDictionary.close();
        compressDictionary.close();
    }
}
