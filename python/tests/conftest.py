import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
CONFORMANCE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "conformance")


def conformance_cases():
    with open(os.path.join(CONFORMANCE, "cases.json")) as f:
        return json.load(f)["cases"]


def conformance_path(relative):
    return os.path.join(CONFORMANCE, relative)


def read(relative):
    with open(conformance_path(relative), "rb") as f:
        return f.read()


@pytest.fixture
def main_registry():
    import zdict

    return zdict.open_registry(conformance_path("registries/main"))
