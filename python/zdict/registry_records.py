"""The registry topic's keys and values (docs/REGISTRY.md sections 3, 4 and 10), read as the Java reader reads them.

The Java reader reads a value as a stream of JSON tokens. Where that makes it lenient or strict in ways a
JSON library is not, this module does the same by walking the parsed fields in their order: a number with
a fraction where an integer is expected gives its integer part, ``null`` or a number where text is expected
gives its JSON text, an array element that is not an integer ends the array and the record, anything after
the closing ``}`` is ignored. Every value it cannot read raises ``Unreadable``.
"""

import base64
import datetime
import json
import re
from decimal import Decimal
from typing import Dict, FrozenSet, NamedTuple

from .registry import DEFAULT_SUBJECT
from .routing import RoutingRule, StoredSet

STATE_KEY = "state"
MAX_VALUE_BYTES = 8 << 20
MAX_KEY_LENGTH = 200
MAX_INT = 2**31 - 1
MAX_LONG = 2**63 - 1
_SUBJECT = re.compile(r"[a-zA-Z0-9._-]{1,255}")
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
_INSTANT = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})", re.IGNORECASE)


class Unreadable(ValueError):
    """A value that is not a record of its key's type (REGISTRY.md: ``unreadable``)."""


class DictionaryRecord(NamedTuple):
    version: int
    subject: str
    sha256: str
    level: int
    created_at: str  # as Java's Instant.toString writes it
    metadata: Dict[str, str]
    content: bytes


class StateRecord(NamedTuple):
    next_version: int = 1
    active: int = 0
    active_by_subject: Dict[str, int] = {}
    retired: FrozenSet[int] = frozenset()
    removed: FrozenSet[int] = frozenset()
    ever_active: FrozenSet[int] = frozenset()
    retired_at: Dict[int, int] = {}
    activated_at: Dict[int, int] = {}
    based_on: int = -1
    sequence: int = -1
    sets_by_subject: Dict[str, StoredSet] = {}  # the dictionary sets, each falling back to the subject's active

    def replaced_by(self, record, offset_of_this):
        """Whether ``record`` replaces this one, the state in force at ``offset_of_this`` (section 5.4)."""
        if self.sequence >= 0 and record.sequence >= 0:
            return record.sequence == self.sequence + 1
        return record.based_on == offset_of_this

    def is_active(self, subject, version):
        if subject == DEFAULT_SUBJECT:
            return version == self.active
        return self.active_by_subject.get(subject) == version

    def active_of(self, subject):
        """The active version the record gives ``subject``, or None."""
        version = self.active if subject == DEFAULT_SUBJECT else self.active_by_subject.get(subject, 0)
        return version if version > 0 else None


def parse_version(text):
    """``text`` read as Java's ``Integer.parseInt`` reads it (sign, Unicode decimal digits), or None."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits or not all(c.isdecimal() for c in digits):
        return None
    digits = "".join(str(int(c)) for c in digits).lstrip("0") or "0"
    if len(digits) > 10:
        return None
    value = int(digits)
    value = -value if text[:1] == "-" else value
    return value if -MAX_INT - 1 <= value <= MAX_INT else None


def version_of(key):
    """The version a ``dict/VERSION/WRITER`` key claims, or None for a key that is not the registry's."""
    if key is None or len(key.encode("utf-16-le")) > 2 * MAX_KEY_LENGTH or not key.startswith("dict/"):
        return None
    slash = key.find("/", 5)
    if slash < 0:
        return None
    version = parse_version(key[5:slash])
    return version if version is not None and version > 0 else None


def _fields(value, what):
    """The top-level (name, value) pairs of ``value`` in their order; objects inside stay pair lists."""
    try:
        text = value.decode("utf-8")
        parsed, _ = json.JSONDecoder(object_pairs_hook=_Pairs, parse_float=Decimal,
                                     parse_constant=_no_constant).raw_decode(text.lstrip(" \t\r\n"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # nesting past ~1000, as Jackson's limit
        raise Unreadable(f"not JSON: {e}") from e
    if not isinstance(parsed, _Pairs):
        raise Unreadable(f"expected {what} object")
    return parsed


class _Pairs(list):
    """A JSON object as its (name, value) pairs, in order."""


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def _integer(value, low, high, field):
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise Unreadable(f"{field}: expected a number, found {_text(value)}")
    if not low <= value <= high:  # compared before int(): 1e999999999 would take forever to expand
        raise Unreadable(f"{field}: {value} is out of range")
    return int(value)  # the integer part, as Java's getIntValue and getLongValue take it


def _text(value):
    """What Java's getText gives for a scalar: the string, or the JSON text of null, a number, a boolean."""
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, Decimal)):
        return str(value)
    return "{" if isinstance(value, _Pairs) else "["


def _subject(name, field="subject"):
    if not _SUBJECT.fullmatch(name):
        raise Unreadable(f"{field}: {name!r} is not a valid subject name")
    return name


def _instant(value):
    text = _text(value)
    match = _INSTANT.fullmatch(text) if isinstance(value, str) else None
    if not match:
        raise Unreadable(f"createdAt: {text!r} is not an ISO-8601 instant with seconds")
    seconds, fraction, zone = match.groups()
    try:
        moment = datetime.datetime.fromisoformat(seconds + ("+00:00" if zone.upper() == "Z" else zone))
    except ValueError as e:
        raise Unreadable(f"createdAt: {text!r}: {e}") from e
    utc = moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    nanos = (fraction or "").ljust(9, "0").rstrip("0")
    if nanos:  # Java's Instant.toString: the fraction in groups of 3 digits
        nanos = nanos.ljust(3 if len(nanos) <= 3 else 6 if len(nanos) <= 6 else 9, "0")
        return f"{utc}.{nanos}Z"
    return utc + "Z"


def _base64(value):
    if not isinstance(value, str):
        raise Unreadable(f"content: expected base64 text, found {_text(value)}")
    groups = [g for g in re.split(r"[ \t\r\n]+", value) if g]
    if any(len(g) % 4 for g in groups) or not _BASE64.fullmatch("".join(groups)):
        raise Unreadable("content: not padded standard base64")
    return base64.b64decode("".join(groups))


def read_dictionary_record(value):
    """The dictionary record ``value`` (bytes) holds (section 4.1); raises Unreadable."""
    version, level, subject, sha256, created_at, content = 0, 0, DEFAULT_SUBJECT, None, None, None
    metadata = {}
    for field, item in _fields(value, "a dictionary record"):
        if field == "version":
            version = _integer(item, -MAX_INT - 1, MAX_INT, field)
        elif field == "level":
            level = _integer(item, -MAX_INT - 1, MAX_INT, field)
        elif field == "subject":
            subject = _subject(_text(item))
        elif field == "sha256":
            sha256 = _text(item)
        elif field == "createdAt":
            created_at = _instant(item)
        elif field == "content":
            content = _base64(item)
        elif field == "metadata":
            if not isinstance(item, _Pairs):
                raise Unreadable("metadata: expected an object")
            if not _read_metadata(item, metadata):
                break  # a value that is an object or array: the Java reader reads no further
    if version <= 0 or sha256 is None or created_at is None or content is None:
        raise Unreadable("incomplete dictionary record (needs version, sha256, createdAt, content)")
    return DictionaryRecord(version, subject, sha256, level, created_at, metadata, content)


def _read_metadata(pairs, into):
    for name, item in pairs:
        into[name] = _text(item)
        if isinstance(item, (_Pairs, list)):
            return False
    return True


def read_state_record(value):
    """The state record ``value`` (bytes) holds (section 4.2), absent fields as their defaults; raises Unreadable."""
    fields = {"active_by_subject": {}, "retired": set(), "removed": set(), "ever_active": set(),
              "retired_at": {}, "activated_at": {}, "sets_by_subject": {}}
    for field, item in _fields(value, "a state record"):
        if field == "nextVersion":
            fields["next_version"] = _integer(item, -MAX_INT - 1, MAX_INT, field)
        elif field == "active":
            fields["active"] = _integer(item, -MAX_INT - 1, MAX_INT, field)
        elif field == "basedOn":
            fields["based_on"] = _integer(item, -MAX_LONG - 1, MAX_LONG, field)
        elif field == "sequence":
            fields["sequence"] = _integer(item, -MAX_LONG - 1, MAX_LONG, field)
        elif field in ("retired", "removed", "everActive"):
            if not isinstance(item, list) or isinstance(item, _Pairs):
                raise Unreadable(f"{field}: expected an array of versions")
            if not _read_versions(item, fields["ever_active" if field == "everActive" else field]):
                break  # an element that is not an integer: the Java reader reads no further
        elif field == "activeBySubject":
            if not isinstance(item, _Pairs):
                raise Unreadable(f"{field}: expected an object")
            for name, version in item:
                if not isinstance(version, int) or isinstance(version, bool):
                    raise Unreadable(f"{field}: expected a version for {name}")
                fields["active_by_subject"][_subject(name, field)] = _integer(version, -MAX_INT - 1, MAX_INT, field)
        elif field == "setsBySubject":
            fields["sets_by_subject"] = _read_sets(item)
        elif field in ("retiredAt", "activatedAt"):
            if not isinstance(item, _Pairs):
                raise Unreadable(f"{field}: expected an object")
            times = fields["retired_at" if field == "retiredAt" else "activated_at"]
            for name, at in item:
                version = parse_version(name)
                if version is None:
                    raise Unreadable(f"{field}: {name!r} is not a version")
                times[version] = _integer(at, -MAX_LONG - 1, MAX_LONG, field)
    for name in ("retired", "removed", "ever_active"):
        fields[name] = frozenset(fields[name])
    record = StateRecord(**fields)
    for subject, stored in record.sets_by_subject.items():
        try:
            stored.with_fallback(subject, record.active_of(subject))
        except ValueError as e:
            raise Unreadable(str(e)) from e
    return record


def _read_sets(item):
    """The ``setsBySubject`` object (docs/FORMAT.md, "Sets in the manifest"): subject -> StoredSet."""
    if not isinstance(item, _Pairs):
        raise Unreadable("setsBySubject: expected an object")
    sets = {}
    for subject, entry in item:
        _subject(subject, "setsBySubject")
        what = f"the dictionary set of subject '{subject}'"
        if not isinstance(entry, _Pairs):
            raise Unreadable(f"{what}: expected an object")
        rule, members = None, None
        for name, value in entry:
            if name == "rule":
                if not isinstance(value, str):
                    raise Unreadable(f"{what}: expected a rule, found {_text(value)}")
                try:
                    rule = RoutingRule.parse(value)
                except ValueError as e:
                    raise Unreadable(f"{what}: {e}") from e
            elif name == "members":
                members = _read_members(value, what)
        if rule is None or members is None:
            raise Unreadable(f"{what} lacks its {'rule' if rule is None else 'members'}")
        sets[subject] = StoredSet(rule, members)
    return sets


def _read_members(value, what):
    if not isinstance(value, _Pairs):
        raise Unreadable(f"{what}: members: expected an object")
    members = {}
    for kind, version in value:
        if kind in members:
            raise Unreadable(f"{what} names kind '{kind}' twice")
        if not isinstance(version, int) or isinstance(version, bool):  # Java: an integer token, not 2.0
            raise Unreadable(f"{what}: expected an integer for kind '{kind}', found {_text(version)}")
        members[kind] = _integer(version, -MAX_INT - 1, MAX_INT, f"kind {kind}")
    return members


def _read_versions(items, into):
    for item in items:
        if not isinstance(item, int) or isinstance(item, bool):
            return False
        into.add(_integer(item, -MAX_INT - 1, MAX_INT, "version"))
    return True
