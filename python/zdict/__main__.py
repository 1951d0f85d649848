"""python -m zdict decompress|compress --registry REG [-i IN] [-o OUT]: as the Java CLI's commands."""

import argparse
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
        if name == "compress":
            command.add_argument("-d", "--dict-version", type=int, metavar="N", help="use version N, not the active one")
            command.add_argument("--subject", default="default", help="whose active version to use")
        else:
            command.add_argument("--allow-unchecked", action="store_true",
                                 help="also decode payloads without a checksum (stored payloads, Kafka record values)")
    args = parser.parse_args(argv)
    try:
        data = _read(args.input)
        with open_registry(args.registry) as registry:
            if args.command == "compress":
                codec = Codec(registry, subject=args.subject)
                result = codec.compress(data, version=args.dict_version)
            else:
                codec = Codec(registry, accept_unchecked=args.allow_unchecked, max_decompressed_size=args.max_size)
                result = codec.decompress(data)
        _write(args.output, result)
    except UncheckedPayloadError as e:
        return _fail(f"{e}; pass --allow-unchecked to decode it anyway (for example a Kafka record value)")
    except (ZdictError, OSError) as e:
        return _fail(str(e))
    return 0


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
