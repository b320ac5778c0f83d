"""The registry entry for indigo as quibbble records it (QGN, `[key "indigo"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "indigo",
        "Indigo (quibbble's QGN records): 0p&afbcde.4.5 places a tile on row 4, column 5",
        "a placement is {team}p&{paths}.{row}.{column}: the paths of a tile you hold, turned"
        " as you lay it (afbcde joins edges a-f, b-c, d-e; each turn moves every letter on"
        " one, a to b ... f to a), then an empty hex, rows 0 to 8 from the top, columns from"
        " 0 at each row's left (type just afbcde 4 5 for the team to move)",
    ),
)
