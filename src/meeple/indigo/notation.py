"""Indigo's QGN action: `{team}p&{paths}.{row}.{column}` (quibbble's `place`).

What a detail means comes from quibbble's games/indigo (builder.go, models.go): the
tile's paths as written (turned as it is placed), then the row and the column, each
read with `strconv.Atoi`. quibbble's other action, `rotate`, turns a tile in hand and
is never recorded (models.go: "not tracked"), so `p` is the only letter.

A tile's paths must be the six edge letters a to f, each once (else a notation error at
that detail); whether quibbble knows the tile written that way, whether the team holds
it and whether the hex is free are rules (`meeple.indigo.rules`), as quibbble checks
them after reading.
"""

from __future__ import annotations

from meeple.indigo.model import EDGES, Place
from meeple.qgn.model import Action
from meeple.quibbble.actions import detail_error, expect_details, expect_only, whole_number

PLACE = Place.letter


def read_action(action: Action) -> Place:
    """A QGN action as a placement; NotationError (at the detail) if it is not one."""
    expect_only(action, PLACE, "place", "indigo")
    expect_details(action, 3, "tile, row and column")
    paths = action.details[0]
    if len(paths) != len(EDGES) or set(paths) != set(EDGES):
        raise detail_error(
            f"expected a tile's paths, the letters a to f each once (afbcde), not {paths!r}", 0
        )
    return Place(
        action.team,
        paths,
        whole_number(action, 1, "a row"),
        whole_number(action, 2, "a column"),
    )


def write_action(place: Place) -> Action:
    return Action(place.team, PLACE, (place.tile, str(place.row), str(place.column)))
