"""The exceptions of zdict, one class per reason, as the Java library names them (``…Exception`` there)."""


class ZdictError(Exception):
    """Base class of every zdict error."""


class CorruptPayloadError(ZdictError):
    """The payload is not a valid zdict payload; ``offset`` is where in the payload the problem lies."""

    def __init__(self, offset, reason):
        super().__init__(f"{reason} (at payload offset {offset})")
        self.offset = offset
        self.reason = reason


class TruncatedPayloadError(CorruptPayloadError):
    """The payload ends before its prefix, header, frame or block does (or a frame is followed by bytes)."""


class UncheckedPayloadError(CorruptPayloadError):
    """Checksums are required and the payload carries none (stored, or a frame or block without one)."""


class DictionaryMismatchError(CorruptPayloadError):
    """The payload was written with another dictionary than the registry's version of that number."""

    def __init__(self, offset, version, reason):
        super().__init__(offset, reason)
        self.version = version


class PayloadTooLargeError(ZdictError):
    """The payload declares, or expands to, more bytes than the codec's limit."""

    def __init__(self, reason, limit):
        super().__init__(f"{reason}; the limit is {limit} bytes")
        self.limit = limit


class UnknownDictionaryVersionError(ZdictError):
    """The registry does not hold the version a payload names (or a caller asks for)."""

    def __init__(self, version, registry):
        super().__init__(f"Unknown dictionary version {version} in {registry}")
        self.version = version


class CorruptDictionaryError(ZdictError):
    """A dictionary's stored bytes do not match its record (size or SHA-256)."""

    def __init__(self, version, reason):
        super().__init__(f"Dictionary version {version} cannot be trusted: {reason}")
        self.version = version


class RegistryError(ZdictError):
    """A registry cannot be opened or read (a missing folder, an unreadable manifest, a bad location)."""
