"""The registry entry for stratego as quibbble records it (QGN, `[key "stratego"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "stratego",
        "Stratego (quibbble's QGN records): 0m&3.1.4.1 moves a unit, 0s&0.0.1.0 switches two",
        "a move is {team}m&{row}.{column}.{to row}.{to column} (one square straight; a"
        " scout further; onto an enemy unit attacks it), a switch before the first move is"
        " {team}s&{row}.{column}.{with row}.{with column} within the team's side; rows and"
        " columns from 0 at the first team's back row (type just 3.1.4.1, or s 0 0 1 0,"
        " for the team to move)",
    ),
)
