"""Registries: where the codec finds a version's dictionary and each subject's active version."""

import hashlib
import json
import os
import time
from typing import Dict, NamedTuple, Optional

from .errors import CorruptDictionaryError, RegistryError, UnknownDictionaryVersionError
from .routing import RoutingRule, StoredSet, check_set

DEFAULT_SUBJECT = "default"
CODEC_KEY = "zdict.codec"


class DictionaryInfo(NamedTuple):
    """One version's record. ``status`` is active, available or retired; ``codec`` zstd or lz4."""

    version: int
    subject: str
    status: str
    sha256: str
    size: int
    level: int
    metadata: Dict[str, str]

    @property
    def codec(self):
        return self.metadata.get(CODEC_KEY, "zstd")


def file_name(version):
    """The dictionary file of ``version``: v000001.dict … v999999.dict, then v1000000.dict and up."""
    return f"v{version:06d}.dict"


class Registry:
    """What a codec needs of a registry; FolderRegistry and the kafka:// registry implement it."""

    def info(self, version) -> Optional[DictionaryInfo]:
        raise NotImplementedError

    def content(self, version) -> bytes:
        raise NotImplementedError

    def active_version(self, subject=DEFAULT_SUBJECT) -> Optional[int]:
        raise NotImplementedError

    def active_set(self, subject=DEFAULT_SUBJECT):
        """The subject's DictionarySet if its active state is one (docs/FORMAT.md), else None."""
        return None

    def subjects(self):
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class VersionTable(NamedTuple):
    versions: Dict[int, DictionaryInfo]
    active: Dict[str, int]
    sets: Dict[str, object] = {}  # subject -> its DictionarySet


def with_sets(table, stored_sets, where):
    """``table`` with the sets of ``stored_sets`` (subject -> StoredSet), each falling back to its
    subject's active version; raises RegistryError naming the subject of a set that breaks the rules."""
    sets = {}
    for subject, stored in sorted(stored_sets.items()):
        try:
            sets[subject] = stored.with_fallback(subject, table.active.get(subject))
            check_set(subject, sets[subject], table.versions)
        except ValueError as e:
            raise RegistryError(f"{where}: {e}") from e
    return table._replace(sets=sets)


def table_of(records, active_by_subject, where):
    """The versions and active versions of ``records`` (DictionaryInfo) and an activeBySubject map."""
    versions = {}
    active = {}
    for info in records:
        if info.version in versions:
            raise RegistryError(f"{where} lists version {info.version} twice")
        if info.status == "active":
            if info.subject != DEFAULT_SUBJECT:
                raise RegistryError(f"{where}: version {info.version} of subject '{info.subject}' has status active;"
                                    " other subjects name their active version in activeBySubject")
            active[DEFAULT_SUBJECT] = info.version
        versions[info.version] = info
    for subject, version in active_by_subject.items():
        info = versions.get(version)
        if info is None or info.subject != subject or info.status != "available":
            raise RegistryError(f"{where}: activeBySubject names version {version} for '{subject}', which is not an"
                                " available version of that subject")
        versions[version] = info._replace(status="active")
        active[subject] = version
    return VersionTable(versions, active)


class FolderRegistry(Registry):
    """A registry folder (docs/FORMAT.md): manifest.json and one vNNNNNN.dict file per version.

    Read only: it takes no lock (writers replace files atomically). The manifest is read again when a
    version is asked for that it does not list, and at most once a ``refresh_seconds`` for the active
    versions, so a version published by another process is seen without a restart.
    """

    def __init__(self, path, refresh_seconds=1.0):
        self.path = os.fspath(path)
        self._refresh_seconds = refresh_seconds
        self._manifest = os.path.join(self.path, "manifest.json")
        if not os.path.isfile(self._manifest):
            raise RegistryError(f"No zdict registry at {self.path}: {self._manifest} does not exist")
        self._stamp = None
        self._checked_at = 0.0
        self._table = VersionTable({}, {})
        self._reload()

    def describe(self):
        return f"registry folder {self.path}"

    def info(self, version):
        info = self._table.versions.get(version)
        if info is None:
            self._reload()
            info = self._table.versions.get(version)
        return info

    def content(self, version):
        info = self.info(version)
        if info is None:
            raise UnknownDictionaryVersionError(version, self.describe())
        path = os.path.join(self.path, file_name(version))
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise CorruptDictionaryError(version, f"cannot read {path}: {e.strerror}") from e
        digest = hashlib.sha256(data).hexdigest()
        if len(data) != info.size or digest != info.sha256.lower():
            raise CorruptDictionaryError(version, f"file {path} has {len(data)} bytes with SHA-256 {digest}, but the"
                                                  f" manifest records {info.size} bytes with SHA-256 {info.sha256}")
        return data

    def active_version(self, subject=DEFAULT_SUBJECT):
        if time.monotonic() - self._checked_at >= self._refresh_seconds:
            self._reload()
        return self._table.active.get(subject)

    def active_set(self, subject=DEFAULT_SUBJECT):
        if time.monotonic() - self._checked_at >= self._refresh_seconds:
            self._reload()
        return self._table.sets.get(subject)

    def subjects(self):
        return sorted({info.subject for info in self._table.versions.values()})

    def versions(self):
        return dict(self._table.versions)

    def _reload(self):
        self._checked_at = time.monotonic()
        try:
            stat = os.stat(self._manifest)
            stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
            if stamp == self._stamp:
                return
            with open(self._manifest, "rb") as f:
                manifest = json.loads(f.read(), object_pairs_hook=_object)
        except (OSError, ValueError) as e:
            raise RegistryError(f"Cannot read {self._manifest}: {e}") from e
        self._table = _read_manifest(manifest, self._manifest)
        self._stamp = stamp


def _read_manifest(manifest, where):
    if not isinstance(manifest, dict) or manifest.get("format") != 1:
        raise RegistryError(f"{where}: unsupported manifest format {manifest.get('format') if isinstance(manifest, dict) else None}, expected 1")
    if not isinstance(manifest.get("nextVersion"), int) or manifest["nextVersion"] < 1:
        raise RegistryError(f"{where}: missing or invalid 'nextVersion'")
    records = []
    for entry in manifest.get("dictionaries", []):
        try:
            records.append(DictionaryInfo(
                version=_positive(entry["version"]),
                subject=entry.get("subject", DEFAULT_SUBJECT),
                status=_status(entry["status"]),
                sha256=str(entry["sha256"]),
                size=int(entry["size"]),
                level=int(entry.get("level", 0)),
                metadata={str(k): str(v) for k, v in entry.get("metadata", {}).items()},
            ))
            str(entry["createdAt"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise RegistryError(f"{where}: incomplete dictionary record {entry!r} (needs version, size, sha256, status,"
                                f" createdAt): {e}") from e
    table = table_of(records, manifest.get("activeBySubject", {}), where)
    return with_sets(table, _read_sets(manifest.get("setsBySubject", {}), where), where)


class _Duplicates(dict):
    """A JSON object that names a key twice: ``duplicates`` lists those keys, the last value kept."""

    duplicates = ()


def _object(pairs):
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen = set()
    marked = _Duplicates(result)
    marked.duplicates = sorted({k for k, _ in pairs if k in seen or seen.add(k)})
    return marked


def _read_sets(sets, where):
    """The ``setsBySubject`` object: subject -> StoredSet; raises RegistryError naming the subject."""
    if not isinstance(sets, dict):
        raise RegistryError(f"{where}: 'setsBySubject' is not an object")
    stored = {}
    for subject, entry in sets.items():
        what = f"{where}: the dictionary set of subject '{subject}'"
        if not isinstance(entry, dict):
            raise RegistryError(f"{what} is not an object")
        if "rule" not in entry or "members" not in entry:
            raise RegistryError(f"{what} lacks its {'rule' if 'rule' not in entry else 'members'}")
        members = entry["members"]
        if not isinstance(members, dict):
            raise RegistryError(f"{what}: 'members' is not an object")
        if isinstance(members, _Duplicates):
            raise RegistryError(f"{what} names kind '{members.duplicates[0]}' twice")
        for kind, version in members.items():
            if not isinstance(version, int) or isinstance(version, bool):
                raise RegistryError(f"{what}: kind '{kind}' names no version: {version!r}")
        try:
            rule = RoutingRule.parse(entry["rule"])
        except ValueError as e:
            raise RegistryError(f"{what}: {e}") from e
        stored[subject] = StoredSet(rule, dict(members))
    return stored


def _positive(value):
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"version {value!r} is not a positive integer")
    return value


def _status(value):
    if value not in ("active", "available", "retired"):
        raise ValueError(f"unknown status {value!r}")
    return value


def open_registry(location, config=None):
    """A registry folder's path, or ``kafka://HOST:PORT[,HOST:PORT…]/TOPIC`` with confluent-kafka ``config``."""
    location = os.fspath(location)
    if location.startswith("kafka://"):
        from .kafka_registry import KafkaRegistry  # needs confluent-kafka

        return KafkaRegistry.open(location, config or {})
    if "://" in location and not location.startswith("file://"):
        raise RegistryError(f"Unsupported registry location {location}: expected a folder or kafka://HOST:PORT/TOPIC")
    return FolderRegistry(location[len("file://"):] if location.startswith("file://") else location)
