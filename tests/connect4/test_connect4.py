"""Connect Four as quibbble records it: golden games (quibbble's own tests among them),
one illegal record per rule (found at its action), round trips, pictures, bots, and the
CLI as a person runs it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import connect4, engine
from meeple.bots.players import Bot, GreedyBot, MctsBot, RandomBot
from meeple.connect4.game import GAME
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "connect4"
HEAD = '[key "connect4"]\n[teams "red, blue"]\n\n'
# quibbble's ai_test.go: TeamA and TeamB alternate in columns 0, 0, 1, 1, 2, 2.
AI_TEST = "0p&0 1p&0 0p&1 1p&1 0p&2 1p&2"


def _last(text: str) -> connect4.State:
    *_, state = connect4.replay(connect4.parse(text))
    return state


def _example(name: str) -> connect4.State:
    return _last((EXAMPLES / name).read_text(encoding="utf-8"))


def test_the_bundled_games_end_as_quibbble_ends_them() -> None:
    won = _example("win.qgn")
    assert (won.status, won.winners, won.result_text) == ("won", (1,), "red wins")
    assert won.winning_line() == ((5, 0), (4, 1), (3, 2), (2, 3))
    three = _example("three-teams.qgn")
    assert (three.status, three.winners) == ("won", (1,))
    assert three.teams == ("red", "blue", "green")


def test_the_bundled_games_are_written_canonically() -> None:
    for path in sorted(EXAMPLES.glob("*.qgn")):
        text = path.read_text(encoding="utf-8")
        assert connect4.dump(connect4.parse(text)) == text, path.name


def test_the_full_grid_is_a_tie_even_when_the_last_disk_makes_four() -> None:
    # state.go checks board.full() before findWinner (checked against quibbble's Go code)
    tied = _example("full-board.qgn")
    assert (tied.status, tied.winners, tied.result_text) == ("tie", (1, 2), "red and blue tie")
    assert tied.winning_line() != ()


def test_a_disk_falls_to_the_bottom_row_as_in_quibbbles_own_test() -> None:
    # quibbble's connect4_test.go: TeamA's disk in column 0 is at board[Rows-1][0]
    state = GAME.initial().play(connect4.Place(0, 0))
    assert state.at(5, 0) == 0 and state.at(4, 0) is None
    assert state.play(connect4.Place(1, 0)).at(4, 0) == 1
    assert GAME.marks(state) == ("5,0",)


def test_the_bots_take_the_win_quibbbles_ai_test_leaves() -> None:
    # quibbble's ai_test.go: after these six disks TeamA's AI move must win (column 3)
    state = _last(HEAD + AI_TEST + "\n")
    assert GreedyBot(seed=1).choose(state, state.legal_moves()) == connect4.Place(0, 3)
    assert MctsBot(seed=1).choose(state, state.legal_moves()) == connect4.Place(0, 3)
    assert state.play(connect4.Place(0, 3)).result_text == "red wins"


def test_the_evaluation_sees_an_open_three_and_a_threat() -> None:
    state = _last(HEAD + "0p&0 1p&0 0p&1 1p&1\n")
    assert isinstance(state, engine.Evaluating)
    assert state.evaluate(1) == pytest.approx(1 - state.evaluate(2))
    # red's open three on the bottom row counts, but blue moves and can block it
    threat = state.play(connect4.Place(0, 2))
    assert 0.9 > threat.evaluate(1) > 0.5 > threat.evaluate(2) > 0.1
    red_to_win = _last(HEAD + AI_TEST + "\n")
    assert red_to_win.evaluate(1) > 0.9 > 0.1 > red_to_win.evaluate(2)


def test_greedy_and_mcts_beat_random() -> None:
    wins = 0
    for seed in range(6):
        bots: dict[int, Bot] = {1: MctsBot(seed=seed, iterations=20), 2: RandomBot(seed=seed)}
        if seed % 2:
            bots = {1: RandomBot(seed=seed), 2: GreedyBot(seed=seed)}
        state = GAME.initial()
        while not state.is_over:
            state = state.play(bots[state.to_move or 1].choose(state, state.legal_moves()))
        wins += state.winners == ((1,) if seed % 2 == 0 else (2,))
    assert wins >= 5


# Each rule, broken once: the record, the rule's name, and where check points.
ILLEGAL = [
    ("0p&3 1p&3 0p&3 1p&3 0p&3 1p&3 0p&3", "full", (4, 31), "column 3 is full"),
    ("0p&3 0p&4", "turn", (4, 6), "red cannot play on blue's turn"),
    ("0p&7", "bounds", (4, 1), "column 7 is out of bounds"),
    ("0p&-1", "bounds", (4, 1), "column -1 is out of bounds"),
    ("2p&0", "team", (4, 1), "team 2 is no team of this game"),
    (AI_TEST + " 0p&3 1p&4", "game-over", (4, 36), "already over"),
]


@pytest.mark.parametrize(
    ("teams", "message"),
    [("red", "2 or 3 teams, not 1"), ("a, b, c, d", "not 4"), ("red, red", "the same name")],
)
def test_a_game_needs_two_or_three_distinct_teams(teams: str, message: str) -> None:
    text = f'[key "connect4"]\n[teams "{teams}"]\n\n0p&0\n'
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and "<stdin>:1:" in run.out


def test_a_third_team_takes_its_turn() -> None:
    text = '[key "connect4"]\n[teams "red, blue, green"]\n\n0p&0 1p&0 2p&0 0p&1\n'
    state = _last(text)
    assert state.at(3, 0) == 2 and state.result_text == "blue must place a disk"
    assert meeple(["check", "-"], stdin=text.replace("2p&0", "0p&0")).code == 1


NOT_ACTIONS = [
    ("0m&1", (4, 1), "one action, p (place), not 'm'"),
    ("0p&1.2", (4, 1), "1 detail (the column), not 2"),
    ("0p", (4, 1), "1 detail (the column), not 0"),
    ("0p&x", (4, 4), "expected a column, a whole number, not 'x'"),
    ("0p&1 1p&3e", (4, 9), "expected a column"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial()
    assert state.move_from_text("3") == connect4.Place(0, 3)
    assert state.move_from_text(" 6 ") == connect4.Place(0, 6)
    assert state.move_from_text("p 2") == connect4.Place(0, 2)
    assert state.move_from_text("1p&0") == connect4.Place(1, 0)
    assert str(connect4.Place(1, 4)) == "1p&4" == state.move_to_text(connect4.Place(1, 4))


def test_the_picture_numbers_columns_and_rows_inside_its_view() -> None:
    state = _example("win.qgn")
    svg = connect4.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.iter(f"{ns}text") if (t.text or "").isdigit()]
    assert len(labels) == 2 * 7 + 6
    for label in labels:
        assert 0 < float(label.attrib["x"]) < width and 0 < float(label.attrib["y"]) < height
    cells = {c.attrib["data-at"] for c in root.iter(f"{ns}circle") if "data-at" in c.attrib}
    assert cells == {f"{r},{c}" for r in range(6) for c in range(7)}
    assert set(GAME.marks(state)) <= cells and GAME.marks(state) == ("2,3",)
    assert len(list(root.iter(f"{ns}line"))) == 1  # the winning four, struck through
    assert "red wins" in svg
    text = connect4.render(state)
    assert text.splitlines()[6] == "5   X O O O . . O" and "X red   O blue" in text
    painted = connect4.render(state, color=True)
    assert "\x1b[" in painted and "\x1b[" not in painted.split("\n\n")[1]


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    win = str(EXAMPLES / "win.qgn")
    lines = meeple(["replay", "--json", win]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["red"]
    assert last["state"]["board"][5] == ["red", "blue", "blue", "blue", None, None, "blue"]
    moves = meeple(["moves", win, "--step", "1"])
    assert moves.code == 0 and "1p&0" in moves.out and "1p&6" in moves.out
    full = meeple(["moves", str(EXAMPLES / "illegal.qgn"), "--step", "6"])
    assert full.code == 0 and "0p&3" not in full.out


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.qgn"
    typed = f"3\nhint\n3\np 4\nhelp\nundo\nsave {saved}\nquit\n"
    run = meeple(["play", "connect4", "--bot", "mcts", "--seed", "3"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0p&" in run.out and "the greedy bot would play" in run.out
    assert meeple(["check", str(saved)]).code == 0
    record = connect4.parse(saved.read_text(encoding="utf-8"))
    assert record.moves[0] == connect4.Place(0, 3) and len(record.moves) == 4
