"""Reading a raft record with many malformed lines grows linearly (issue "What a newcomer
still trips on", item 2: 128,000 bad lines took 7.5 s to check, each located from the
start of the text; `loads`, `render` and `svg` read the same way).

Measured by the work done, not by the clock (tests/growth.py): the characters the
searches that locate lines look at, and the lines of meeple's code run, each at n and
10n lines; linear work gives a ratio near 10.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.errors import Finding, NotationError
from tests.growth import ratio, scanned, steps

LINEAR = 13  # a ratio above this for 10 times the input is not linear
CHALLENGE = "LNSNLASAFC30912R11212 seed=3\n"  # examples/raft/one-step.raft
EXAMPLES = Path(__file__).parents[2] / "examples" / "raft"


def _broken(lines: int) -> str:
    """A record whose moves are all malformed: no deck Z, a card id out of place."""
    return CHALLENGE + "Z6\nA6 A!\n" * (lines // 2)


def _refused(work: Callable[[str], Any]) -> Callable[[str], None]:
    """`work`, which stops at the record's first problem (having read every line)."""

    def run(text: str) -> None:
        with contextlib.suppress(NotationError):
            work(text)

    return run


READINGS: dict[str, Callable[[str], Any]] = {
    "check": lambda text: meeple.check(text, "raft"),
    "loads": _refused(lambda text: meeple.loads(text, "raft")),
    "render": _refused(lambda text: meeple.render(text, "raft")),
    "svg": _refused(lambda text: meeple.render(text, "raft", svg=True)),
}


@pytest.mark.parametrize("name", READINGS)
def test_reading_many_malformed_lines_grows_linearly(name: str) -> None:
    read = READINGS[name]
    small, large = _broken(1000), _broken(10000)
    assert scanned(large, read) / scanned(small, read) < LINEAR
    assert ratio(steps, lambda: read(small), lambda: read(large)) < LINEAR


def test_every_malformed_line_is_reported() -> None:
    found = meeple.check(_broken(10), "raft")
    assert [f.location.line for f in found] == list(range(2, 12))
    assert all(f.severity == "error" for f in found)


def _unsorted_cats(cats: int) -> str:
    """examples/raft/seed-board.raftstate with the same exhausted cat `cats` times."""
    lines = (EXAMPLES / "seed-board.raftstate").read_text().split("\n")
    lines[-3] = "G0404" * cats
    return "\n".join(lines)


def test_linting_many_exhausted_cats_grows_linearly() -> None:
    small, large = _unsorted_cats(1000), _unsorted_cats(10000)
    found = _lint(large)
    assert len(found) == 9999 and found[-1].location.column == 5 * 9999 + 1
    assert scanned(large, _lint) / scanned(small, _lint) < LINEAR
    assert ratio(steps, lambda: _lint(small), lambda: _lint(large)) < LINEAR


def _lint(state: str) -> list[Finding]:
    return meeple.check(state, "raft-state")
