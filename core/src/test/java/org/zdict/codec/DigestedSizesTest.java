package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cache's size of a digested dictionary is zstd's own: values printed by {@code ZSTD_sizeof_CDict}
 * and {@code ZSTD_sizeof_DDict} of zstd 1.5.7 ({@code src/test/resources/digested-sizes/sizes.c}, which
 * says how to build it) for every strategy and parameter tier. All 319 cases it prints match.
 */
class DigestedSizesTest {
    @ParameterizedTest(name = "{0}-byte dictionary at level {1}")
    @CsvSource({
        "4096, 1, 84544", // fast, tables shrunk to the dictionary
        "4096, -5, 51776", // negative levels use row 0
        "112640, 3, 520768", // dfast
        "112640, 5, 782912", // greedy with the row match finder: no chain table
        "112640, 19, 1700416", // btultra2
        "200000, 7, 2836352", // the 256 KiB tier
        "1048576, -5, 1096256", // the default tier
        "1048576, 10, 22035008",
        "1048576, 22, 34617920"
    })
    void compressionDictionaryTakesWhatZstdAllocates(int dictionarySize, int level, long bytes) {
        assertEquals(bytes, DigestedSizes.forCompression(dictionarySize, level));
    }

    @ParameterizedTest(name = "{0}-byte dictionary")
    @CsvSource({"1024, 28376", "112640, 139992", "524288, 551640"})
    void decompressionDictionaryTakesWhatZstdAllocates(int dictionarySize, long bytes) {
        assertEquals(bytes, DigestedSizes.forDecompression(dictionarySize));
    }
}
