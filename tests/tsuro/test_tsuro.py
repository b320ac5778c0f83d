"""Tsuro as quibbble records it: quibbble's own game and golden games checked against
quibbble's Go code, the deal from the seed, one illegal record per rule (found at its
action), round trips, pictures, and the CLI as a person runs it.

The golden/*.go.txt files are what quibbble's games/tsuro printed (go1.19, its state
after the last placement) for the matching golden/*.qgn, with its token walk made to
follow team order (quibbble's own walks a Go map, in random order; see
docs/formats/tsuro.md). The test suite needs no Go.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import tsuro
from meeple.tsuro.game import GAME
from meeple.tsuro.rules import State, crosses
from tests.cli_helpers import meeple
from tests.quibbble_games import assert_rule_broken_at

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
EXAMPLES = HERE.parents[1] / "examples" / "tsuro"
HEAD = '[key "tsuro"]\n[teams "red, blue"]\n[variant "classic"]\n[seed "1696036843787"]\n\n'
SNAPSHOT = (
    "0p&4.5.CHDAEBFG 1p&0.4.CDEAFGHB 0p&3.5.ACBGDHEF 1p&0.3.AEBDCGFH 0p&5.5.EDFGHCAB"
    " 1p&0.2.CHDFEAGB"
)


def _last(text: str) -> State:
    *_, state = tsuro.replay(tsuro.parse(text))
    return state


def go_dump(state: State) -> str:
    """A state as the reference Go program prints it (turn, winners, dragon, deck,
    each team, each tile with the paths travelled on it)."""
    teams = state.teams
    winners = [teams[w] for w in state.winner_seats]
    if state.ended and state.variant == "solo" and not winners:
        winners = ["FAIL"]
    dragon = "" if state.dragon is None else teams[state.dragon]
    lines = [
        f"turn={teams[state.seat]} winners=[{' '.join(winners)}] dragon={dragon!r}"
        f" deck={len(state.deck)}".replace("'", '"')
    ]
    for team, name in enumerate(teams):
        token = state.tokens[team]
        points = state.points[team] if state.variant in ("longest_path", "most_crossings") else 0
        lines.append(
            f"  {name} alive={str(state.alive[team]).lower()}"
            f" first={str(state.placed[team]).lower()}"
            f" token={token.row}.{token.column}.{token.notch}"
            f" hand=[{' '.join(state.hands[team])}] points={points}"
        )
    lines.append(f"  deck=[{' '.join(state.deck)}]")
    for index, laid in enumerate(state.board):
        if laid is not None:
            trails = " ".join(sorted(f"{path}:{teams[team]}" for path, team in laid.trails))
            lines.append(f"  tile {index // 6}.{index % 6} {laid.paths} [{trails}]")
    return "\n".join(lines) + "\n"


def test_quibbbles_own_game_replays_as_its_go_code_plays_it() -> None:
    """pkg/gamenotation/snapshot_test.go's game: valid under quibbble's rules."""
    state = _last(HEAD + SNAPSHOT + "\n")
    assert state.result_text == "red must place a tile"
    assert state.tokens == (tsuro.Token(4, 5, "G"), tsuro.Token(0, 2, "F"))
    assert state.hands == (
        ("AHBCDEFG", "ADBCEGFH", "AFBDCHEG"),
        ("ACBHDGEF", "ADBFCGEH", "AEBFCGDH"),
    )
    assert len(state.deck) == 23 and state.deck[-1] == "AGBDCEFH"
    trails = state.at(4, 5)
    assert trails is not None and trails.trails == (("DA", 0), ("BE", 0), ("FG", 0))


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.qgn")))
def test_golden_games_end_where_quibbbles_go_code_ends_them(name: str) -> None:
    state = _last((GOLDEN / f"{name}.qgn").read_text(encoding="utf-8"))
    assert go_dump(state) == (GOLDEN / f"{name}.go.txt").read_text(encoding="utf-8")
    assert state.is_over and state.legal_moves() == []


def test_golden_games_end_as_each_variant_ends() -> None:
    results = {
        p.stem: _last(p.read_text(encoding="utf-8")).result_text for p in GOLDEN.glob("*.qgn")
    }
    assert results["classic-dragon-tie"] == "blue, yellow tie"
    assert results["solo-lost"] == "you saved 0 tokens"
    assert "cannot go on" in results["open-tiles-stuck"]
    stuck = _last((GOLDEN / "open-tiles-stuck.qgn").read_text(encoding="utf-8"))
    assert (stuck.status, stuck.winners) == ("lost", ())


# The deal, as quibbble's Go code printed it (go1.19: newState then its fields).
DEALS = [
    ("classic", 1, ("red", "blue"),
     [((5, 3, "E"), ("ADBGCHEF", "ACBGDEFH", "AFBDCGEH")),
      ((3, 0, "H"), ("AHBGCDEF", "AFBCDHEG", "ADBFCHEG"))], 29),
    ("classic", 42, ("red", "blue", "green", "yellow"),
     [((0, 5, "C"), ("ADBGCFEH", "ADBGCEFH", "ADBHCGEF")),
      ((0, 0, "H"), ("AEBFCGDH", "AFBECHDG", "ADBFCGEH")),
      ((5, 5, "D"), ("AEBCDHFG", "ADBCEHFG", "ACBGDHEF")),
      ((2, 5, "D"), ("ADBFCHEG", "AGBDCEFH", "ABCDEFGH"))], 23),
    ("open_tiles", 1696036843787, ("red", "blue", "green"),
     [((4, 5, "D"), ("AHBCDGEF", "AHBCDEFG", "AFBGCHDE")),
      ((0, 4, "B"), ("AHBCDGEF", "AHBCDEFG", "AFBGCHDE")),
      ((5, 5, "F"), ("AHBCDGEF", "AHBCDEFG", "AFBGCHDE"))], 32),
    ("solo", -7, tuple("abcdefgh"),
     [((3, 5, "C"), ("AFBHCDEG", "ABCGDEFH", "AGBDCEFH")),
      ((5, 5, "D"), ("ABCGDHEF", "AHBCDGEF", "AFBCDHEG")),
      ((0, 1, "A"), ("AFBGCHDE", "AFBDCHEG", "AHBGCDEF")),
      ((5, 0, "H"), ("AGBHCDEF", "AGBCDEFH", "ACBHDGEF")),
      ((1, 0, "G"), ("ABCHDGEF", "ADBGCFEH", "AFBECHDG")),
      ((5, 2, "F"), ("ACBFDHEG", "ABCDEFGH", "AHBCDEFG")),
      ((5, 4, "E"), ("ADBGCHEF", "AEBCDHFG", "ADBHCGEF")),
      ((3, 0, "H"), ("AEBCDGFH", "AFBECGDH", "AEBDCGFH"))], 11),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "seed", "teams", "dealt", "left"), DEALS)
def test_the_deal_is_quibbbles_for_the_seed(
    variant: str,
    seed: int,
    teams: tuple[str, ...],
    dealt: list[tuple[tuple[int, int, str], tuple[str, ...]]],
    left: int,
) -> None:
    state = State.initial(teams, seed, variant)
    assert [
        ((t.row, t.column, t.notch), h) for t, h in zip(state.tokens, state.hands, strict=True)
    ] == dealt
    assert len(state.deck) == left


def test_crossings_are_quibbbles_table() -> None:
    assert crosses("AC", "BD") and crosses("AG", "HB") and not crosses("AB", "CD")
    assert not crosses("AH", "BC") and crosses("BH", "AG") and not crosses("AC", "AD")


# Each rule, broken once: the actions after the head, the rule, where check points.
ILLEGAL = [
    ("0p&4.4.CHDAEBFG", "start-square", (6, 1), "first tile goes on its token's square (4,5)"),
    ("0p&4.5.CHDAEBFG 1p&0.4.CDEAFGHB 0p&2.5.ACBGDHEF", "front-square", (6, 33),
     "red must place on (3,5), the square its token faces, not (2,5)"),
    ("0p&4.5.ABCDEFGH", "hand", (6, 8), "red's hand does not hold ABCDEFGH"),
    ("0p&4.5.CHDAEBFG 0p&0.4.CDEAFGHB", "turn", (6, 17), "red cannot play on blue's turn"),
    ("2p&4.5.CHDAEBFG", "team", (6, 1), "team 2 is no team of this game"),
]  # fmt: skip


def _at(text: str, action: str) -> tuple[int, int]:
    offset = text.rindex(action)
    line = text.count("\n", 0, offset) + 1
    return line, offset - text.rfind("\n", 0, offset)


def test_a_team_that_is_out_cannot_place() -> None:
    text = (GOLDEN / "classic-8-teams.qgn").read_text(encoding="utf-8")
    states = list(tsuro.replay(tsuro.parse(text)))
    step, out = next((i, s.alive.index(False)) for i, s in enumerate(states) if False in s.alive)
    record = states[step].record()
    bad = tsuro.Place(out, 0, 0, "ABCDEFGH")
    broken = tsuro.dump(record.played((*record.moves, bad)))
    assert_rule_broken_at(tsuro, broken, "eliminated", _at(broken, str(bad)), "is out of the game")


def test_nothing_follows_the_end_or_a_stuck_game() -> None:
    won = (GOLDEN / "open-tiles.qgn").read_text(encoding="utf-8").rstrip(
        "\n"
    ) + " 1p&0.0.ABCDEFGH\n"
    assert_rule_broken_at(tsuro, won, "game-over", _at(won, "1p&0.0.ABCDEFGH"), "already over")
    stuck = (GOLDEN / "open-tiles-stuck.qgn").read_text(encoding="utf-8").rstrip("\n")
    stuck += " 1p&5.1.ABCDEFGH\n"
    assert_rule_broken_at(tsuro, stuck, "stuck", _at(stuck, "1p&5.1.ABCDEFGH"), "blue has no tile")


def test_a_placement_of_no_tile_breaks_rule_tile() -> None:
    problem = State.initial(("red", "blue"), 1696036843787).violation(
        tsuro.Place(0, 4, 5, "HABCDEFG")
    )
    assert problem is not None and problem.rule == "tile"


@pytest.mark.parametrize(
    ("tags", "where", "message"),
    [
        ('[key "tsuro"]\n[teams "red, blue"]\n', (1, 1), "needs a seed tag"),
        ('[key "tsuro"]\n[teams "red, blue"]\n[variant "Classic"]\n[seed "1"]\n', (3, 1),
         "no variant 'Classic'"),
        ('[key "tsuro"]\n[teams "red"]\n[seed "1"]\n', (2, 1), "2 to 8 teams, not 1"),
        ('[key "tsuro"]\n[teams "a, b, c, d, e, f, g, h, i"]\n[seed "1"]\n', (2, 1), "not 9"),
        ('[key "tsuro"]\n[teams "red, red"]\n[seed "1"]\n', (2, 1), "the same name"),
    ],
)  # fmt: skip
def test_tags_that_cannot_deal_a_game_are_found_at_their_tag(
    tags: str, where: tuple[int, int], message: str
) -> None:
    run = meeple(["check", "-"], stdin=tags + "\n0p&4.5.CHDAEBFG\n")
    assert run.code == 1 and run.out.startswith(f"<stdin>:{where[0]}:{where[1]}:"), run.out
    assert message in run.out


def test_without_a_variant_the_game_is_classic() -> None:
    head = '[key "tsuro"]\n[teams "red, blue"]\n[seed "1696036843787"]\n\n'
    assert _last(head + SNAPSHOT + "\n").variant == "classic"


NOT_ACTIONS = [
    ("0r&4.5.CHDAEBFG", (6, 1), "one action, p (place), not 'r'"),
    ("0p&4.5", (6, 1), "3 details (row, column and tile), not 2"),
    ("0p&x.5.CHDAEBFG", (6, 4), "expected a row, a whole number, not 'x'"),
    ("0p&4.5.CHDAEBFX", (6, 8), "expected a tile"),
    ("0p&4.5.HABCDEFG", (6, 8), "not 'HABCDEFG'"),
    ("0p&4.5.CHDAEBFG 1p&0.y.CDEAFGHB", (6, 22), "expected a column"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


def test_moves_are_read_as_a_person_types_them() -> None:
    state = State.initial(("red", "blue"), 1696036843787)
    move = tsuro.Place(0, 4, 5, "CHDAEBFG")
    assert state.move_from_text("4.5.CHDAEBFG") == move
    assert state.move_from_text("4 5 CHDAEBFG") == move
    assert state.move_from_text("p 4,5,CHDAEBFG") == move
    assert state.move_from_text("0p&4.5.CHDAEBFG") == move and str(move) == "0p&4.5.CHDAEBFG"
    assert len(state.legal_moves()) == 12 and move in state.legal_moves()


def test_the_picture_numbers_rows_and_columns_inside_its_view() -> None:
    state = _last(HEAD + SNAPSHOT + "\n")
    svg = tsuro.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.iter(f"{ns}text") if t.text in {str(i) for i in range(6)}]
    assert len(labels) == 12
    for label in root.iter(f"{ns}text"):
        assert 0 < float(label.attrib["x"]) < width and 0 < float(label.attrib["y"]) < height
    squares = {r.attrib["data-at"] for r in root.iter(f"{ns}rect") if "data-at" in r.attrib}
    assert squares == {f"{r},{c}" for r in range(6) for c in range(6)}
    assert "red must place a tile" in svg and "red's hand" in svg and "AHBCDEFG" in svg
    text = tsuro.render(state)
    assert " 4  |" in text and "0@G" in text and "1@F red" not in text
    assert "0@G red: token at (4,5) notch G; hand AHBCDEFG ADBCEGFH AFBDCHEG" in text
    assert "\x1b[" in tsuro.render(state, color=True)


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    game = str(EXAMPLES / "snapshot.qgn")
    last = json.loads(meeple(["replay", "--json", game]).out.splitlines()[-1])
    assert last["status"] == "playing" and last["state"]["turn"] == "red"
    assert last["state"]["board"][4][5] == "CHDAEBFG"
    assert last["state"]["tokens"]["blue"] == {"row": 0, "column": 2, "notch": "F"}
    moves = meeple(["moves", game, "--step", "1"])
    assert moves.code == 0 and "1p&0.4.CDEAFGHB" in moves.out


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.qgn"
    first = GAME.initial(None, random.Random(3).randrange(2**31)).legal_moves()[1]
    typed = f"{first.row}.{first.column}.{first.paths}\nhint\nhelp\nundo\n"
    typed += f"{first.row} {first.column} {first.paths}\nsave {saved}\nquit\n"
    run = meeple(["play", "tsuro", "--bot", "random", "--seed", "3"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0p&" in run.out and "the greedy bot would play" in run.out
    assert meeple(["check", str(saved)]).code == 0
    record = tsuro.parse(saved.read_text(encoding="utf-8"))
    assert record.moves[0] == first and record.seed is not None and record.variant == "classic"
