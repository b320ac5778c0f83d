"""The Race to the Raft solver: how fast it searches, and which official challenges it wins.

By default the four starter challenges (difficulty 0) within the default budget
(`solver.DEFAULT_STATES`); MEEPLE_SOLVE_ALL=1 runs all 39 within `ALL_STATES` each (the
budget the table in docs/play.md uses), and MEEPLE_SOLVE_ONLY="Early morning,River rafts"
(names separated by commas) only those, within `ALL_STATES` each; MEEPLE_SOLVE_STATES
sets another budget. Seed 1 fixes every shuffle, and the budget is
in searched states, so which challenges are won does not depend on the machine; the
time does. Each challenge is solved once: the table shows its wall time, whether it was
won and after how many states, and the rate in states per second of CPU time (the
process's own, which other work on the machine disturbs far less than the wall clock).
A last row runs the exhaustive search (`solve(..., exhaustive=True)`) on First steps for
`EXHAUSTIVE_STATES` states: its rate (tools/raft_table.py prints docs/play.md's table).
"""

from __future__ import annotations

import os
import sys
import time
from functools import partial

from harness import Case

from meeple.raft import solver
from meeple.raft.components import OfficialChallenge, components
from meeple.raft.notation import parse_challenge

ALL_STATES = 110_000
"""The budget for all 39 (docs/play.md's tables): since issue 41's ninth round every one is
won at seed 1 within the default 85,000 states (the last, Down the waterfall, at 80,531),
each in about a minute of one core or less; a search that finds no win takes about 60 s."""
RATE_GOAL = 2_000  # states a second of one core (issue 28)


class Solved:
    """One search and the CPU time it took."""

    def __init__(self, text: str, states: int) -> None:
        began = time.process_time()
        self.result = solver.solve(parse_challenge(text), seed=1, states=states)
        self.cpu = time.process_time() - began

    @property
    def rate(self) -> float:
        return self.result.states / self.cpu if self.cpu else 0.0


def cases() -> list[Case]:
    every = os.environ.get("MEEPLE_SOLVE_ALL") == "1"
    only = {name.strip() for name in os.environ.get("MEEPLE_SOLVE_ONLY", "").split(",")} - {""}
    budget = ALL_STATES if every or only else solver.DEFAULT_STATES
    budget = int(os.environ.get("MEEPLE_SOLVE_STATES", budget))
    challenges = components().challenges
    unknown = only - {c.name for c in challenges}
    if unknown:
        raise SystemExit(f"MEEPLE_SOLVE_ONLY: no challenge named {', '.join(sorted(unknown))}")
    chosen = [c for c in challenges if (c.name in only if only else every or c.difficulty == 0)]
    results = {c.name: Solved(c.challenge, budget) for c in chosen}
    won = sum(r.result.won for r in results.values())
    states = sum(r.result.states for r in results.values())
    cpu = sum(r.cpu for r in results.values())
    print(
        f"  solver: {won} of {len(chosen)} challenges won within {budget:,} states each;"
        f" {states:,} states in {cpu:.1f} s of CPU, {states / cpu:,.0f} states/s",
        file=sys.stderr,
    )
    return [*_solved_cases(chosen, results, budget), _exhaustive_case()]


EXHAUSTIVE_STATES = 2_000
"""The exhaustive search's budget in the benchmark: its rate, not a verdict (on a board of
official size it walks a sliver of the lines; docs/play.md)."""


def _exhaustive_case() -> Case:
    """The exhaustive search (`meeple solve --exhaustive`) on First steps: states a second."""
    began = time.process_time()
    found = solver.solve(
        parse_challenge(components().challenges[0].challenge), 1, EXHAUSTIVE_STATES, exhaustive=True
    )
    cpu = time.process_time() - began
    return Case(
        f"raft solve --exhaustive: {components().challenges[0].name}, {EXHAUSTIVE_STATES:,} states",
        lambda: None,
        extra=lambda _: (
            f"{found.states:,} states, {cpu:.1f} s of CPU, {found.states / cpu:,.0f} states/s"
        ),
        measured=found.seconds,
    )


def _solved_cases(
    chosen: list[OfficialChallenge], results: dict[str, Solved], budget: int
) -> list[Case]:
    """A row per challenge solved by the beam search."""
    return [
        Case(
            f"raft solve: {c.name} (difficulty {c.difficulty})",
            partial(solver.solve, parse_challenge(c.challenge), 1, budget),
            goal=(
                f"won within {budget:,} states, >= {RATE_GOAL:,} states/s"
                if c.difficulty == 0
                else f">= {RATE_GOAL:,} states/s"
            ),
            extra=partial(_verdict, results[c.name]),
            measured=results[c.name].result.seconds,
        )
        for c in chosen
    ]


def _verdict(solved: Solved, _: float) -> str:
    found = solved.result
    outcome = f"won in {len(found.moves)} actions" if found.won else "not won"
    return (
        f"{outcome}, {found.states:,} states, {solved.cpu:.1f} s of CPU,"
        f" {solved.rate:,.0f} states/s"
    )
