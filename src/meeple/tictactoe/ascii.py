"""Tic-tac-toe as text: the board with its row and column numbers, and a legend.

The first team's marks are drawn `X`, the second's `O` (quibbble names teams, not
symbols); the legend under the board says which is which and whose turn it is.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.tictactoe.model import SIZE
from meeple.tictactoe.rules import State

SYMBOLS = ("X", "O")
_PIECE = re.compile(r"(?<= )[XO](?= )")


def render(state: State, color: bool = False) -> str:
    """The board, numbered as the QGN details number it (row, then column)."""
    rows = ["    " + "   ".join(str(c) for c in range(SIZE))]
    for row in range(SIZE):
        cells = [_symbol(state.at(row, column)) for column in range(SIZE)]
        rows.append((f"{row}   " + " | ".join(cells)).rstrip())
        if row < SIZE - 1:
            rows.append("   " + "+".join(["---"] * SIZE))
    legend = "   ".join(f"{SYMBOLS[seat]} {name}" for seat, name in enumerate(state.teams))
    text = "\n".join([*rows, "", legend, state.result_text]) + "\n"
    if not color:
        return text
    board, _, rest = text.partition("\n\n")
    painted = ansi.paint(board, _PIECE, lambda m: ansi.player_code(SYMBOLS.index(m[0]) + 1))
    return f"{painted}\n\n{rest}"


def _symbol(team: int | None) -> str:
    return " " if team is None else SYMBOLS[team]
