"""Connect Four as quibbble records it: a 6x7 grid, and one kind of move, a place.

Plain values only; QGN details <-> moves is `meeple.connect4.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple import quibbble
from meeple.registry import Registered

ROWS = 6
"""Rows of the grid, numbered 0 (the top) to 5 (the bottom), as quibbble's board.go."""
COLUMNS = 7
"""Columns of the grid, numbered 0 to 6 from the left: the one detail of a place."""


@dataclass(frozen=True)
class Place(quibbble.TeamAction):
    """Team `team` (0-based, as QGN numbers it) drops a disk into column `column`; it
    lands on the lowest empty row."""

    letter = "p"
    column: int


Move = Place
"""Every move of the game (connect four has one kind)."""


@dataclass(frozen=True)
class Record(quibbble.Record[Place]):
    """A game of connect four: its QGN tags and its places."""

    game = Registered("connect4")
