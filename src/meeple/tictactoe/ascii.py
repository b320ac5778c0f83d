"""Tic-tac-toe as text: the board with its row and column numbers, and a legend.

The first team's marks are drawn `X`, the second's `O` (quibbble names teams, not
symbols); the legend under the board says which is which and whose turn it is.
"""

from __future__ import annotations

import re

from meeple.quibbble.legend import with_legend
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
    return with_legend(rows, state, SYMBOLS, _PIECE, color)


def _symbol(team: int | None) -> str:
    return " " if team is None else SYMBOLS[team]
