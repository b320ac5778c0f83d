"""The Race to the Raft solver: how many official challenges it wins within 60 s each.

By default the four starter challenges (difficulty 0); MEEPLE_SOLVE_ALL=1 runs all 39
(up to 39 minutes). Seed 1 fixes every shuffle. Each challenge is solved once (a minute
is too long to repeat): the table shows that time, whether it was won, and the effort.
"""

from __future__ import annotations

import os
import sys
from functools import partial

from harness import Case

from meeple.raft import solver
from meeple.raft.components import components
from meeple.raft.notation import parse_challenge

BUDGET = 60.0


def _solve(text: str) -> solver.Solution:
    return solver.solve(parse_challenge(text), seed=1, budget=BUDGET)


def cases() -> list[Case]:
    every = os.environ.get("MEEPLE_SOLVE_ALL") == "1"
    chosen = [c for c in components().challenges if every or c.difficulty == 0]
    results = {c.name: _solve(c.challenge) for c in chosen}
    won = sum(r.won for r in results.values())
    print(
        f"  solver: {won} of {len(chosen)} challenges won within {BUDGET:g} s each", file=sys.stderr
    )
    return [
        Case(
            f"raft solve: {c.name} (difficulty {c.difficulty})",
            partial(_solve, c.challenge),
            goal="won within 60 s" if c.difficulty == 0 else "",
            extra=partial(_verdict, results[c.name]),
            measured=results[c.name].seconds,
        )
        for c in chosen
    ]


def _verdict(result: solver.Solution, _: float) -> str:
    outcome = f"won in {len(result.moves)} actions" if result.won else "not won"
    return f"{outcome}, {result.seconds:.1f} s, {result.states} states"
