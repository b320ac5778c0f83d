"""The standard string interface, string in and string out."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple.errors import NotationError
from meeple.raft import strings
from meeple.raft.components import components
from meeple.raft.model import Cards
from meeple.raft.notation import format_cards, parse_decks, parse_hand
from tests.raft.test_rules import SMALL, WALLED

BOARD = (Path(__file__).parent / "golden" / "board.txt").read_text()
FULL_DECKS = "A" + "abcdefghijklmnopqrstuvwxy" + "B" + "abcdefghijklmnopqrstuvwxy"
FULL_DECKS += "C" + "abcdefghijklmnopqrstuvwxy" + "D" + "abcdefghijklmnopqrstuvwxy"
BAG = "abcdefghijklmnopqrstuvwxyzABCDE"


def state(
    board: str = SMALL, hand: str = "AabcBCDab", exhausted: str = "", bag: str = BAG
) -> list[str]:
    """A state whose decks hold every card not in `hand`."""
    held = parse_hand(hand)
    left = [
        p.translate({ord(c): None for c in h})
        for p, h in zip(parse_decks(FULL_DECKS).piles, held.piles, strict=True)
    ]
    decks = Cards((left[0], left[1], left[2], left[3]))
    return [board, format_cards(decks), hand, exhausted, bag]


def test_board_well_formed() -> None:
    assert strings.is_board_string_well_formed(BOARD)
    assert strings.is_board_string_well_formed(SMALL)
    assert strings.is_board_string_well_formed(SMALL.replace("fffbbbbbb", "nnnbbbbbb"))
    assert not strings.is_board_string_well_formed(BOARD[:-1])
    assert not strings.is_board_string_well_formed(BOARD.replace("o", "x"))
    assert not strings.is_board_string_well_formed(SMALL + "ggggggggg\n")
    assert not strings.is_board_string_well_formed(SMALL.replace("ggggggggg\n", "gggggggg\n", 1))
    assert not strings.is_board_string_well_formed("")


def test_draw_fire_tile() -> None:
    rng = random.Random(1)
    tiles = {strings.draw_fire_tile(state(bag="abc"), rng) for _ in range(50)}
    assert tiles == {"a", "b", "c"}
    assert strings.draw_fire_tile(state(bag="")) == ""


def test_choose_challenge() -> None:
    for difficulty in range(6):
        chosen = strings.choose_challenge(difficulty, random.Random(difficulty))
        assert any(
            c.challenge == chosen and c.difficulty == difficulty for c in components().challenges
        )
    with pytest.raises(NotationError):
        strings.choose_challenge(6)


def test_draw_hand() -> None:
    drawn = strings.draw_hand(state(hand="ABCD"), "A3B1D2", random.Random(2))
    hand = drawn[2]
    assert hand[0] == "A" and len(hand) == 4 + 6
    assert hand[hand.index("B") + 2] == "C" and hand.endswith(hand[hand.index("D") :])
    assert len(drawn[1]) == len(FULL_DECKS) - 6
    short = state(hand="ABCD")
    short[1] = "AabBCD"
    assert strings.draw_hand(short, "A3B1D2") == short
    assert strings.draw_hand(state(), "A6") == state()


def test_apply_placement() -> None:
    after = strings.apply_placement(state(), "Ab0306E")
    assert after[0].split("\n")[3][6:] == "bbg" and after[2] == "AacBCDab"
    after = strings.apply_placement(after, "m0300FN")
    assert after[0].split("\n")[3][:3] == "ffg" and "m" not in after[4]


def test_move_cat() -> None:
    after = strings.move_cat(state(exhausted="R0207"), "B01040003Aa")
    assert after[0].split("\n")[0][3] == "B" and after[0].split("\n")[1][4] == "b"
    assert after[2] == "AbcBCDab" and after[3] == "B0003R0207"


def test_initialise_challenge() -> None:
    text = next(c.challenge for c in components().challenges if c.name == "Crossed paths")
    board = strings.initialise_challenge(text, seed=5)
    assert strings.is_board_string_well_formed(board)
    rows = board.split("\n")
    assert rows[1][9:12] == "rRf" and rows[13][15:18] == "row"


def test_is_placement_valid() -> None:
    assert strings.is_placement_valid(state(), "Aa0603N")
    # Geometry only, as the assignment's interface means it: a card not in the hand and a
    # tile not in the bag may still lie there.
    assert strings.is_placement_valid(state(), "Ad0603N")
    assert not strings.is_placement_valid(state(), "Aa0003N")  # over fire
    assert not strings.is_placement_valid(state(), "Aa0003N".replace("0003", "1006"))  # raft
    assert not strings.is_placement_valid(state(), "Aa0103N")  # over the blue cat
    assert strings.is_placement_valid(state(), "m0300FN")
    assert not strings.is_placement_valid(state(), "m0505FN")  # touches no fire
    assert strings.is_placement_valid(state(bag="ab"), "m0300FN")


def test_is_cat_movement_valid() -> None:
    assert strings.is_cat_movement_valid(state(), "B01040003Aa")
    assert not strings.is_cat_movement_valid(state(), "B01040003Ad")
    assert not strings.is_cat_movement_valid(state(), "B01040305Aa")
    assert not strings.is_cat_movement_valid(state(exhausted="B0104"), "B01040003Aa")
    assert strings.is_cat_movement_valid(state(exhausted="B0104"), "B01040003AaAb")


def test_is_game_over() -> None:
    assert strings.is_game_over(state(WALLED), "h0306FN")
    assert not strings.is_game_over(state(WALLED), "m0300FE")
    assert strings.is_game_over(state(WALLED), "m0300FN")  # green squares no card can cover
    assert strings.is_game_over(state(WALLED, bag=""), "m0300FN")  # a tile not in the bag
    assert not strings.is_game_over(state(), "c0505FN")
    nowhere = "\n".join(["fffffffff"] * 9 + ["ffffffbyw", "ffffffrow", "ffffffgww"]) + "\n"
    assert strings.is_game_over(state(nowhere), "c0000FN")
    assert strings.is_game_over(state(bag=""), "Aa0603N")
    assert not strings.is_game_over(state(), "Aa0603N")
    one_cat = SMALL.replace("fffbBbrrr", "fffbbbrrr").replace("fffbbbrRr", "fffbbbrrr")
    one_cat = one_cat.replace("yyyyyyyyy\nppp", "yyyyyyyYy\nppp")
    assert strings.is_game_over(state(one_cat), "Y08070907Aa")
    assert not strings.is_game_over(state(), "B01040003Aa")


def test_draw_hand_leaves_the_state_as_it_was_for_requests_that_cannot_be_met() -> None:
    before = state(hand="ABCD")
    for request in ("A7", "A3B4", "A6B1", "A9", "D26"):
        assert strings.draw_hand(before, request) == list(before)
    with pytest.raises(NotationError):
        strings.draw_hand(before, "six please")


def test_bad_strings_raise_notation_errors() -> None:
    with pytest.raises(NotationError):
        strings.apply_placement(state(), "Zz")
    with pytest.raises(NotationError):
        strings.move_cat(["x"], "B01040003Aa")


def _tall_board(corridor: str) -> str:
    """18 rows of 9: the raft at the top middle, a blue cat near the bottom, and rows 9-11
    fire but for the column-4 corridor whose three squares are `corridor`."""
    rows = ["fffffffff", "fffbbwfff", "fffwowfff", "fffwwwfff"]
    rows += ["ggggggggg"] * 5
    rows += [f"ffff{square}ffff" for square in corridor]
    rows += ["ggggggggg"] * 4 + ["ggggBgggg", "fffffffff"]
    assert len(rows) == 18
    return "\n".join(rows) + "\n"


def test_reaching_a_raft_away_from_the_corner_on_a_board_taller_than_wide() -> None:
    from meeple.raft.notation import parse_board
    from meeple.raft.rules import cats_cut_off

    # Green squares any card could still repaint are on the way; a corridor square no
    # card can cover (fire on every 3x3 around it) keeps its colour and blocks.
    assert cats_cut_off(parse_board(_tall_board("bbb"))) == []
    assert cats_cut_off(parse_board(_tall_board("grg"))) == [
        "the blue cat at (16,4) can no longer reach the raft"
    ]
    open_rows = _tall_board("ggg").replace("ffffgffff", "ggggggggg")
    assert cats_cut_off(parse_board(open_rows)) == []
