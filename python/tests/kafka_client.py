"""The Python side of kafka-registry-admin's PythonClientsIT (not a pytest module): a consumer and a producer that
use zdict.kafka against a real broker, following the registry topic live.

    kafka_client.py consume BOOTSTRAP REGISTRY_TOPIC TOPIC COUNT   prints each value as a line
    kafka_client.py produce BOOTSTRAP REGISTRY_TOPIC TOPIC VERSION  sends each line of standard input
        an empty line means: wait until VERSION is the active version, then go on
    kafka_client.py table BOOTSTRAP REGISTRY_TOPIC - GRACE_MS   prints "VERSION STATUS" per version the
        registry holds, then "REFUSED" and each reason=count of the records it skipped, with that remove grace

Prints READY once the registry is open; any failure ends it with exit code 1 and one line on stderr.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from confluent_kafka import Consumer, Producer  # noqa: E402

import zdict  # noqa: E402
from zdict.kafka import ZdictDeserializer, ZdictSerializer  # noqa: E402


def consume(bootstrap, registry, topic, count):
    deserializer = ZdictDeserializer(registry)
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": "python-consumer",
                         "auto.offset.reset": "earliest", "enable.auto.commit": False})
    consumer.subscribe([topic])
    print("READY", flush=True)
    deadline = time.monotonic() + 120
    received = 0
    while received < count:
        if time.monotonic() > deadline:
            raise TimeoutError(f"received {received} of {count} records in 120 s")
        message = consumer.poll(0.5)
        if message is None:
            continue
        if message.error():
            raise RuntimeError(str(message.error()))
        value = deserializer(message.value())
        print(f"{message.value()[0]:02X} {value.decode('utf-8')}", flush=True)
        received += 1
    consumer.close()


def produce(bootstrap, registry, topic, version):
    serializer = ZdictSerializer(registry)
    producer = Producer({"bootstrap.servers": bootstrap})
    print("READY", flush=True)
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            deadline = time.monotonic() + 60
            while registry.active_version() != int(version):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"version {version} did not become active within 60 s")
                time.sleep(0.05)
            print("SWITCHED", flush=True)
            continue
        producer.produce(topic, value=serializer(line))
        producer.poll(0)
    if producer.flush(30) != 0:
        raise RuntimeError("records left unsent after 30 s")
    print("DONE", flush=True)


def table(registry):
    for version, info in sorted(registry.versions().items()):
        print(f"{version} {info.status}", flush=True)
    print("REFUSED " + " ".join(f"{reason}={count}" for reason, count in sorted(registry.refused().items())), flush=True)


def main(mode, bootstrap, registry_topic, topic, number):
    config = {"zdict.registry.remove.grace.ms": number} if mode == "table" else {}
    with zdict.open_registry(f"kafka://{bootstrap}/{registry_topic}", config) as registry:
        if mode == "table":
            table(registry)
        elif mode == "consume":
            consume(bootstrap, registry, topic, int(number))
        else:
            produce(bootstrap, registry, topic, number)


if __name__ == "__main__":
    try:
        main(*sys.argv[1:])
    except Exception as e:  # one line for the Java test's failure message
        print(f"kafka_client: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
