"""Reading and writing the parts of a payload that are not zstd's or LZ4's own: docs/FORMAT.md."""

from typing import NamedTuple

from .errors import CorruptPayloadError, TruncatedPayloadError

LZ4_BLOCK = 0xD0
DICTIONARY_FRAME = 0xD1
PLAIN_FRAME = 0xD2
STORED = 0xD3
MAX_VERSION = 2**31 - 1
MAX_CONTENT_SIZE = 2**31 - 1
MAX_VARINT_BYTES = 5
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_EXPECTED = "expected a zdict format-1 marker 0xD0, 0xD1, 0xD2 or 0xD3"


class Prefix(NamedTuple):
    marker: int
    version: int  # 0 for the kinds without one (D2, D3)
    length: int

    def describe(self):
        if self.marker == DICTIONARY_FRAME:
            return f" (dictionary version {self.version})"
        if self.marker == LZ4_BLOCK:
            return f" (dictionary version {self.version}, LZ4)"
        return " (zstd without dictionary)" if self.marker == PLAIN_FRAME else " (stored)"


def write_varint(value):
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def read_varint(data, start, what):
    """(value, end) of the canonical LEB128 varint at ``data[start:]``, at most 5 bytes."""
    value = 0
    for i in range(MAX_VARINT_BYTES):
        if start + i >= len(data):
            raise TruncatedPayloadError(start + i, f"Truncated payload: the {what} varint ends after {i} byte(s)")
        b = data[start + i]
        value |= (b & 0x7F) << (7 * i)
        if not b & 0x80:
            if b == 0 and i > 0:
                raise CorruptPayloadError(start + i, f"Non-canonical {what} varint (a redundant zero byte)")
            return value, start + i + 1
    raise CorruptPayloadError(start, f"The {what} varint is longer than {MAX_VARINT_BYTES} bytes")


def write_prefix(marker, version=0):
    return bytes([marker]) + write_varint(version) if marker in (LZ4_BLOCK, DICTIONARY_FRAME) else bytes([marker])


def read_prefix(payload):
    if not payload:
        raise TruncatedPayloadError(0, "Truncated payload: empty, expected a zdict marker byte")
    marker = payload[0]
    if marker == PLAIN_FRAME or marker == STORED:
        return Prefix(marker, 0, 1)
    if marker != DICTIONARY_FRAME and marker != LZ4_BLOCK:
        raise CorruptPayloadError(0, _unknown_marker(payload))
    version, end = read_varint(payload, 1, "dictionary version")
    if version == 0 or version > MAX_VERSION:
        raise CorruptPayloadError(1, f"Invalid dictionary version {version}: versions are 1..{MAX_VERSION}")
    return Prefix(marker, version, end)


def _unknown_marker(payload):
    marker = payload[0]
    if marker & 0xF0 == 0xD0:
        return f"Unsupported zdict marker 0x{marker:02X} (another format version or a reserved kind); {_EXPECTED}"
    if payload[:4] == ZSTD_MAGIC:
        return f"Not a zdict payload: it is a bare zstd frame (magic 28 B5 2F FD) without a zdict prefix; {_EXPECTED}"
    return f"Not a zdict payload: unknown marker byte 0x{marker:02X}; {_EXPECTED}"
