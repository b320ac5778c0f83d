"""The registry entry for onitama as quibbble records it (QGN, `[key "onitama"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "onitama",
        "Onitama (quibbble's QGN records): 0m&0.1.1.1.ox moves a pawn with a card",
        "a move is {team}m&{start row}.{start column}.{end row}.{end column}.{card},"
        " rows and columns 0 to 4 from the first team's side, the card one of the"
        " mover's two (type just 0.1.1.1.ox, or 0 1 1 1 ox, for the team to move)",
    ),
)
