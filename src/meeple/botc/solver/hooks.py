"""`meeple check` on a logic puzzle: a warning when it has no world or more than one
(how many, and two worlds that differ), so an author can validate a puzzle before
publishing it; a note when it names a character the solver does not model yet."""

from __future__ import annotations

from collections.abc import Iterator

from meeple.botc.notation import format_grimoire
from meeple.botc.puzzle.model import Puzzle
from meeple.botc.solver.report import clash, grimoire
from meeple.botc.solver.search import solve
from meeple.botc.solver.units import Unmodelled
from meeple.errors import Finding, Location
from meeple.registry import Document


def check_puzzle(document: Document) -> Iterator[Finding]:
    """The puzzle's worlds, counted: one is what a published puzzle has."""
    puzzle: Puzzle = document.model
    where = Location.of(document.text, 0, document.source)
    try:
        worlds = solve(puzzle).worlds
    except Unmodelled as problem:
        yield Finding(f"not solved: {problem.message}", where, "note", "check")
        return
    if not worlds:
        yield Finding(f"no world: {clash(puzzle)}", where, "warning", "check")
    elif len(worlds) > 1:
        first, second = worlds[0], worlds[1]
        differ = [
            player
            for player, one, other in zip(
                first.players, first.characters, second.characters, strict=True
            )
            if one != other
        ]
        yield Finding(
            f"{len(worlds)} worlds, not one: {format_grimoire(grimoire(first))} and"
            f" {format_grimoire(grimoire(second))} differ at {', '.join(differ)}",
            where,
            "warning",
            "check",
        )
