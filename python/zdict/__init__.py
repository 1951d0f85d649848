"""zdict for Python: reads and writes zdict payloads (zstd frames and LZ4 blocks with versioned dictionaries)."""

from .codec import Codec
from .errors import (
    CorruptDictionaryError,
    CorruptPayloadError,
    DictionaryMismatchError,
    PayloadTooLargeError,
    RegistryError,
    TruncatedPayloadError,
    UncheckedPayloadError,
    UnknownDictionaryVersionError,
    ZdictError,
)
from .registry import DictionaryInfo, FolderRegistry, open_registry

__all__ = [
    "Codec",
    "CorruptDictionaryError",
    "CorruptPayloadError",
    "DictionaryInfo",
    "DictionaryMismatchError",
    "FolderRegistry",
    "PayloadTooLargeError",
    "RegistryError",
    "TruncatedPayloadError",
    "UncheckedPayloadError",
    "UnknownDictionaryVersionError",
    "ZdictError",
    "open_registry",
]
__version__ = "0.1.0"
