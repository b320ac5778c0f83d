"""Indigo as quibbble records it: golden games (cross-checked with quibbble's Go code),
the seeded deal, one illegal record per rule (found at its action), round trips, pictures,
and the CLI as a person runs it.

Reference values were printed by quibbble's games/indigo (state.go, board.go, tile.go,
models.go) and pkg/collection built with go1.19.8 outside this repository; the suite
itself needs no Go.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import indigo
from meeple.errors import RuleError
from meeple.indigo.game import GAME
from meeple.indigo.model import GEMS, HEXES, TREASURES, TURNS, WRITINGS, Gem, Place
from meeple.indigo.rules import State, _winners, deal
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "indigo"
HEAD = '[key "indigo"]\n[teams "red, blue"]\n[seed "1"]\n[variant "classic"]\n\n'
"""Seed 1 deals red abcedf and blue abcedf; the deck goes on abcedf, abcedf, afbecd."""


def _last(text: str) -> indigo.State:
    *_, state = indigo.replay(indigo.parse(text))
    return state


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


# Golden games: every state of each was compared with quibbble's Go game (hands, deck,
# gems, points, winners), and so were the legal placements of thirty random games.
def test_the_bundled_games_end_as_quibbble_ends_them() -> None:
    two = _last(_example("game.qgn"))
    assert (two.status, two.winners, two.result_text) == ("won", (2,), "blue wins")
    assert (two.points, two.gem_counts, len(two.history)) == ((9, 10), (6, 6), 52)
    assert two.gems_in_play() == 0 and two.tags()["seed"] == "1706000000"
    three = _last(_example("three-teams.qgn"))
    assert (three.result_text, three.points, three.variant) == (
        "blue wins",
        (4, 8, 7),
        "large_hands",
    )


def test_quibbbles_own_first_placement_plays() -> None:
    # games/indigo/indigo_test.go: seed 123, TeamA places the tile in its hand, as dealt,
    # on row 4, column 5 (beside the central treasure).
    text = '[key "indigo"]\n[teams "TeamA, TeamB"]\n[seed "123"]\n\n0p&afbecd.4.5\n'
    first, after = indigo.replay(indigo.parse(text))
    assert first.hands == (("afbecd",), ("becfda",)) and first.variant == "classic"
    # Go: TeamA draws adbfce; the first emerald leaves the centre by f and rides f-a.
    assert after.hands == (("adbfce",), ("becfda",))
    assert Gem("emerald", 4, 5, "a") in after.gems
    assert after.result_text == "TeamB must place a tile"


@pytest.mark.parametrize(
    ("seed", "teams", "variant", "hands", "top", "left"),
    [
        (123, 2, "classic", [["afbecd"], ["becfda"]], ["adbfce", "adbfce", "abcedf"], 52),
        (0, 2, "classic", [["abcedf"], ["afbcde"]], ["abcedf", "abcedf", "abcedf"], 52),
        (
            1706000000,
            3,
            "large_hands",
            [["afbecd", "abcedf"], ["adbfce", "afbecd"], ["adbfce", "afbecd"]],
            ["adbfce", "abcedf", "afbecd"],
            48,
        ),
        (-5, 4, "classic", [["afbecd"], ["abcedf"], ["abcedf"], ["adbfce"]],
         ["afbecd", "abcedf", "afbecd"], 50),
        (
            2**63 - 1,
            4,
            "large_hands",
            [["abcedf", "abcedf"], ["abcedf", "abcedf"],
             ["afbecd", "abcedf"], ["afbcde", "becfda"]],
            ["adbfce", "adbfce", "becfda"],
            46,
        ),
    ],
)  # fmt: skip
def test_the_deal_is_quibbbles(
    seed: int, teams: int, variant: str, hands: list[list[str]], top: list[str], left: int
) -> None:
    names = ("red", "blue", "green", "orange")[:teams]
    state = State.initial(names, seed, variant)
    assert [list(hand) for hand in state.hands] == hands
    assert list(state.deck[:3]) == top and len(state.deck) == left


def test_a_placement_draws_the_next_tile_of_the_deck() -> None:
    deck, hands = deal(1, 2, 1)
    _first, second = indigo.replay(indigo.parse(HEAD + "0p&abcedf.3.3\n"))
    assert second.hands == ((deck[0],), hands[1]) and second.deck == deck[1:]


def test_a_record_without_a_seed_is_refused_at_its_key() -> None:
    text = '[key "indigo"]\n[teams "red, blue"]\n\n0p&abcedf.3.3\n'
    with pytest.raises(RuleError) as raised:
        list(indigo.replay(indigo.parse(text)))
    assert raised.value.rule == "seed"
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and run.out.startswith("<stdin>:1:1: error: indigo deals its tiles")


def test_a_bad_seed_or_variant_is_found_at_its_tag() -> None:
    bad_seed = '[key "indigo"]\n[teams "red, blue"]\n[seed "x1"]\n\n0p&abcedf.3.3\n'
    run = meeple(["check", "-"], stdin=bad_seed)
    assert run.code == 1 and run.out.startswith("<stdin>:3:1: error: the seed tag must be")
    unknown = HEAD.replace("classic", "huge") + "0p&abcedf.3.3\n"
    with pytest.raises(RuleError) as raised:
        list(indigo.replay(indigo.parse(unknown)))
    assert raised.value.rule == "variant" and (raised.value.line, raised.value.column) == (4, 1)
    run = meeple(["check", "-"], stdin=unknown)
    assert run.code == 1 and run.out.startswith("<stdin>:4:1: error: indigo has no variant 'huge'")


def test_without_a_variant_tag_the_game_is_classic() -> None:
    text = '[key "indigo"]\n[teams "red, blue"]\n[seed "1"]\n\n'
    (state,) = indigo.replay(indigo.parse(text))
    assert state.variant == "classic" and state.record().tags["variant"] == "classic"


# Each rule, broken once: the actions after HEAD, the rule, where check points, the message.
ILLEGAL = [
    ("0p&abcedf.3.3 1p&abcedf.3.3", "occupied", (6, 25), "(3,3) already holds a tile"),
    ("0p&abcedf.4.4", "treasure", (6, 11), "(4,4) holds a treasure tile"),
    ("0p&abcedf.9.0", "bounds", (6, 11), "(9,0) is off the board"),
    ("0p&abcedf.0.5", "bounds", (6, 11), "(0,5) is off the board"),
    ("0p&afbcde.3.3", "hand", (6, 4), "red does not hold the tile afbcde (its hand: abcedf)"),
    ("0p&abcdef.3.3", "tile", (6, 4), "quibbble writes that tile bacdef"),
    ("0p&abcedf.0.1", "gateway", (6, 4), "joins edges a and b, blocking the gateway"),
    ("0p&abcedf.3.3 0p&abcedf.3.4", "turn", (6, 15), "red cannot play on blue's turn"),
    ("2p&abcedf.3.3", "team", (6, 1), "team 2 is no team of this game"),
]


def test_nothing_follows_the_end() -> None:
    text = _example("game.qgn").rstrip("\n") + " 0p&abcedf.4.5\n"
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and "the game is already over" in run.out


def test_the_bundled_illegal_record_is_found_at_the_tile() -> None:
    run = meeple(["check", str(EXAMPLES / "illegal.qgn")])
    assert run.code == 1 and "illegal.qgn:7:4: error: illegal move 0p&afbcde.3.3" in run.out


def test_a_gateway_is_blocked_only_by_a_pair_written_in_its_order() -> None:
    # board.go `place` looks for "ab" among the written pairs, so quibbble (and Go, run on
    # this record) accepts bacdef on (0,1) though its b-a path joins the gateway's edges.
    text = HEAD.replace('"1"', '"0"') + "0p&abcedf.3.3 1p&bacdef.0.1\n"
    assert _last(text).placed[(0, 1)] == "bacdef"
    blocked = HEAD.replace('"1"', '"0"') + "0p&abcedf.3.3 1p&cbdefa.1.0\n"
    with pytest.raises(RuleError, match="blocking the gateway"):
        list(indigo.replay(indigo.parse(blocked)))


def test_a_gem_sent_where_quibbble_has_no_path_breaks_treasure_path() -> None:
    # No dealt game gets here (a gem's path starts at the treasure edge, so another gem
    # meets it first), but quibbble's engine fails on it: a position made by hand.
    state = State(
        ("red", "blue"), 0, hands=(("abcedf",), ("abcedf",)), gems=(Gem("amber", 3, 2, "c"),)
    )
    problem = state.violation(Place(0, "abcedf", 3, 3))
    assert problem is not None and problem.rule == "treasure-path"
    assert "onto the central treasure tile" in problem.message
    assert Place(0, "abcedf", 3, 3) not in state.legal_moves()
    corner = State(("red", "blue"), 0, hands=(("abcedf",), ()), gems=(Gem("amber", 1, 2, "f"),))
    problem = corner.violation(Place(0, "efacbd", 1, 1))  # c-a
    assert problem is not None and "treasure tile at (0,0) by its edge d" in problem.message


def test_legal_moves_are_exactly_what_play_accepts() -> None:
    state = GAME.initial(2, seed=5)
    for _ in range(6):
        listed = set(state.legal_moves())
        for paths in WRITINGS:
            for row, column in [*HEXES, (9, 0)]:
                move = Place(state.seat, paths, row, column)
                assert state.is_legal(move) == (move in listed), move
        state = state.play(sorted(listed, key=str)[len(listed) // 2])


def test_winners_are_most_points_then_most_gems() -> None:
    assert _winners([5, 3], [1, 4]) == (0,)
    assert _winners([5, 5, 2], [2, 3, 9]) == (1,)
    assert _winners([5, 5, 5], [2, 2, 1]) == (0, 1)


NOT_ACTIONS = [
    ("0m&1.1", (6, 1), "one action, p (place), not 'm'"),
    ("0p&abcedf.3", (6, 1), "3 details (tile, row and column), not 2"),
    ("0p&abcedf.3.x", (6, 13), "expected a column, a whole number, not 'x'"),
    ("0p&abcedf.y.3", (6, 11), "expected a row"),
    ("0p&abcdeg.1.1", (6, 4), "the letters a to f each once"),
    ("0p&abcedf.3.3 1p&ABCEDF.1.1", (6, 18), "the letters a to f each once"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


@pytest.mark.parametrize(
    ("teams", "message"),
    [("red", "2 to 4 teams, not 1"), ("a, b, c, d, e", "not 5"), ("red, red", "the same name")],
)
def test_a_game_needs_two_to_four_distinct_teams(teams: str, message: str) -> None:
    text = f'[key "indigo"]\n[teams "{teams}"]\n[seed "1"]\n\n0p&abcedf.3.3\n'
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and "<stdin>:1:" in run.out


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial(2, seed=1)
    assert state.move_from_text("abcedf 3 3") == Place(0, "abcedf", 3, 3)
    assert state.move_from_text("p bcdfea.0.1") == Place(0, "bcdfea", 0, 1)
    assert state.move_from_text("1p&abcedf.3.3") == Place(1, "abcedf", 3, 3)
    assert str(Place(1, "abcedf", 3, 3)) == "1p&abcedf.3.3"
    assert state.move_group(Place(0, "bcdfea", 0, 1)) == "abcedf"


def test_the_pictures_number_every_hex_inside_the_view() -> None:
    states = list(indigo.replay(indigo.parse(_example("game.qgn"))))
    state = states[30]
    svg = indigo.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = {t.text: t for t in root.iter(f"{ns}text") if t.text and "." in t.text}
    assert set(labels) >= {f"{r}.{c}" for r, c in HEXES}
    for label in labels.values():
        assert 0 < float(label.attrib["x"]) < width and 0 < float(label.attrib["y"]) < height
    keys = {p.attrib["data-at"] for p in root.iter(f"{ns}polygon") if "data-at" in p.attrib}
    assert keys == {f"{r},{c}" for r, c in HEXES}
    last = state.history[-1]
    from meeple.indigo.game import GAME

    assert GAME.marks(state) == (f"{last.row},{last.column}",)
    assert state.result_text in svg and "red: " in svg
    text = indigo.render(state)
    assert "<T>" in text and "red: " in text and state.result_text in text
    empty = [(r, c) for r, c in HEXES if (r, c) not in TREASURES and (r, c) not in state.placed]
    assert "4.4" not in text and all(f"{r}.{c}" in text for r, c in empty)


def test_the_first_picture_shows_the_gems_at_their_treasures() -> None:
    text = indigo.render(GAME.initial(2, seed=1))
    assert "5E1S" in text and text.count("A") >= len([g for g in GEMS if g.colour == "amber"])
    assert "\x1b[" in indigo.render(GAME.initial(2, seed=1), color=True)


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    game = str(EXAMPLES / "game.qgn")
    lines = meeple(["replay", "--json", game]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["blue"]
    assert last["state"]["points"] == {"red": 9, "blue": 10}
    moves = meeple(["moves", str(EXAMPLES / "opening.qgn")])
    assert moves.code == 0 and "0p&" in moves.out


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.qgn"
    # `meeple play --seed 1` deals from its own first draw, as the terminal does.
    dealt = GAME.initial(2, seed=random.Random(1).randrange(2**31))
    (tile,) = dealt.hands[0]
    typed = f"{tile} 3 3\nhint\nhelp\nundo\np {TURNS[tile][1]}.3.3\nsave {saved}\nquit\n"
    run = meeple(["play", "indigo", "--bot", "random", "--seed", "1"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0p&" in run.out and "the greedy bot would play" in run.out
    assert "error" not in run.out and "(random) plays 1p&" in run.out
    assert meeple(["check", str(saved)]).code == 0
    record = indigo.parse(saved.read_text(encoding="utf-8"))
    assert record.seed == dealt.seed and record.moves[0] == Place(0, TURNS[tile][1], 3, 3)
    assert len(record.moves) == 2


def test_one_point_and_one_gem_are_worded_in_the_singular() -> None:
    """The first amber gem home: `1 point (1 gem)`, not `1 points (1 gems)`, in both
    pictures."""
    rng = random.Random(5)
    for _ in range(20):
        state = GAME.initial(2, seed=rng.randrange(2**31))
        while not state.is_over and 1 not in state.points:
            state = state.play(rng.choice(state.legal_moves()))
        if 1 in state.points:
            break
    else:
        pytest.fail("no game of twenty brought one amber gem home first")
    name = state.teams[state.points.index(1)]
    assert f"{name}: 1 point (1 gem)," in indigo.render(state)
    assert f"{name}: 1 point, 1 gem<" in indigo.svg.render(state)
