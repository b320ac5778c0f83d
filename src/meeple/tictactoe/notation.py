"""Tic-tac-toe's QGN action: `{team}m&{row}.{column}` (quibbble's `mark`).

What a detail means comes from quibbble's games/tictactoe (builder.go, models.go):
two whole numbers, row then column. Whether they are on the board is a rule
(`meeple.tictactoe.rules`), not notation, as quibbble tells them apart.
"""

from __future__ import annotations

from meeple.qgn.model import Action
from meeple.quibbble.actions import expect_details, expect_only, whole_number
from meeple.tictactoe.model import Mark

MARK = Mark.letter


def read_action(action: Action) -> Mark:
    """A QGN action as a mark; NotationError (at the detail) if it is not one."""
    expect_only(action, MARK, "mark", "tic-tac-toe")
    expect_details(action, 2, "row and column")
    return Mark(action.team, whole_number(action, 0, "a row"), whole_number(action, 1, "a column"))


def write_action(mark: Mark) -> Action:
    return Action(mark.team, MARK, (str(mark.row), str(mark.column)))
