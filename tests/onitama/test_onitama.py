"""Onitama as quibbble records it: the deal from the seed, golden games played by
quibbble's own Go code, one illegal record per rule (found at its action and detail),
round trips, pictures, and the CLI as a person runs it.

The golden games (golden/go-NN.qgn) were played at random by quibbble's Go engine
(games/onitama, built with go1.19 outside this repository, mapstructure stubbed); next
to each, golden/go-NN.json is the snapshot Go printed at its end (board, hands, spare,
winners). The deals below were printed by the same build (`NewOnitama(seed, ...)`).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import engine, onitama
from meeple.errors import MeepleError, RuleError
from meeple.onitama.game import GAME
from meeple.quibbble.canvas import data_at
from tests.budget import examples
from tests.cli_helpers import meeple

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[1] / "examples" / "onitama"
GOLDEN = HERE / "golden"
HEAD = '[key "onitama"]\n[teams "red, blue"]\n[seed "14"]\n\n'
"""Seed 14 deals red boar and crane, blue rabbit and monkey, and tiger as the spare."""


def _last(text: str) -> onitama.State:
    *_, state = onitama.replay(onitama.parse(text))
    return state


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


# Printed by quibbble's NewOnitama(seed, ["red", "blue"]) under go1.19.8.
GO_DEALS = [
    (0, ("horse", "frog"), ("mantis", "ox"), "tiger"),
    (1, ("dragon", "cobra"), ("rooster", "ox"), "goose"),
    (2, ("frog", "horse"), ("crane", "monkey"), "eel"),
    (3, ("tiger", "mantis"), ("horse", "dragon"), "ox"),
    (14, ("boar", "crane"), ("rabbit", "monkey"), "tiger"),
    (123, ("ox", "mantis"), ("rabbit", "rooster"), "cobra"),
    (-5, ("crab", "rabbit"), ("elephant", "eel"), "boar"),
    (42, ("dragon", "ox"), ("crab", "eel"), "cobra"),
    (2**63 - 1, ("dragon", "cobra"), ("rooster", "ox"), "goose"),  # Go's seed mod 2**31-1
]


@pytest.mark.parametrize(("seed", "red", "blue", "spare"), GO_DEALS)
def test_the_cards_are_dealt_from_the_seed_as_quibbble_deals_them(
    seed: int, red: tuple[str, str], blue: tuple[str, str], spare: str
) -> None:
    assert onitama.deal(seed) == onitama.Deal((red, blue), spare)
    state = onitama.State.initial(("red", "blue"), seed)
    assert (state.hands, state.spare, state.seat) == ((red, blue), spare, 0)


@pytest.mark.parametrize("game", sorted(p.stem for p in GOLDEN.glob("go-*.qgn")))
def test_games_played_by_quibbble_replay_to_the_position_quibbble_reached(game: str) -> None:
    state = _last((GOLDEN / f"{game}.qgn").read_text(encoding="utf-8"))
    go = json.loads((GOLDEN / f"{game}.json").read_text(encoding="utf-8"))
    mine = GAME.state_json(state)
    assert mine["board"] == go["details"]["board"]
    assert mine["hands"] == go["details"]["hands"] and mine["spare"] == go["details"]["spare"]
    assert [state.teams[w - 1] for w in state.winners] == go["winners"]
    if not go["winners"]:  # quibbble left the turn with a team that cannot move
        assert state.stuck and state.teams[state.seat] == go["turn"]


@pytest.mark.parametrize("game", ["go-03", "go-11"])
def test_the_legal_moves_are_the_actions_quibbble_lists_in_its_order(game: str) -> None:
    # go-NN.moves: Go's actions() before each move of the game, one line per position
    states = list(
        onitama.replay(onitama.parse((GOLDEN / f"{game}.qgn").read_text(encoding="utf-8")))
    )
    listed = (GOLDEN / f"{game}.moves").read_text(encoding="utf-8").splitlines()
    assert len(listed) == len(states) - 1
    for state, line in zip(states, listed, strict=False):
        assert [str(m).split("&")[1] for m in state.legal_moves()] == line.split()


def test_quibbbles_own_test_plays_the_first_listed_action_of_seed_123() -> None:
    # games/onitama/onitam_test.go: NewOnitama(123, red, blue), then Do(actions()[0]).
    state = onitama.State.initial(("red", "blue"), 123)
    first = state.legal_moves()[0]
    assert str(first) == "0m&0.0.1.0.ox"  # as Go lists it
    assert state.play(first).seat == 1


def test_the_bundled_games_end_as_quibbble_ends_them() -> None:
    won = _last(_example("win.qgn"))
    assert (won.status, won.winners, won.result_text) == ("won", (1,), "red wins")
    # quibbble lets any pawn win on the enemy temple, a student too
    temple = _last(_example("temple.qgn"))
    last = temple.history[-1]
    assert (last.end_row, last.end_column) == (4, 2) and temple.at(4, 2) == onitama.Pawn(0)
    assert temple.winners == (1,)


def test_a_team_with_no_legal_move_leaves_the_game_stuck_without_a_winner() -> None:
    # seed 56 deals blue boar and elephant: on row 4, with quibbble's unturned cards,
    # every step leaves the board or lands on a blue pawn.
    stuck = _last(_example("stuck.qgn"))
    assert stuck.hands[1] == ("boar", "elephant")
    assert stuck.stuck and stuck.is_over and stuck.to_move is None
    assert (stuck.status, stuck.winners, stuck.legal_moves()) == ("lost", (), [])
    assert stuck.result_text == "blue has no legal move: the game is stuck"


def test_the_second_team_uses_the_cards_unturned() -> None:
    # Seed 3 deals blue horse and dragon. Dragon's steps go one row down the board
    # sideways or one row up diagonally, for blue as for red: blue's pawns on row 4 may
    # go up diagonally, never two columns sideways and up (dragon turned around).
    state = onitama.State.initial(("red", "blue"), 3).play(onitama.Move(0, 0, 0, 2, 0, "tiger"))
    assert state.is_legal(onitama.Move(1, 4, 0, 3, 1, "dragon"))
    turned = state.violation(onitama.Move(1, 4, 2, 3, 0, "dragon"))
    assert turned is not None and turned.rule == "card"
    assert all(m.end_row <= m.start_row for m in state.legal_moves())


# Each rule, broken once: the actions (after HEAD), the rule's name, where check points
# (line, column: the action, or the detail at fault), and the message.
ILLEGAL = [
    (
        "0m&0.0.1.0.tiger",
        "hand",
        (5, 12),
        "red's hand does not hold tiger (it holds boar and crane)",
    ),
    ("0m&0.0.1.1.rabbit", "hand", (5, 12), "red's hand does not hold rabbit"),
    ("0m&0.3.1.3.boar 1m&4.2.3.2.boar", "hand", (5, 28), "blue's hand does not hold boar"),
    ("0m&5.0.4.0.boar", "bounds", (5, 4), "(5,0) is off the board"),
    ("0m&0.7.1.7.boar", "bounds", (5, 6), "(0,7) is off the board"),
    ("0m&0.0.1.-1.boar", "bounds", (5, 10), "(1,-1) is off the board"),
    ("0m&0.4.0.5.boar", "bounds", (5, 10), "(0,5) is off the board"),
    ("0m&4.4.5.4.boar", "enemy-pawn", (5, 4), "the pawn on (4,4) is blue's"),
    ("0m&1.0.2.0.boar", "no-pawn", (5, 4), "no pawn stands on (1,0)"),
    ("0m&0.0.0.1.boar", "own-pawn", (5, 8), "red's own pawn stands on (0,1)"),
    ("0m&0.0.2.0.boar", "card", (5, 1), "boar cannot take a pawn from (0,0) to (2,0)"),
    ("1m&4.0.3.0.rabbit", "turn", (5, 1), "blue cannot play on red's turn"),
    ("2m&0.0.1.0.boar", "team", (5, 1), "team 2 is no team of this game"),
]


@pytest.mark.parametrize(
    ("example", "extra", "rule", "message"),
    [
        ("win.qgn", "1m&4.4.3.4.crane", "game-over", "the game is already over"),
        ("stuck.qgn", "1m&4.0.3.0.boar", "stuck", "blue has no legal move, and quibbble"),
    ],
)
def test_nothing_may_follow_the_end_or_a_stuck_turn(
    example: str, extra: str, rule: str, message: str
) -> None:
    text = _example(example).rstrip("\n") + " " + extra + "\n"
    with pytest.raises(RuleError) as raised:
        list(onitama.replay(onitama.parse(text)))
    assert raised.value.rule == rule and message in raised.value.message
    lines = text.splitlines()
    line = len(lines)
    column = lines[-1].index(extra) + 1
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and run.out.startswith(f"<stdin>:{line}:{column}: error: illegal move")


def test_a_card_is_in_hand_as_dealt_and_as_exchanged() -> None:
    state = onitama.State.initial(("red", "blue"), 14)
    after = state.play(onitama.Move(0, 0, 3, 1, 3, "boar"))  # boar becomes the spare
    assert after.hands[0] == ("tiger", "crane") and after.spare == "boar"
    after = after.play(onitama.Move(1, 4, 0, 3, 1, "monkey"))  # blue takes boar
    assert after.hands[1] == ("rabbit", "boar") and after.spare == "monkey"
    problem = after.violation(onitama.Move(0, 0, 0, 1, 0, "boar"))
    assert problem is not None and problem.rule == "hand" and problem.part == 4
    assert after.is_legal(onitama.Move(0, 0, 2, 2, 2, "tiger"))


NOT_ACTIONS = [
    ("0p&0.0.1.0.boar", (5, 1), "one action, m (move), not 'p'"),
    ("0m&0.0.1.0", (5, 1), "5 details (start row, start column, end row, end column and"),
    ("0m&0.x.1.0.boar", (5, 6), "expected a start column, a whole number, not 'x'"),
    ("0m&0.0.1.0.boar 1m&4.0.3.0.Tiger", (5, 28), "expected a card (tiger, dragon"),
    ("0m&0.0.1.0.boar 1m&4.0.a.0.rabbit", (5, 24), "expected an end row"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


@pytest.mark.parametrize(
    ("tags", "message", "line"),
    [
        ('[teams "red, blue"]', "needs a seed tag", 1),
        ('[teams "red, blue"]\n[seed "soon"]', "the seed tag must be a whole number", 3),
        ('[teams "red"]\n[seed "1"]', "2 teams, not 1", 1),
        ('[teams "red, red"]\n[seed "1"]', "the same name", 1),
    ],
)
def test_a_game_needs_a_seed_and_two_distinct_teams(tags: str, message: str, line: int) -> None:
    text = f'[key "onitama"]\n{tags}\n\n0m&0.0.1.0.boar\n'
    with pytest.raises(MeepleError):
        list(onitama.replay(onitama.parse(text)))
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and f"<stdin>:{line}:1:" in run.out


def test_the_seed_is_written_as_quibbble_writes_it() -> None:
    record = onitama.parse('[key "onitama"]\n[teams "red, blue"]\n[seed "+014"]\n\n')
    state = list(onitama.replay(record))[-1]
    assert state.seed == 14 and state.record().tags["seed"] == "14"
    assert GAME.initial(seed=7).record().tags == {
        "key": "onitama",
        "teams": "red, blue",
        "seed": "7",
    }
    assert "seed" in GAME.initial().record().tags  # dealt from the clock, and kept


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(-6, 10), st.integers(-6, 10), st.integers(-6, 10), st.integers(-6, 10))
def test_any_squares_are_judged_without_crashing(a: int, b: int, c: int, d: int) -> None:
    state = onitama.State.initial(("red", "blue"), 14)
    for card in ("boar", "crane", "tiger", "rabbit"):
        move = onitama.Move(0, a, b, c, d, card)
        assert state.is_legal(move) == (move in state.legal_moves())


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial(seed=14)
    boar = onitama.Move(0, 0, 3, 1, 3, "boar")
    assert state.move_from_text("0.3.1.3.boar") == boar
    assert state.move_from_text(" 0 3 1 3 boar ") == boar
    assert state.move_from_text("m 0,3 1,3 boar") == boar
    assert state.move_from_text("1m&4.0.3.1.monkey") == onitama.Move(1, 4, 0, 3, 1, "monkey")
    assert state.move_to_text(boar) == str(boar) == "0m&0.3.1.3.boar"
    assert isinstance(state, engine.Evaluating)


def test_the_evaluation_counts_pawns_as_quibbbles_ai_does() -> None:
    state = GAME.initial(seed=14)
    assert state.evaluate(1) == state.evaluate(2) == 0.5
    won = _last(_example("win.qgn"))
    assert (won.evaluate(1), won.evaluate(2)) == (1.0, 0.0)


def test_the_picture_numbers_rows_and_columns_and_draws_the_five_cards() -> None:
    state = _last(_example("win.qgn"))
    svg = onitama.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.iter(f"{ns}text") if t.text in {str(i) for i in range(5)}]
    assert len(labels) == 10
    for text in root.iter(f"{ns}text"):
        assert 0 < float(text.attrib["x"]) < width and 0 < float(text.attrib["y"]) < height
    squares = {r.attrib["data-at"] for r in root.iter(f"{ns}rect") if "data-at" in r.attrib}
    assert squares == {f"{r},{c}" for r in range(5) for c in range(5)}
    cards = [g.attrib["data-card"] for g in root.iter(f"{ns}g") if "data-card" in g.attrib]
    assert sorted(cards) == sorted([*state.hands[0], *state.hands[1], state.spare])
    assert "red wins" in svg
    last = state.history[-1]
    assert data_at(last.end_row, last.end_column) in svg


def test_the_text_picture_shows_pawns_hands_spare_and_cards() -> None:
    text = onitama.render(onitama.State.initial(("red", "blue"), 14))
    lines = text.splitlines()
    assert lines[1] == "0   r   r   R   r   r      red: boar, crane"
    assert lines[3] == "2   .   .   .   .   .      spare: tiger"
    assert lines[5] == "4   b   b   B   b   b      blue: rabbit, monkey"
    assert "boar (red)" in text and "tiger (spare)" in text
    assert ". . o . ." in text and "R r red (temple 0,2)" in text
    assert text.rstrip().endswith("red must move a pawn")
    painted = onitama.render(onitama.State.initial(("red", "blue"), 14), color=True)
    assert "\x1b[31mR\x1b[0m" in painted


def test_a_team_whose_initial_is_two_letters_in_upper_case_gets_a_spare_letter() -> None:
    # "ß".upper() is "SS": a pawn drawn as two letters would push the board's columns apart
    lines = onitama.render(onitama.State.initial(("ßx", "blue"), 14)).splitlines()
    assert lines[1] == "0   a   a   A   a   a      ßx: boar, crane"
    assert lines[5] == "4   b   b   B   b   b      blue: rabbit, monkey"


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    win = str(EXAMPLES / "win.qgn")
    lines = meeple(["replay", "--json", win]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["red"]
    assert last["state"]["board"][0][2] == {"type": "master", "team": "red"}
    assert last["state"]["spare"] == "boar"
    moves = meeple(["moves", win, "--step", "1"])
    assert moves.code == 0 and "1m&4.2.3.3.monkey" in moves.out


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    # --seed 3 seeds the bots and draws the game's seed, 1022050301, which deals red
    # horse and mantis (and blue crab and ox, the spare rabbit)
    saved = tmp_path / "game.qgn"
    typed = f"0.0.1.0.horse\nhint\nm 0 4 1 5 mantis\nhelp\nundo\nsave {saved}\nquit\n"
    run = meeple(["play", "onitama", "--bot", "random", "--seed", "3"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0m&" in run.out and "the greedy bot would play" in run.out
    assert "off the board" in run.out
    assert meeple(["check", str(saved)]).code == 0
    assert '[seed "1022050301"]' in saved.read_text(encoding="utf-8")
