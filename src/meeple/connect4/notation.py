"""Connect Four's QGN action: `{team}p&{column}` (quibbble's `place`).

What the detail means comes from quibbble's games/connect4 (builder.go, models.go): one
whole number, the column. Whether it is on the board is a rule
(`meeple.connect4.rules`), not notation, as quibbble tells them apart.
"""

from __future__ import annotations

from meeple.connect4.model import Place
from meeple.qgn.model import Action
from meeple.quibbble.actions import expect_details, expect_only, whole_number

PLACE = Place.letter


def read_action(action: Action) -> Place:
    """A QGN action as a place; NotationError (at the detail) if it is not one."""
    expect_only(action, PLACE, "place", "connect4")
    expect_details(action, 1, "the column")
    return Place(action.team, whole_number(action, 0, "a column"))


def write_action(place: Place) -> Action:
    return Action(place.team, PLACE, (str(place.column),))
