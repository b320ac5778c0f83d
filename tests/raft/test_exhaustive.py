"""The exhaustive Race to the Raft search (`meeple solve --exhaustive`): a win, a proof that
none exists, or "unknown" when the budget runs out; its cuts never drop a winning line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from meeple.raft import exhaustive, solver
from meeple.raft.components import components
from meeple.raft.model import Board, Cards, Move, Position
from meeple.raft.notation import parse_challenge, parse_record
from meeple.raft.rules import State, draw_requests
from tests.cli_helpers import meeple

BESIDE_THE_RAFT = "SASAF0903C10000R00003"
"""The blue cat card in the corner, the all-wild raft card beside it: the cat walks over
its own blue square onto the raft in the first round (a draw, then one cat move)."""

ONE_BLUE_SQUARE = "SASAF0903C1000020006R30603"
"""Two blue cats and a yellow one; raft card 3 has one blue square and one wild square,
and a fire card under the raft walls the wild square in (its other neighbours are the
raft's centre and two green raft squares, which no card can repaint). The rules see each
cat with a way to a raft square and a square for each colour count, so the game goes
on, but the two blue cats cannot both end on the one blue square: no win exists."""


NO_CARD_EVER_REACHES = "SASAF0702C20506R20200"
"""A blue cat and a yellow one (cat card 2); raft card 2 in the corner, whose blue squares
a cat enters only from the green square below them, and whose wild square both cats can
reach. No pathway card can ever cover that green square: every 3 x 3 place over it
holds a raft square or the fire card below. So both cats need the one wild square: no
win exists, though each cat alone has a way to a raft square and the game goes on."""

A_CARD_MAY_REACH = "SASAF0902C20506R20200"
"""`NO_CARD_EVER_REACHES` with the fire card two rows lower: a card may cover the green
square, and the blue cat may end on a blue raft square (a win is known)."""


def _challenge(name: str) -> str:
    (found,) = [c.challenge for c in components().challenges if c.name == name]
    return found


def test_a_win_a_move_away_is_found_and_replays() -> None:
    found = solver.solve(parse_challenge(BESIDE_THE_RAFT), 1, 1000, exhaustive=True)
    assert found.won and len(found.moves) == 2 and found.states < 10
    game = State.initial(parse_challenge(BESIDE_THE_RAFT), 1)
    for move in found.moves:
        game = game.play(move)
    assert game.status == "won"


# NO_CARD_EVER_REACHES (issue 41, fourth round): a square of another colour that every
# 3 x 3 place holding it shares with fire, the island's edge or a raft card keeps its
# letter to the end (fire and raft cards stay; cats, which may move away, are no wall).
@pytest.mark.parametrize("text", [ONE_BLUE_SQUARE, NO_CARD_EVER_REACHES])
def test_the_search_says_no_win_exists_where_the_raft_cannot_take_every_cat(text: str) -> None:
    challenge = parse_challenge(text)
    start = State.initial(challenge, 1)
    assert start.status == "playing"  # the rules do not call it lost
    assert exhaustive.hopeless(start.position) == (
        "the free raft squares cannot take every waiting cat"
    )
    found = solver.solve(challenge, 1, exhaustive=True)
    assert not found.won and found.exhaustive and found.states == 1


def test_the_moves_are_walked_in_the_order_given() -> None:
    """`every_line(first=...)`: each position's legal moves, every one played, go through
    `first`, and the lines are walked in the order it gives back: the rules' order given
    back walks the same positions as no order at all; reversed, the last move's position
    is searched from first, and the win is still found."""
    start = State.initial(parse_challenge(BESIDE_THE_RAFT), 1)
    order = solver._fire_order(start, 1)
    asked: list[tuple[State, list[tuple[Move, State]]]] = []

    def same(game: State, children: list[tuple[Move, State]]) -> list[tuple[Move, State]]:
        asked.append((game, children))
        return children

    assert exhaustive.every_line(start, order, 1000, first=same) == exhaustive.every_line(
        start, order, 1000
    )
    assert asked[0][0] is start
    assert [move for move, _ in asked[0][1]] == draw_requests(start.position.decks)

    def backwards(game: State, children: list[tuple[Move, State]]) -> list[tuple[Move, State]]:
        asked.append((game, children))
        return children[::-1]

    asked.clear()
    found = exhaustive.every_line(start, order, 1000, first=backwards)
    assert asked[1][0] is asked[0][1][-1][1]
    assert found.moves is not None
    game = start
    for move in found.moves:
        game = game.play(move)
    assert game.status == "won"


def test_a_budget_that_runs_out_proves_nothing() -> None:
    found = solver.solve(parse_challenge(_challenge("First steps")), 1, 60, exhaustive=True)
    assert not found.won and not found.exhaustive and found.states == 60


@pytest.mark.parametrize(
    "text",
    [_challenge("First steps"), _challenge("Down the river"), A_CARD_MAY_REACH],
    ids=["First steps", "Down the river", "a card may reach"],
)
def test_the_cuts_keep_every_position_of_a_winning_line(text: str) -> None:
    # The cuts must be exact: on a line known to win, no position is called hopeless (the
    # hand-built one: where a card may still cover a square, it is no wall).
    challenge = parse_challenge(text)
    won = solver.solve(challenge, 1)
    assert won.won
    game = State.initial(challenge, 1)
    order = solver._fire_order(game, 1)
    for move in won.moves:
        assert exhaustive.hopeless(game.position) == "", (game.history, move)
        assert exhaustive.hopeless(game.position, order) == "", (game.history, move)
        game = game.play(move)
    assert game.status == "won"


def test_meeple_solve_exhaustive_prints_the_win(tmp_path: Path) -> None:
    out = tmp_path / "won.raft"
    run = meeple(["solve", BESIDE_THE_RAFT, "--exhaustive", "-o", str(out)])
    assert run.code == 0, run.err
    assert "won in 2 actions" in run.err
    assert meeple(["check", str(out)]).code == 0
    assert parse_record(out.read_text()).challenge == parse_challenge(BESIDE_THE_RAFT)


def test_meeple_solve_exhaustive_says_no_win_exists() -> None:
    run = meeple(["solve", ONE_BLUE_SQUARE, "--exhaustive"])
    assert run.code == 1
    assert "no win exists for this shuffle (1 state, exhaustive)" in run.err


def test_meeple_solve_exhaustive_out_of_budget_says_unknown() -> None:
    run = meeple(["solve", "First steps", "--exhaustive", "--budget", "30"])
    assert run.code == 1
    assert "not every line searched within 30 states" in run.err
    assert "whether a win exists is unknown" in run.err


ONE_SQUARE_SHORT = "SASAF0903C10000R00006"
"""The blue cat card in the corner and the all-wild raft card two squares to its right: at
seed 1 the square between them on the cat's best way is not blue, so one card must be
laid over it before the cat can walk home."""


def _position(**changes: object) -> Position:
    start = State.initial(parse_challenge(ONE_SQUARE_SHORT), 1)
    return replace(start.position, **changes)  # type: ignore[arg-type]


def test_a_line_with_no_fire_tile_left_for_the_card_it_needs_is_cut() -> None:
    assert exhaustive.hopeless(_position()) == ""
    assert exhaustive.hopeless(_position(bag="")) == (
        "a cat needs 1 card laid and the bag holds 0 fire tiles"
    )
    assert exhaustive.hopeless(_position(bag="a")) == ""


def test_a_line_with_too_few_cards_left_is_cut() -> None:
    # Five cards in the decks make no draw: the hand is all that is left to play.
    five = Cards(("abcde", "", "", ""))
    assert exhaustive.hopeless(_position(decks=five, hand=Cards(("", "", "", "")))) == (
        "1 cat to move and 1 card to lay, 0 cards left to play"
    )
    assert exhaustive.hopeless(_position(decks=five, hand=Cards(("ab", "", "", "")))) == ""


GREEN_STRIP = ("ggggggwww", "gBggggwow", "ggggggwww") + ("fffffffff",) * 9
"""The blue cat in a green strip of three rows, four green squares from the all-wild raft
card; the rest burnt: 18 squares left to burn, and at least four to paint blue."""


def _few_blue() -> Cards:
    """The cards that show at most one blue square."""
    cards = components().pathway_cards
    return Cards(
        tuple(  # type: ignore[arg-type]
            "".join(
                card
                for (held, card), found in sorted(cards.items())
                if held == deck and found.squares.count("b") <= 1
            )
            for deck in "ABCD"
        )
    )


def test_a_card_paints_no_more_of_a_colour_than_the_cards_left_show() -> None:
    # Four squares to paint blue: one card from the full decks may (six blue squares at
    # most), four of cards that show one blue square at most, and three tiles follow three.
    strip = _position(board=Board(GREEN_STRIP), bag="abc")
    assert exhaustive.hopeless(strip) == ""
    assert exhaustive.hopeless(replace(strip, decks=_few_blue())) == (
        "a cat needs 4 cards laid and the bag holds 3 fire tiles"
    )


def test_a_line_whose_fire_tiles_have_no_room_for_the_cards_it_needs_is_cut() -> None:
    # Four cards need four tiles in the 18 squares: the seeded order's first three hold six
    # squares each; the smallest four (4, 4, 5 and 5) would fit, so without the order the
    # cut cannot tell.
    strip = _position(board=Board(GREEN_STRIP), decks=_few_blue())
    start = State.initial(parse_challenge(ONE_SQUARE_SHORT), 1)
    order = solver._fire_order(start, 1)
    assert [len(components().fire_tiles[tile].cells) for tile in order[:3]] == [6, 6, 6]
    assert exhaustive.hopeless(strip) == ""
    assert exhaustive.hopeless(strip, order) == (
        "a cat needs 4 cards laid and only 3 fire tiles of the bag fit in the 18 squares"
        " left to burn"
    )
    assert exhaustive.hopeless(replace(strip, decks=start.position.decks), order) == ""
