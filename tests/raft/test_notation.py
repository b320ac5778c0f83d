"""Every string of seed 001: golden examples, positioned errors, round trips, fuzzing."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import NotationError
from meeple.raft import components
from meeple.raft import notation as n
from meeple.raft.model import (
    CARD_IDS,
    CAT_COLOURS,
    DECKS,
    FIRE_TILE_IDS,
    ORIENTATIONS,
    Board,
    CardId,
    Cards,
    CatMove,
    DrawRequest,
    ExhaustedCat,
    FirePlacement,
    PathwayPlacement,
    Position,
    Square,
)

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES: dict[str, list[str]] = json.loads((GOLDEN / "strings.json").read_text())
BOARD = (GOLDEN / "board.txt").read_text()

ROUND_TRIPS: dict[str, tuple[Callable[..., Any], Callable[..., str]]] = {
    "decks": (n.parse_decks, n.format_cards),
    "hand": (n.parse_hand, n.format_cards),
    "exhausted_cats": (n.parse_exhausted_cats, n.format_exhausted_cats),
    "exhausted_cats_unsorted": (n.parse_exhausted_cats, n.format_exhausted_cats),
    "fire_bag": (n.parse_fire_bag, n.format_fire_bag),
    "challenge": (n.parse_challenge, n.format_challenge),
    "challenge_from_parts": (n.parse_challenge, n.format_challenge),
    "pathway_placement": (n.parse_pathway_placement, str),
    "fire_placement": (n.parse_fire_placement, str),
    "cat_movement": (n.parse_cat_movement, str),
    "draw_request": (n.parse_draw_request, str),
}


@pytest.mark.parametrize(
    ("kind", "text"), [(kind, text) for kind in ROUND_TRIPS for text in EXAMPLES[kind]]
)
def test_golden_strings_round_trip(kind: str, text: str) -> None:
    parse, write = ROUND_TRIPS[kind]
    assert write(parse(text)) == text


def test_golden_board() -> None:
    board = n.parse_board(BOARD)
    assert (board.height, board.width) == (15, 18)
    assert board.at(1, 10) == "R" and board.at(13, 16) == "o"
    assert board.cats() == (Square(1, 10), Square(4, 4), Square(13, 4))
    assert n.format_board(board) == BOARD


def test_golden_meanings() -> None:
    assert n.parse_decks("AabcdBCfghDafh") == Cards(("abcd", "", "fgh", "afh"))
    assert n.parse_hand("AfhkBCDahw").ids() == (
        CardId("A", "f"),
        CardId("A", "h"),
        CardId("A", "k"),
        CardId("D", "a"),
        CardId("D", "h"),
        CardId("D", "w"),
    )
    assert n.parse_exhausted_cats("B0204G1300") == (
        ExhaustedCat("B", 2, 4),
        ExhaustedCat("G", 13, 0),
    )
    assert n.parse_pathway_placement("Ab1208S") == PathwayPlacement("A", "b", 12, 8, "S")
    assert n.parse_fire_placement("l0003TW") == FirePlacement("l", 0, 3, True, "W")
    assert n.parse_fire_placement("l0003FW").flipped is False
    assert n.parse_cat_movement("R01040410Ac") == CatMove(
        "R", Square(1, 4), Square(4, 10), (CardId("A", "c"),)
    )
    assert n.parse_draw_request("A3B1D2") == DrawRequest((("A", 3), ("B", 1), ("D", 2)))
    assert components.parse_fire_tile("c000102031121").cells == (
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 1),
        (2, 1),
    )
    assert components.parse_fire_tile("i011011121321").cells[0] == (0, 1)
    assert components.parse_pathway_card("A", "hbbrbyrbyb").squares == "bbrbyrbyb"
    assert components.parse_cat_card("3gffgGfggg").squares == "gffgGfggg"
    assert components.parse_raft_card("1gyprowbww").squares == "gyprowbww"


def test_golden_challenge_parts() -> None:
    challenge = n.parse_challenge(EXAMPLES["challenge"][0])
    assert "".join(i.size + i.rotation for i in challenge.islands) == "LNSNLASA"
    assert challenge.fires[0] == (0, 3) and len(challenge.fires) == 6
    assert [tuple(c) for c in challenge.cats] == [(0, 0, 9), (3, 3, 3), (4, 12, 3)]
    assert tuple(challenge.raft) == (1, 12, 15)


def test_golden_challenge_substrings() -> None:
    (two,) = (n.parse_challenge(text) for text in EXAMPLES["challenge_from_parts"])
    assert len(two.islands) == 2 and two.fires == ()
    # The seed's fire substring F03100409 is two cards, at (3,10) and (4,9): they overlap,
    # so joined into one challenge they are refused at the second.
    (joined,) = EXAMPLES["challenge_from_parts_overlapping"]
    with pytest.raises(NotationError) as caught:
        n.parse_challenge(joined)
    assert caught.value.column == 14
    assert caught.value.message == "the fire card at (4,9) overlaps the fire card at (3,10)"
    four = n.parse_challenge(joined.replace("0409C00211", "C00611"))
    assert four.fires == (Square(3, 10),)
    assert tuple(four.cats[0]) == (0, 6, 11) and tuple(four.raft) == (1, 12, 15)
    assert [i.rotation for i in four.islands] == ["N", "N", "A", "A"]


def test_unsorted_exhausted_cats_is_a_finding_not_a_reorder() -> None:
    text = EXAMPLES["exhausted_cats_unsorted"][0]
    cats = n.parse_exhausted_cats(text)
    assert n.format_exhausted_cats(cats) == text
    (finding,) = n.exhausted_cats_findings(text)
    assert finding.severity == "lint" and finding.location.column == 6
    assert n.exhausted_cats_findings("B0302B0312") == []


ERRORS = [
    (n.parse_pathway_placement, "Ab12x8S", 5, "two digits"),
    (n.parse_pathway_placement, "Ab1208Q", 7, "orientation"),
    (n.parse_pathway_placement, "Ab1208SX", 8, "unexpected"),
    (n.parse_pathway_placement, "Ez1208S", 1, "deck letter"),
    (n.parse_pathway_placement, "Az1208S", 2, "card id"),
    (n.parse_fire_placement, "l0003XW", 6, "T (flipped)"),
    (n.parse_fire_placement, "E0003T", 7, "the end of the string"),
    (n.parse_cat_movement, "X01040410Ac", 1, "cat colour"),
    (n.parse_cat_movement, "R01040410Az", 11, "discarded card"),
    (n.parse_cat_movement, "R01040410AcB", 13, "discarded card"),
    (n.parse_cat_movement, "R01040410AcBdC", 14, "unexpected"),
    (n.parse_draw_request, "A3B1D1", 1, "6 cards in all"),
    (n.parse_draw_request, "A3A3", 3, "named twice"),
    (n.parse_draw_request, "B3A3", 3, "out of order"),
    (n.parse_draw_request, "A7", 2, "count 1-6"),
    (n.parse_decks, "AbaBCD", 3, "alphabetical"),
    (n.parse_decks, "AabBCE", 6, "next deck letter"),
    (n.parse_hand, "AabcdefgBCD", 1, "at most 6"),
    (n.parse_exhausted_cats, "B0204G13", 9, "two digits"),
    (n.parse_fire_bag, "abcc", 4, "listed twice"),
    (n.parse_fire_bag, "Aa", 2, "out of order"),
    (n.parse_challenge, "LNSEF0000C00000R00303", 4, "6x9 island rotation"),
    (n.parse_challenge, "LNF0000C00000R00303", 3, "2 or 4 islands"),
    (n.parse_challenge, "LNSNF1700C00000R00303", 6, "hangs off"),
    (n.parse_challenge, "LNSNF0000CR00303", 11, "at least one cat card"),
    (n.parse_challenge, "LNSNF0000C70000R00303", 11, "cat card id"),
    (n.parse_challenge, "LNSNF0000C00300R00606x", 22, "unexpected"),
    (n.parse_challenge, "LNSNF00000002C00300R00606", 10, "fire card at (0,2) overlaps the fire"),
    (n.parse_challenge, "LNSNF0000C00300C", 16, "a cat card id"),
    (n.parse_challenge, "LNSNF0606C00300R00505", 16, "raft card at (5,5) overlaps the fire"),
    # A card over a cat is named as such (cat card 0 has its cat in the middle).
    (n.parse_challenge, "LNSNF0000C00300R00401", 16, "over the cat on (4,1)"),
    (
        n.parse_challenge,
        "LNSNFC00300R00302",
        12,
        "raft card at (3,2) overlaps the cat card at (3,0)",
    ),
    (n.parse_challenge, "LNSNFC0030010301R00808", 12, "over the cat on (4,1)"),
]


@pytest.mark.parametrize(("parse", "text", "column", "message"), ERRORS)
def test_errors_point_at_the_problem(
    parse: Callable[[str], object], text: str, column: int, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.column == column
    assert message in caught.value.message


def test_board_errors() -> None:
    with pytest.raises(NotationError, match="row 3 has 17") as caught:
        n.parse_board(BOARD.replace("fffgffyrgpygyrygbr\n", "fffgffyrgpygyrygb\n"))
    assert (caught.value.line, caught.value.column) == (4, 18)
    with pytest.raises(NotationError, match="square letter") as caught:
        n.parse_board(BOARD.replace("fffgGf", "fffgXf"))
    assert (caught.value.line, caught.value.column) == (5, 5)
    with pytest.raises(NotationError, match="newline"):
        n.parse_board(BOARD[:-1])
    with pytest.raises(NotationError, match="12, 15 or 18 rows, found 14"):
        n.parse_board(BOARD.split("\n", 1)[1])


def test_state_round_trip_and_errors() -> None:
    text = BOARD + "AabcdBCfghDbfg\nAfhkBCDahw\nG0404R0110\nabc\n"
    state = n.parse_state(text)
    assert state.bag == "abc" and n.format_state(state) == text
    assert n.state_strings(state)[0] == BOARD
    empty = BOARD + "ABCD\nABCD\n\n\n"
    assert n.format_state(n.parse_state(empty)) == empty
    with pytest.raises(NotationError) as caught:
        n.parse_state(BOARD + "ABCD\nAaaBCD\n\n\n")
    assert (caught.value.line, caught.value.column) == (17, 3)


@pytest.mark.parametrize(
    ("decks", "hand", "exhausted", "where", "message"),
    [
        ("AabcdBCfghDafh", "AfhkBCDahw", "", (17, 8), "card Da is in the hand and in deck D too"),
        ("ABCD", "ABCD", "G0404B0204", (18, 6), "exhausted cat B: no blue cat stands on (2,4)"),
        ("ABCD", "ABCD", "R0104", (18, 1), "exhausted cat R: no red cat stands on (1,4)"),
        ("ABCD", "ABCD", "Y2004", (18, 1), "exhausted cat Y: (20,4) is off the 15x18 board"),
    ],
)
def test_a_state_that_contradicts_itself_is_refused_at_the_part(
    decks: str, hand: str, exhausted: str, where: tuple[int, int], message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        n.parse_state(BOARD + f"{decks}\n{hand}\n{exhausted}\n\n")
    assert (caught.value.line, caught.value.column) == where
    assert caught.value.message == message
    # The five strings of the string interface: the error names the part it is in.
    with pytest.raises(NotationError) as caught:
        n.parse_state_strings([BOARD, decks, hand, exhausted, ""])
    assert (caught.value.source, caught.value.column) == (
        "hand" if "card" in message else "exhausted cats",
        where[1],
    )


def test_an_exhausted_cat_off_the_islands_is_refused() -> None:
    holed = BOARD.replace("fffgGfggy", "fffgGfnny")
    with pytest.raises(NotationError, match=r"exhausted cat G: \(4,6\) is off the islands"):
        n.parse_state_strings([holed, "ABCD", "ABCD", "G0404G0406", ""])


# -- hypothesis: generated models round-trip ----------------------------------------------

coordinate = st.integers(0, 99)
piles = st.lists(
    st.sets(st.sampled_from(CARD_IDS)).map(lambda s: "".join(sorted(s))), min_size=4, max_size=4
)
cards = piles.map(lambda p: Cards((p[0], p[1], p[2], p[3])))
card_ids = st.builds(CardId, st.sampled_from(DECKS), st.sampled_from(CARD_IDS))
boards = st.sampled_from([(12, 9), (15, 18), (18, 18)]).flatmap(
    lambda size: st.lists(
        st.text(st.sampled_from("bBfgGnopPrRwWyY"), min_size=size[1], max_size=size[1]),
        min_size=size[0],
        max_size=size[0],
    ).map(lambda rows: Board(tuple(rows)))
)


@given(st.builds(PathwayPlacement, st.sampled_from(DECKS), st.sampled_from(CARD_IDS),
                 coordinate, coordinate, st.sampled_from(ORIENTATIONS)))  # fmt: skip
def test_pathway_round_trip(placement: PathwayPlacement) -> None:
    assert n.parse_pathway_placement(str(placement)) == placement
    assert n.parse_move(n.format_move(placement)) == placement


@given(st.builds(FirePlacement, st.sampled_from(FIRE_TILE_IDS), coordinate, coordinate,
                 st.booleans(), st.sampled_from(ORIENTATIONS)))  # fmt: skip
def test_fire_round_trip(placement: FirePlacement) -> None:
    assert n.parse_fire_placement(str(placement)) == placement
    assert n.parse_move(n.format_move(placement)) == placement


@given(st.builds(CatMove, st.sampled_from(CAT_COLOURS), st.builds(Square, coordinate, coordinate),
                 st.builds(Square, coordinate, coordinate),
                 st.lists(card_ids, min_size=1, max_size=2).map(tuple)))  # fmt: skip
def test_cat_move_round_trip(move: CatMove) -> None:
    assert n.parse_cat_movement(str(move)) == move
    assert n.parse_move(n.format_move(move)) == move


@given(st.lists(st.sampled_from(DECKS), min_size=6, max_size=6))
def test_draw_round_trip(picks: list[str]) -> None:
    request = DrawRequest(tuple((d, picks.count(d)) for d in DECKS if d in picks))
    assert n.parse_draw_request(str(request)) == request
    assert n.parse_move(n.format_move(request)) == request


@given(boards, cards, cards.filter(lambda c: len(c) <= 6),
       st.lists(st.builds(ExhaustedCat, st.sampled_from(CAT_COLOURS), coordinate, coordinate),
                max_size=5).map(tuple),
       st.sets(st.sampled_from(FIRE_TILE_IDS)).map(
           lambda s: "".join(t for t in FIRE_TILE_IDS if t in s)))  # fmt: skip
def test_state_round_trip(
    board: Board, decks: Cards, hand: Cards, exhausted: tuple[ExhaustedCat, ...], bag: str
) -> None:
    # A state's parts agree: no card in a deck and the hand, exhausted cats where cats stand.
    piles = zip(decks.piles, hand.piles, strict=True)
    apart = Cards(tuple("".join(c for c in d if c not in h) for d, h in piles))  # type: ignore[arg-type]
    standing = tuple(c for c in exhausted if board.at(c.row, c.column) == c.colour)
    state = Position(board, apart, hand, standing, bag)
    assert n.parse_state(n.format_state(state)) == state
    assert n.parse_board(n.format_board(board)) == board
    assert n.parse_decks(n.format_cards(decks)) == decks
    assert n.parse_exhausted_cats(n.format_exhausted_cats(exhausted)) == exhausted
    assert n.parse_fire_bag(bag) == bag


# -- fuzzing: nothing but NotationError escapes ------------------------------------------

PARSERS: list[Callable[[str], object]] = [
    n.parse_board,
    n.parse_decks,
    n.parse_hand,
    n.parse_exhausted_cats,
    n.parse_fire_bag,
    n.parse_state,
    n.parse_challenge,
    n.parse_pathway_placement,
    n.parse_fire_placement,
    n.parse_cat_movement,
    n.parse_draw_request,
    n.parse_move,
    n.parse_record,
    components.parse_fire_tile,
    components.parse_cat_card,
    components.parse_raft_card,
]
VALID = [text for kind in ROUND_TRIPS for text in EXAMPLES[kind]] + [BOARD]


def _survives(parse: Callable[[str], object], text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)


@pytest.mark.fuzz
@given(st.text(alphabet=st.sampled_from("ABCDFLNSRTWabflnory0123456789 \n#=sed\x00é")))
def test_fuzz_text(text: str) -> None:
    for parse in PARSERS:
        _survives(parse, text)


@pytest.mark.fuzz
@given(st.sampled_from(VALID), st.integers(0, 400), st.text(max_size=3), st.integers(0, 3))
def test_fuzz_mutations(valid: str, at: int, insert: str, cut: int) -> None:
    at %= len(valid) + 1
    mutated = valid[:at] + insert + valid[at + cut :]
    for parse in PARSERS:
        _survives(parse, mutated)


def test_the_seeds_board_as_printed_lacks_the_final_newline() -> None:
    """docs/formats/raft.md: the seed's example, between its quotes, ends without the
    newline every row needs; with it, it is the golden board."""
    # Seed 001_fbbc1b4f13ed8804.txt, lines 40-54, as printed (quotes and indent included).
    seed = (GOLDEN / "seed-board-as-printed.txt").read_text()
    quoted = seed[seed.index('"') + 1 :]
    quoted = quoted[: quoted.index('"')]
    printed = "\n".join(line.strip() for line in quoted.split("\n"))  # the quote's indent
    assert not printed.endswith("\n") and printed.count("\n") == 14
    with pytest.raises(NotationError, match="expected a newline at the end of the board row") as e:
        n.parse_board(printed)
    assert (e.value.line, e.value.column) == (15, 19)
    assert n.format_board(n.parse_board(printed + "\n")) == BOARD
