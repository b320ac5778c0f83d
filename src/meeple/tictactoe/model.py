"""Tic-tac-toe as quibbble records it: a 3x3 board, and one kind of move, a mark.

Plain values only; QGN details <-> moves is `meeple.tictactoe.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple import quibbble
from meeple.registry import Registered

SIZE = 3
"""Rows and columns of the board, numbered 0 to 2 from the top left."""


@dataclass(frozen=True)
class Mark(quibbble.TeamAction):
    """Team `team` (0-based, as QGN numbers it) marks the square at `row`, `column`."""

    letter = "m"
    row: int
    column: int


Move = Mark
"""Every move of the game (tic-tac-toe has one kind)."""


@dataclass(frozen=True)
class Record(quibbble.Record[Mark]):
    """A game of tic-tac-toe: its QGN tags and its marks."""

    game = Registered("tictactoe")
