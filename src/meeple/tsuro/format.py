"""The registry entry for tsuro as quibbble records it (QGN, `[key "tsuro"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "tsuro",
        "Tsuro (quibbble's QGN records): 0p&4.5.CHDAEBFG lays a tile on row 4, column 5",
        "a placement is {team}p&{row}.{column}.{tile}: the square your token faces (your"
        " token's own square for your first tile), rows and columns 0 to 5 from the top"
        " left, and a tile from your hand turned any way, its notches A-H (clockwise from"
        " the top left) paired as paths, e.g. CHDAEBFG; type just 4.5.CHDAEBFG",
    ),
)
