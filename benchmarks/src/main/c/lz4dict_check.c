/*
 * Cross-check of the pure-Java LZ4 block codec with an external dictionary
 * (org.zdict.bench.lz4dict) against liblz4, on files written by Lz4DictCrossCheck export:
 *
 *   (a) every Java-compressed block (java-<mode>.bin) is decoded with
 *       LZ4_decompress_safe_usingDict into a buffer of exactly the event's length and compared byte
 *       for byte with the event; the decode of each file is then timed (thread CPU time);
 *   (b) every event is compressed by liblz4 with the dictionary, each event on its own (the stream
 *       reset and the dictionary loaded again before each), with LZ4_loadDict +
 *       LZ4_compress_fast_continue (c-fast.bin) and LZ4_loadDictHC + LZ4_compress_HC_continue at
 *       levels 9 and 12 (c-hc9.bin, c-hc12.bin), for Lz4DictCrossCheck verify to decode in Java.
 *
 *   lz4dict_check <dir> <mode>...      (run by run-lz4dict-compare.sh; gcc -O2 ... -llz4)
 *   lz4dict_check --decode-time <dir> <mode>   (only (a)'s timing, for passes alternating with Java)
 *
 * Prints one JSON object per line; exits 1 if any block fails to decode to its event.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lz4.h>
#include <lz4hc.h>
#define BENCH_PROGRAM "lz4dict_check"
#define BENCH_DIE_STATUS 2
#include "bench_io.h"

typedef struct {
    uint32_t count;
    unsigned char **data;
    uint32_t *length;
} entries;

static entries read_entries(const char *path) {
    size_t size;
    unsigned char *all = read_file(path, &size);
    entries e;
    if (size < 4) die("too short", path);
    e.count = u32le(all);
    e.data = malloc(e.count * sizeof(unsigned char *));
    e.length = malloc(e.count * sizeof(uint32_t));
    size_t at = 4;
    for (uint32_t i = 0; i < e.count; i++) {
        if (at + 4 > size) die("truncated", path);
        e.length[i] = u32le(all + at);
        at += 4;
        if (at + e.length[i] > size) die("truncated", path);
        e.data[i] = all + at;
        at += e.length[i];
    }
    return e;
}

static void write_entries(const char *path, unsigned char **data, int *length, uint32_t count) {
    FILE *f = fopen(path, "wb");
    if (!f) die("cannot write", path);
    unsigned char word[4];
    uint32_t values[1];
    for (int64_t i = -1; i < (int64_t)count; i++) {
        values[0] = i < 0 ? count : (uint32_t)length[i];
        for (int b = 0; b < 4; b++) word[b] = (unsigned char)(values[0] >> (8 * b));
        fwrite(word, 1, 4, f);
        if (i >= 0) fwrite(data[i], 1, (size_t)length[i], f);
    }
    fclose(f);
}

int main(int argc, char **argv) {
    int time_only = argc > 1 && strcmp(argv[1], "--decode-time") == 0;
    if (time_only) {
        argv++;
        argc--;
    }
    if (argc < 3) die("usage: lz4dict_check [--decode-time] <dir> <mode>...", NULL);
    char path[4096];
    size_t dict_size;
    snprintf(path, sizeof path, "%s/dictionary", argv[1]);
    unsigned char *dict = read_file(path, &dict_size);
    snprintf(path, sizeof path, "%s/events.bin", argv[1]);
    entries events = read_entries(path);
    uint32_t largest = 0;
    for (uint32_t i = 0; i < events.count; i++) if (events.length[i] > largest) largest = events.length[i];
    char *out = malloc(largest + 1);
    int failures = 0;

    /* (a) liblz4 decodes Java's blocks */
    for (int m = 2; m < argc; m++) {
        snprintf(path, sizeof path, "%s/java-%s.bin", argv[1], argv[m]);
        entries blocks = read_entries(path);
        if (blocks.count != events.count) die("block count differs from event count", path);
        uint32_t equal = 0;
        uint64_t bytes = 0;
        for (uint32_t i = 0; i < blocks.count; i++) {
            bytes += blocks.length[i];
            int n = LZ4_decompress_safe_usingDict((const char *)blocks.data[i], out, (int)blocks.length[i],
                                                  (int)events.length[i], (const char *)dict, (int)dict_size);
            if (n == (int)events.length[i] && memcmp(out, events.data[i], (size_t)n) == 0) equal++;
            else fprintf(stderr, "java-%s event %u: LZ4_decompress_safe_usingDict returned %d, expected %u\n",
                         argv[m], i, n, events.length[i]);
        }
        failures += (int)(blocks.count - equal);
        /* C's decode cost per event: best of 5 rounds of at least 0.2 s of thread CPU time */
        double best = 1e30;
        uint64_t sink = 0;
        for (int round = 0; round < 5; round++) {
            double start = cpu_now(), elapsed;
            uint64_t calls = 0;
            do {
                for (uint32_t i = 0; i < blocks.count; i++) {
                    sink += (uint64_t)LZ4_decompress_safe_usingDict(
                        (const char *)blocks.data[i], out, (int)blocks.length[i], (int)events.length[i],
                        (const char *)dict, (int)dict_size);
                }
                calls += blocks.count;
            } while ((elapsed = cpu_now() - start) < 0.2);
            if (elapsed / calls < best) best = elapsed / calls;
        }
        printf("{\"check\":\"c-decodes-java\",\"blocks\":\"java-%s.bin\",\"events\":%u,\"equal\":%u,"
               "\"blockBytes\":%llu,\"cDecodeNsPerEvent\":%.1f,\"sink\":%llu}\n",
               argv[m], events.count, equal, (unsigned long long)bytes, best * 1e9,
               (unsigned long long)(sink & 1));
    }

    if (time_only) return failures ? 1 : 0;

    /* (b) liblz4 compresses each event alone against the dictionary */
    int bound = LZ4_compressBound((int)largest);
    unsigned char **blocks = malloc(events.count * sizeof(unsigned char *));
    int *lengths = malloc(events.count * sizeof(int));
    LZ4_stream_t *fast = LZ4_createStream();
    LZ4_streamHC_t *hc = LZ4_createStreamHC();
    const char *names[] = {"fast", "hc9", "hc12"};
    for (int variant = 0; variant < 3; variant++) {
        uint64_t bytes = 0;
        for (uint32_t i = 0; i < events.count; i++) {
            blocks[i] = malloc((size_t)bound);
            if (variant == 0) {
                LZ4_resetStream_fast(fast);
                LZ4_loadDict(fast, (const char *)dict, (int)dict_size);
                lengths[i] = LZ4_compress_fast_continue(fast, (const char *)events.data[i], (char *)blocks[i],
                                                        (int)events.length[i], bound, 1);
            } else {
                LZ4_resetStreamHC_fast(hc, variant == 1 ? 9 : 12);
                LZ4_loadDictHC(hc, (const char *)dict, (int)dict_size);
                lengths[i] = LZ4_compress_HC_continue(hc, (const char *)events.data[i], (char *)blocks[i],
                                                      (int)events.length[i], bound);
            }
            if (lengths[i] <= 0) die("liblz4 failed to compress an event", names[variant]);
            bytes += (uint64_t)lengths[i];
        }
        snprintf(path, sizeof path, "%s/c-%s.bin", argv[1], names[variant]);
        write_entries(path, blocks, lengths, events.count);
        for (uint32_t i = 0; i < events.count; i++) free(blocks[i]);
        printf("{\"check\":\"c-compresses\",\"blocks\":\"c-%s.bin\",\"events\":%u,\"blockBytes\":%llu}\n",
               names[variant], events.count, (unsigned long long)bytes);
    }
    printf("{\"liblz4\":\"%s\",\"dictionaryBytes\":%zu,\"failures\":%d}\n", LZ4_versionString(), dict_size, failures);
    return failures ? 1 : 0;
}
