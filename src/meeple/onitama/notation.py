"""Onitama's QGN action: `{team}m&{start row}.{start column}.{end row}.{end column}.{card}`
(quibbble's `move`).

What a detail means comes from quibbble's games/onitama (builder.go, models.go): five
details, four whole numbers read with `strconv.Atoi` and then the card's name. A card
name that is none of the sixteen is a notation error here (quibbble would only find
it missing from the hand); squares off the board and a card not in hand are rules
(`meeple.onitama.rules`), as quibbble tells them apart.
"""

from __future__ import annotations

from meeple.onitama.model import CARD_NAMES, CARDS, Move
from meeple.qgn.model import Action
from meeple.quibbble.actions import detail_error, expect_details, expect_only, whole_number

MOVE = Move.letter
CARD_DETAIL = 4
"""The index of the card among a move's details."""

_SQUARES = ("a start row", "a start column", "an end row", "an end column")


def read_action(action: Action) -> Move:
    """A QGN action as a move; NotationError (at the detail) if it is not one."""
    expect_only(action, MOVE, "move", "onitama")
    expect_details(action, 5, "start row, start column, end row, end column and card")
    start_row, start_column, end_row, end_column = (
        whole_number(action, part, what) for part, what in enumerate(_SQUARES)
    )
    card = action.details[CARD_DETAIL]
    if card not in CARDS:
        raise detail_error(f"expected a card ({', '.join(CARD_NAMES)}), not {card!r}", CARD_DETAIL)
    return Move(action.team, start_row, start_column, end_row, end_column, card)


def write_action(move: Move) -> Action:
    squares = (move.start_row, move.start_column, move.end_row, move.end_column)
    return Action(move.team, MOVE, (*(str(n) for n in squares), move.card))
