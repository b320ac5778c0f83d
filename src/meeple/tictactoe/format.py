"""The registry entry for tic-tac-toe as quibbble records it (QGN, `[key "tictactoe"]`)."""

from __future__ import annotations

from meeple.qgn.format import quibbble_format

FORMATS = (
    quibbble_format(
        "tictactoe",
        "Tic-tac-toe (quibbble's QGN records): 0m&1.2 marks row 1, column 2",
        "a mark is {team}m&{row}.{column}, rows and columns 0 to 2 from the top left"
        " (type just 1.2 for the team to move)",
    ),
)
