"""python -m zdict decompress|compress --registry REG [-i IN] [-o OUT]: as the Java CLI's commands."""

import argparse
import struct
import sys

from . import Codec, ZdictError, open_registry
from .codec import DEFAULT_MAX_DECOMPRESSED_SIZE
from .errors import UncheckedPayloadError

EXIT_FAILURE = 1


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m zdict", description=__doc__.split(":")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("compress", "compress the input into one zdict payload (with a content checksum)"),
                       ("decompress", "decompress one zdict payload; the version is read from its prefix")):
        command = commands.add_parser(name, help=text, description=text)
        command.add_argument("--registry", required=True, metavar="REG",
                             help="a registry folder, or kafka://HOST:PORT/TOPIC")
        command.add_argument("-i", "--input", metavar="FILE", help="read this file (default: standard input)")
        command.add_argument("-o", "--output", metavar="FILE", help="write this file (default: standard output)")
        command.add_argument("--max-size", type=int, default=DEFAULT_MAX_DECOMPRESSED_SIZE, metavar="BYTES",
                             help="refuse payloads that decode to more (default 64 MiB)")
        command.add_argument("--bulk", action="store_true",
                             help="many values: records of a 4-byte big-endian length, then the bytes (docs/CLI.md)")
        command.add_argument("--lines", action="store_true", help="with --bulk, events are lines, not records")
        if name == "compress":
            command.add_argument("-d", "--dict-version", type=int, metavar="N", help="use version N, not the active one")
            command.add_argument("--subject", default="default", help="whose active version to use")
        else:
            command.add_argument("--allow-unchecked", action="store_true",
                                 help="also decode payloads without a checksum (stored payloads, Kafka record values)")
    args = parser.parse_args(argv)
    if args.lines and not args.bulk:
        parser.error("--lines applies only with --bulk")
    try:
        data = _read(args.input)
        with open_registry(args.registry) as registry:
            if args.command == "compress":
                codec = Codec(registry, subject=args.subject)
                convert = lambda value: codec.compress(value, version=args.dict_version)  # noqa: E731
            else:
                codec = Codec(registry, accept_unchecked=args.allow_unchecked, max_decompressed_size=args.max_size)
                convert = codec.decompress
            result = _bulk(data, convert, args) if args.bulk else convert(data)
        _write(args.output, result)
    except UncheckedPayloadError as e:
        return _fail(f"{e}; pass --allow-unchecked to decode it anyway (for example a Kafka record value)")
    except (ZdictError, OSError) as e:
        return _fail(str(e))
    return 0


def _bulk(data, convert, args):
    events_in = args.command == "compress"
    values = _lines(data) if args.lines and events_in else _records(data)
    out = bytearray()
    for index, value in enumerate(values, 1):
        try:
            result = convert(value)
        except ZdictError as e:
            raise ZdictError(f"{'Line' if args.lines and events_in else 'Record'} {index}: {e}") from e
        if args.lines and not events_in:
            if b"\n" in result:
                raise ZdictError(f"Record {index} decodes to an event holding a line feed, which --lines cannot write")
            out += result + b"\n"
        else:
            out += struct.pack(">I", len(result)) + result
    return bytes(out)


def _lines(data):
    lines = data.split(b"\n")
    return lines[:-1] if lines[-1] == b"" else lines


def _records(data):
    position = 0
    while position < len(data):
        if position + 4 > len(data):
            raise ZdictError("A record is cut short: the input ends inside its 4-byte length")
        (length,) = struct.unpack_from(">I", data, position)
        position += 4
        if position + length > len(data):
            raise ZdictError(f"A record is cut short: it declares {length} bytes and the input ends first")
        yield data[position:position + length]
        position += length


def _read(path):
    if path is None or path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def _write(path, data):
    if path is None or path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        with open(path, "wb") as f:
            f.write(data)


def _fail(message):
    print(f"zdict: {message}", file=sys.stderr)
    return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
