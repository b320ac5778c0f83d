"""Connect Four as text: the grid with its column numbers (the one QGN detail) above
and below, quibbble's row numbers (0 at the top) at the left, and a legend.

The first team's disks are drawn `X`, the second's `O`, a third's `V` (quibbble names
teams, not symbols); `.` is an empty cell. The legend says which team is which and how
the game stands.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.connect4.model import COLUMNS, ROWS
from meeple.connect4.rules import State

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
    legend = "   ".join(f"{SYMBOLS[seat]} {name}" for seat, name in enumerate(state.teams))
    text = "\n".join([*rows, "", legend, state.result_text]) + "\n"
    if not color:
        return text
    board, _, rest = text.partition("\n\n")
    painted = ansi.paint(board, _DISK, lambda m: ansi.player_code(SYMBOLS.index(m[0]) + 1))
    return f"{painted}\n\n{rest}"


def _symbol(team: int | None) -> str:
    return EMPTY if team is None else SYMBOLS[team]
