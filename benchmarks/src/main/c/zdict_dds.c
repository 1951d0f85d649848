/*
 * Would zstd's dedicated dictionary search (ZSTD_c_enableDedicatedDictSearch), its row-based match
 * finder switch (ZSTD_c_useRowMatchFinder) or its attach preference (ZSTD_c_forceAttachDict) give a
 * strong level's ratio at a weak level's cost on small events? zstd-jni has no setter for any of
 * them, so this measures them in C, on the held-out batches and dictionary ExportBatches writes
 * (the same input as zdict_cbench.c), against levels through a plain digested dictionary
 * (ZSTD_createCDict at the level, what zstd-jni's ZstdDictCompress does).
 *
 *   zdict_dds <batches.bin> <dictionary> [rounds] [ms-per-round] <variant>...
 *
 * A variant is a level and options joined by ':':
 *   5          ZSTD_createCDict(dictionary, 5)
 *   5:dds      ZSTD_createCDict_advanced2 with level 5 and ZSTD_c_enableDedicatedDictSearch=1
 *   5:norow    ... with ZSTD_c_useRowMatchFinder=ZSTD_ps_disable (also :row for ZSTD_ps_enable)
 *   5:attach   the context prefers ZSTD_dictForceAttach (:copy ZSTD_dictForceCopy, :load
 *              ZSTD_dictForceLoad)
 * Every variant gets its own context, reused for every frame (content size on, checksum and
 * dictionary id off, as ZdictCodec), with the digested dictionary referenced (ZSTD_CCtx_refCDict +
 * ZSTD_compress2). Every event of every variant is decompressed with ZSTD_decompress_usingDDict and
 * compared before timing.
 *
 * Timing: thread CPU time (CLOCK_THREAD_CPUTIME_ID). A round gives every variant the same slice of
 * the batches (as many as level 3, or the first variant, compresses in ms-per-round; the slice moves
 * on each round), the variants in a rotating order; one warm-up round is dropped. Per variant: the
 * median over rounds of its CPU per batch, and the median over rounds of its CPU divided by level
 * 3's in the same round (the machine is shared: only figures of one round compare).
 *
 * Built with -DZDICT_CTX_DICT, every variant instead sets its level and options on its context and
 * loads the raw dictionary into it (ZSTD_CCtx_setParameter + ZSTD_CCtx_loadDictionary: zstd digests
 * it once, on the first frame, with those options, through ZSTD_createCDict_advanced2, and references
 * it like the above), and frames are decoded through ZSTD_DCtx_loadDictionary: only stable API, so it
 * links against the libzstd inside zstd-jni's own native library (the exact build Java calls, which
 * exports neither ZSTD_createCDict nor ZSTD_sizeof_CDict: no match finder and no memory then). Name
 * the library with -DZSTD_LIBRARY='"..."'.
 *
 * Prints a Markdown table on stdout, and one JSON object per variant on stderr.
 */
#define ZSTD_STATIC_LINKING_ONLY
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zstd.h>
#define BENCH_PROGRAM "zdict_dds"
#include "bench_io.h"

#ifndef ZSTD_LIBRARY
#define ZSTD_LIBRARY ZSTD_versionString()
#endif

#ifndef ZDICT_CTX_DICT
/* In libzstd.a since 1.4, not declared in every zstd.h. */
ZSTD_compressionParameters ZSTD_getCParamsFromCDict(const ZSTD_CDict *cdict);
#endif

static void check(size_t code, const char *what) {
    if (ZSTD_isError(code)) die(what, ZSTD_getErrorName(code));
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static const char *strategy_name(int s) {
    static const char *names[] = {"?", "fast", "dfast", "greedy", "lazy", "lazy2",
                                  "btlazy2", "btopt", "btultra", "btultra2"};
    return s >= 1 && s <= 9 ? names[s] : "?";
}

typedef struct {
    const char *label;
    int level, dds, row, attach; /* row: ZSTD_ps_*; attach: ZSTD_dict* */
    ZSTD_CDict *cdict;
    ZSTD_CCtx *cctx;
    size_t cdict_bytes, comp_total;
    ZSTD_compressionParameters cp;
    double *ns, *vs_l3;
} variant;

static void parse(variant *v, const char *spec) {
    memset(v, 0, sizeof *v);
    v->label = spec;
    v->level = atoi(spec);
    for (const char *p = strchr(spec, ':'); p; p = strchr(p + 1, ':')) {
        if (!strncmp(p, ":dds", 4)) v->dds = 1;
        else if (!strncmp(p, ":norow", 6)) v->row = ZSTD_ps_disable;
        else if (!strncmp(p, ":row", 4)) v->row = ZSTD_ps_enable;
        else if (!strncmp(p, ":attach", 7)) v->attach = ZSTD_dictForceAttach;
        else if (!strncmp(p, ":copy", 5)) v->attach = ZSTD_dictForceCopy;
        else if (!strncmp(p, ":load", 5)) v->attach = ZSTD_dictForceLoad;
        else die("unknown option in variant", spec);
    }
}

static void build(variant *v, const unsigned char *dict, size_t dict_size) {
#ifdef ZDICT_CTX_DICT
    v->cctx = ZSTD_createCCtx();
    if (!v->cctx) die("cannot create a context", v->label);
    check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_compressionLevel, v->level), "level");
    if (v->dds) check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_enableDedicatedDictSearch, 1), "dds");
#else
    if (!v->dds && !v->row) {
        v->cdict = ZSTD_createCDict(dict, dict_size, v->level); /* what zstd-jni does */
    } else {
        ZSTD_CCtx_params *p = ZSTD_createCCtxParams();
        check(ZSTD_CCtxParams_setParameter(p, ZSTD_c_compressionLevel, v->level), "level");
        if (v->dds) check(ZSTD_CCtxParams_setParameter(p, ZSTD_c_enableDedicatedDictSearch, 1), "dds");
        if (v->row) check(ZSTD_CCtxParams_setParameter(p, ZSTD_c_useRowMatchFinder, v->row), "row");
        v->cdict = ZSTD_createCDict_advanced2(dict, dict_size, ZSTD_dlm_byCopy, ZSTD_dct_auto, p,
                                              ZSTD_defaultCMem);
        ZSTD_freeCCtxParams(p);
    }
    if (!v->cdict) die("cannot create the digested dictionary", v->label);
    v->cdict_bytes = ZSTD_sizeof_CDict(v->cdict);
    v->cp = ZSTD_getCParamsFromCDict(v->cdict);
    v->cctx = ZSTD_createCCtx();
    if (!v->cctx) die("cannot create a context", v->label);
#endif
    check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_contentSizeFlag, 1), "contentSizeFlag");
    check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_checksumFlag, 0), "checksumFlag");
    check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_dictIDFlag, 0), "dictIDFlag");
    if (v->row) check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_useRowMatchFinder, v->row), "row");
    if (v->attach) check(ZSTD_CCtx_setParameter(v->cctx, ZSTD_c_forceAttachDict, v->attach), "attach");
#ifdef ZDICT_CTX_DICT
    check(ZSTD_CCtx_loadDictionary(v->cctx, dict, dict_size), "CCtx_loadDictionary");
#else
    check(ZSTD_CCtx_refCDict(v->cctx, v->cdict), "refCDict");
#endif
}

int main(int argc, char **argv) {
    if (argc < 6)
        die("usage: zdict_dds <batches.bin> <dictionary> <rounds> <ms-per-round> <variant>...", NULL);
    int rounds = atoi(argv[3]);
    double seconds = atof(argv[4]) / 1e3;
    int nv = argc - 5;

    size_t dict_size;
    batches b = read_batches(argv[1]);
    unsigned char *dict = read_file(argv[2], &dict_size);
    uint32_t count = b.count;
    const unsigned char **src = b.src;
    size_t *src_len = b.src_len;
    size_t largest = b.largest, raw_total = b.raw_total;
    size_t bound = ZSTD_compressBound(largest);
    unsigned char *out = malloc(bound), *back = malloc(largest + 1);

    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    if (!dctx) die("cannot create the decompressor", NULL);
#ifdef ZDICT_CTX_DICT
    check(ZSTD_DCtx_loadDictionary(dctx, dict, dict_size), "DCtx_loadDictionary");
#else
    ZSTD_DDict *ddict = ZSTD_createDDict(dict, dict_size);
    if (!ddict) die("cannot create the digested dictionary for decoding", NULL);
#endif

    variant *vs = calloc(nv, sizeof *vs);
    int l3 = -1, l5 = -1;
    for (int k = 0; k < nv; k++) {
        parse(&vs[k], argv[5 + k]);
        build(&vs[k], dict, dict_size);
        if (!strcmp(vs[k].label, "3")) l3 = k;
        if (!strcmp(vs[k].label, "5")) l5 = k;
        vs[k].ns = malloc(rounds * sizeof(double));
        vs[k].vs_l3 = malloc(rounds * sizeof(double));
        for (uint32_t i = 0; i < count; i++) { /* every frame round-trips */
            size_t n = ZSTD_compress2(vs[k].cctx, out, bound, src[i], src_len[i]);
            check(n, "compress");
            vs[k].comp_total += n;
#ifdef ZDICT_CTX_DICT
            size_t m = ZSTD_decompressDCtx(dctx, back, largest + 1, out, n);
#else
            size_t m = ZSTD_decompress_usingDDict(dctx, back, largest + 1, out, n, ddict);
#endif
            check(m, "decompress");
            if (m != src_len[i] || memcmp(back, src[i], m) != 0) die("round trip mismatch", vs[k].label);
        }
    }
    int ref = l3 >= 0 ? l3 : 0;

    /* The slice: as many batches as the reference variant compresses in one round's time. */
    uint32_t slice = 0;
    volatile size_t sink = 0;
    double start = cpu_now();
    do {
        sink += ZSTD_compress2(vs[ref].cctx, out, bound, src[slice % count], src_len[slice % count]);
        slice++;
    } while (cpu_now() - start < seconds);
    if (slice < 16) slice = 16;

    double *round_ns = malloc(nv * sizeof(double));
    uint32_t first = 0;
    for (int r = -1; r < rounds; r++) {
        for (int j = 0; j < nv; j++) {
            int k = (j + (r + 1)) % nv; /* rotate the order */
            uint32_t i = first;
            double t0 = cpu_now();
            for (uint32_t s = 0; s < slice; s++) {
                sink += ZSTD_compress2(vs[k].cctx, out, bound, src[i], src_len[i]);
                if (++i == count) i = 0;
            }
            round_ns[k] = (cpu_now() - t0) * 1e9 / slice;
        }
        first = (uint32_t)((first + slice) % count);
        if (r < 0) continue;
        for (int k = 0; k < nv; k++) {
            vs[k].ns[r] = round_ns[k];
            vs[k].vs_l3[r] = round_ns[k] / round_ns[ref];
        }
    }

    printf("%u batches, %zu bytes (%.0f per batch), dictionary %zu bytes, %s, %d rounds of %u batches "
           "per variant\n\n",
           count, raw_total, (double)raw_total / count, dict_size, ZSTD_LIBRARY, rounds, slice);
    printf("| variant | match finder (w c h s m t) | ratio | bytes × L5's | ns per batch | CPU × L3's "
           "| digested dictionary |\n|---|---|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k < nv; k++) {
        variant *v = &vs[k];
        double ns = median(v->ns, rounds), rel = median(v->vs_l3, rounds);
        double bytes_rel = l5 >= 0 ? (double)v->comp_total / vs[l5].comp_total : 0;
        char finder[64] = "–", memory[32] = "–"; /* unknown through the loaded dictionary */
        if (v->cdict_bytes) {
            snprintf(finder, sizeof finder, "%s %u %u %u %u %u %u", strategy_name(v->cp.strategy),
                     v->cp.windowLog, v->cp.chainLog, v->cp.hashLog, v->cp.searchLog, v->cp.minMatch,
                     v->cp.targetLength);
            snprintf(memory, sizeof memory, "%.2f MiB", v->cdict_bytes / 1048576.0);
        }
        printf("| %s | %s | %.3f× | %.3f | %.0f | %.2f | %s |\n", v->label, finder,
               (double)raw_total / v->comp_total, bytes_rel, ns, rel, memory);
        fprintf(stderr,
                "{\"variant\":\"%s\",\"level\":%d,\"dds\":%d,\"row\":%d,\"attach\":%d,\"strategy\":\"%s\","
                "\"windowLog\":%u,\"chainLog\":%u,\"hashLog\":%u,\"searchLog\":%u,\"minMatch\":%u,"
                "\"targetLength\":%u,\"batches\":%u,\"raw_bytes\":%zu,\"compressed_bytes\":%zu,"
                "\"bytes_vs_l5\":%.4f,\"ns_per_batch\":%.1f,\"cpu_vs_l3\":%.4f,\"cdict_bytes\":%zu,"
                "\"dictionary_bytes\":%zu,\"zstd\":\"%s\"}\n",
                v->label, v->level, v->dds, v->row, v->attach, strategy_name(v->cp.strategy),
                v->cp.windowLog, v->cp.chainLog, v->cp.hashLog, v->cp.searchLog, v->cp.minMatch,
                v->cp.targetLength, count, raw_total, v->comp_total, bytes_rel, ns, rel,
                v->cdict_bytes, dict_size, ZSTD_LIBRARY);
    }
    return sink == 42 ? 2 : 0;
}
