"""quibbble's games drawn and written from one example each, pinned byte for byte.

The games draw on shared pieces (`meeple.quibbble.canvas`: the page, the edge numbers and
the result line of an SVG; `meeple.quibbble.legend`: team letters and the legend under an
ASCII board; `meeple.quibbble.state`: `team_to_move` and `grid_json`), so a change to one
of them shows here in every game at once. The golden files were written by the code
before those pieces were shared (issue 39), so they also pin that sharing changed nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple import registry
from meeple.onitama.ascii import letters as onitama_letters
from meeple.quibbble.game import QuibbbleGame
from meeple.stratego.ascii import letters as stratego_letters

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
EXAMPLES = HERE.parents[1] / "examples"
# Each game's example: a finished game where there is one (a win, three teams).
EXAMPLE = {
    "tictactoe": "win",
    "connect4": "three-teams",
    "onitama": "win",
    "indigo": "three-teams",
    "tsuro": "win",
    "stratego": "flag",
    "carcassonne": "game",
}
DRAWN = ("tictactoe", "connect4", "onitama", "tsuro", "stratego")
"""The games whose pictures are drawn on the shared pieces."""


def _last_state(name: str) -> object:
    game = registry.game(name)
    assert isinstance(game, QuibbbleGame)
    text = (EXAMPLES / name / f"{EXAMPLE[name]}.qgn").read_text("utf-8")
    return game.state(game.parse(text))


def _golden(name: str) -> str:
    return (GOLDEN / name).read_text("utf-8")


@pytest.mark.parametrize("name", DRAWN)
def test_a_game_draws_its_example_as_before(name: str) -> None:
    game = registry.game(name)
    state = _last_state(name)
    assert game.svg(state) == _golden(f"{name}.svg")
    assert game.render(state) == _golden(f"{name}.txt")
    assert game.render(state, color=True) == _golden(f"{name}.ansi")


@pytest.mark.parametrize("name", sorted(EXAMPLE))
def test_a_game_writes_its_example_state_as_before(name: str) -> None:
    state_json = registry.game(name).state_json(_last_state(name))
    assert json.dumps(state_json, indent=1) + "\n" == _golden(f"{name}.json")


@pytest.mark.parametrize(
    ("teams", "onitama", "stratego"),
    [
        (("red", "blue"), ("R", "B"), ("r", "b")),
        ((" green", "Blue"), ("G", "B"), ("g", "b")),
        (("Red", "rose"), ("A", "B"), ("a", "b")),  # the same letter: the spare ones
        (("1", "2"), ("A", "B"), ("a", "b")),
        (("é", "b"), ("A", "B"), ("a", "b")),  # not ASCII
        (("red", "blue", "green"), ("A", "B"), ("a", "b")),  # two teams only
    ],
)
def test_onitama_and_stratego_letter_teams_alike_in_their_own_case(
    teams: tuple[str, ...], onitama: tuple[str, str], stratego: tuple[str, str]
) -> None:
    assert onitama_letters(teams) == onitama
    assert stratego_letters(teams) == stratego
