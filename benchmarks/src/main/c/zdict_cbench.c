/*
 * The physical limit: compresses and decompresses the same batches with the same dictionary and
 * level as the Java benchmarks, through libzstd itself, the way ZdictCodec drives it (one reused
 * context each way, the dictionary digested once per context, content size on, checksum and
 * dictionary id off).
 *
 *   zdict_cbench <batches.bin> <dictionary> <level> [rounds] [seconds-per-round]
 *
 * Built twice by run-c-compare.sh: against the system's libzstd, and against the libzstd inside
 * zstd-jni's own native library (the exact build Java calls). That library exports only part of the
 * API (no ZSTD_createCDict, no ZSTD_versionString), so the dictionary is loaded into each context
 * (ZSTD_CCtx_loadDictionary digests it once, on first use, and keeps it) and ZSTD_LIBRARY names the
 * library when given (-DZSTD_LIBRARY='"..."').
 *
 * batches.bin: u32 count, then per batch u32 length and the bytes (little-endian), as written by
 * org.zdict.bench.nativecompare.ExportBatches. Prints one JSON object on stdout.
 */
#define ZSTD_STATIC_LINKING_ONLY
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zstd.h>
#define BENCH_PROGRAM "zdict_cbench"
#include "bench_io.h"

#ifndef ZSTD_LIBRARY
#define ZSTD_LIBRARY ZSTD_versionString()
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(size_t code, const char *what) {
    if (ZSTD_isError(code)) die(what, ZSTD_getErrorName(code));
}

int main(int argc, char **argv) {
    if (argc < 4) die("usage: zdict_cbench <batches.bin> <dictionary> <level> [rounds] [seconds]", NULL);
    int level = atoi(argv[3]);
    int rounds = argc > 4 ? atoi(argv[4]) : 5;
    double seconds = argc > 5 ? atof(argv[5]) : 1.0;

    size_t dict_size;
    batches b = read_batches(argv[1]);
    unsigned char *dict = read_file(argv[2], &dict_size);
    uint32_t count = b.count;
    const unsigned char **src = b.src;
    size_t *src_len = b.src_len;
    size_t largest = b.largest, raw_total = b.raw_total;

    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    if (!cctx || !dctx) die("cannot create zstd objects", NULL);
    check(ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level), "compressionLevel");
    check(ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1), "contentSizeFlag");
    check(ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 0), "checksumFlag");
    check(ZSTD_CCtx_setParameter(cctx, ZSTD_c_dictIDFlag, 0), "dictIDFlag");
    check(ZSTD_CCtx_loadDictionary(cctx, dict, dict_size), "CCtx_loadDictionary");
    check(ZSTD_DCtx_loadDictionary(dctx, dict, dict_size), "DCtx_loadDictionary");

    size_t bound = ZSTD_compressBound(largest);
    unsigned char **comp = malloc(count * sizeof *comp);
    size_t *comp_len = malloc(count * sizeof *comp_len);
    unsigned char *out = malloc(bound > largest ? bound : largest);
    size_t comp_total = 0;
    for (uint32_t i = 0; i < count; i++) {
        comp[i] = malloc(bound);
        comp_len[i] = ZSTD_compress2(cctx, comp[i], bound, src[i], src_len[i]);
        check(comp_len[i], "compress");
        comp_total += comp_len[i];
        size_t n = ZSTD_decompressDCtx(dctx, out, largest, comp[i], comp_len[i]);
        check(n, "decompress");
        if (n != src_len[i] || memcmp(out, src[i], n) != 0) die("round trip mismatch", NULL);
    }

    double best_c = 0, sum_c = 0, best_d = 0, sum_d = 0;
    double cpu_best_c = 0, cpu_sum_c = 0, cpu_best_d = 0, cpu_sum_d = 0;
    volatile size_t sink = 0;
    for (int r = -1; r < rounds; r++) { /* round -1 warms up */
        size_t bytes = 0;
        double start = now(), cpu_start = cpu_now(), elapsed;
        uint32_t i = 0;
        do {
            for (int k = 0; k < 64; k++) {
                sink += ZSTD_compress2(cctx, out, bound, src[i], src_len[i]);
                bytes += src_len[i];
                if (++i == count) i = 0;
            }
        } while ((elapsed = now() - start) < seconds);
        double c = bytes / elapsed / 1e6;
        double cpu_c = bytes / (cpu_now() - cpu_start) / 1e6;
        bytes = 0;
        start = now();
        cpu_start = cpu_now();
        i = 0;
        do {
            for (int k = 0; k < 64; k++) {
                sink += ZSTD_decompressDCtx(dctx, out, largest, comp[i], comp_len[i]);
                bytes += src_len[i];
                if (++i == count) i = 0;
            }
        } while ((elapsed = now() - start) < seconds);
        double d = bytes / elapsed / 1e6;
        double cpu_d = bytes / (cpu_now() - cpu_start) / 1e6;
        if (r >= 0) {
            cpu_sum_c += cpu_c;
            cpu_sum_d += cpu_d;
            if (cpu_c > cpu_best_c) cpu_best_c = cpu_c;
            if (cpu_d > cpu_best_d) cpu_best_d = cpu_d;
            sum_c += c;
            sum_d += d;
            if (c > best_c) best_c = c;
            if (d > best_d) best_d = d;
        }
    }
    printf("{\"zstd_library\":\"%s\",\"batches\":%u,\"raw_bytes\":%zu,\"compressed_bytes\":%zu,"
           "\"ratio\":%.4f,\"level\":%d,\"dictionary_bytes\":%zu,\"rounds\":%d,"
           "\"compress_mb_s_mean\":%.2f,\"compress_mb_s_best\":%.2f,"
           "\"decompress_mb_s_mean\":%.2f,\"decompress_mb_s_best\":%.2f,"
           "\"compress_mb_cpu_s_mean\":%.2f,\"compress_mb_cpu_s_best\":%.2f,"
           "\"decompress_mb_cpu_s_mean\":%.2f,\"decompress_mb_cpu_s_best\":%.2f}\n",
           ZSTD_LIBRARY, count, raw_total, comp_total, (double)raw_total / comp_total, level,
           dict_size, rounds, sum_c / rounds, best_c, sum_d / rounds, best_d, cpu_sum_c / rounds,
           cpu_best_c, cpu_sum_d / rounds, cpu_best_d);
    return sink == 42 ? 2 : 0;
}
