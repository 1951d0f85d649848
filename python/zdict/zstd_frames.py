"""The zstd frame after a D1 or D2 prefix: checked in Python, decoded by python-zstandard.

python-zstandard's ``ZstdDecompressor.decompress()`` ignores bytes after the first frame and returns
``b""`` for a frame declaring content size 0 without decoding it (so without checking its checksum):
the frame's extent is found here by walking its block headers, and empty frames are decoded by a
decompression object, which checks the checksum.
"""

import zstandard

from .errors import CorruptPayloadError, DictionaryMismatchError, PayloadTooLargeError, TruncatedPayloadError
from .wire import DICTIONARY_FRAME, ZSTD_MAGIC

UNKNOWN_SIZE = -1
_DICTIONARY_ID_BYTES = (0, 1, 2, 4)
_CONTENT_SIZE_BYTES = (0, 2, 4, 8)


SMALL_FRAME_MAX_SIZE = 65535 + 256  # the most a content size field of 1 or 2 bytes declares


def _small_frame_layouts():
    """For each descriptor byte of a frame that declares its content size in a field of 1 or 2 bytes (so
    at most SMALL_FRAME_MAX_SIZE): (header length, bytes of checksum at its end). None for the others."""
    table = [None] * 256
    for descriptor in range(256):
        single_segment = descriptor & 0x20
        size_flag = descriptor >> 6
        if descriptor & 0x08 or size_flag > 1 or (size_flag == 0 and not single_segment):
            continue
        length = 5 + (0 if single_segment else 1) + _DICTIONARY_ID_BYTES[descriptor & 3] + size_flag + 1
        table[descriptor] = (length, 4 if descriptor & 0x04 else 0)
    return tuple(table)


SMALL_FRAME_LAYOUTS = _small_frame_layouts()


class FrameHeader:
    __slots__ = ("length", "content_size", "checksum")

    def __init__(self, frame, offset):
        """Parses the header of ``frame``, which starts at payload offset ``offset``."""
        if frame[:4] != ZSTD_MAGIC:
            if len(frame) < 4:
                raise TruncatedPayloadError(offset, f"Truncated payload: {len(frame)} byte(s) where a zstd frame should start")
            raise CorruptPayloadError(offset, "Expected the zstd magic number 28 B5 2F FD, found " + frame[:4].hex(" ").upper())
        if len(frame) <= 4:
            raise TruncatedPayloadError(offset + 4, "Truncated payload: the zstd frame header is cut short")
        descriptor = frame[4]
        if descriptor & 0x08:
            raise CorruptPayloadError(offset + 4, "Corrupt zstd frame header: the reserved bit of the descriptor is set")
        single_segment = descriptor & 0x20
        size_flag = descriptor >> 6
        size_bytes = 1 if size_flag == 0 and single_segment else _CONTENT_SIZE_BYTES[size_flag]
        self.length = 5 + (0 if single_segment else 1) + _DICTIONARY_ID_BYTES[descriptor & 3] + size_bytes
        if len(frame) < self.length:
            raise TruncatedPayloadError(offset + len(frame), "Truncated payload: the zstd frame header is cut short")
        if size_bytes == 0:
            self.content_size = UNKNOWN_SIZE
        else:
            size = int.from_bytes(frame[self.length - size_bytes:self.length], "little")
            self.content_size = size + 256 if size_bytes == 2 else size
        self.checksum = bool(descriptor & 0x04)


def check_extent(frame, header, offset, describe):
    """Refuses a frame whose blocks end after, or before, the end of ``frame``."""
    position = header.length
    end = len(frame)
    while True:
        if position + 3 > end:
            raise _truncated(offset, describe)
        block = frame[position] | frame[position + 1] << 8 | frame[position + 2] << 16
        kind = (block >> 1) & 3
        if kind == 3:
            raise CorruptPayloadError(offset + position, f"Corrupt zstd frame{describe}: a block of the reserved type")
        position += 3 + (1 if kind == 1 else block >> 3)
        if block & 1:
            break
    if header.checksum:
        position += 4
    if position != end:
        raise _truncated(offset, describe)


def _truncated(offset, describe):
    return TruncatedPayloadError(
        offset, f"Corrupt zstd frame{describe}: cut short, or followed by other bytes (its blocks do not end where the payload ends)"
    )


def decode(decompressor, frame, header, prefix, limit):
    """The frame decoded: exactly its declared size, or for a frame without one at most ``limit`` bytes."""
    try:
        if header.content_size > 0:
            return decompressor.decompress(frame)
        if header.content_size == 0:
            decoder = decompressor.decompressobj()
            data = decoder.decompress(frame)
            if data or not decoder.eof:
                raise CorruptPayloadError(prefix.length, f"Corrupt zstd frame{prefix.describe()}: it declares 0 bytes but decodes to more")
            return data
        with decompressor.stream_reader(frame) as reader:
            data = reader.read(limit + 1)
        if len(data) > limit:
            raise PayloadTooLargeError(f"Payload{prefix.describe()} declares no size and expands past the limit", limit)
        return data
    except zstandard.ZstdError as e:
        raise _refused(prefix, e) from e


def _refused(prefix, error):
    message = str(error)
    if prefix.marker == DICTIONARY_FRAME and "Dictionary mismatch" in message:
        return DictionaryMismatchError(
            prefix.length,
            prefix.version,
            f"Wrong dictionary: the payload was written with another dictionary than version {prefix.version} of this"
            " registry (its zstd frame names another dictionary id)",
        )
    hint = ""
    if prefix.marker == DICTIONARY_FRAME:
        hint = (f"; if every payload fails like this, version {prefix.version} of this registry is probably not the"
                " dictionary they were written with")
    return CorruptPayloadError(prefix.length, f"Corrupt zstd frame{prefix.describe()}: {message}{hint}")
