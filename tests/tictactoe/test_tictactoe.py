"""Tic-tac-toe as quibbble records it: golden games, one illegal record per rule (found
at its action), round trips, pictures, and the CLI as a person runs it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import tictactoe
from meeple.tictactoe.game import GAME
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tictactoe"
HEAD = '[key "tictactoe"]\n[teams "red, blue"]\n\n'


def _last(text: str) -> tictactoe.State:
    *_, state = tictactoe.replay(tictactoe.parse(text))
    return state


def test_the_bundled_games_end_as_quibbble_ends_them() -> None:
    won = _last((EXAMPLES / "win.qgn").read_text(encoding="utf-8"))
    assert (won.status, won.winners, won.result_text) == ("won", (1,), "red wins")
    drawn = _last((EXAMPLES / "draw.qgn").read_text(encoding="utf-8"))
    assert (drawn.status, drawn.winners, drawn.result_text) == ("tie", (1, 2), "red and blue tie")


def test_the_ninth_mark_wins_before_the_full_board_is_a_tie() -> None:
    state = _last(HEAD + "0m&0.2 1m&0.1 0m&1.1 1m&0.0 0m&2.1 1m&2.2 0m&1.2 1m&2.0 0m&1.0\n")
    assert state.status == "won" and state.winners == (1,)


# Each rule, broken once: the record, the rule's name, and where check points.
ILLEGAL = [
    ("0m&1.1 1m&1.1", "marked", (4, 8), "(1,1) is already marked by red"),
    ("0m&1.1 0m&0.0", "turn", (4, 8), "red cannot play on blue's turn"),
    ("0m&3.0", "bounds", (4, 1), "(3,0) is off the board"),
    ("0m&0.-1", "bounds", (4, 1), "(0,-1) is off the board"),
    ("2m&0.0", "team", (4, 1), "team 2 is no team of this game"),
    ("0m&0.0 1m&1.0 0m&0.1 1m&1.1 0m&0.2 1m&2.2", "game-over", (4, 36), "already over"),
]


NOT_ACTIONS = [
    ("0p&1.1", (4, 1), "one action, m (mark), not 'p'"),
    ("0m&1", (4, 1), "2 details (row and column), not 1"),
    ("0m&1.x", (4, 6), "expected a column, a whole number, not 'x'"),
    ("0m&1.1 1m&a.0", (4, 11), "expected a row"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


@pytest.mark.parametrize(
    ("teams", "message"), [("red", "2 teams, not 1"), ("red, red", "the same name")]
)
def test_a_game_needs_two_distinct_teams(teams: str, message: str) -> None:
    text = f'[key "tictactoe"]\n[teams "{teams}"]\n\n0m&0.0\n'
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and "<stdin>:1:" in run.out


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial()
    assert state.move_from_text("1.2") == tictactoe.Mark(0, 1, 2)
    assert state.move_from_text(" 1 2 ") == tictactoe.Mark(0, 1, 2)
    assert state.move_from_text("m 2,0") == tictactoe.Mark(0, 2, 0)
    assert state.move_from_text("1m&0.0") == tictactoe.Mark(1, 0, 0)


def test_the_picture_numbers_rows_and_columns_inside_its_view() -> None:
    state = _last((EXAMPLES / "win.qgn").read_text(encoding="utf-8"))
    svg = tictactoe.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.iter(f"{ns}text") if t.text in {"0", "1", "2"}]
    assert len(labels) == 6
    for label in labels:
        assert 0 < float(label.attrib["x"]) < width and 0 < float(label.attrib["y"]) < height
    squares = {r.attrib["data-at"] for r in root.iter(f"{ns}rect") if "data-at" in r.attrib}
    assert squares == {f"{r},{c}" for r in range(3) for c in range(3)}
    assert "red wins" in svg
    (line,) = [e for e in root.iter(f"{ns}line") if e.attrib.get("class") == "winning-line"]
    assert (line.attrib["x1"], line.attrib["y2"]) == ("72", "232")  # from (0,0) to (2,2)
    text = tictactoe.render(state)
    assert text.splitlines()[1] == "0   X | O | O" and "X red   O blue" in text


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    win = str(EXAMPLES / "win.qgn")
    lines = meeple(["replay", "--json", win]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["red"]
    assert last["state"]["board"][0] == ["red", "blue", "blue"]
    moves = meeple(["moves", win, "--step", "1"])
    assert moves.code == 0 and "1m&0.0" in moves.out


def test_a_person_plays_a_game_to_the_end_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.qgn"
    typed = f"1.1\nhint\n0 0\nM 2 2\nhelp\nundo\nsave {saved}\nquit\n"
    run = meeple(["play", "tictactoe", "--bot", "random", "--seed", "3"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0m&" in run.out and "the greedy bot would play" in run.out
    assert meeple(["check", str(saved)]).code == 0
