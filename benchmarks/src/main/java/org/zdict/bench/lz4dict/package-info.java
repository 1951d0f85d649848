/**
 * The measurement of LZ4 blocks against an external dictionary (docs/BENCHMARKS.md section 6), over
 * core's decoder and compressor ({@code org.zdict.internal.lz4}).
 *
 * <ul>
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictCodec} and {@link org.zdict.bench.lz4dict.Lz4DictSerde}: the
 *       payload measured, as a {@code BlockCodec} and as a Kafka serializer and deserializer, with every
 *       search mode ({@link org.zdict.bench.lz4dict.Lz4DictModes});
 *   <li>{@link org.zdict.bench.lz4dict.Lz4DictCrossCheck} and {@link org.zdict.bench.lz4dict.Lz4DictLoop}:
 *       the cross-check against liblz4 and the side-by-side measurement ({@code run-lz4dict-compare.sh}).
 * </ul>
 */
package org.zdict.bench.lz4dict;
