"""The dictionaries one Codec holds, digested for zstd or cut to LZ4 windows, under one byte bound."""

import collections

import zstandard

DEFAULT_DICTIONARY_CACHE_BYTES = 256 << 20  # as the Java codec's zdict.dictionary.cache.bytes
DIGESTED_DECOMPRESS_OVERHEAD = 27 << 10  # zstd's decoding tables beside the dictionary's bytes
EVENT_SIZE_HINT = 4096  # zstd sizes its match tables by the input and the dictionary: a single event


def decompress_cost(dictionary):
    """The memory a digested dictionary for decoding holds: its bytes and zstd's entropy tables."""
    return len(dictionary) + DIGESTED_DECOMPRESS_OVERHEAD


def compress_cost(dictionary, level):
    """An estimate of the memory a digested dictionary for compression holds: zstd's estimate of a
    compression context for a single event with that level and dictionary (its match tables, sized by the
    dictionary and the input), and the dictionary's bytes."""
    parameters = zstandard.ZstdCompressionParameters.from_level(level, source_size=EVENT_SIZE_HINT,
                                                                dict_size=len(dictionary))
    return parameters.estimated_compression_context_size() + len(dictionary)


class DictionaryCache:
    """Entries keyed by (kind, version), each made when first needed and counted at its cost in bytes.

    When the entries pass ``limit_bytes`` the oldest made are dropped first, and made again if needed again
    (a version never changes meaning, so nothing else is ever invalidated); the entry just made is always
    kept, so one larger than the bound still serves. Finding an entry does no bookkeeping, so that the
    codec's record path stays short: the order is the order of making, not of use. ``loads``,
    ``evictions`` and ``held_bytes`` say how it fares: if ``evictions`` keeps growing, raise the bound.
    """

    def __init__(self, limit_bytes=DEFAULT_DICTIONARY_CACHE_BYTES, on_evict=None):
        if limit_bytes < 0:
            raise ValueError(f"dictionary_cache_bytes must not be negative, got {limit_bytes}")
        self.limit_bytes = limit_bytes
        self.held_bytes = 0
        self.loads = 0
        self.evictions = 0
        self._on_evict = on_evict
        self._entries = collections.OrderedDict()  # (kind, version) -> (value, cost), oldest first

    def get(self, kind, version, make):
        """The entry of ``kind`` for ``version``; ``make()`` gives (value, cost in bytes) when there is none."""
        entry = self._entries.get((kind, version))
        if entry is not None:
            return entry[0]
        value, cost = make()
        self._entries[(kind, version)] = (value, cost)
        self.held_bytes += cost
        self.loads += 1
        while self.held_bytes > self.limit_bytes and len(self._entries) > 1:
            (old_kind, old_version), (_, old_cost) = self._entries.popitem(last=False)
            self.held_bytes -= old_cost
            self.evictions += 1
            if self._on_evict is not None:
                self._on_evict(old_kind, old_version)
        return value
