"""The second batch of characters (Leviathan, Nightwatchman, Riot, Hermit, Puzzlemaster):
what each changes in a transcribed puzzle's worlds, and what it refuses rather than
answer wrongly."""

from __future__ import annotations

import dataclasses

import pytest

from meeple.botc.puzzle.model import Claim, Event, Puzzle, Time, Watched
from meeple.botc.solver import Unmodelled, solve
from tests.botc.solver.helpers import PUZZLES, assignments, load


def _claims(puzzle: Puzzle, player: str, change: Claim) -> Puzzle:
    claims = tuple(change if claim.player == player else claim for claim in puzzle.claims)
    return dataclasses.replace(puzzle, claims=claims)


def test_a_good_pick_who_confirms_makes_the_claimant_the_nightwatchman() -> None:
    puzzle = load(PUZZLES / "puzzle-16.puzzle")
    (watch,) = [claim for claim in puzzle.claims if claim.player == "Fraser"]
    confirmed = Watched("Tim", learned=True, confirmed=True)
    changed = _claims(puzzle, "Fraser", dataclasses.replace(watch, learned=(confirmed,)))
    # the published world has Fraser the Poisoner and Tim the good Chef: Tim's word binds
    assert not assignments(solve(changed)) & assignments(solve(puzzle))


def test_a_nightwatchman_whose_pick_learned_is_sober_or_evil() -> None:
    puzzle = load(PUZZLES / "puzzle-16.puzzle")
    (watch,) = [claim for claim in puzzle.claims if claim.player == "Fraser"]
    learned = _claims(
        puzzle, "Fraser", dataclasses.replace(watch, learned=(Watched("Tim", learned=True),))
    )
    # the published world has Fraser the Poisoner: any claim of his still fits
    assert assignments(solve(puzzle)) <= assignments(solve(learned))


def test_a_hermit_with_an_outsider_not_modelled_is_refused() -> None:
    puzzle = load(PUZZLES / "puzzle-45a.puzzle")
    changed = dataclasses.replace(puzzle, script=(*puzzle.script, "klutz"))
    with pytest.raises(Unmodelled, match="Hermit with the klutz"):
        solve(changed)


def test_a_leviathan_game_with_a_night_death_has_no_world() -> None:
    puzzle = load(PUZZLES / "puzzle-21.puzzle")
    assert solve(puzzle).worlds
    death = Event("night_death", Time("night", 2), (puzzle.players[0],))
    assert not solve(dataclasses.replace(puzzle, timeline=(death,))).worlds


def test_the_puzzlemasters_drunk_is_in_the_world() -> None:
    answer = solve(load(PUZZLES / "puzzle-17.puzzle"))
    assert all(world.drunk == ("Steph",) for world in answer.worlds)


def test_a_riot_game_past_day_3_without_nomination_deaths_is_refused() -> None:
    puzzle = load(PUZZLES / "puzzle-49.puzzle")
    quiet = tuple(event for event in puzzle.timeline if event.kind == "execution")
    later = Event("execution", Time("day", 4), ("Anna",))
    with pytest.raises(Unmodelled, match="Riot's day 3"):
        solve(dataclasses.replace(puzzle, timeline=(*quiet, later)))
