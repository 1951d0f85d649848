import os
import subprocess
import sys

from conftest import conformance_path, read

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def zdict_cli(*args, stdin=b""):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    return subprocess.run([sys.executable, "-m", "zdict", *args], input=stdin, capture_output=True, env=env)


def test_decompresses_a_payload_written_by_java():
    result = zdict_cli("decompress", "--registry", conformance_path("registries/main"),
                       "-i", conformance_path("payloads/lz4-v3.bin"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == read("events/event.json")


def test_compresses_then_decompresses_through_files(tmp_path):
    registry = conformance_path("registries/main")
    payload = tmp_path / "payload.bin"
    assert zdict_cli("compress", "--registry", registry, "-o", str(payload), "-d", "300",
                     stdin=read("events/batch.jsonl")).returncode == 0
    assert payload.read_bytes()[:3] == b"\xd1\xac\x02"
    result = zdict_cli("decompress", "--registry", registry, "-i", str(payload))
    assert result.stdout == read("events/batch.jsonl")


def test_a_damaged_payload_is_one_line_and_exit_1():
    result = zdict_cli("decompress", "--registry", conformance_path("registries/main"),
                       "-i", conformance_path("payloads/stored.bin"))
    assert result.returncode == 1
    assert result.stderr.decode().count("\n") == 1
    assert "Unchecked payload" in result.stderr.decode() and "--allow-unchecked" in result.stderr.decode()
    assert zdict_cli("decompress", "--registry", conformance_path("registries/main"), "--allow-unchecked",
                     "-i", conformance_path("payloads/stored.bin")).stdout == read("events/event.json")


def test_a_missing_registry_is_one_line_and_exit_1(tmp_path):
    result = zdict_cli("decompress", "--registry", str(tmp_path / "none"), stdin=b"\xd3")
    assert result.returncode == 1
    assert result.stderr.decode().startswith("zdict: No zdict registry")


def test_bulk_reads_what_the_java_bulk_mode_writes(tmp_path):
    registry = conformance_path("registries/main")
    lines = read("events/batch.jsonl")
    payloads = zdict_cli("compress", "--registry", registry, "--bulk", "--lines", stdin=lines)
    assert payloads.returncode == 0, payloads.stderr
    assert payloads.stdout[4:6] == b"\xd1\x02"
    back = zdict_cli("decompress", "--registry", registry, "--bulk", "--lines", stdin=payloads.stdout)
    assert back.stdout == lines
    damaged = payloads.stdout[:-1] + bytes([payloads.stdout[-1] ^ 1])
    failed = zdict_cli("decompress", "--registry", registry, "--bulk", stdin=damaged)
    assert failed.returncode == 1 and failed.stderr.startswith(b"zdict: Record 200: ")
