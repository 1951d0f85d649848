"""The LZ4 block after a D0 prefix (docs/FORMAT.md): header, block, optional CRC-32C of the content.

python-lz4 takes ``uncompressed_size`` as a maximum, so a block that decodes short would pass: the
decoded length is compared with the declared size here.
"""

import lz4.block

from .errors import CorruptPayloadError, DictionaryMismatchError, TruncatedPayloadError, UncheckedPayloadError
from .wire import MAX_CONTENT_SIZE, read_varint, write_varint

try:
    from crc32c import crc32c
except ImportError:  # the pure-Python fallback: correct, slower
    _TABLE = []
    for _n in range(256):
        _c = _n
        for _ in range(8):
            _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
        _TABLE.append(_c)

    def crc32c(data):
        crc = 0xFFFFFFFF
        for b in data:
            crc = _TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
        return crc ^ 0xFFFFFFFF

WINDOW = 65536  # an LZ4 block sees the last min(65,536, size) bytes of the dictionary file
CHECKSUM_LENGTH = 4


def window(dictionary):
    return dictionary[-WINDOW:]


def dictionary_check(window_bytes):
    return crc32c(window_bytes) & 0xFFFF


class BlockHeader:
    __slots__ = ("length", "content_size", "checksum", "dictionary_check")

    def __init__(self, body, offset):
        """Parses the header at the start of ``body`` (the bytes after the prefix, at payload offset ``offset``)."""
        value, end = read_varint(body, 0, "LZ4 block header's size")
        size = value >> 1
        if size > MAX_CONTENT_SIZE:
            raise CorruptPayloadError(offset, f"Corrupt LZ4 block header: it declares {size} bytes, more than one payload holds")
        if end + 2 > len(body):
            raise TruncatedPayloadError(offset + end, "Truncated payload: the LZ4 block header ends inside its dictionary check")
        self.length = end + 2
        self.content_size = size
        self.checksum = bool(value & 1)
        self.dictionary_check = body[end] | body[end + 1] << 8

    def require_checksum(self, prefix):
        if not self.checksum:
            raise UncheckedPayloadError(
                prefix.length,
                f"Unchecked payload: its LZ4 block{prefix.describe()} carries no content checksum, and this codec requires one",
            )


def decode(body, header, prefix, window_bytes, check):
    offset = prefix.length
    block_start = offset + header.length
    block_end = len(body) - (CHECKSUM_LENGTH if header.checksum else 0)
    if block_end - header.length < 1:
        raise TruncatedPayloadError(block_start, f"Truncated payload{prefix.describe()}: it ends before its LZ4 block")
    if header.dictionary_check != check:
        raise DictionaryMismatchError(
            block_start - 2,
            prefix.version,
            f"Wrong dictionary: the payload was written with another dictionary than version {prefix.version} of this"
            f" registry (its LZ4 dictionary check is {header.dictionary_check:04x}, this version's is {check:04x})",
        )
    size = header.content_size
    block = body[header.length:block_end]
    if size == 0:
        # One token without literals ends the block: 00 (any match-length nibble, since no match follows).
        data = b"" if len(block) == 1 and block[0] < 0x10 else None
    else:
        try:
            data = lz4.block.decompress(block, uncompressed_size=size, dict=window_bytes)
        except lz4.block.LZ4BlockError:
            data = None
    if data is None or len(data) != size:
        raise CorruptPayloadError(
            block_start, f"Corrupt LZ4 block{prefix.describe()}: it does not decode to exactly the {size} bytes it declares"
        )
    if header.checksum:
        written = int.from_bytes(body[block_end:], "little")
        if written != crc32c(data):
            raise CorruptPayloadError(
                offset + block_end, f"Corrupt payload{prefix.describe()}: the content checksum does not match"
            )
    return data


def encode(data, window_bytes, check, checksum):
    """The body after the prefix: header, block, and the CRC-32C when ``checksum``."""
    block = lz4.block.compress(data, mode="high_compression", store_size=False, dict=window_bytes) if data else b"\x00"
    body = write_varint(len(data) * 2 + (1 if checksum else 0)) + check.to_bytes(2, "little") + block
    return body + crc32c(data).to_bytes(4, "little") if checksum else body
