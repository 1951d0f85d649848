"""kafka://HOST:PORT/TOPIC: the registry topic, read from its start and followed live on a thread."""

import threading
import uuid

from confluent_kafka import OFFSET_BEGINNING, TIMESTAMP_LOG_APPEND_TIME, Consumer, KafkaError, TopicPartition

from .errors import RegistryError, UnknownDictionaryVersionError
from .registry import DEFAULT_SUBJECT, Registry
from .topic_log import DEFAULT_REMOVE_GRACE_MS, TopicLog

DEFAULT_TIMEOUT_SECONDS = 30.0
INIT_TIMEOUT_CONFIG = "zdict.registry.init.timeout.ms"
REMOVE_GRACE_CONFIG = "zdict.registry.remove.grace.ms"


def record_time(timestamp):
    """A record's time for the remove grace (docs/REGISTRY.md 5.1): its timestamp if the broker stamped it
    (LogAppendTime), else None, for the reader's clock; ``timestamp`` is confluent_kafka's (type, ms)."""
    kind, ms = timestamp
    return ms if kind == TIMESTAMP_LOG_APPEND_TIME else None


class KafkaRegistry(Registry):
    """Reads the registry topic (one partition) to its end before serving, then follows it, so a version
    published later is served without a restart. A version it does not hold yet is waited for until the
    follower has read up to the topic's end as it is at that moment (``timeout`` seconds at most)."""

    def __init__(self, bootstrap, topic, config=None, timeout=DEFAULT_TIMEOUT_SECONDS,
                 remove_grace_ms=DEFAULT_REMOVE_GRACE_MS):
        self.topic = topic
        self._location = f"kafka://{bootstrap}/{topic}"
        self._timeout = timeout
        settings = {"group.id": f"zdict-registry-{uuid.uuid4()}", "enable.auto.commit": False,
                    "enable.partition.eof": True}
        settings.update(config or {})
        settings["bootstrap.servers"] = bootstrap
        settings["allow.auto.create.topics"] = False  # a reader never creates the registry topic
        self._consumer = Consumer(settings)
        self._check_topic(bootstrap)
        self._partition = TopicPartition(topic, 0)
        self._log = TopicLog(remove_grace_ms)
        self._lock = threading.Condition()
        self._read_to = -1  # offsets below this have been applied
        self._wanted = 0
        self._closed = False
        self._error = None
        self._consumer.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
        self._thread = threading.Thread(target=self._follow, name=f"zdict-registry-{topic}", daemon=True)
        self._thread.start()
        if not self._catch_up():
            self.close()
            raise RegistryError(f"Could not read {self._location} to its end within {timeout} s"
                                + (f": {self._error}" if self._error else ""))

    @classmethod
    def open(cls, location, config):
        rest = location[len("kafka://"):]
        bootstrap, _, topic = rest.partition("/")
        if not bootstrap or not topic or "/" in topic:
            raise RegistryError(f"Bad registry location {location}: expected kafka://HOST:PORT[,HOST:PORT]/TOPIC")
        config = dict(config)
        timeout = _milliseconds(config, INIT_TIMEOUT_CONFIG, DEFAULT_TIMEOUT_SECONDS * 1000) / 1000
        remove_grace_ms = _milliseconds(config, REMOVE_GRACE_CONFIG, DEFAULT_REMOVE_GRACE_MS)
        return cls(bootstrap, topic, config, timeout, remove_grace_ms)

    def _check_topic(self, bootstrap):
        """Refuses a topic the cluster does not have, or with other than one partition (REGISTRY.md 2)."""
        try:
            found = self._consumer.list_topics(self.topic, timeout=self._timeout).topics.get(self.topic)
        except Exception as e:  # KafkaException: the cluster cannot be reached
            self._consumer.close()
            raise RegistryError(f"Could not read {self._location}: {e}") from e
        error = found.error if found is not None else None
        if found is None or (error is not None and error.code() == KafkaError.UNKNOWN_TOPIC_OR_PART):
            self._consumer.close()
            raise RegistryError(f"Registry topic {self.topic} does not exist in the cluster at {bootstrap}")
        if error is None and len(found.partitions) != 1:
            self._consumer.close()
            raise RegistryError(f"Registry topic {self.topic} has {len(found.partitions)} partitions; a registry"
                                " topic must have exactly one")

    def describe(self):
        return f"registry topic {self._location}"

    def info(self, version):
        info = self._log.table.versions.get(version)
        if info is None and self._catch_up():
            info = self._log.table.versions.get(version)
        return info

    def content(self, version):
        if self.info(version) is None:
            raise UnknownDictionaryVersionError(version, self.describe())
        with self._lock:
            return self._log.content(version)

    def active_version(self, subject=DEFAULT_SUBJECT):
        return self._log.table.active.get(subject)

    def active_set(self, subject=DEFAULT_SUBJECT):
        return self._log.table.sets.get(subject)

    def subjects(self):
        return sorted({info.subject for info in self._log.table.versions.values()})

    def versions(self):
        return dict(self._log.table.versions)

    def pending_removals(self):
        """Each retired, once-active version -> the time (epoch ms) from which a removal of it applies."""
        with self._lock:
            return self._log.pending_removals()

    def refused(self):
        """The records skipped so far, counted by reason (docs/REGISTRY.md section 5: ``hash-mismatch``, …)."""
        with self._lock:
            return dict(self._log.refused)

    def close(self):
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._lock.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _catch_up(self):
        """Waits until every record written before this call has been applied; False on timeout."""
        try:
            _, high = self._consumer.get_watermark_offsets(self._partition, timeout=self._timeout)
        except Exception as e:  # KafkaException: the broker cannot be reached
            self._error = e
            return False
        with self._lock:
            self._wanted = max(self._wanted, high)
            return self._lock.wait_for(lambda: self._read_to >= high or self._closed, timeout=self._timeout)

    def _follow(self):
        try:
            while True:
                with self._lock:
                    if self._closed:
                        break
                message = self._consumer.poll(0.2)
                if message is None:
                    continue
                error = message.error()
                with self._lock:
                    if error is None:
                        key = message.key().decode("utf-8", "replace") if message.key() is not None else None
                        self._log.apply(message.offset(), key, message.value(), record_time(message.timestamp()))
                        self._read_to = message.offset() + 1
                    elif error.code() == KafkaError._PARTITION_EOF:
                        self._read_to = max(self._read_to, message.offset())
                    else:
                        self._error = error
                    self._lock.notify_all()
        finally:
            self._consumer.close()


def _milliseconds(config, name, default):
    value = config.pop(name, default)
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = -1
    if number < 0:
        raise RegistryError(f"{name} must be a whole number of milliseconds, 0 or more, got {value!r}")
    return number
