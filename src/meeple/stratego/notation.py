"""Stratego's QGN actions (quibbble's games/stratego builder.go, models.go):

- `{team}m&{row}.{column}.{to row}.{to column}`: move the unit on (row, column);
- `{team}s&{row}.{column}.{with row}.{with column}`: before the first move, switch the
  unit on (row, column) with the square (with row, with column) of the team's side.

Each has four details, whole numbers read with Go's `strconv.Atoi`; a detail that is
none is a notation error at that detail. Squares off the board and every other rule are
`meeple.stratego.rules`, as quibbble tells them apart.
"""

from __future__ import annotations

from meeple.qgn.model import Action as QgnAction
from meeple.quibbble import detail_error, expect_details, whole_number
from meeple.stratego.model import Action, Move, Switch

MOVE = Move.letter
SWITCH = Switch.letter
LETTERS = MOVE + SWITCH
"""The action letters, the move first (what `meeple play` reads bare details as)."""

_MOVE_DETAILS = ("a unit's row", "a unit's column", "a row to move to", "a column to move to")
_SWITCH_DETAILS = (
    "a unit's row",
    "a unit's column",
    "a row to switch with",
    "a column to switch with",
)


def read_action(action: QgnAction) -> Action:
    """A QGN action as a move or a switch; NotationError (at the detail) if neither."""
    if action.action == MOVE:
        expect_details(action, 4, "row, column, row to move to, column to move to")
        return Move(action.team, *_squares(action, _MOVE_DETAILS))
    if action.action == SWITCH:
        expect_details(action, 4, "row, column, row to switch with, column to switch with")
        return Switch(action.team, *_squares(action, _SWITCH_DETAILS))
    raise detail_error(f"stratego's actions are m (move) and s (switch), not {action.action!r}")


def _squares(action: QgnAction, names: tuple[str, ...]) -> tuple[int, int, int, int]:
    a, b, c, d = (whole_number(action, part, what) for part, what in enumerate(names))
    return a, b, c, d


def write_action(move: Action) -> QgnAction:
    letter = MOVE if isinstance(move, Move) else SWITCH
    squares = (*move.start, *move.end)
    return QgnAction(move.team, letter, tuple(str(n) for n in squares))
