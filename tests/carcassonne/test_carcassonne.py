"""Carcassonne as quibbble records it: golden games played by quibbble's Go engine, the
seeded deal, scoring, one illegal record per rule (found at its action), notation
errors at their detail, round trips, pictures, and the CLI as a person runs it.

The golden games (golden/go-NN.qgn) were played at random by quibbble's own
games/carcassonne (state.go, board.go, tile.go, deck.go, structure.go, builder.go)
built with go1.19.8 outside this repository; golden/go-NN.json holds what Go printed:
the final points, tokens and winners, the tiles in the order placed, how many actions
it offered at every step, and the deck after each reshuffle. golden/deals.json holds
Go's deal for nine seeds. 640 such games agreed with meeple at every step (points,
tokens, hands, deck, board, and the set of legal actions but where Go's own list leaves
out a square its engine accepts: golden/merged-square.qgn); the suite needs no Go.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meeple import carcassonne
from meeple.carcassonne.game import GAME
from meeple.carcassonne.model import DECK, START, Claim, Place, Skip, Tile, Token, tile
from meeple.carcassonne.rules import (
    State,
    city,
    city_points,
    deal,
    empty_squares,
    farm,
    farm_points,
    road,
    road_points,
)
from meeple.carcassonne.svg import SHOWN
from meeple.errors import RuleError
from tests.cli_helpers import meeple

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
EXAMPLES = HERE.parents[1] / "examples" / "carcassonne"
SEED_EXAMPLE = HERE.parents[1] / "examples" / "qgn" / "carcassonne.qgn"
HEAD = '[key "carcassonne"]\n[teams "red, blue"]\n[seed "1"]\n\n'
"""Seed 1 deals red ffrrnff and blue rfrfnff; red draws crrrnff next, blue cffcnff."""
OPENING = "0i&1.0.f.f.r.r.n.f.f 0o&f.1.0.t.l 1i&-1.0.f.r.f.r.n.f.f"


def _last(text: str) -> State:
    *_, state = carcassonne.replay(carcassonne.parse(text))
    return state


def _golden(n: int) -> tuple[str, dict[str, object]]:
    text = (GOLDEN / f"go-{n:02}.qgn").read_text(encoding="utf-8")
    return text, json.loads((GOLDEN / f"go-{n:02}.json").read_text(encoding="utf-8"))


# Golden games: quibbble's Go engine played them; meeple ends them as Go did.
@pytest.mark.parametrize("n", range(1, 7))
def test_the_golden_games_end_as_quibbbles_engine_ended_them(n: int) -> None:
    text, go = _golden(n)
    states = list(carcassonne.replay(carcassonne.parse(text)))
    last = states[-1]
    assert list(last.scores) == go["scores"] and list(last.supply) == go["supply"]
    assert [last.teams[w - 1] for w in last.winners] == go["winners"]
    assert [f"{x}.{y}.{last.board[(x, y)].text}" for x, y in last.order] == go["board"]
    assert [len(s.legal_moves()) for s in states] == go["actions_per_step"]
    decks = go["decks"]
    assert isinstance(decks, dict)
    for step, deck in decks.items():
        assert [t.text for t in states[int(step)].deck] == deck  # after a reshuffle
    assert last.tokens == () and not last.legal_moves()


def test_golden_game_results() -> None:
    two = _last(_golden(1)[0])
    assert (two.status, two.result_text, two.scores) == ("won", "red wins", (22, 11))
    tie = _last(_golden(2)[0])
    assert (tie.status, tie.winners, tie.result_text) == ("tie", (1, 2), "red and blue tie")
    nil = _last(_golden(6)[0])
    assert nil.scores == (0, 0) and nil.winners == (1, 2)  # quibbble: every team on 0 ties
    far = _last(_golden(5)[0])
    assert max(abs(c) for square in far.order for c in square) >= 11


def test_the_first_legal_actions_are_quibbbles() -> None:
    text, go = _golden(1)
    states = list(carcassonne.replay(carcassonne.parse(text)))
    firsts = go["actions_first_steps"]
    assert isinstance(firsts, list)
    for state, actions in zip(states, firsts, strict=False):
        assert sorted(state.move_to_text(m) for m in state.legal_moves()) == actions


@pytest.mark.parametrize("n", range(len(json.loads((GOLDEN / "deals.json").read_text()))))
def test_the_deal_is_quibbbles(n: int) -> None:
    dealt = json.loads((GOLDEN / "deals.json").read_text())[n]
    teams = ("red", "blue", "green", "yellow")[: dealt["teams"]]
    state = State.initial(teams, int(dealt["seed"]))
    assert [t.text if t else None for t in state.hands] == dealt["hands"]
    assert [t.text for t in state.deck] == dealt["deck"]


def test_the_deck_holds_quibbbles_71_tiles() -> None:
    assert sum(amount for _, amount in DECK) == 71 and tile("crfrnff") == START
    deck, hands, _ = deal(1, 2)
    assert len(deck) == 69 and [t.text for t in hands if t] == ["ffrrnff", "rfrfnff"]
    # Draws come from the end of the deck: red draws crrrnff after its first turn.
    after = _last(HEAD + "0i&1.0.f.f.r.r.n.f.f 0o&t\n")
    assert after.hands[0] == tile("crrrnff") and after.deck == tuple(deck[:-1])


def test_a_record_without_a_seed_is_refused_at_its_key() -> None:
    text = '[key "carcassonne"]\n[teams "red, blue"]\n\n0i&1.0.f.f.r.r.n.f.f\n'
    with pytest.raises(RuleError) as raised:
        list(carcassonne.replay(carcassonne.parse(text)))
    assert raised.value.rule == "seed"
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and run.out.startswith("<stdin>:1:1: error: carcassonne deals its")


def test_a_bad_seed_is_found_at_its_tag() -> None:
    text = '[key "carcassonne"]\n[teams "red, blue"]\n[seed "x1"]\n\n'
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and run.out.startswith("<stdin>:3:1: error: the seed tag must be")


# A turn: the tile, then a token or a pass; quibbble passes for a team with no choice.
def test_a_turn_is_a_tile_then_a_token_or_a_pass() -> None:
    first, placed, claimed = list(
        carcassonne.replay(carcassonne.parse(HEAD + "0i&1.0.f.f.r.r.n.f.f 0o&f.1.0.t.l\n"))
    )
    assert first.placing and first.result_text == "red must place a tile"
    assert not placed.placing and placed.result_text == "red must place a token"
    assert Skip(0) in placed.legal_moves() and placed.seat == 0
    assert claimed.tokens == (Token(1, 0, 0, "t", "l"),) and claimed.supply == (6, 7)
    assert claimed.result_text == "blue must place a tile"


def test_quibbble_passes_for_a_team_without_tokens() -> None:
    board = {(0, 0): START}
    state = State(("red", "blue"), 0, board, hands=(tile("ffrrnff"), tile("rfrfnff")),
                  supply=(0, 7), deck=(tile("ffffmff"),) * 4)  # fmt: skip
    after = state.play(Place(0, 1, 0, tile("ffrrnff")))
    assert after.seat == 1 and after.placing and after.hands[0] == tile("ffffmff")


def test_quibbble_passes_when_the_tile_has_nothing_to_claim() -> None:
    # A tile all city, joined to a city blue's knight holds: quibbble offers the pass alone.
    tokens = (Token(0, 0, 1, "k", "t"),)
    state = State(("red", "blue"), 0, {(0, 0): START}, hands=(tile("ccccntt"), None),
                  tokens=tokens, supply=(7, 6), deck=(tile("ffffmff"),) * 4)  # fmt: skip
    after = state.play(Place(0, 0, 1, tile("ccccntt")))
    assert after.seat == 1 and after.placing and after.supply == (7, 6)
    assert after.history == (Place(0, 0, 1, tile("ccccntt")),)


def _walled(deck: tuple[Tile, ...]) -> State:
    """A board all city on its open sides: a tile with no city side fits nowhere. Red
    holds a city tile, blue a cloister."""
    city_tile = tile("ccccntt")
    return State(("red", "blue"), 5, {(0, 0): city_tile},
                 hands=(city_tile, tile("ffffmff")), deck=deck)  # fmt: skip


def test_a_tile_that_fits_nowhere_is_put_back_and_another_drawn() -> None:
    deck = (tile("rfrfnff"), tile("ccfcntf"), tile("ffrrnff"), tile("ccccntt"))
    after = _walled(deck).play(Place(0, 1, 0, tile("ccccntt"))).play(Skip(0))
    # Red drew ccccntt; blue's cloister fits nowhere, nor does ffrrnff: ccfcntf does.
    assert after.hands == (tile("ccccntt"), tile("ccfcntf")) and not after.is_over
    assert sorted(t.text for t in after.deck) == ["ffffmff", "ffrrnff", "rfrfnff"]


def test_the_game_ends_when_no_tile_drawn_fits() -> None:
    deck = (tile("rfrfnff"), tile("ffrrnff"), tile("ccccntt"))
    after = _walled(deck).play(Place(0, 1, 0, tile("ccccntt"))).play(Skip(0))
    assert after.is_over and after.deck == () and after.hands[1] == tile("ffffmff")
    assert after.result_text == "red and blue tie" and after.legal_moves() == []


# Scoring, structure by structure.
def test_a_finished_road_scores_a_point_a_tile_at_once() -> None:
    board = {(0, 0): START, (1, 0): tile("frrrnff")}
    hands = (tile("frrrnff"), tile("ffffmff"))
    state = State(("red", "blue"), 0, board, ((0, 0), (1, 0)), hands=hands,
                  deck=(tile("ffffmff"),) * 4)  # fmt: skip
    placed = state.play(Place(0, -1, 0, tile("rrrfnff")))
    assert Claim(0, -1, 0, "t", "r") in placed.legal_moves()
    done = placed.play(Claim(0, -1, 0, "t", "r"))
    assert done.scores == (3, 0) and done.tokens == () and done.supply == (7, 7)
    way = road(done.board, 0, 0, "l")
    assert way is not None and way.complete and road_points(way) == 3


def test_a_finished_city_scores_two_a_tile_and_two_a_shield() -> None:
    text = HEAD + "0i&1.0.f.f.r.r.n.f.f 0o&t 1i&-1.0.f.r.f.r.n.f.f 1o&t 0i&0.1.r.r.c.r.n.f.f"
    state = _last(text + " 0o&f.0.1.k.b\n")
    assert state.scores == (4, 0) and state.tokens == () and len(state.finished) == 1
    board = {(0, 0): START, (0, 1): tile("cffcntt").turned(2)}  # shield, open above/left
    town = city(board, 0, 0, "t")
    assert town is not None and not town.complete and city_points(board, town) == 3


def test_a_surrounded_cloister_scores_nine() -> None:
    plain = tile("ffffnff")
    board = {(x, y): plain for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (1, 1)}
    board[(0, 0)] = tile("ffffmff")
    state = State(("red", "blue"), 0, board, tuple(board), hands=(tile("ffffmff"), None),
                  tokens=(Token(0, 0, 0, "m"),), supply=(6, 7),
                  deck=(tile("ffffmff"),) * 4)  # fmt: skip
    after = state.play(Place(0, 1, 1, tile("ffffmff"))).play(Skip(0))
    assert after.scores == (9, 0) and after.tokens == () and after.supply == (7, 7)


def test_fields_score_three_for_each_finished_city_they_touch_at_the_end() -> None:
    # Red's farmer north of the start tile's road touches its city; blue's south does not.
    farmers = (Token(0, 0, 0, "f", "ra"), Token(0, 0, 1, "f", "ba"))
    state = State(("red", "blue"), 0, {(0, 0): START}, hands=(tile("cfffnff"), None),
                  tokens=farmers, supply=(6, 6))  # fmt: skip
    over = state.play(Place(0, 0, 1, tile("ffcfnff"))).play(Skip(0))
    assert over.is_over and over.scores == (3, 0) and over.winners == (1,)
    meadow = farm(over.board, 0, 0, "ra")
    assert meadow is not None and farm_points(over.board, meadow, over.finished) == 3


def test_the_end_scores_unfinished_roads_cities_and_cloisters() -> None:
    tokens = (Token(0, 0, 0, "k", "t"), Token(0, 0, 1, "t", "l"))
    state = State(("red", "blue"), 0, {(0, 0): START}, hands=(tile("ffffmff"), None),
                  tokens=tokens, supply=(6, 6))  # fmt: skip
    placed = state.play(Place(0, 0, -1, tile("ffffmff")))
    over = placed.play(Claim(0, 0, -1, "m"))
    # city 1 tile: 1; road through the start: 1; cloister with one neighbour: 2.
    assert over.scores == (3, 1) and over.status == "won"


def test_equal_tokens_in_a_structure_both_score() -> None:
    board = {(0, 0): START, (1, 0): tile("frrrnff")}
    tokens = (Token(1, 0, 1, "t", "l"),)
    state = State(("red", "blue"), 0, board, ((0, 0), (1, 0)), hands=(tile("rrfrnff"), None),
                  tokens=tokens, supply=(7, 6))  # fmt: skip
    over = state.play(Place(0, -1, 0, tile("rrfrnff"))).play(Skip(0))
    assert over.is_over and over.scores == (0, 3)
    shared = State(("red", "blue"), 0, board, ((0, 0), (1, 0)), hands=(tile("rrfrnff"), None),
                   tokens=(*tokens, Token(0, 0, 0, "t", "r")), supply=(6, 6))  # fmt: skip
    assert shared.play(Place(0, -1, 0, tile("rrfrnff"))).play(Skip(0)).scores == (3, 3)


def test_squares_are_told_apart_as_quibbbles_searches_name_them() -> None:
    # board.go names squares "%d%d": (1,10) and (11,0) are both "110" to it, so a road
    # from (1,10) down and along y=0 stops short of (11,0), where it ends.
    board = {(1, 10): Tile("f", "f", "r", "f"), (1, 0): Tile("r", "r", "f", "f")}
    board |= {(1, y): Tile("r", "f", "r", "f") for y in range(1, 10)}
    board |= {(x, 0): Tile("f", "r", "f", "r") for x in range(2, 11)}
    board[(11, 0)] = Tile("f", "f", "f", "r")
    way = road(board, 1, 10, "b")
    assert way is not None and way.complete and road_points(way) == 20
    assert (11, 0) not in way.squares()
    whole = road(board, 11, 0, "l")
    assert whole is not None and road_points(whole) == 20 and (1, 10) not in whole.squares()


def test_a_square_quibbbles_list_leaves_out_is_still_legal() -> None:
    # Go's `actions()` merges the empty squares (11,1) and (1,11) ("111"), so it never
    # offers (11,1); its `Do` accepts a tile there all the same, and so does meeple.
    text = (GOLDEN / "merged-square.qgn").read_text(encoding="utf-8")
    states = list(carcassonne.replay(carcassonne.parse(text)))
    before, after = states[-2:]
    assert after.history[-1] in before.legal_moves()
    assert after.board[(11, 1)] == tile("ffffmff") and after.teams[after.seat] == "green"


# Each rule, broken once: the actions after HEAD, the rule, where check points, the message.
ILLEGAL = [
    ("0i&1.0.f.f.r.r.n.f.f 0i&0.1.r.r.c.r.n.f.f", "phase", (5, 22), "must place a token or pass"),
    ("0o&t", "phase", (5, 1), "must place its tile before"),
    ("0i&1.0.r.f.r.f.n.f.f", "tile", (5, 8), "red holds the tile ffrrnff, not rfrfnff"),
    ("0i&0.0.f.f.r.r.n.f.f", "occupied", (5, 4), "(0,0) already holds a tile"),
    ("0i&-1.0.f.f.r.r.n.f.f", "sides", (5, 4), "is a farm, but the tile at (0,0) has a road"),
    ("0i&5.5.f.f.r.r.n.f.f", "adjacent", (5, 4), "(5,5) is not beside a tile"),
    ("0i&1.0.f.f.r.r.n.f.f 0o&f.0.0.t.l", "token-square", (5, 27), "just placed, at 1,0"),
    ("0i&1.0.f.f.r.r.n.f.f 0o&f.1.0.m", "cloister", (5, 31), "has no cloister"),
    ("0i&1.0.f.f.r.r.n.f.f 0o&f.1.0.k.t", "token-side", (5, 33), "the top side of"),
    (
        OPENING + " 1o&t 0i&0.1.r.r.c.r.n.f.f 0o&f.0.1.f.ba",
        "token-side",
        (5, 94),
        "stands on a farm",
    ),
    (OPENING + " 1o&f.-1.0.t.r", "claimed", (5, 69), "road is already claimed by red"),
    ("0i&1.0.f.f.r.r.n.f.f 1o&t", "turn", (5, 22), "blue cannot play on red's turn"),
    ("2i&1.0.f.f.r.r.n.f.f", "team", (5, 1), "team 2 is no team of this game"),
]


def test_a_team_without_tokens_cannot_place_one() -> None:
    # quibbble passes for such a team, so no record reaches this; the rule still stands.
    board = {(0, 0): START, (1, 0): tile("ffrrnff")}
    state = State(("red", "blue"), 0, board, ((0, 0), (1, 0)), hands=(None, None),
                  last=((1, 0), None), supply=(0, 7))  # fmt: skip
    problem = state.violation(Claim(0, 1, 0, "t", "l"))
    assert problem is not None and problem.rule == "supply"
    assert state.legal_moves() == [Skip(0)]


def test_nothing_follows_the_end() -> None:
    text = (EXAMPLES / "game.qgn").read_text().rstrip("\n") + " 0o&t\n"
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and "the game is already over" in run.out


def test_the_bundled_illegal_record_is_found_at_the_token() -> None:
    run = meeple(["check", str(EXAMPLES / "illegal.qgn")])
    assert run.code == 1 and "illegal.qgn:6:69: error: illegal move 1o&f.-1.0.t.r" in run.out


def test_legal_moves_are_exactly_what_play_accepts() -> None:
    state = GAME.initial(3, seed=11)
    rng = random.Random(3)
    kinds = {t for kind in (k for k, _ in DECK) for t in kind.turns()}
    for _ in range(24):
        listed = set(state.legal_moves())
        if state.placing:
            squares = [*empty_squares(state.board), (0, 0), (9, 9)]
            candidates: list[carcassonne.Move] = [
                Place(state.seat, x, y, t) for t in kinds for x, y in squares
            ]
        else:
            x, y = state.last[state.seat] or (0, 0)
            candidates = [
                Skip(state.seat),
                Claim(state.seat, x, y, "m"),
                Place(state.seat, 0, 0, START),
            ]
            for side in "trbl":
                candidates += [Claim(state.seat, x, y, k, side) for k in "kt"]
                candidates += [Claim(state.seat, x, y, "f", side + ab) for ab in "ab"]
                candidates.append(Claim(state.seat, x + 1, y, "k", side))
        for move in candidates:
            assert state.is_legal(move) == (move in listed), move
        state = state.play(rng.choice(sorted(listed, key=str)))


# Notation: an action that is no carcassonne action is a NotationError at its detail.
NOT_ACTIONS = [
    ("0c", (5, 1), "actions are i (place a tile) and o"),
    ("0r", (5, 1), "records no rotation"),
    ("0i&1.0.f.f.r.r.n.f", (5, 1), "9 details"),
    ("0i&x.0.f.f.r.r.n.f.f", (5, 4), "expected x, a whole number, not 'x'"),
    ("0i&1.0.f.f.m.r.n.f.f", (5, 12), "the bottom side is c (city), r (road) or f (farm)"),
    ("0i&1.0.f.f.r.r.c.f.f", (5, 16), "the centre is m (cloister) or n"),
    ("0i&1.0.f.f.r.r.n.x.f", (5, 18), "connected cities is t (true) or f (false)"),
    ("0o&x", (5, 4), "starts with t (pass) or f"),
    ("0o&t.1", (5, 1), "a pass is 0o&t alone"),
    ("0o&f.1.0", (5, 1), "4 details"),
    ("0o&f.1.0.q.t", (5, 10), "a token is f (farmer), k (knight), t (thief) or m"),
    ("0o&f.1.0.m.t", (5, 12), "a monk stands in the cloister and takes no side"),
    ("0o&f.1.0.k", (5, 1), "a knight needs a side"),
    ("0o&f.1.0.f.t", (5, 12), "a farmer's side is half a side"),
    ("0o&f.1.0.t.ta", (5, 12), "a thief's side is t, r, b or l"),
]
"""Actions that are none of the game's, where the error is (line, column) and what it
says: tests/quibbble/test_every_game.py reads each after `HEAD`."""


def test_the_qgn_seeds_example_is_no_carcassonne_game() -> None:
    # examples/qgn/carcassonne.qgn is the seed's illustration of the container; its
    # actions (0c, 0a&1.2, ...) are not quibbble's carcassonne actions.
    run = meeple(["check", str(SEED_EXAMPLE)])
    assert run.code == 1
    assert "carcassonne.qgn:7:1: error: not a carcassonne game" in run.out
    assert "actions are i (place a tile) and o" in run.out


@pytest.mark.parametrize(
    ("teams", "message"),
    [("red", "2 to 4 teams, not 1"), ("a, b, c, d, e", "not 5"), ("red, red", "the same name")],
)
def test_a_game_needs_two_to_four_distinct_teams(teams: str, message: str) -> None:
    text = f'[key "carcassonne"]\n[teams "{teams}"]\n[seed "1"]\n\n'
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and message in run.out and "<stdin>:1:" in run.out


def test_moves_are_read_as_a_person_types_them() -> None:
    state = GAME.initial(2, seed=1)
    assert state.move_from_text("1 0 f f r r n f f") == Place(0, 1, 0, tile("ffrrnff"))
    assert state.move_from_text("i 1.0.f.f.r.r.n.f.f") == Place(0, 1, 0, tile("ffrrnff"))
    assert state.move_from_text("o t") == Skip(0)
    assert state.move_from_text("o f 1 0 t l") == Claim(0, 1, 0, "t", "l")
    assert state.move_from_text("1o&f.-1.0.m") == Claim(1, -1, 0, "m")
    placed = state.play(Place(0, 1, 0, tile("ffrrnff")))
    assert placed.move_from_text("t") == Skip(0) and placed.move_from_text("o t") == Skip(0)
    assert placed.move_from_text("f 1 0 f ta") == Claim(0, 1, 0, "f", "ta")
    assert str(Claim(1, -1, 0, "f", "ta")) == "1o&f.-1.0.f.ta" and str(Skip(1)) == "1o&t"
    assert str(Place(0, 1, 0, tile("ccrcntt"))) == "0i&1.0.c.c.r.c.n.t.t"
    assert Tile("c", "r", "f", "r").turned(1) == tile("rcrfnff")


def test_the_pictures_number_every_square_inside_the_view() -> None:
    states = list(carcassonne.replay(carcassonne.parse((EXAMPLES / "game.qgn").read_text())))
    state = states[42]
    svg = carcassonne.svg.render(state)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    labels = [t for t in root.findall(f"{ns}text") if t.text and t.text.lstrip("-")[:1].isdigit()]
    squares = {*state.board, *empty_squares(state.board)}
    # Empty squares are labelled x,y; every column and row is numbered at the board's edge.
    named = {t.text for t in labels}
    assert named >= {f"{x},{y}" for x, y in empty_squares(state.board)}
    assert named >= {str(x) for x, _ in squares} | {str(y) for _, y in squares}
    for label in labels:
        assert 0 < float(label.attrib["x"]) < width and 0 < float(label.attrib["y"]) < height
    keys = {e.attrib["data-at"] for e in root.iter() if "data-at" in e.attrib}
    assert keys == {f"{x},{y}" for x, y in squares}
    last = state.history[-1]
    assert isinstance(last, Place | Claim) and GAME.marks(state) == (f"{last.x},{last.y}",)
    assert state.result_text in svg and "red: " in svg
    held = sum(hand is not None for hand in state.hands)
    assert sum(1 for e in root.iter() if "data-hand" in e.attrib) == held
    text = carcassonne.render(state)
    assert "+----" in text and "red: " in text and state.result_text in text
    assert all(f"{x},{y}" in text for x, y in empty_squares(state.board))
    assert "\x1b[" in carcassonne.render(state, color=True)


def test_the_state_as_json() -> None:
    state = _last(HEAD + OPENING + "\n")
    shown = GAME.state_json(state)
    assert shown["phase"] == "token" and shown["turn"] == "blue"
    assert shown["tokens"] == [{"x": 1, "y": 0, "team": "red", "token": "thief", "side": "l"}]
    assert shown["board"][0] == {"x": 0, "y": 0, "tile": "crfrnff"}


def test_the_command_line_replays_a_game_and_lists_its_moves() -> None:
    game = str(EXAMPLES / "game.qgn")
    opening = str(EXAMPLES / "opening.qgn")
    lines = meeple(["replay", "--json", game]).out.splitlines()
    last = json.loads(lines[-1])
    assert last["status"] == "won" and last["winners"] == ["red"]
    assert last["state"]["scores"] == {"red": 22, "blue": 11}
    moves = meeple(["moves", opening])
    assert moves.code == 0 and "1i&2.0.c.c.f.f.n.f.f" in moves.out
    text = meeple(["show", opening]).out
    assert "red: 4 points, 6 tokens, holds cfffnff" in text and "K1" not in text


def test_a_person_plays_a_game_and_saves_it(tmp_path: Path) -> None:
    saved = tmp_path / "game.qgn"
    # `meeple play --seed 1` deals from its own first draw, as the terminal does.
    dealt = GAME.initial(2, seed=random.Random(1).randrange(2**31))
    first, second = dealt.legal_moves()[:2]
    assert isinstance(first, Place) and isinstance(second, Place)
    typed_first = " ".join(str(first).split("&")[1].split("."))
    typed_second = "i " + str(second).split("&")[1]
    typed = f"{typed_first}\nhint\nhelp\nundo\n{typed_second}\no t\nsave {saved}\nquit\n"
    run = meeple(["play", "carcassonne", "--bot", "random", "--seed", "1"], stdin=typed)
    assert run.code == 0, run.err
    assert "for example: 0" in run.out and "the greedy bot would play" in run.out
    assert "error" not in run.out and "(random) plays 1i&" in run.out
    assert meeple(["check", str(saved)]).code == 0
    record = carcassonne.parse(saved.read_text(encoding="utf-8"))
    assert record.seed == dealt.seed and record.moves[:2] == (second, Skip(0))
    assert isinstance(record.moves[2], Place) and record.moves[2].team == 1


@pytest.mark.parametrize(("record", "step"), [("game.qgn", 42), ("four-teams.qgn", 60)])
def test_coordinates_and_legend_stay_readable_when_the_viewer_shrinks_a_big_board(
    record: str, step: int
) -> None:
    """The HTML viewer fits a picture into about 860 x 720 px (a 1280 x 900 window), so
    a big board's words are drawn larger in proportion: at least 11 px once shrunk.
    Measured in Chromium too: tests/viewer/test_browser.py."""
    state = list(carcassonne.replay(carcassonne.parse((EXAMPLES / record).read_text())))[step]
    root = ET.fromstring(carcassonne.svg.render(state))
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    shown = min(1.0, SHOWN[0] / width, SHOWN[1] / height)
    words = [t for t in root.findall("{http://www.w3.org/2000/svg}text")]  # not the tokens'
    assert len(words) > len(state.teams) + 10
    small = [(t.text, float(t.attrib["font-size"]) * shown) for t in words]
    assert [(text, size) for text, size in small if size < 11] == []
