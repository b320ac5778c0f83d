"""Blood on the Clocktower for storytellers: counting and drawing legal bags, replaying traces."""

from __future__ import annotations

import math
import random
from functools import partial

from harness import Case

from meeple.botc import rules, setup, trace
from meeple.botc.script import SCRIPTS, Script, load_script


def _draw(script: Script, count: int) -> int:
    return sum(1 for _ in setup.random_bags(script, 15, count, random.Random(1)))


def _choose_floor(script: Script) -> int:
    """The floor: one binomial per team, the least any count must compute."""
    return math.prod(math.comb(len(script.roles), n) for n in (9, 2, 3, 1))


def hundred_events() -> str:
    """A 15-player trace of 100 events: nights of poisoning and protection, days of votes."""
    names = [f"P{n:02}" for n in range(15)]
    roles = ["poisoner", "imp", "monk", "chef", "empath"] + [f"role{n}" for n in range(10)]
    grimoire = "[" + " ".join(f"{n}:{r}" for n, r in zip(names, roles, strict=True)) + "]"
    events: list[str] = []
    day = 1
    while len(events) < 100:
        # The monk protects the imp's target, so the town stays whole for as long as it takes.
        target = names[3 + day % 12]
        events += [f"<N{day}>", f"P00:poisoner!{names[4 + day % 11]}(+poisoner:poisoned)"]
        events += [f"P02:monk!{target}(+monk:safe)", f"P01:imp!{target}(+imp:dead)"]
        events += [f"<D{day}>", f"st!{target}(-monk:safe,-imp:dead)"]
        events += [f"st!{names[4 + day % 11]}(-poisoner:poisoned)"]
        events += [f"{names[day % 15]}!nominates->{names[(day + 5) % 15]}"]
        events += [f"{voter}!votes->{names[(day + 5) % 15]}" for voter in names[6:10]]
        day += 1
    return grimoire + "\n" + " ".join(events[:100]) + "\n"


def _replay(record: trace.Trace) -> int:
    return sum(1 for _ in rules.replay(record))


def cases() -> list[Case]:
    record = trace.parse(hundred_events())
    assert len(record.events) == 100 and _replay(record) == 101
    found = [
        Case(
            "botc: replay a 100-event trace",
            partial(_replay, record),
            "parse it",
            partial(trace.parse, hundred_events()),
            goal="under 10 ms",
        )
    ]
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
