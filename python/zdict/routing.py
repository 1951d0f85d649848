"""Dictionary sets: one dictionary version per kind of event (docs/FORMAT.md, "Dictionary sets").

A rule gives an event a kind by reading the top level of a JSON object byte by byte, without decoding
it; the set maps kinds to versions and every other event to its fallback, the subject's active version.
The scanner mirrors the Java ``TopLevelJson`` step for step, so both give every event the same kind
(conformance/routing.json checks it).
"""

import re
from typing import Dict, NamedTuple, Optional

MAX_NAME_BYTES = 255
MAX_MEMBERS = 256
MAX_KIND_BYTES = 255

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1
_NO_SHAPE = _MASK64  # the one shape number read as no kind
_SPACE = b" \t\r\n"
_QUOTE = 0x22
_BACKSLASH = 0x5C
_STRUCTURE = re.compile(rb'["{}\[\]]')  # what a nested value's skip stops at
_TOKEN_END = re.compile(rb"[ \t\r\n,}\]]")
_SHAPE_KIND = re.compile(r"[0-9a-f]{16}")


class RoutingRule(NamedTuple):
    """``field:NAME``, ``shape`` or ``header:NAME``: ``kind`` is field, shape or header."""

    kind: str
    name: Optional[str] = None

    @property
    def text(self):
        return self.kind if self.name is None else f"{self.kind}:{self.name}"

    @staticmethod
    def parse(text):
        """The rule written as ``text``; raises ValueError naming the accepted forms otherwise."""
        if text == "shape":
            return RoutingRule("shape")
        for kind in ("field", "header"):
            if isinstance(text, str) and text.startswith(kind + ":"):
                return RoutingRule(kind, _check_name(text[len(kind) + 1:], kind))
        raise ValueError(f"Invalid routing rule {text!r}: expected field:NAME (a top-level field), shape (the set"
                         " of top-level keys) or header:NAME")


def _check_name(name, kind):
    if not name or len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise ValueError(f"Invalid routing rule: a {kind} name is 1 to {MAX_NAME_BYTES} UTF-8 bytes, got {name!r}")
    return name


def field_value(event, name):
    """The raw bytes of the first top-level member named ``name`` (bytes): a string's bytes between its
    quotes or a number's or boolean's token; None for null, an object, an array, no such member or an
    event the scan cannot read up to that member's end."""
    end = len(event)
    p = _open_object(event, end)
    while p is not None and p >= 0:
        key_start = p + 1
        key_end = _string_end(event, key_start, end)
        if key_end < 0:
            return None
        p = _colon(event, key_end + 1, end)
        if p < 0:
            return None
        value_end = _value_end(event, p, end)
        if value_end < 0:
            return None
        if event[key_start:key_end] == name:
            return _kind_of(event, p, value_end)
        p = _next_key(event, value_end, end)
    return None


def shape(event):
    """``fmix64`` of the sum of ``fnv1a64`` of every top-level key's raw bytes, or None when the scan does
    not reach the object's closing brace (or for the one shape number read as no kind)."""
    end = len(event)
    p = _open_object(event, end)
    if p is None:
        return fmix64(0)
    total = 0
    while p is not None and p >= 0:
        key_start = p + 1
        key_end = _string_end(event, key_start, end)
        if key_end < 0:
            return None
        total += fnv1a64(event[key_start:key_end])
        p = _colon(event, key_end + 1, end)
        if p < 0:
            return None
        value_end = _value_end(event, p, end)
        if value_end < 0:
            return None
        p = _next_key(event, value_end, end)
        if p is None:
            number = fmix64(total & _MASK64)
            return None if number == _NO_SHAPE else number
    return None


def shape_kind(number):
    """The kind a ``shape`` rule gives a shape number: its 16 lower-case hexadecimal digits."""
    return f"{number:016x}"


def fnv1a64(data):
    h = _FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * _FNV_PRIME) & _MASK64
    return h


def fmix64(h):
    """MurmurHash3's 64-bit finalizer."""
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & _MASK64
    h ^= h >> 33
    h = (h * 0xC4CEB93FE53EF39A) & _MASK64
    return h ^ (h >> 33)


# The scanner's positions: -1 ends the scan (no kind); None, from _open_object and _next_key, is the
# object's closing brace.

def _skip_space(b, p, end):
    while p < end and b[p] in _SPACE:
        p += 1
    return p


def _open_object(b, end):
    """The position of the first key's opening quote, None for ``{}``, or -1."""
    p = _skip_space(b, 0, end)
    if p >= end or b[p] != 0x7B:  # {
        return -1
    p = _skip_space(b, p + 1, end)
    if p >= end:
        return -1
    if b[p] == 0x7D:  # }
        return None
    return p if b[p] == _QUOTE else -1


def _next_key(b, p, end):
    """After a value: the next key's opening quote, None at the closing brace, or -1."""
    p = _skip_space(b, p, end)
    if p >= end:
        return -1
    if b[p] == 0x7D:
        return None
    if b[p] != 0x2C:  # ,
        return -1
    p = _skip_space(b, p + 1, end)
    return p if p < end and b[p] == _QUOTE else -1


def _colon(b, p, end):
    """After a key: the first byte of its value, or -1."""
    p = _skip_space(b, p, end)
    if p >= end or b[p] != 0x3A:  # :
        return -1
    p = _skip_space(b, p + 1, end)
    return p if p < end else -1


def _string_end(b, p, end):
    """The closing quote of the string whose content starts at ``p``, or -1: the first quote after an even
    run of backslashes, as skipping two bytes at each backslash finds it."""
    while True:
        q = b.find(b'"', p, end)
        if q < 0:
            return -1
        backslashes = 0
        while q - 1 - backslashes >= p and b[q - 1 - backslashes] == _BACKSLASH:
            backslashes += 1
        if backslashes % 2 == 0:
            return q
        p = q + 1


def _value_end(b, p, end):
    """The position just past the value starting at ``p``, or -1 if the event ends first."""
    c = b[p]
    if c == _QUOTE:
        close = _string_end(b, p + 1, end)
        return -1 if close < 0 else close + 1
    if c in b"{[":
        depth = 0
        while True:
            match = _STRUCTURE.search(b, p, end)
            if match is None:
                return -1
            p = match.start()
            c = b[p]
            if c == _QUOTE:
                p = _string_end(b, p + 1, end)
                if p < 0:
                    return -1
            elif c in b"{[":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return p + 1
            p += 1
    match = _TOKEN_END.search(b, p, end)
    if match is None or match.start() == p:
        return -1
    return match.start()


def _kind_of(b, start, end):
    c = b[start]
    if c == _QUOTE:
        return bytes(b[start + 1:end - 1])
    if c in b"{[n":  # an object, an array, null
        return None
    return bytes(b[start:end])


class DictionarySet:
    """A subject's active state when it has one dictionary per kind of event: ``rule``, ``members`` (kind
    to version) and ``fallback``, the subject's active version, for every other event. Raises ValueError
    naming what breaks docs/FORMAT.md's rules."""

    def __init__(self, rule, fallback, members):
        if not isinstance(rule, RoutingRule):
            raise ValueError("A dictionary set needs a routing rule")
        if not isinstance(fallback, int) or fallback < 1:
            raise ValueError(f"A dictionary set's fallback version must be positive, got {fallback!r}")
        if not members or len(members) > MAX_MEMBERS:
            raise ValueError(f"A dictionary set names 1 to {MAX_MEMBERS} kinds, got {len(members or {})}")
        self.rule = rule
        self.fallback = fallback
        self.members = dict(sorted(members.items()))
        self._kinds = {}  # kind bytes (or shape number) -> version
        for kind, version in self.members.items():
            self._kinds[self._key(kind)] = _member_version(kind, version)
        self._field = rule.name.encode("utf-8") if rule.kind == "field" else None

    def _key(self, kind):
        if len(kind.encode("utf-8")) > MAX_KIND_BYTES:
            raise ValueError(f"A dictionary set's kind is at most {MAX_KIND_BYTES} UTF-8 bytes: {kind!r}")
        if self.rule.kind == "shape":
            if not _SHAPE_KIND.fullmatch(kind):
                raise ValueError(f"A shape kind is 16 lower-case hexadecimal digits, got {kind!r}")
            return int(kind, 16)
        return kind.encode("utf-8")

    @property
    def header_name(self):
        """The header a ``header:NAME`` rule reads, or None for the other rules."""
        return self.rule.name if self.rule.kind == "header" else None

    def uses(self, version):
        return version == self.fallback or version in self.members.values()

    def kind_of(self, event):
        """The kind the rule gives ``event`` (bytes): raw bytes, a shape number, or None. A header rule
        gives None: its kind is in the headers (``version_for_header``)."""
        if self._field is not None:
            return field_value(event, self._field)
        if self.rule.kind == "shape":
            return shape(event)
        return None

    def version_for(self, event):
        """The version ``event`` (bytes) is written with: its kind's member, or the fallback. A header
        rule gives the fallback here; a writer with headers calls ``version_for_header``."""
        kind = self.kind_of(event)
        return self.fallback if kind is None else self._kinds.get(kind, self.fallback)

    def version_for_header(self, value):
        """The version under a ``header:NAME`` rule, ``value`` the record's last header of that name
        (bytes or str), or None when it has none or its value is null."""
        if value is None or self.rule.kind != "header":
            return self.fallback
        if isinstance(value, str):
            value = value.encode("utf-8")
        return self._kinds.get(bytes(value), self.fallback) if len(value) <= MAX_KIND_BYTES else self.fallback

    def version_for_record(self, event, headers):
        """The version of a record: by ``headers`` (a list of (name, value) pairs or a dict, None when the
        writer has none) under a header rule, else by the event's bytes."""
        if self.rule.kind == "header":
            return self.version_for_header(None if headers is None else last_header(headers, self.rule.name))
        return self.version_for(event)

    def __eq__(self, other):
        return (isinstance(other, DictionarySet) and self.rule == other.rule and self.fallback == other.fallback
                and self.members == other.members)

    def __repr__(self):
        return f"DictionarySet({self.rule.text}, {self.members}, fallback {self.fallback})"


def _member_version(kind, version):
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"Kind {kind!r} of a dictionary set names no positive version: {version!r}")
    return version


def last_header(headers, name):
    """The value of the last header named ``name`` in ``headers`` (pairs in record order, or a dict)."""
    items = headers.items() if isinstance(headers, dict) else headers
    value = None
    for header, item in items:
        if header == name:
            value = item
    return value


class StoredSet(NamedTuple):
    """A set as a manifest or state record stores it: its rule and members, the fallback still to be found."""

    rule: RoutingRule
    members: Dict[str, int]

    def with_fallback(self, subject, active):
        """The set with ``active``, its subject's active version, as its fallback; raises ValueError."""
        if active is None:
            raise ValueError(f"setsBySubject names a dictionary set for subject '{subject}', which has no active"
                             " version to fall back to")
        try:
            return DictionarySet(self.rule, active, self.members)
        except ValueError as e:
            raise ValueError(f"the dictionary set of subject '{subject}': {e}") from e


def check_set(subject, dictionary_set, versions):
    """Refuses (ValueError) a set with a member that is not a version of ``subject`` the table
    ``versions`` (version -> DictionaryInfo) holds unretired, as Java's ``VersionTable.checkSet``."""
    for kind, version in dictionary_set.members.items():
        info = versions.get(version)
        if info is None:
            reason = "not in the registry"
        elif info.status == "retired":
            reason = "retired"
        elif info.subject != subject:
            reason = f"of subject '{info.subject}'"
        else:
            continue
        raise ValueError(f"kind '{kind}' of subject '{subject}''s dictionary set is served by version {version},"
                         f" which is {reason}")
