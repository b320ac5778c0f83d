"""Issue 40's last puzzles: Puzzle 46's worlds as meeple reads its rules, and the
characters of A Clean Sweep on small puzzles of their own."""

from __future__ import annotations

from meeple.botc.solver import solve
from tests.botc.solver.helpers import PUZZLES, assignments, load

KILL_ON_THE_DEAD = frozenset(
    {
        ("Adam", "chambermaid"),
        ("Aoife", "gossip"),
        ("Jasmine", "poisoner"),
        ("Josh", "gambler"),
        ("You", "clockmaker"),
        ("Matthew", "imp"),
        ("Fraser", "investigator"),
    }
)
"""Puzzle 46's world in which the Imp (or the Gossip) chose a dead player."""
WEEKLY_ANSWER = frozenset(
    {
        ("Adam", "poisoner"),
        ("Aoife", "gossip"),
        ("Jasmine", "princess"),
        ("Josh", "imp"),
        ("You", "clockmaker"),
        ("Matthew", "exorcist"),
        ("Fraser", "investigator"),
    }
)
"""The weekly series' one answer to Puzzle 46 (as Clockchecker transcribes it)."""


def test_puzzle_46_keeps_the_world_with_a_kill_on_a_dead_player() -> None:
    """docs/formats/botc.md, "Puzzle 46": a Demon may choose a dead player, and a sober
    Gambler who guessed wrong dies (jthemphill's third world is not one)."""
    found = assignments(solve(load(PUZZLES / "puzzle-46.puzzle")))
    assert found == {KILL_ON_THE_DEAD, WEEKLY_ANSWER}
