"""Connect Four as text: the grid with its column numbers (the one QGN detail) above
and below, quibbble's row numbers (0 at the top) at the left, and a legend.

The first team's disks are drawn `X`, the second's `O`, a third's `V` (quibbble names
teams, not symbols); `.` is an empty cell. The legend says which team is which and how
the game stands.
"""

from __future__ import annotations

import re

from meeple.connect4.model import COLUMNS, ROWS
from meeple.connect4.rules import State
from meeple.quibbble.legend import with_legend

SYMBOLS = ("X", "O", "V")
EMPTY = "."
_DISK = re.compile(r"(?<= )[XOV](?= |$)", re.MULTILINE)


def render(state: State, color: bool = False) -> str:
    """The grid, numbered as quibbble numbers it (row 0 the top, columns 0 to 6)."""
    numbers = "    " + " ".join(str(c) for c in range(COLUMNS))
    rows = [numbers]
    for row in range(ROWS):
        cells = [_symbol(state.at(row, column)) for column in range(COLUMNS)]
        rows.append(f"{row}   " + " ".join(cells))
    rows.append(numbers)
    return with_legend(rows, state, SYMBOLS, _DISK, color)


def _symbol(team: int | None) -> str:
    return EMPTY if team is None else SYMBOLS[team]
