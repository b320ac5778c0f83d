"""Checking a Flows record with many malformed lines grows linearly (issue "What a
newcomer still trips on", item 2: 80,000 bad lines took 12.8 s, each line located from
the start of the text).

Measured by the work done, not by the clock (tests/growth.py): the characters the
searches that locate lines look at, and the lines of meeple's code run, each at n and
10n lines; linear work gives a ratio near 10.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import meeple
from meeple.flows import notation
from tests.growth import ratio, scanned, steps

LINEAR = 13  # a ratio above this for 10 times the input is not linear

BROKEN: dict[str, Callable[[int], str]] = {
    "labels P1's frame lacks": lambda n: "Game: 2-player\n" + "P1G1T0N\n" * n,
    "lines that are no move": lambda n: "Game: 2-player\n" + "x\n" * n,
    "labels quortextt lacks": lambda n: "Game: 2-player\n\n" + "1. P1E7T0N\n" * n,
    "players without a seat": lambda n: "Game: 2-player, dialect: quortextt\n" + "P3A1T0N\n" * n,
}


@pytest.mark.parametrize("name", BROKEN)
def test_checking_many_malformed_lines_grows_linearly(name: str) -> None:
    small, large = (BROKEN[name](n) for n in (1000, 10000))
    assert len(meeple.check(large, "flows")) >= 10000
    searched = scanned(large, lambda t: meeple.check(t, "flows"))
    assert searched / scanned(small, lambda t: meeple.check(t, "flows")) < LINEAR
    assert ratio(steps, lambda: notation.diagnose(small), lambda: notation.diagnose(large)) < LINEAR
