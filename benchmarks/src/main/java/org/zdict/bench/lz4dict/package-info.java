/**
 * LZ4 blocks against an external dictionary, pure Java, built to measure whether zdict should offer
 * them as an opt-in payload kind (issue 25; docs/BENCHMARKS.md section 6). Not product code: nothing
 * outside the benchmarks module uses it.
 *
 * <ul>
 *   <li>{@link org.zdict.bench.lz4dict.Lz4Dictionary}: the last 64 KiB of a dictionary and its match
 *       tables, built once, shared by every thread;
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictCompressor}: fast and hash-chain searches, one per thread;
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictDecompressor}: the bounds-checked decoder ({@link
 *       org.zdict.bench.lz4dict.Lz4DictException} with an offset for corrupt input);
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictCodec} and {@link org.zdict.bench.lz4dict.Lz4DictSerde}: the
 *       payload measured, as a {@code BlockCodec} and as a Kafka serializer and deserializer;
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictCrossCheck} and {@link org.zdict.bench.lz4dict.Lz4DictLoop}:
 *       the cross-check against liblz4 and the side-by-side measurement ({@code run-lz4dict-compare.sh}).
 * </ul>
 */
package org.zdict.bench.lz4dict;
