"""Serializer and deserializer on confluent_kafka.serialization's interfaces.

As the Java serde: checksums off (Kafka's record batch CRC covers values), null stays null.
"""

from confluent_kafka.serialization import Deserializer, Serializer

from .codec import Codec


class ZdictSerializer(Serializer):
    """Bytes (or str, UTF-8) to a zdict payload with the subject's active version, or with the version its
    dictionary set gives the event. A ``header:NAME`` rule reads the record's headers from ``ctx.headers``
    where the client passes them (confluent-kafka 2.x), else ``headers``; without them it writes with the
    set's fallback."""

    def __init__(self, registry, subject="default", **codec_options):
        codec_options.setdefault("checksum", False)
        self.codec = Codec(registry, subject=subject, **codec_options)

    def __call__(self, obj, ctx=None, headers=None):
        if obj is None:
            return None
        if headers is None:
            headers = getattr(ctx, "headers", None)
        return self.codec.compress(obj.encode("utf-8") if isinstance(obj, str) else obj, headers=headers)


class ZdictDeserializer(Deserializer):
    """A zdict payload back to bytes, whatever version wrote it."""

    def __init__(self, registry, **codec_options):
        codec_options.setdefault("checksum", False)
        self.codec = Codec(registry, **codec_options)

    def __call__(self, value, ctx=None):
        if value is None:
            return None
        return self.codec.decompress(value)
