"""The rules: each placement and movement rule, exhaustion and rest, every way to win and lose."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.errors import RuleError
from meeple.raft.components import components
from meeple.raft.model import Board, Cards, ExhaustedCat, FirePlacement, Square
from meeple.raft.notation import (
    format_board,
    format_state,
    parse_board,
    parse_challenge,
    parse_move,
    parse_state,
)
from meeple.raft.notation import parse_decks as parse_cards
from meeple.raft.rules import (
    State,
    card_positions,
    card_trouble,
    cats_cut_off,
    fire_placements,
    fire_shape,
    fire_trouble,
    turned_card,
)
from meeple.raft.setup import ALL_DECKS, initial_state
from tests.budget import examples

# A 12x9 board: a blue cat at (1,4), a red cat at (2,7), fire in the top-left corner,
# the raft card with its centre at (10,7).
SMALL = (
    "fffbbbbbb\n"
    "fffbBbrrr\n"
    "fffbbbrRr\n"
    "ggggggggg\n"
    "ggggggggg\n"
    "ggggggggg\n"
    "yyyyyyyyy\n"
    "yyyyyyyyy\n"
    "yyyyyyyyy\n"
    "ppppppbyw\n"
    "pppppprow\n"
    "ppppppgww\n"
)


def game(
    board: str = SMALL,
    hand: str = "AabcBCDab",
    phase: str = "play",
    exhausted: tuple[ExhaustedCat, ...] = (),
    bag: str = "abcdefghijklmnopqrstuvwxyzABCDE",
    decks: Cards = ALL_DECKS,
) -> State:
    state = initial_state(parse_challenge(components().challenges[0].challenge))
    state = replace(
        state,
        board=parse_board(board),
        hand=parse_cards(hand),
        exhausted=exhausted,
        bag=bag,
        decks=decks,
    )
    return State(state, phase=phase)  # type: ignore[arg-type]


def play(g: State, *moves: str) -> State:
    for move in moves:
        g = g.play(parse_move(move))
    return g


def rule_error(g: State, move: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        g.play(parse_move(move))


# -- drawing ------------------------------------------------------------------------------


def test_draw_takes_six_cards_at_random_but_repeatably() -> None:
    start = State.initial(parse_challenge(components().challenges[0].challenge), seed=4)
    drawn = play(start, "A3B1D2")
    assert len(drawn.position.hand) == 6 and len(drawn.position.decks) == 94
    assert [len(pile) for pile in drawn.position.hand.piles] == [3, 1, 0, 2]
    assert drawn.phase == "play"
    assert play(start, "A3B1D2").position == drawn.position
    assert not set(drawn.position.hand.ids()) & set(drawn.position.decks.ids())


def test_draw_with_named_cards() -> None:
    g = play(game(hand="ABCD", phase="draw"), "A3B1D2 AabcBdCDef")
    assert g.position.hand == parse_cards("AabcBdCDef")
    assert not g.position.decks.piles[0].startswith("a")


def test_draw_rules() -> None:
    rule_error(game(), "A6", "only when the hand is empty")
    short = Cards(("ab", "abcdef", "", ""))
    rule_error(game(hand="ABCD", phase="draw", decks=short), "A3B3", "deck A holds 2")
    rule_error(game(hand="ABCD", phase="draw", decks=short), "A2C4", "deck C holds 0")
    rule_error(game(hand="ABCD", phase="draw", decks=short), "A2B4 AacBabcdCD", "not in its deck")
    rule_error(game(hand="ABCD", phase="draw"), "Aa0000N", "draw six cards first")


# -- pathway cards ------------------------------------------------------------------------------


def test_pathway_card_is_laid_turned_and_leaves_the_hand() -> None:
    g = play(game(), "Ab0306E")
    card = components().pathway_cards[("A", "b")].squares  # gbbbrrbrr
    turned = turned_card(card, "E")
    assert turned == "bbgrrbrrb"
    assert [g.position.board.rows[3 + r][6:9] for r in range(3)] == ["bbg", "rrb", "rrb"]
    assert g.position.hand == parse_cards("AacBCDab")
    assert g.phase == "fire"
    assert turned_card(card, "S") == card[::-1]
    assert turned_card(turned_card(card, "W"), "E") == card


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("Ad0303N", "not in the hand"),
        ("Aa1003N", "off the island"),
        ("Aa0307N", "off the island"),
        ("Aa0001N", "on fire"),
        ("Aa0003N", "a cat sits"),
        ("Aa0705N", "raft card"),
    ],
)
def test_pathway_card_placement_rules(move: str, words: str) -> None:
    rule_error(game(), move, words)


def test_a_card_may_cover_pathway_squares_anywhere_without_touching_fire() -> None:
    assert play(game(), "Aa0603N").phase == "fire"


def test_play_in_order() -> None:
    rule_error(game(phase="fire"), "Aa0603N", "place it before anything else")
    rule_error(game(), "a0303FN", "only after a pathway card")


# -- fire tiles ----------------------------------------------------------------------------------


def test_fire_tile_flip_then_turn() -> None:
    # Tile l: ##.. / .### / ..#. ; flipped across the vertical axis: ..## / ###. / .#..
    assert fire_shape("l", False, "N") == ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (2, 2))
    assert fire_shape("l", True, "N") == ((0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, 1))
    # West is three quarter turns clockwise of the flipped tile.
    assert fire_shape("l", True, "W") == ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 1))


def test_fire_tile_is_laid_and_leaves_the_bag() -> None:
    g = play(game(), "Aa0603N", "m0300FN")  # m: (0,0) (0,1) (1,1) (1,2)
    assert g.position.board.rows[3][:3] == "ffg" and g.position.board.rows[4][:3] == "gff"
    assert "m" not in g.position.bag and g.phase == "play"


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("m0505FN", "touch fire"),
        ("m0103FN", "a cat sits"),
        ("m1100FN", "off the island"),
        ("m0806FN", "raft card"),
        ("m0000FN", "on fire"),
    ],
)
def test_fire_tile_placement_rules(move: str, words: str) -> None:
    rule_error(play(game(), "Aa0603N"), move, words)


def test_fire_tile_not_in_bag() -> None:
    rule_error(play(game(bag="ab"), "Aa0603N"), "m0300FN", "not in the bag")


def test_fire_touching_only_diagonally_is_not_enough() -> None:
    assert fire_trouble(parse_board(SMALL), parse_move("m0303FN")) == (  # type: ignore[arg-type]
        "a fire tile must touch fire on at least one side"
    )


# -- cats --------------------------------------------------------------------------------------


def test_cat_moves_along_its_colour_and_becomes_exhausted() -> None:
    g = play(game(), "B01040003Aa")
    assert g.position.board.rows[0][3] == "B" and g.position.board.rows[1][4] == "b"
    assert g.position.exhausted == (ExhaustedCat("B", 0, 3),)
    assert g.position.hand == parse_cards("AbcBCDab")


def test_exhausted_cat_costs_two_cards_and_rested_cat_one() -> None:
    g = play(game(), "B01040003Aa")
    rule_error(g, "B00030104Ab", "exhausted cat costs two cards")
    g = play(g, "B00030104AbAc")
    assert g.position.exhausted == (ExhaustedCat("B", 1, 4),)
    rule_error(game(), "B01040003AaAb", "rested cat costs one card")


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("R01040003Aa", "no red cat"),
        ("B01040104Aa", "another square"),
        ("B01040107Aa", "cannot end"),
        ("B01040305Aa", "cannot end"),
        ("R02070104Aa", "another cat sits"),
        ("B01040003Ad", "not in the hand"),
        ("B01041306Aa", "off the island"),
    ],
)
def test_cat_movement_rules(move: str, words: str) -> None:
    rule_error(game(), move, words)


def test_cat_needs_a_path_of_its_colour() -> None:
    board = SMALL.replace("fffbbbrRr", "fffbbyrRr").replace("fffbBbrrr", "fffbBybbb")
    board = board.replace("fffbbbbbb", "fffbbybbb")
    rule_error(game(board), "B01040108Aa", "no path of blue squares")
    assert play(game(), "B01040008Aa").position.board.rows[0][8] == "B"


def test_cat_passes_over_cats_but_does_not_end_on_them() -> None:
    board = SMALL.replace("fffbbbbbb", "fffbbBbbb").replace("fffbBbrrr", "fffyBybbb")
    g = play(game(board), "B01040008Aa")
    assert g.position.board.rows[0][8] == "B"
    rule_error(game(board), "B01040005Aa", "another cat sits")


def test_cats_win_on_the_raft_and_never_move_again() -> None:
    # A yellow cat beside a yellow raft square and a wild one.
    board = SMALL.replace("yyyyyyyyy\nppp", "yyyyyyYyy\nppp")
    g = play(game(board), "Y08060907Aa")
    assert g.status == "playing" and g.position.board.rows[9][7] == "Y"
    rule_error(g, "Y09070806AbAc", "is on the raft")


def test_the_last_cat_on_the_raft_wins() -> None:
    board = SMALL.replace("fffbBbrrr", "fffbbbrrr").replace("fffbbbrRr", "fffbbbrrr")
    board = board.replace("yyyyyyyyy\nppp", "yyyyyyyYy\nppp")
    g = play(game(board), "Y08070907Aa")
    assert g.status == "won" and g.is_over
    assert g.position.board.rows[9][7] == "Y"
    rule_error(g, "Ab0306E", "game is over")


def test_wild_raft_square_shows_w() -> None:
    board = SMALL.replace("fffbBbrrr", "fffbbbrrr").replace("fffbbbrRr", "fffbbbrrr")
    board = board.replace("yyyyyyyyy\nppp", "yyyyyyyyY\nppp")
    g = play(game(board), "Y08080908Aa")
    assert g.position.board.rows[9][8] == "W" and g.status == "won"


# -- the round: rest, and running out --------------------------------------------------


def test_rest_when_the_hand_is_used_up() -> None:
    g = play(game(hand="AabBCD"), "B01040003Aa")
    assert g.phase == "play" and g.position.exhausted
    g = play(g, "Ab0603N", "m0300FN")
    assert g.phase == "draw" and g.position.exhausted == ()


def test_lost_when_the_decks_cannot_fill_a_hand() -> None:
    g = play(game(hand="AaBCD", decks=Cards(("bcd", "", "", "e"))), "Aa0603N", "m0300FN")
    assert g.status == "lost" and "decks hold only 4" in g.reason


def test_lost_when_the_fire_bag_is_empty_after_a_card() -> None:
    g = play(game(bag=""), "Aa0603N")
    assert g.status == "lost" and "fire bag is empty" in g.reason


def test_lost_when_the_drawn_tile_fits_nowhere() -> None:
    # Fire everywhere but the raft card: no tile can go anywhere.
    board = "\n".join(["fffffffff"] * 9 + ["ffffffbyw", "ffffffrow", "ffffffgww"]) + "\n"
    assert fire_placements(parse_board(board), "c") == []
    g = play(game(board, phase="fire"), "c0000FN")
    assert g.status == "lost" and "fire tile c fits nowhere" in g.reason
    assert "c" not in g.position.bag


def test_an_illegal_fire_placement_that_could_fit_is_a_rule_error() -> None:
    rule_error(game(phase="fire"), "c0505FN", "touch fire")


WALLED = (
    SMALL.replace("fffbbbbbb", "fffbbffff")
    .replace("fffbBbrrr", "fffbBfrrr")
    .replace("fffbbbrRr", "fffbbfrRr")
    .replace("ggggggggg", "gggggfggg", 1)
)


def test_lost_when_fire_cuts_a_cat_off() -> None:
    assert cats_cut_off(parse_board(WALLED)) == []
    g = play(game(WALLED, phase="fire"), "h0306FN")  # h: a row of three and a stem below
    assert g.status == "lost"
    assert g.reason == "the red cat at (2,7) can no longer reach the raft"


def test_fire_that_leaves_a_way_out_does_not_lose() -> None:
    g = play(game(WALLED, hand="AaBCD", phase="fire"), "m0300FE")
    assert g.status == "playing"


def test_a_square_no_card_can_cover_keeps_its_colour_and_blocks() -> None:
    # m0300FN walls the blue cat's exits, green (3,3) and (3,4), between fire: no 3x3 card
    # fits over them any more, so they stay green for good and the blue cat is cut off
    # (docs/formats/raft.md, "Reaching the raft").
    g = play(game(WALLED, hand="AaBCD", phase="fire"), "m0300FN")
    assert g.status == "lost"
    assert g.reason == "the blue cat at (1,4) can no longer reach the raft"


def test_cut_off_when_the_raft_has_no_room() -> None:
    # Three blue cats, one free blue raft square, and every wild square taken.
    board = "BbBbBbbbb\n" + "bbbbbbbbb\n" * 8 + "ppppppbyW\npppppproW\nppppppgWW\n"
    assert cats_cut_off(parse_board(board)) == ["the raft has no free square left for 2 cats"]
    roomy = board.replace("proW", "prow")
    assert cats_cut_off(parse_board(roomy)) == ["the raft has no free square left for 1 cat"]
    roomier = roomy.replace("gWW", "gww")
    assert cats_cut_off(parse_board(roomier)) == []


# -- the move generator ---------------------------------------------------------------


def test_pathway_placements_are_exactly_the_legal_ones() -> None:
    g = State.initial(parse_challenge(components().challenges[2].challenge), seed=1)
    g = play(g, "A3B1D2")
    board = g.position.board
    brute = [
        Square(r, c)
        for r in range(board.height - 2)
        for c in range(board.width - 2)
        if not card_trouble(board, r, c)
    ]
    assert list(card_positions(board)) == brute
    moves = g.pathway_placements()
    assert len(moves) == 6 * 4 * len(brute)
    for move in moves[::97]:
        assert g.play(move).phase == "fire"


def test_cat_moves_and_fire_placements_are_legal() -> None:
    g = play(game(), "Aa0603N")
    fires = g.legal_moves()
    assert fires and all(not fire_trouble(g.position.board, f) for f in fires)  # type: ignore[arg-type]
    g = play(g, "m0300FN")
    cats = g.cat_moves()
    assert {m.colour for m in cats} == {"B", "R"}
    for move in cats:
        g.play(move)
    assert len(g.legal_moves()) == len(g.pathway_placements()) + len(cats)


def test_draw_requests_cover_every_split_of_six() -> None:
    assert len(game(hand="ABCD", phase="draw").legal_moves()) == 84


def test_start_of_every_challenge_is_playable() -> None:
    for official in components().challenges:
        g = State.initial(parse_challenge(official.challenge), seed=0)
        assert g.status == "playing", official.name
        assert format_board(g.position.board).count("o") == 1


def test_board_helpers() -> None:
    board = Board(("ab", "cD"))
    assert board.at(1, 1) == "D" and board.at(5, 5) == "n" and board.cats() == ((1, 1),)


# -- random playouts: the generator's moves are all legal and keep the state consistent ------


@settings(max_examples=examples(15))
@given(st.integers(0, 38), st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_random_playouts_stay_consistent(index: int, seed: int, rng: random.Random) -> None:
    g = State.initial(parse_challenge(components().challenges[index].challenge), seed)
    cats = len(g.position.board.cats())
    for _ in range(25):
        if g.is_over:
            break
        moves = g.legal_moves()
        if not moves:
            break
        g = g.play(rng.choice(moves))
        state = g.position
        assert len(state.board.cats()) == cats
        assert len(state.hand) <= 6 and len(state.decks) + len(state.hand) <= 100
        assert list(state.exhausted) == sorted(state.exhausted)
        assert parse_state(format_state(state)) == state
        if g.status == "playing" and isinstance(g.last, FirePlacement):
            # the loss is decided when a fire tile is laid (docs/formats/raft.md); a cat
            # standing where a card would have to go only blocks that card while it stays
            assert not cats_cut_off(state.board)


@settings(max_examples=examples(40), deadline=None)
@given(
    fires=st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=30),
    tile=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDE"),
)
def test_fire_placements_are_exactly_the_placements_without_trouble(
    fires: set[tuple[int, int]], tile: str
) -> None:
    rows = [list(row) for row in SMALL.splitlines()]
    for row, column in fires:
        if rows[row][column].islower():  # cats stay where they are
            rows[row][column] = "f"
    board = parse_board("\n".join("".join(row) for row in rows) + "\n")
    found = fire_placements(board, tile)
    expected, shapes = [], set()
    for flipped in (False, True):
        for orientation in "NESW":
            shape = fire_shape(tile, flipped, orientation)
            if shape in shapes:
                continue
            shapes.add(shape)
            for row in range(board.height):
                for column in range(board.width):
                    placement = parse_move(
                        f"{tile}{row:02d}{column:02d}{'T' if flipped else 'F'}{orientation}"
                    )
                    if not fire_trouble(board, placement):  # type: ignore[arg-type]
                        expected.append(placement)
    assert found == expected
