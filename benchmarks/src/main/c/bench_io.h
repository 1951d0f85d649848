/*
 * What the C harnesses share: failing with a message, reading a whole file (the batches and dictionaries
 * that ExportBatches writes), little-endian lengths, and the thread's CPU clock. Define BENCH_PROGRAM
 * (the name errors start with) and, if not 1, BENCH_DIE_STATUS before including it.
 */
#ifndef ZDICT_BENCH_IO_H
#define ZDICT_BENCH_IO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef BENCH_PROGRAM
#error "define BENCH_PROGRAM before including bench_io.h"
#endif
#ifndef BENCH_DIE_STATUS
#define BENCH_DIE_STATUS 1
#endif

static inline void die(const char *what, const char *detail) {
    fprintf(stderr, BENCH_PROGRAM ": %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(BENCH_DIE_STATUS);
}

static inline unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(n > 0 ? (size_t)n : 1);
    if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) die("cannot read", path);
    fclose(f);
    *size = (size_t)n;
    return data;
}

static inline uint32_t u32le(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ExportBatches' batches.bin: a count, then each batch as a length and its bytes (lengths little-endian). */
typedef struct {
    uint32_t count;
    const unsigned char **src;
    size_t *src_len;
    size_t largest;
    size_t raw_total;
} batches;

static inline batches read_batches(const char *path) {
    size_t file_size;
    unsigned char *file = read_file(path, &file_size);
    if (file_size < 4) die("no batch count in", path);
    batches b = {u32le(file), NULL, NULL, 0, 0};
    b.src = malloc(b.count * sizeof *b.src);
    b.src_len = malloc(b.count * sizeof *b.src_len);
    size_t pos = 4;
    for (uint32_t i = 0; i < b.count; i++) {
        if (pos + 4 > file_size) die("batch lengths run past the end of", path);
        b.src_len[i] = u32le(file + pos);
        if (b.src_len[i] > file_size - pos - 4) die("a batch runs past the end of", path);
        b.src[i] = file + pos + 4;
        pos += 4 + b.src_len[i];
        if (b.src_len[i] > b.largest) b.largest = b.src_len[i];
        b.raw_total += b.src_len[i];
    }
    return b;
}

/* Seconds of this thread's CPU time. */
static inline double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

#endif
