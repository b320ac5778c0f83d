"""Blood on the Clocktower for storytellers: counting and drawing legal bags."""

from __future__ import annotations

import math
import random
from functools import partial

from harness import Case

from meeple.botc import setup
from meeple.botc.script import SCRIPTS, Script, load_script


def _draw(script: Script, count: int) -> int:
    return sum(1 for _ in setup.random_bags(script, 15, count, random.Random(1)))


def _choose_floor(script: Script) -> int:
    """The floor: one binomial per team, the least any count must compute."""
    return math.prod(math.comb(len(script.roles), n) for n in (9, 2, 3, 1))


def cases() -> list[Case]:
    found = []
    for name in SCRIPTS:
        script = load_script(name)
        found += [
            Case(
                f"botc {name}: count legal bags for 15 players",
                partial(setup.count_bags, script, 15),
                "four binomials",
                partial(_choose_floor, script),
                goal="under 1 s",
                repeat=5,
            ),
            Case(
                f"botc {name}: 1,000 random legal bags for 15 players",
                partial(_draw, script, 1000),
                goal="under 1 s",
                repeat=5,
            ),
        ]
    return found
