/* Prints zstd's own sizes of digested dictionaries, for DigestedSizesTest. Build against zstd 1.5.7
 * (zstd-jni's bundled sources, src/main/native), e.g.
 *   gcc -O1 -DZSTD_DISABLE_ASM -I. -Icommon sizes.c common/*.c compress/*.c decompress/*.c -o sizes
 * Lines: "D dictSize estimate actual" and "C dictSize level estimate actual". */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
size_t ZSTD_estimateCDictSize(size_t dictSize, int level);
size_t ZSTD_estimateDDictSize(size_t dictSize, int dlm);
void* ZSTD_createCDict(const void* d, size_t n, int level);
size_t ZSTD_sizeof_CDict(const void* c);
void* ZSTD_createDDict(const void* d, size_t n);
size_t ZSTD_sizeof_DDict(const void* c);
int main(int argc, char** argv){
  size_t sizes[] = {1024, 4096, 16384, 16000, 65536, 112640, 131072, 200000, 262144, 524288, 1<<20};
  for (int s=0; s<11; s++) {
    char* buf = malloc(sizes[s]); for (size_t i=0;i<sizes[s];i++) buf[i]=(char)(rand()); // raw content dict
    void* dd = ZSTD_createDDict(buf, sizes[s]);
    printf("D %zu %zu %zu\n", sizes[s], ZSTD_estimateDDictSize(sizes[s],0), ZSTD_sizeof_DDict(dd));
    for (int l=-5; l<=22; l++) {
      void* cd = ZSTD_createCDict(buf, sizes[s], l);
      printf("C %zu %d %zu %zu\n", sizes[s], l, ZSTD_estimateCDictSize(sizes[s], l), ZSTD_sizeof_CDict(cd));
    }
  }
}
