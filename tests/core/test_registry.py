"""The registry and the json-like front door."""

from __future__ import annotations

import pytest

import meeple
from meeple import registry
from meeple.errors import NotationError
from meeple.qgn import Snapshot
from tests.guards import finishes


def test_every_format_has_a_unique_name_and_basic_capabilities() -> None:
    names = [fmt.name for fmt in meeple.formats()]
    assert len(names) == len(set(names))
    assert "qgn" in names
    for fmt in meeple.formats():
        assert {"parse", "write"} <= set(fmt.capabilities)


def test_detect_by_extension_then_content() -> None:
    text = '[key "k"][teams "a"] 0a'
    assert registry.detect(text, "game.qgn").name == "qgn"
    assert registry.detect(text, "game.unknown").name == "qgn"
    with pytest.raises(meeple.NotationError) as caught:
        registry.detect("no notation here", source="x.txt")
    assert caught.value.source == "x.txt"


def test_unknown_names_and_models_are_reported() -> None:
    with pytest.raises(ValueError, match="unknown format 'nope'"):
        registry.get("nope")
    with pytest.raises(TypeError):
        meeple.dumps(object())
    with pytest.raises(ValueError):
        meeple.loads("x", format="nope")


def test_loads_with_a_named_format_and_source() -> None:
    with pytest.raises(meeple.NotationError) as caught:
        meeple.loads("[key", format="qgn", source="mine.qgn")
    assert str(caught.value).startswith("mine.qgn:1:")
    assert isinstance(meeple.loads('[key "k"][teams "a"]', format="qgn"), Snapshot)


def test_importing_meeple_loads_no_cli_libraries() -> None:
    import subprocess
    import sys

    probe = 'import sys, meeple; meeple.loads(\'[key "k"][teams "a"]\');'
    probe += "print(any(m.split('.')[0] in ('click', 'rich') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


PATHOLOGICAL = {
    "blanks": " " * 50_000,
    "blank lines": "\n" * 50_000,
    "slashes": "/" * 50_000,
    "open comments": "/*" * 25_000,
    "comment lines": "//\n" * 20_000,
    "hash lines": "#\n" * 25_000,
    "braces": "{" * 50_000,
    "quotes": '"' * 50_000,
    "escaped quotes": '\\"' * 25_000,
}


@pytest.mark.parametrize("text", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_detection_is_linear_on_runs_that_decide_nothing(text: str) -> None:
    # Fuzzing found the Atlantis sniffer backtracking exponentially on a run of blanks
    # (36 blanks: minutes). Each of these runs is read in well under the guard's time.
    with finishes():
        for fmt in registry.formats():
            fmt.sniff(text)
        with pytest.raises(NotationError):
            registry.detect(text)
