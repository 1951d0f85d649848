"""The registry topic's records (docs/REGISTRY.md) applied in offset order, without Kafka: what a reader keeps.

Keys are ``state`` and ``dict/VERSION/WRITER``. The first valid claim of a version wins; a claim whose
bytes do not match its SHA-256, names another version than its key, or cannot be read is skipped, and
so are tombstones, unknown keys and records over 8 MiB. A ``state`` record is taken when it follows the
one in force (``sequence`` one more, or for records without sequence numbers ``basedOn`` the offset of
the one in force); the first one read is taken as it is.
"""

import base64
import hashlib
import json
from typing import NamedTuple, Optional

from .registry import DEFAULT_SUBJECT, DictionaryInfo, VersionTable

MAX_VALUE_BYTES = 8 << 20
MAX_KEY_LENGTH = 200


class _State(NamedTuple):
    record: dict
    offset: int


def version_of(key):
    """The version a ``dict/VERSION/WRITER`` key names, or None for any other key."""
    if key is None or len(key) > MAX_KEY_LENGTH or not key.startswith("dict/"):
        return None
    parts = key.split("/", 2)
    if len(parts) < 3 or not parts[1].isdigit():
        return None
    version = int(parts[1])
    return version if 0 < version <= 2**31 - 1 else None


class TopicLog:
    def __init__(self):
        self._claims = {}  # version -> (DictionaryInfo with status available, content)
        self._state: Optional[_State] = None
        self.skipped = []  # (offset, key, why)
        self.table = VersionTable({}, {})

    def content(self, version):
        claim = self._claims.get(version)
        return None if claim is None or version not in self.table.versions else claim[1]

    def apply(self, offset, key, value):
        """Applies one record; ``key`` is text (or None), ``value`` bytes (or None for a tombstone)."""
        if value is not None and len(value) > MAX_VALUE_BYTES:
            return self._skip(offset, key, "too large")
        if value is None:
            return self._skip(offset, key, "a tombstone")
        if key == "state":
            return self._apply_state(offset, key, value)
        version = version_of(key)
        if version is None:
            return self._skip(offset, key, "unknown key")
        return self._apply_claim(offset, key, version, value)

    def _apply_claim(self, offset, key, version, value):
        try:
            record = json.loads(value)
            content = base64.b64decode(record["content"], validate=True)
            info = DictionaryInfo(
                version=int(record["version"]),
                subject=str(record.get("subject", DEFAULT_SUBJECT)),
                status="available",
                sha256=str(record["sha256"]),
                size=len(content),
                level=int(record.get("level", 0)),
                metadata={str(k): str(v) for k, v in record.get("metadata", {}).items()},
            )
            str(record["createdAt"])
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            return self._skip(offset, key, f"unreadable: {e}")
        if info.version != version:
            return self._skip(offset, key, f"it holds version {info.version} under its key")
        if hashlib.sha256(content).hexdigest() != info.sha256.lower():
            return self._skip(offset, key, "its bytes do not match its SHA-256")
        if version in self._claims:
            return self._skip(offset, key, f"version {version} was claimed first by another record")
        self._claims[version] = (info, content)
        self._rebuild()

    def _apply_state(self, offset, key, value):
        try:
            record = json.loads(value)
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except ValueError as e:
            return self._skip(offset, key, f"unreadable: {e}")
        if self._state is not None and not _replaces(self._state, record):
            return self._skip(offset, key, "it does not follow the state record in force")
        self._state = _State(record, offset)
        self._rebuild()

    def _skip(self, offset, key, why):
        self.skipped.append((offset, key, why))

    def _rebuild(self):
        state = self._state.record if self._state else {}
        removed = set(state.get("removed", []))
        retired = set(state.get("retired", []))
        active = {}
        if state.get("active", 0) > 0:
            active[DEFAULT_SUBJECT] = state["active"]
        active.update(state.get("activeBySubject", {}))
        versions = {}
        actives = {}
        for version, (info, _) in self._claims.items():
            if version in removed:
                continue
            if active.get(info.subject) == version:
                info = info._replace(status="active")
                actives[info.subject] = version
            elif version in retired:
                info = info._replace(status="retired")
            versions[version] = info
        self.table = VersionTable(versions, actives)


def _replaces(current, record):
    sequence = current.record.get("sequence", -1)
    following = record.get("sequence", -1)
    if sequence >= 0 and following >= 0:
        return following == sequence + 1
    return record.get("basedOn", -1) == current.offset
