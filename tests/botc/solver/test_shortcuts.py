"""The search's shortcuts keep the answer (docs/formats/botc.md, "Shortcuts that keep
the answer"): a set-up sentence is answered once for the characters in play only when
no seating could change it."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import solve
from meeple.botc.solver.constraints import holds

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
