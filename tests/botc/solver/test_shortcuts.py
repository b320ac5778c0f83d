"""The search's shortcuts keep the answer (docs/formats/botc.md, "Shortcuts that keep
the answer"): a set-up sentence is answered once for the characters in play only when
no seating could change it, or once for the characters of the seats it names when it
reads no other; the players drunk from the start are tried only where a
story asked about them; a night that rests on night 1 is skipped then; a set-up whose
night 1 refuses more settled items than it has Poisoners is never played."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.puzzle.model import Puzzle
from meeple.botc.script import Script
from meeple.botc.solver import Unmodelled, solve
from meeple.botc.solver.constraints import holds
from meeple.botc.solver.search import fitting, grimoires, script_of, told, units, world
from meeple.botc.solver.story import Story
from meeple.botc.solver.timeline import Plan, Trace, plan, refuted_first
from meeple.botc.solver.units import RESTS
from tests.botc.solver.helpers import PUZZLES, TRANSCRIBED

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
        "some p : {Tim, Sula} | p.alignment == Evil",  # answered once per their characters
    ],
)
def test_a_set_up_sentence_keeps_exactly_the_worlds_it_holds_in(sentence: str) -> None:
    everything = solve(notation.parse(OPEN, "open.puzzle")).worlds
    narrowed = notation.parse(OPEN + f"constraint: {sentence}\n", "narrowed.puzzle")
    kept = {world.characters for world in everything if holds(narrowed, world.characters)}
    assert 0 < len(kept) < len(everything)
    assert {world.characters for world in solve(narrowed).worlds} == kept


def _as_every_choice_tells(name: str) -> None:
    """Each set-up of the puzzle has a story exactly when the search that plays every
    choice and every night to its end (what `--explain` does) finds one, and the first
    one found is the same."""
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


@pytest.mark.parametrize("name", ["puzzle-17", "puzzle-20", "puzzle-48", "puzzle-67", "puzzle-71"])
def test_the_players_drunk_from_the_start_tried_only_where_asked_keep_every_world(
    name: str,
) -> None:
    """A Puzzlemaster's puzzle-drunk and the drunk one of several Village Idiots are
    tried first as no one, then only where a failed trial asked (`Story.is_drunk_for_good`):
    each set-up has a story exactly when trying every choice in turn (what `--explain`
    does) finds one, and the first one found is the same."""
    _as_every_choice_tells(name)


def _planned(path: Path) -> tuple[Puzzle, Script, Plan] | None:
    """A transcribed puzzle, its script and its plan (None when it is not modelled)."""
    puzzle = notation.parse(path.read_text("utf-8"), path.name)
    script = script_of(puzzle)
    try:
        return puzzle, script, plan(puzzle, units(script))
    except Unmodelled:
        return None


@pytest.mark.parametrize("path", TRANSCRIBED, ids=lambda path: path.stem)
def test_a_night_marked_as_resting_on_night_1_leaves_the_story_as_it_was(path: Path) -> None:
    """The timeline skips on night 1 a unit whose `night` is marked `rests_first_night`
    (the Imp's, the Gossip's...): on the first set-ups of every transcribed puzzle, that
    night yields the story it was given and nothing else."""
    planned = _planned(path)
    if planned is None:
        return
    puzzle, script, plan_ = planned
    for roles in itertools.islice(grimoires(puzzle, script), 40):
        for seat, role in enumerate(roles):
            unit = plan_.table.cast[role]
            if getattr(type(unit).night, RESTS, False):
                story = Story(roles, plan_.table.misregisters)
                assert list(unit.night(story, seat, 1, plan_.table)) == [story], role


@pytest.mark.parametrize(
    "name",
    ["a-clean-sweep", "puzzle-01", "puzzle-06", "puzzle-09", "puzzle-28", "puzzle-46", "puzzle-76"],
)
def test_a_night_given_up_when_its_dead_cannot_all_die_keeps_every_world(name: str) -> None:
    """A night whose dead are more than its actors still to act can kill (each night's
    `kills_at_most`: the Pukka's, the Gossip's, the Tinker's...) is given up before they
    act: each set-up has a story exactly when playing every night to its end (what
    `--explain` does) finds one, and the first one found is the same."""
    _as_every_choice_tells(name)


@pytest.mark.parametrize("path", TRANSCRIBED, ids=lambda path: path.stem)
def test_a_set_up_refuted_before_night_1_has_no_story(path: Path) -> None:
    """Every set-up `refuted_first` gives up before playing it (more players than it has
    Poisoners with a settled night-1 item refused as the night begins) has no story when
    every choice and every night is played to its end (what `--explain` does)."""
    planned = _planned(path)
    if planned is None or not planned[2].settled:
        return
    puzzle, script, plan_ = planned
    fits = fitting(puzzle, script)
    for roles in filter(fits, grimoires(puzzle, script)):
        if refuted_first(plan_, roles):
            assert next(told(puzzle, roles, plan_, Trace()), None) is None, roles


def test_set_ups_are_refuted_before_night_1() -> None:
    """The shortcut is taken: on Puzzle 1 (no Poisoner: one refused item is enough) and
    on Puzzle 26 with a Poisoner in play too (two players' items)."""
    for name, poisoner in (("puzzle-01", False), ("puzzle-26", True)):
        puzzle = notation.parse((PUZZLES / f"{name}.puzzle").read_text("utf-8"), name)
        script = script_of(puzzle)
        plan_ = plan(puzzle, units(script))
        cut = [roles for roles in grimoires(puzzle, script) if refuted_first(plan_, roles)]
        assert any(("poisoner" in roles) == poisoner for roles in cut), name
