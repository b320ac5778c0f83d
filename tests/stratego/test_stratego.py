"""Stratego as quibbble records it: the set-up from the seed, golden games played by
quibbble's own Go code, one illegal record per rule (found at its action and detail),
round trips, pictures, and the CLI as a person runs it.

The golden games (golden/go-NN.qgn) were played at random by quibbble's Go engine
(games/stratego with mroth/weightedrand v1.0.0, built with go1.19 outside this
repository, mapstructure stubbed): its listed one-square steps, a few switches by
either team before the first move, and now and then a scout sent to a random square
(kept when Go accepted it). Next to each, golden/go-NN.json is what Go printed at its
end: every square (`team:rank`, `~` a lake), the turn, the winners, and Go's `actions()`.
golden/setups.json holds the set-ups Go printed for seven seeds of each variant.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import bots, engine, stratego
from meeple.bots import selfplay
from meeple.errors import MeepleError, RuleError
from meeple.quibbble.canvas import data_at
from meeple.stratego import race
from meeple.stratego.game import GAME
from meeple.stratego.model import Move, Switch, Unit, battle
from meeple.stratego.rules import BRIDGE, POINTS, chooser, pick
from tests.budget import examples
from tests.cli_helpers import meeple

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[1] / "examples" / "stratego"
GOLDEN = HERE / "golden"
HEAD = '[key "stratego"]\n[teams "red, blue"]\n[seed "7"]\n[variant "classic"]\n\n'
"""Seed 7 sets red's bomb on (3,0), its general on (3,1), scouts on (3,2)-(3,7) and (3,9),
the marshal on (3,8); blue's spy on (6,0), bombs on (7,0)-(7,2), the flag on (8,3)."""


def _last(text: str) -> stratego.State:
    *_, state = stratego.replay(stratego.parse(text))
    return state


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _cells(state: stratego.State) -> list[list[str]]:
    """The board as the Go build printed it."""
    rows = []
    for row in range(state.size):
        cells = []
        for column in range(state.size):
            unit = state.at(row, column)
            if state.is_lake(row, column):
                cells.append("~")
            else:
                cells.append("" if unit is None else f"{state.teams[unit.team]}:{unit.rank}")
        rows.append(cells)
    return rows


SETUPS = json.loads((GOLDEN / "setups.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("variant", "seed"), [(v, s) for v in sorted(SETUPS) for s in sorted(SETUPS[v], key=int)]
)
def test_the_units_are_set_up_from_the_seed_as_quibbble_sets_them_up(
    variant: str, seed: str
) -> None:
    state = stratego.State.initial(("red", "blue"), int(seed), variant)
    assert _cells(state) == SETUPS[variant][seed]
    assert (state.seat, state.started, state.variant.name) == (0, False, variant)


def test_each_team_gets_its_army_on_its_side() -> None:
    for variant in stratego.VARIANTS.values():
        state = stratego.State.initial(("red", "blue"), 99, variant.name)
        for team in (0, 1):
            ranks = [u.rank for u in state.board if u is not None and u.team == team]
            assert sorted(ranks) == sorted(
                rank for rank, n in zip(stratego.RANKS, variant.army, strict=True) for _ in range(n)
            )
            rows = {i // variant.size for i, u in enumerate(state.board) if u and u.team == team}
            assert rows <= set(variant.side(team))


def test_the_weighted_row_choice_is_weightedrands() -> None:
    # NewChooser sorts by weight, lightest first (ties kept in order); PickSource draws
    # Intn(total) + 1 and takes the first running total at least that large.
    assert chooser(((3, 5), (2, 4), (1, 1))) == ((1, 2, 3), (1, 5, 10))
    assert chooser(((1, 5), (0, 5))) == ((1, 0), (5, 10))

    class Fixed:
        def __init__(self, value: int) -> None:
            self.value = value

        def intn(self, n: int) -> int:
            assert n == 10
            return self.value

    items, totals = chooser(((3, 5), (2, 4), (1, 1)))
    assert [pick(Fixed(v), items, totals) for v in range(10)] == [1, 2, 2, 2, 2, 3, 3, 3, 3, 3]  # type: ignore[arg-type]


@pytest.mark.parametrize("game", sorted(p.stem for p in GOLDEN.glob("go-*.qgn")))
def test_games_played_by_quibbble_replay_to_the_position_quibbble_reached(game: str) -> None:
    state = _last((GOLDEN / f"{game}.qgn").read_text(encoding="utf-8"))
    go = json.loads((GOLDEN / f"{game}.json").read_text(encoding="utf-8"))
    assert _cells(state) == go["board"]
    assert [state.teams[w - 1] for w in state.winners] == go["winners"]
    assert state.started == go["started"] and state.teams[state.seat] == go["turn"]
    if not state.is_over:  # Go lists only one-square steps, in its order
        steps = [
            f"{m.row}.{m.column}.{m.to_row}.{m.to_column}"
            for m in state.legal_moves()
            if isinstance(m, Move) and abs(m.to_row - m.row) + abs(m.to_column - m.column) == 1
        ]
        assert steps == go["actions"]


def test_the_bundled_games_end_as_quibbble_ends_them() -> None:
    flag = _last(_example("flag.qgn"))
    assert (flag.status, flag.winners, flag.result_text) == ("won", (1,), "red wins")
    assert flag.battle is not None and flag.battle.defender == Unit(1, "flag")
    immobile = _last(_example("immobile.qgn"))
    assert (immobile.status, immobile.winners) == ("won", (2,))
    assert all(not u.movable or u.team == 1 for u in immobile.board if u is not None) is False
    # quibbble's winners [""]: neither team can move after the last attack, a draw
    draw = _last(_example("draw.qgn"))
    assert (draw.status, draw.winners, draw.result_text) == ("tie", (1, 2), "red and blue tie")
    assert draw.evaluate(1) == draw.evaluate(2) == 0.5


def test_a_team_left_without_a_move_by_a_plain_move_is_stuck() -> None:
    stuck = _last(_example("stuck.qgn"))
    assert stuck.stuck and stuck.is_over and stuck.to_move is None
    assert (stuck.status, stuck.winners, stuck.legal_moves()) == ("lost", (), [])
    assert stuck.result_text == "blue has no unit that can move: the game is stuck"


def test_battles_follow_quibbbles_ranks() -> None:
    spy, marshal = Unit(0, "spy"), Unit(1, "marshal")
    assert battle(spy, marshal) == spy and battle(marshal, spy) == marshal
    assert battle(Unit(0, "spy"), Unit(1, "general")) == Unit(1, "general")
    assert battle(Unit(0, "miner"), Unit(1, "bomb")) == Unit(0, "miner")
    assert battle(Unit(0, "marshal"), Unit(1, "bomb")) == Unit(1, "bomb")
    assert battle(Unit(0, "scout"), Unit(1, "scout")) is None
    assert battle(Unit(0, "spy"), Unit(1, "flag")) == Unit(0, "spy")
    assert battle(Unit(0, "major"), Unit(1, "captain")) == Unit(0, "major")


def test_scouts_move_as_quibbbles_check_lets_them() -> None:
    state = stratego.State.initial(("red", "blue"), 7)
    # straight down to the middle, and on into a blue unit
    assert state.is_legal(Move(0, 3, 4, 5, 4)) and state.is_legal(Move(0, 3, 4, 6, 4))
    assert not state.is_legal(Move(0, 3, 4, 7, 4))  # past the first enemy
    # one row or column off the line: quibbble's diagonal check lets it through, its
    # way checked down the scout's column, then along its row
    out = state.play(Move(0, 3, 4, 4, 4)).play(Move(1, 6, 9, 5, 9))
    assert out.is_legal(Move(0, 4, 4, 5, 5)) and out.is_legal(Move(0, 4, 4, 6, 5))
    assert not out.is_legal(Move(0, 4, 4, 5, 8))  # along row 4 through a lake
    problem = state.violation(Move(0, 3, 4, 5, 6))
    assert problem is not None and problem.rule == "diagonal"
    # other units: one square, straight
    assert {m.end for m in state.legal_moves() if isinstance(m, Move) and m.start == (3, 1)} == {
        (4, 1)
    }


def test_either_team_switches_before_the_first_move_and_none_after() -> None:
    state = stratego.State.initial(("red", "blue"), 7)
    after = state.play(Switch(1, 6, 0, 9, 9)).play(Switch(0, 3, 8, 0, 0))
    assert after.at(9, 9) == Unit(1, "spy") and after.at(0, 0) == Unit(0, "marshal")
    assert after.seat == 0 and not after.started
    switches = [m for m in state.legal_moves() if isinstance(m, Switch)]
    assert len(switches) == 2 * 40 * 40
    moved = after.play(Move(0, 3, 4, 4, 4))
    assert moved.started and not [m for m in moved.legal_moves() if isinstance(m, Switch)]
    quick = stratego.State.initial(("red", "blue"), 1, "quick_battle")
    assert quick.is_legal(Switch(0, 0, 0, 2, 2))  # onto an empty square of the side
    assert len([m for m in quick.legal_moves() if isinstance(m, Switch)]) == 2 * 10 * 24


def test_a_bot_chooses_only_its_own_teams_actions() -> None:
    state = stratego.State.initial(("red", "blue"), 1978446434)
    assert state.is_legal(Switch(1, 6, 5, 9, 8))  # blue's flag to its front row: legal
    chosen = engine.choices(state)
    assert {move.team for move in chosen} == {0} and Switch(1, 6, 5, 9, 8) not in chosen
    assert len(chosen) == len(state.legal_moves()) - 40 * 40
    rng = random.Random(3)
    seated = [bots.make("alphabeta", seed=1, nodes=3_000), bots.make("mcts", seed=1, iterations=5)]
    final = selfplay.play(state, seated, rng, limit=4)
    assert all(move.team == 0 for move in final.history if isinstance(move, Switch))


# Each rule, broken once: the actions (after HEAD), the rule's name, where check points
# (line, column: the action, or the detail at fault), and the message.
ILLEGAL = [
    ("1m&6.0.5.0", "turn", (6, 1), "blue cannot play on red's turn"),
    ("2m&3.4.4.4", "team", (6, 1), "team 2 is no team of this game"),
    ("0m&3.4.4.10", "bounds", (6, 10), "10 is off the board (rows and columns 0 to 9)"),
    ("0m&-1.4.4.4", "bounds", (6, 4), "-1 is off the board"),
    ("0m&4.4.5.4", "no-unit", (6, 4), "no unit stands on (4,4) (empty)"),
    ("0m&4.2.4.1", "no-unit", (6, 4), "no unit stands on (4,2) (a lake)"),
    ("0m&6.0.5.0", "enemy-unit", (6, 4), "the spy on (6,0) is blue's"),
    ("0m&3.0.4.0", "immovable", (6, 4), "a bomb never moves"),
    ("0m&3.1.4.0", "diagonal", (6, 8), "a general cannot move diagonally from (3,1) to (4,0)"),
    ("0m&3.1.5.1", "distance", (6, 8), "only a scout moves more than one square"),
    ("0m&3.4.5.6", "diagonal", (6, 8), "a scout cannot move diagonally"),
    ("0m&3.2.5.2", "scout-path", (6, 8), "the scout's way from (3,2) to (5,2) crosses"),
    ("0m&3.1.4.1 1m&6.0.5.0 0m&4.1.4.2", "lake", (6, 30), "(4,2) is a lake"),
    ("0m&3.1.2.1", "own-unit", (6, 8), "red's own major stands on (2,1)"),
    ("0m&3.4.4.4 1s&6.0.6.1", "started", (6, 12), "only before the first move"),
    ("0s&3.1.4.1", "side", (6, 8), "(4,1) is outside red's side (rows 0 to 3)"),
    ("0s&6.0.6.1", "enemy-unit", (6, 4), "red cannot switch blue's units"),
    ("0s&4.4.3.4", "no-unit", (6, 4), "no unit stands on (4,4)"),
    ("1s&6.0.10.0", "bounds", (6, 8), "10 is off the board"),
    ("3s&6.0.6.1", "team", (6, 1), "team 3 is no team"),
]


@pytest.mark.parametrize(
    ("example", "extra", "rule", "message"),
    [
        ("flag.qgn", "1m&5.3.4.3", "game-over", "the game is already over"),
        ("flag.qgn", "1s&5.3.6.3", "game-over", "the game is already over"),
        ("stuck.qgn", "1m&6.2.5.2", "stuck", "blue has no unit that can move"),
    ],
)
def test_nothing_may_follow_the_end_or_a_stuck_turn(
    example: str, extra: str, rule: str, message: str
) -> None:
    text = _example(example).rstrip("\n") + " " + extra + "\n"
    with pytest.raises(RuleError) as raised:
        list(stratego.replay(stratego.parse(text)))
    assert raised.value.rule == rule and message in raised.value.message
    lines = text.splitlines()
    column = lines[-1].index(extra) + 1
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1
    assert run.out.startswith(f"<stdin>:{len(lines)}:{column}: error: illegal move")


NOT_ACTIONS = [
    ("0p&3.4.4.4", (6, 1), "actions are m (move) and s (switch), not 'p'"),
    ("0m&3.4.4", (6, 1), "4 details (row, column, row to move to"),
    ("0s&3.4.4.4.1", (6, 1), "4 details (row, column, row to switch with"),
    ("0m&3.x.4.4", (6, 6), "expected a unit's column, a whole number, not 'x'"),
    ("0m&3.4.4.4 1m&6.4.5.4 0s&0.0.a.0", (6, 30), "expected a row to switch with"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


@pytest.mark.parametrize(
    ("tags", "where", "message"),
    [
        ('[teams "red, blue"]', "1:1", "needs a seed tag"),
        ('[teams "red, blue"]\n[seed "soon"]', "3:1", "the seed tag must be a whole number"),
        ('[teams "red"]\n[seed "1"]', "1:1", "2 teams, not 1"),
        ('[teams "red, red"]\n[seed "1"]', "1:1", "the same name"),
        ('[teams "red, blue"]\n[seed "1"]\n[variant "quick"]', "4:1", "no variant 'quick'"),
    ],
)
def test_a_game_needs_a_seed_two_teams_and_a_known_variant(
    tags: str, where: str, message: str
) -> None:
    text = f'[key "stratego"]\n{tags}\n\n0m&3.4.4.4\n'
    with pytest.raises(MeepleError):
        list(stratego.replay(stratego.parse(text)))
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and f"<stdin>:{where}:" in run.out, run.out


def test_an_unknown_variant_is_shown_at_its_tag_by_the_library() -> None:
    text = '[key "stratego"]\n[teams "red, blue"]\n[seed "1"]\n[variant "quick"]\n\n'
    with pytest.raises(RuleError) as raised:
        list(BRIDGE.states(stratego.parse(text), text, "game.qgn"))
    assert (raised.value.rule, raised.value.line, raised.value.column) == ("variant", 4, 1)


def test_no_variant_tag_is_classic_and_the_tags_are_written_as_quibbble_writes_them() -> None:
    record = stratego.parse('[key "stratego"]\n[teams "red, blue"]\n[seed "+07"]\n\n')
    state = list(stratego.replay(record))[-1]
    assert state.variant.name == "classic" and state.seed == 7
    assert state.record().tags == {
        "key": "stratego", "teams": "red, blue", "seed": "7", "variant": "classic",
    }  # fmt: skip
    assert "seed" in GAME.initial().record().tags  # set up from the clock, and kept


@settings(max_examples=examples(80), deadline=None)
@given(
    st.integers(0, 30),
    st.sampled_from(["m", "s"]),
    st.integers(0, 1),
    st.tuples(*[st.integers(-2, 11)] * 4),
)
def test_any_action_is_judged_as_legal_moves_lists_it(
    plies: int, letter: str, team: int, squares: tuple[int, int, int, int]
) -> None:
    rng = random.Random(plies)
    state = stratego.State.initial(
        ("red", "blue"), plies, "classic" if plies % 2 else "quick_battle"
    )
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice([m for m in state.legal_moves() if isinstance(m, Move)]))
    action = Move(team, *squares) if letter == "m" else Switch(team, *squares)
    assert state.is_legal(action) == (action in state.legal_moves())


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial(seed=7)
    step = Move(0, 3, 4, 4, 4)
    assert state.move_from_text("3.4.4.4") == step
    assert state.move_from_text(" 3 4 4 4 ") == step
    assert state.move_from_text("m 3,4 4,4") == step
    assert state.move_from_text("s 0 0 1 0") == Switch(0, 0, 0, 1, 0)
    assert state.move_from_text("1s&6.0.9.9") == Switch(1, 6, 0, 9, 9)
    assert state.move_to_text(step) == str(step) == "0m&3.4.4.4"
    assert isinstance(state, engine.Evaluating)


def test_the_evaluation_counts_units_as_quibbbles_ai_does_and_the_race() -> None:
    state = GAME.initial(seed=7)
    # Equal units: the race to the flags alone tells the teams apart, less the not
    # started discount (rearranging gains nothing).
    for player in (1, 2):
        race_share = race.race_share(state.board, state.variant, player - 1)
        assert state.evaluate(player) == pytest.approx(0.25 + race_share / 2 - 0.01)
    assert state.evaluate(1) + state.evaluate(2) == pytest.approx(0.98)
    won = _last(_example("flag.qgn"))
    assert (won.evaluate(1), won.evaluate(2)) == (1.0, 0.0)
    classic = _last(_example("classic.qgn"))
    red, blue = (
        sum(POINTS[u.rank] for u in classic.board if u and u.team == team and u.rank != "flag")
        for team in (0, 1)
    )
    assert red < blue  # red lost its marshal
    race_share = race.race_share(classic.board, classic.variant, 0)
    assert classic.evaluate(1) == pytest.approx(red / (red + blue) / 2 + race_share / 2)


def test_the_picture_numbers_rows_and_columns_and_draws_every_unit() -> None:
    state = _last(_example("classic.qgn"))
    svg = stratego.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.iter(f"{ns}text") if t.text in {str(i) for i in range(10)}]
    assert len([t for t in labels if t.attrib["fill"] == "#555"]) == 20
    for text in root.iter(f"{ns}text"):
        assert 0 < float(text.attrib["x"]) < width and 0 < float(text.attrib["y"]) < height
    squares = {r.attrib["data-at"] for r in root.iter(f"{ns}rect") if "data-at" in r.attrib}
    assert squares == {f"{r},{c}" for r in range(10) for c in range(10)}
    units = [g.attrib["data-unit"] for g in root.iter(f"{ns}g") if "data-unit" in g.attrib]
    assert sorted(units) == sorted(u.rank for u in state.board if u is not None)
    assert "blue must move a unit" in svg and "the sergeant won" in svg
    last = state.history[-1]
    assert f'data-at="{data_at(*last.end)}"' in svg


def test_the_text_picture_shows_units_lakes_and_the_legend() -> None:
    text = stratego.render(stratego.State.initial(("red", "blue"), 7))
    lines = text.splitlines()
    assert lines[0].split() == [str(c) for c in range(10)]
    assert lines[4].split() == ["3", "rB", "r9", "r2", "r2", "r2", "r2", "r2", "r2", "r10", "r2"]
    assert lines[5].split() == ["4", ".", ".", "~~", "~~", ".", ".", "~~", "~~", ".", "."]
    assert "r red, b blue; ~~ lake; every rank shown" in text
    assert text.rstrip().endswith("classic (seed 7): arrange your units (red moves first)")
    painted = stratego.render(stratego.State.initial(("red", "blue"), 7), color=True)
    assert "\x1b[31m  rB\x1b[0m" in painted
    fought = stratego.render(_last(_example("classic.qgn")))
    assert "red's scout (3,9) attacked blue's sergeant (5,9): the sergeant won" in fought


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    flag = str(EXAMPLES / "flag.qgn")
    lines = meeple(["replay", "--json", flag]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["red"]
    assert last["state"]["board"][7][1] == {"type": "miner", "team": "red"}
    assert last["state"]["board"][3][2] == {"type": "water"}
    assert last["state"]["battle"]["attacked_unit"] == {"type": "flag", "team": "blue"}
    first = json.loads(lines[0])
    assert first["state"]["started"] is False and first["state"]["variant"] == "quick_battle"
    # before the first move both teams may switch; after it, no one
    moves = meeple(["moves", str(EXAMPLES / "classic.qgn"), "--step", "2"])
    assert moves.code == 0 and "move (11): 0m&3.0.4.0" in moves.out and "1s&9.9.9.9" in moves.out
    moves = meeple(["moves", str(EXAMPLES / "classic.qgn"), "--step", "3"])
    assert moves.code == 0 and "1m&6.0.5.0" in moves.out and "s&" not in moves.out
    assert GAME.state_json(GAME.initial(seed=1))["turn"] == "red"


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    # --seed 3 seeds the bots and draws the game's seed, 1022050301
    saved = tmp_path / "game.qgn"
    typed = f"9.9.8.9\n3.1.4.1\nhint\nm 3 0 4 0\nhelp\nundo\nsave {saved}\nquit\n"
    run = meeple(["play", "stratego", "--bot", "random", "--seed", "3"], stdin=typed)
    assert run.code == 0, run.err
    assert "is blue's" in run.out  # a blue unit is no red move
    assert "blue (random) plays 1m&6.1.5.1" in run.out
    assert "for example: 0m&" in run.out and "the greedy bot would play" in run.out
    assert meeple(["check", str(saved)]).code == 0
    text = saved.read_text(encoding="utf-8")
    assert '[seed "1022050301"]' in text and text.rstrip().endswith("0m&3.1.4.1 1m&6.1.5.1")
