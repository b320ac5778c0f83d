"""Tsuro's QGN action: `{team}p&{row}.{column}.{paths}` (quibbble's `place`).

From quibbble's games/tsuro/builder.go: three details, a row and a column read with
`strconv.Atoi`, and the tile as a string of its paths; tile.go's `newTile` accepts
only one of the 35 tiles turned 0-3 quarters, written pair by pair as it turns
(`CHDAEBFG` is `AFBGCHDE` turned once). meeple reads anything else there as a
notation error at the tile's detail. Whether the square and the tile are the team's to
play is a rule (`meeple.tsuro.rules`).
"""

from __future__ import annotations

from meeple.qgn.model import Action
from meeple.quibbble import detail_error, expect_details, whole_number
from meeple.tsuro.model import SPELLINGS, Place

PLACE = Place.letter


def read_action(action: Action) -> Place:
    """A QGN action as a placement; NotationError (at the detail) if it is not one."""
    if action.action != PLACE:
        raise detail_error(f"tsuro has one action, p (place), not {action.action!r}")
    expect_details(action, 3, "row, column and tile")
    row = whole_number(action, 0, "a row")
    column = whole_number(action, 1, "a column")
    paths = action.details[2]
    if paths not in SPELLINGS:
        raise detail_error(
            f"expected a tile, its 8 notches A-H paired as paths (one of quibbble's 35"
            f" tiles, turned 0-3 quarters, as CHDAEBFG), not {paths!r}",
            2,
        )
    return Place(action.team, row, column, paths)


def write_action(place: Place) -> Action:
    return Action(place.team, PLACE, (str(place.row), str(place.column), place.paths))
