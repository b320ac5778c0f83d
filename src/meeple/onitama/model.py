"""Onitama as quibbble records it: a 5x5 board, five pawns a team (a master and four
students), sixteen movement cards of which five are dealt, and one kind of move.

Plain values only; QGN details <-> moves is `meeple.onitama.notation`, the deal and
the rules `meeple.onitama.rules`. The card data are the game's facts as quibbble's
games/onitama/models.go lists them (names, their order, and their steps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from meeple import quibbble
from meeple.registry import Registered

SIZE = 5
"""Rows and columns of the board, numbered 0 to 4; the first team starts on row 0."""

MASTER_COLUMN = 2
"""The column of each team's master at the start, and of its temple."""

Step = tuple[int, int]
"""Where a card takes a pawn: (columns, rows) added to its square, as quibbble writes
it. quibbble adds the same step for both teams (it turns no card for the second)."""

CARDS: dict[str, tuple[Step, ...]] = {
    "tiger": ((0, 2), (0, -1)),
    "dragon": ((2, 1), (-2, 1), (1, -1), (-1, -1)),
    "frog": ((1, -1), (-1, 1), (-2, 0)),
    "rabbit": ((-1, -1), (1, 1), (2, 0)),
    "crab": ((0, 1), (2, 0), (-2, 0)),
    "elephant": ((1, 0), (-1, 0), (1, 1), (-1, 1)),
    "goose": ((1, 0), (-1, 0), (1, -1), (-1, 1)),
    "rooster": ((1, 0), (-1, 0), (1, 1), (-1, -1)),
    "monkey": ((1, 1), (-1, -1), (-1, 1), (1, -1)),
    "mantis": ((1, 1), (-1, 1), (0, -1)),
    "horse": ((0, 1), (0, -1), (-1, 0)),
    "ox": ((0, 1), (0, -1), (1, 0)),
    "crane": ((0, 1), (1, -1), (-1, -1)),
    "boar": ((0, 1), (1, 0), (-1, 0)),
    "eel": ((-1, 1), (1, 0), (-1, -1)),
    "cobra": ((-1, 0), (1, 1), (1, -1)),
}
"""The sixteen cards in quibbble's order (the deal draws indices into this order)."""

CARD_NAMES = tuple(CARDS)

Kind = Literal["master", "student"]


@dataclass(frozen=True)
class Pawn:
    """A team's pawn (`team` 0-based): its master or one of its students."""

    team: int
    kind: Kind = "student"

    @property
    def is_master(self) -> bool:
        return self.kind == "master"


@dataclass(frozen=True)
class Move(quibbble.TeamAction):
    """Team `team` moves its pawn from (`start_row`, `start_column`) to (`end_row`,
    `end_column`) with `card`, one of its two cards (quibbble's `move`)."""

    letter = "m"
    start_row: int
    start_column: int
    end_row: int
    end_column: int
    card: str

    @property
    def step(self) -> Step:
        """The move as a card's step: (columns, rows)."""
        return (self.end_column - self.start_column, self.end_row - self.start_row)


@dataclass(frozen=True)
class Deal:
    """The five cards of a game: two in each team's hand (by seat) and the spare."""

    hands: tuple[tuple[str, str], tuple[str, str]]
    spare: str


@dataclass(frozen=True)
class Record(quibbble.Record[Move]):
    """A game of onitama: its QGN tags (the `seed` deals the cards) and its moves."""

    game = Registered("onitama")
