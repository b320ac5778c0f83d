"""The search's shortcuts keep the answer (docs/formats/botc.md, "Shortcuts that keep
the answer"): a set-up sentence is answered once for the characters in play only when
no seating could change it; the players drunk from the start are tried only where a
story asked about them."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import solve
from meeple.botc.solver.constraints import holds
from meeple.botc.solver.search import fitting, grimoires, script_of, told, units, world
from meeple.botc.solver.timeline import Trace, plan
from tests.botc.solver.helpers import PUZZLES

OPEN = """title: Many worlds
seats: Oscar, Matt, Anna, You, Tim, Sula
script: imp, scarlet_woman, drunk, investigator, knight, noble, savant, seamstress, steward
Oscar claims investigator
  one of Anna, Sula is the scarlet_woman
Tim claims knight
Sula claims steward
"""
"""Puzzle 1's table with most claims taken away: hundreds of worlds, seated every way."""


@pytest.mark.parametrize(
    "sentence",
    [
        "some Investigator.~role",  # the same for every seating of the same characters
        "some Oscar.neighbors & Evil.~alignment",  # who sits beside Oscar
        "some {Tim, Sula} & Evil.~alignment",  # who Tim and Sula are
    ],
)
def test_a_set_up_sentence_keeps_exactly_the_worlds_it_holds_in(sentence: str) -> None:
    everything = solve(notation.parse(OPEN, "open.puzzle")).worlds
    narrowed = notation.parse(OPEN + f"constraint: {sentence}\n", "narrowed.puzzle")
    kept = {world.characters for world in everything if holds(narrowed, world.characters)}
    assert 0 < len(kept) < len(everything)
    assert {world.characters for world in solve(narrowed).worlds} == kept


@pytest.mark.parametrize("name", ["puzzle-17", "puzzle-20", "puzzle-48", "puzzle-67", "puzzle-71"])
def test_the_players_drunk_from_the_start_tried_only_where_asked_keep_every_world(
    name: str,
) -> None:
    """A Puzzlemaster's puzzle-drunk and the drunk one of several Village Idiots are
    tried first as no one, then only where a failed trial asked (`Story.is_drunk_for_good`):
    each set-up has a story exactly when trying every choice in turn (what `--explain`
    does) finds one, and the first one found is the same."""
    puzzle = notation.parse((PUZZLES / f"{name}.puzzle").read_text("utf-8"), name)
    script = script_of(puzzle)
    plan_ = plan(puzzle, units(script))
    fits = fitting(puzzle, script)
    found = 0
    for roles in filter(fits, grimoires(puzzle, script)):
        quick = next(told(puzzle, roles, plan_), None)
        every = next(told(puzzle, roles, plan_, Trace()), None)
        assert (quick is None) == (every is None), roles
        if quick is not None and every is not None:
            found += 1
            assert world(puzzle, roles, quick) == world(puzzle, roles, every)
    assert found
