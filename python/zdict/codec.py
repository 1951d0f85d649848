"""The codec: compresses with a registry's active version and decompresses any payload by its prefix."""

import zstandard
from zstandard import ZstdError

from . import lz4_blocks, zstd_frames
from .dictionary_cache import DEFAULT_DICTIONARY_CACHE_BYTES, DictionaryCache, compress_cost, decompress_cost
from .errors import PayloadTooLargeError, UncheckedPayloadError, UnknownDictionaryVersionError
from .registry import DEFAULT_SUBJECT
from .wire import DICTIONARY_FRAME, LZ4_BLOCK, PLAIN_FRAME, STORED, read_prefix, write_prefix
from .zstd_frames import SMALL_FRAME_LAYOUTS, SMALL_FRAME_MAX_SIZE

DEFAULT_MAX_DECOMPRESSED_SIZE = 64 << 20
DEFAULT_LEVEL = 3


class Codec:
    """The Java ``ZdictCodec``'s defaults: checksums written and required, a 64 MiB decompression limit.

    ``checksum=False`` writes no checksum and accepts payloads without one (Kafka record values, which
    Kafka's batch CRC covers); ``accept_unchecked=True`` keeps writing checksums but decodes payloads
    without one. ``subject`` names whose active version, or dictionary set, ``compress()`` uses.
    Dictionaries are digested once per version and kept in ``dictionaries``, a DictionaryCache of at most
    ``dictionary_cache_bytes`` (256 MiB, as the Java codec's default). Not thread-safe: one per thread.
    """

    def __init__(self, registry, *, subject=DEFAULT_SUBJECT, checksum=True, accept_unchecked=False,
                 max_decompressed_size=DEFAULT_MAX_DECOMPRESSED_SIZE,
                 dictionary_cache_bytes=DEFAULT_DICTIONARY_CACHE_BYTES):
        if max_decompressed_size < 0:
            raise ValueError(f"max_decompressed_size must not be negative, got {max_decompressed_size}")
        self.registry = registry
        self.subject = subject
        self.checksum = checksum
        self.accept_unchecked = accept_unchecked or not checksum
        self.max_decompressed_size = max_decompressed_size
        self.dictionaries = DictionaryCache(dictionary_cache_bytes, on_evict=self._forget)
        self._plain_compressor = None
        self._plain_decompressor = zstandard.ZstdDecompressor()
        # The first 7 bytes (marker, a version below 128, zstd magic, frame descriptor) of D1 payloads decoded
        # before whose frames declare at most SMALL_FRAME_MAX_SIZE bytes (none if the limit is lower) -> (the
        # version's decompress, where the frame's first block header is, where that block ends + checksum).
        self._fast = {}
        self._small_frames_fit = max_decompressed_size >= SMALL_FRAME_MAX_SIZE

    def decompress(self, payload):
        """The original bytes of ``payload`` (bytes-like); raises a ZdictError subclass naming the reason."""
        # The common case, checked inline in as few steps as CPython allows: a payload that starts like one
        # decoded before, whose frame is one last raw or compressed block ending exactly where the payload
        # ends. Its header passed every check then (checksum flag, size limit), and zstd checks the rest. An
        # empty result goes to the general path too, since python-zstandard returns b"" for any frame that
        # declares 0 bytes without decoding it. Anything else, and any failure, takes the general path,
        # which reports it: a key it never saw (KeyError), a short payload (IndexError), a bytearray or
        # writable memoryview (unhashable: TypeError, ValueError), which it copies into bytes.
        try:
            decompress, block_at, end = self._fast[payload[:7]]
            block = payload[block_at] | payload[block_at + 1] << 8 | payload[block_at + 2] << 16
        except (KeyError, IndexError, TypeError, ValueError):
            return self._decompress(payload)
        if block | 4 == (len(payload) - end) << 3 | 5:  # last block (bit 0), raw or compressed (bit 1 clear), its size
            try:
                data = decompress(payload[2:])
            except ZstdError:
                data = None
            if data:
                return data
        return self._decompress(payload)

    def _decompress(self, payload):
        if type(payload) is not bytes:
            payload = bytes(payload)
        prefix = read_prefix(payload)
        marker = prefix.marker
        body = payload[prefix.length:]
        if marker == LZ4_BLOCK:
            header = lz4_blocks.BlockHeader(body, prefix.length)
            if not self.accept_unchecked:
                header.require_checksum(prefix)
            self._check_limit(header.content_size, prefix)
            window, check = self._window(prefix.version)
            return lz4_blocks.decode(body, header, prefix, window, check)
        if marker == STORED:
            if not self.accept_unchecked:
                raise UncheckedPayloadError(0, "Unchecked payload: it is stored uncompressed, without a checksum, and"
                                               " this codec requires one (a codec with checksums on never stores)")
            return bytes(body)
        header = zstd_frames.FrameHeader(body, prefix.length)
        if not header.checksum and not self.accept_unchecked:
            raise UncheckedPayloadError(prefix.length, f"Unchecked payload: its zstd frame{prefix.describe()} carries"
                                                       " no content checksum, and this codec requires one")
        self._check_limit(header.content_size, prefix)
        decompressor = self._decompressor(prefix.version) if marker == DICTIONARY_FRAME else self._plain_decompressor
        zstd_frames.check_extent(body, header, prefix.length, prefix.describe())
        data = zstd_frames.decode(decompressor, body, header, prefix, self.max_decompressed_size)
        if marker == DICTIONARY_FRAME and prefix.length == 2 and self._small_frames_fit and len(self._fast) < 4096:
            layout = SMALL_FRAME_LAYOUTS[body[4]]
            if layout is not None:
                header_length, checksum_bytes = layout
                self._fast[bytes(payload[:7])] = (decompressor.decompress, 2 + header_length,
                                                  2 + header_length + 3 + checksum_bytes)
        return data

    def compress(self, data, version=None, headers=None):
        """A payload of ``data`` with ``version``, or else with the version the subject's active state gives
        it: its dictionary set's (by the event's bytes, or under a ``header:NAME`` rule by ``headers``, the
        record's (name, value) pairs in order or a dict), or its active version (no dictionary if none)."""
        data = bytes(data)
        if version is None:
            version = self.version_for(data, headers)
        if version is None:
            payload = write_prefix(PLAIN_FRAME) + self._compressor(None).compress(data)
        elif self._info(version).codec == "lz4":
            window, check = self._window(version)
            payload = write_prefix(LZ4_BLOCK, version) + lz4_blocks.encode(data, window, check, self.checksum)
        else:
            payload = write_prefix(DICTIONARY_FRAME, version) + self._compressor(version).compress(data)
        if not self.checksum and len(payload) >= 1 + len(data):
            return write_prefix(STORED) + data
        return payload

    def version_for(self, data, headers=None):
        """The version ``compress`` writes ``data`` (bytes) with when it is given none, or None for no dictionary."""
        dictionary_set = self.registry.active_set(self.subject)
        if dictionary_set is not None:
            return dictionary_set.version_for_record(data, headers)
        return self.registry.active_version(self.subject)

    def _check_limit(self, size, prefix):
        if size > self.max_decompressed_size:
            raise PayloadTooLargeError(f"Payload{prefix.describe()} declares {size} decompressed bytes",
                                       self.max_decompressed_size)

    def _info(self, version):
        info = self.registry.info(version)
        if info is None:
            raise UnknownDictionaryVersionError(version, self.registry.describe())
        return info

    def _forget(self, kind, version):
        if kind == "zstd-decompress":
            self._fast.clear()  # it holds evicted decompressors too; it refills as payloads come

    def _decompressor(self, version):
        def make():
            content = self.registry.content(version)
            decompressor = zstandard.ZstdDecompressor(dict_data=zstandard.ZstdCompressionDict(content))
            return decompressor, decompress_cost(content)

        return self.dictionaries.get("zstd-decompress", version, make)

    def _compressor(self, version):
        if version is None:
            if self._plain_compressor is None:
                self._plain_compressor = self._new_compressor(DEFAULT_LEVEL, None)
            return self._plain_compressor

        def make():
            level = self._info(version).level or DEFAULT_LEVEL
            content = self.registry.content(version)
            return self._new_compressor(level, zstandard.ZstdCompressionDict(content)), compress_cost(content, level)

        return self.dictionaries.get("zstd-compress", version, make)

    def _new_compressor(self, level, dictionary):
        return zstandard.ZstdCompressor(level=level, dict_data=dictionary, write_checksum=self.checksum,
                                        write_content_size=True, write_dict_id=not self.checksum)

    def _window(self, version):
        def make():
            window = lz4_blocks.window(self.registry.content(version))
            return (window, lz4_blocks.dictionary_check(window)), len(window)

        return self.dictionaries.get("lz4-window", version, make)
