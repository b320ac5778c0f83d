"""The registry entry for connect four as quibbble records it (QGN, `[key "connect4"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "connect4",
        "Connect Four (quibbble's QGN records): 0p&3 drops a disk into column 3",
        "a place is {team}p&{column}, columns 0 to 6 from the left; the disk falls to the"
        " lowest empty row (type just 3 for the team to move)",
    ),
)
