"""The registry topic folded into a table, record by record in offset order, without Kafka.

docs/REGISTRY.md section 5 is normative; this is where the Python reader applies it (Java: kafka-serde's
``RegistryLog``). In short: the first valid claim of a version wins; a ``state`` record counts only if it
replaces the state in force (by ``sequence``, else ``basedOn``), the first one met counts whatever it says;
a state record removes a version only if the state before it had the version retired and, if the version
was ever active, the record's time is at least the remove grace after the first record that showed it
retired. A record's time is the broker's (``LogAppendTime``) where the caller has it, else this reader's
clock as it applies the record. Every record the rules refuse is skipped and counted by reason. This
reader keeps no local copy (section 8), so the rules about one never apply here.
"""

import collections
import hashlib
import logging
import time

from .errors import RegistryError
from .registry import DictionaryInfo, VersionTable, with_sets
from .registry_records import (
    MAX_VALUE_BYTES,
    STATE_KEY,
    StateRecord,
    Unreadable,
    read_dictionary_record,
    read_state_record,
    version_of,
)

DEFAULT_REMOVE_GRACE_MS = 7 * 24 * 3600 * 1000  # Java: zdict.registry.remove.grace.ms
_LOG = logging.getLogger("zdict.registry")


def wall_clock_ms():
    return time.time_ns() // 1_000_000


class TopicLog:
    """What a reader keeps of the topic: ``table`` (the versions and active versions), ``next_version``,
    each version's bytes, and ``refused``, the skipped records counted by reason (``too-large``,
    ``state-tombstone``, ``unknown-key``, ``early-tombstone``, ``unreadable``, ``hash-mismatch``,
    ``version-taken``, ``early-removal``). Not thread-safe; the owner synchronises."""

    def __init__(self, remove_grace_ms=DEFAULT_REMOVE_GRACE_MS, clock=wall_clock_ms):
        self._remove_grace_ms = remove_grace_ms
        self._clock = clock
        self._winners = {}  # version -> the key of the claim that won it
        self._published = {}  # version -> (DictionaryInfo with status available, bytes)
        self._state = StateRecord()
        self._state_offset = -1
        self._ever_active = set()
        self._retired_since = {}  # version -> the time of the first record that showed it retired
        self._max_claimed = 0
        self._time = 0
        self.refused = collections.Counter()
        self.skipped = []  # (offset, key, reason, detail) of every refused record
        self.table = VersionTable({}, {})
        self.next_version = 1

    def content(self, version):
        """The bytes of ``version`` if the table holds it, else None."""
        return self._published[version][1] if version in self.table.versions else None

    def retired_since(self, version):
        """The record time of the first record that showed ``version`` retired, or None if it is not retired."""
        return self._retired_since.get(version)

    def pending_removals(self):
        """Each retired version that was once active -> the time (epoch ms) from which a removal of it applies."""
        return {v: since + self._remove_grace_ms for v, since in sorted(self._retired_since.items())
                if v in self._ever_active}

    def apply(self, offset, key, value, record_time=None):
        """Applies one record: ``key`` text or None, ``value`` bytes or None (a tombstone), ``record_time``
        the broker's time in epoch milliseconds (LogAppendTime) or None for this reader's clock."""
        self._time = record_time if record_time is not None and record_time >= 0 else self._clock()
        if value is not None and len(value) > MAX_VALUE_BYTES:
            return self._refuse("too-large", offset, key, f"{len(value)} bytes")
        if key == STATE_KEY:
            if value is None:
                return self._refuse("state-tombstone", offset, key, "a tombstone")
            return self._apply_state(offset, key, value)
        version = version_of(key)
        if version is None:
            return self._refuse("unknown-key", offset, key, "a tombstone" if value is None else f"{len(value)} bytes")
        if value is None:
            return self._apply_tombstone(offset, key, version)
        return self._apply_claim(offset, key, version, value)

    def _apply_claim(self, offset, key, version, value):
        try:
            record = read_dictionary_record(value)
        except Unreadable as e:
            return self._refuse("unreadable", offset, key, str(e))
        if record.version != version:
            return self._refuse("unreadable", offset, key, f"it holds version {record.version} under its key")
        sha256 = hashlib.sha256(record.content).hexdigest()
        if sha256 != record.sha256:
            return self._refuse("hash-mismatch", offset, key, f"it states SHA-256 {record.sha256}, its bytes have {sha256}")
        if version in self._winners:
            won = self._published.get(version)
            if won is not None and won[0].sha256 == sha256:
                return None  # the same dictionary again
            return self._refuse("version-taken", offset, key, f"version {version} was won by {self._winners[version]}")
        self._winners[version] = key
        self._max_claimed = max(self._max_claimed, version)
        info = DictionaryInfo(version=version, subject=record.subject, status="available", sha256=sha256,
                              size=len(record.content), level=record.level, metadata=record.metadata)
        self._published[version] = (info, record.content)
        self._rebuild()

    def _apply_tombstone(self, offset, key, version):
        if self._winners.get(version) != key:
            return None  # a losing or skipped claim's key: it never counted
        if version not in self._state.removed:
            return self._refuse("early-tombstone", offset, key, f"version {version} is not removed in the state in force")
        self._published.pop(version, None)
        self._rebuild()

    def _apply_state(self, offset, key, value):
        try:
            record = read_state_record(value)
        except Unreadable as e:
            return self._refuse("unreadable", offset, key, str(e))
        if self._state_offset >= 0 and not self._state.replaced_by(record, self._state_offset):
            return None  # a concurrent writer's lost attempt
        kept = sorted(v for v in record.removed - self._state.removed if v in self._published and not self._removable(v))
        if kept:
            record = _without_removal(record, kept, self._state, self._ever_active)
        if record.sets_by_subject:
            try:
                self._table_for(record)
            except RegistryError as e:
                return self._refuse("unreadable", offset, key, str(e))
        if kept:
            self._refuse("early-removal", offset, key, f"it removes versions {kept}, which stay")
        self._state = record
        self._state_offset = offset
        self._ever_active.update(record.ever_active, record.activated_at, record.active_by_subject.values())
        if record.active > 0:
            self._ever_active.add(record.active)
        self._rebuild()

    def _removable(self, version):
        info = self.table.versions.get(version)
        if info is None or info.status != "retired":
            return False
        if version not in self._ever_active:
            return True
        since = self._retired_since.get(version)
        return since is not None and self._time - since >= self._remove_grace_ms

    def _refuse(self, reason, offset, key, detail):
        if not self.refused[reason]:
            _LOG.warning("Skipped registry record at offset %d (key %r), %s: %s (later ones of this reason are"
                         " only counted)", offset, key, reason, detail)
        self.refused[reason] += 1
        self.skipped.append((offset, key, reason, detail))

    def _rebuild(self):
        state = self._state
        try:
            self.table = self._table_for(state)
        except RegistryError as e:
            # Only a claim or tombstone applied after the state record gets here (its sets were checked when
            # it was accepted): the subjects then write every event with their active version.
            _LOG.warning("The dictionary sets of the state in force no longer fit the versions held (%s); every"
                         " event is written with its subject's active version", e)
            self.table = self._table_for(state._replace(sets_by_subject={}))
        versions = self.table.versions
        for version, info in versions.items():
            if info.status == "retired":
                self._retired_since.setdefault(version, self._time)
        for version in [v for v in self._retired_since if v not in versions or versions[v].status != "retired"]:
            del self._retired_since[version]
        self.next_version = max(state.next_version, self._max_claimed + 1, max(state.removed, default=0) + 1)

    def _table_for(self, state):
        """The table ``state`` gives with the versions claimed so far; raises RegistryError if one of its
        dictionary sets breaks the rules against it."""
        versions = {}
        actives = {}
        for version, (info, _) in sorted(self._published.items()):
            if version in state.removed:
                continue
            if state.is_active(info.subject, version):
                info = info._replace(status="active")
                actives[info.subject] = version
            elif version in state.retired:
                info = info._replace(status="retired")
            versions[version] = info
        return with_sets(VersionTable(versions, actives), state.sets_by_subject, "the state record")


def _without_removal(record, kept, in_force, ever_active):
    """``record`` without the removals of ``kept``, each keeping what the state in force gave it (section 5.4)."""
    retired = set(record.retired)
    retired_at = dict(record.retired_at)
    activated_at = dict(record.activated_at)
    for version in kept:
        if version in in_force.retired:
            retired.add(version)
            if version in in_force.retired_at:
                retired_at[version] = in_force.retired_at[version]
        if version in in_force.activated_at:
            activated_at.setdefault(version, in_force.activated_at[version])
    return record._replace(removed=record.removed - set(kept), retired=frozenset(retired),
                           ever_active=record.ever_active | (set(kept) & ever_active),
                           retired_at=retired_at, activated_at=activated_at)
