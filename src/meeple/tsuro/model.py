"""Tsuro as quibbble records it: a 6x6 board, 35 path tiles, and one kind of move, a
placement.

A tile is written as quibbble names it: its eight edge notches paired as paths, two
letters a path (`AHBGCDEF`: A-H, B-G, C-D, E-F). The notches go clockwise from the top
left: A and B on top (left to right), C and D on the right (top to bottom), E and F at
the bottom (right to left), G and H on the left (bottom to top).

Plain values and tile geometry only; QGN details <-> moves is `meeple.tsuro.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple import quibbble
from meeple.registry import Registered

SIZE = 6
"""Rows and columns of the board, numbered 0 to 5 from the top left."""

NOTCHES = "ABCDEFGH"

TILES = (
    "ABCDEFGH", "AHBGCDEF", "AHBCDGEF", "AHBCDEFG", "AGBHCDEF",
    "ABCHDGEF", "ABCGDHEF", "AGBCDHEF", "ABCGDEFH", "AGBCDEFH",
    "ACBGDEFH", "ACBGDHEF", "ACBHDGEF", "ADBHCGEF", "ADBGCHEF",
    "ADBCEHFG", "ADBCEGFH", "AEBCDGFH", "AEBCDHFG", "AFBHCDEG",
    "AFBGCHDE", "AFBCDHEG", "AFBDCHEG", "AFBDCGEH", "AEBDCGFH",
    "ACBDEGFH", "AFBECHDG", "AFBECGDH", "AEBFCGDH", "ADBFCGEH",
    "ADBFCHEG", "ACBFDHEG", "ADBGCEFH", "AGBDCEFH", "ADBGCFEH",
)  # fmt: skip
"""The 35 tiles in quibbble's order (games/tsuro/models.go), which its deck starts in."""

FACING = {"A": "F", "B": "E", "C": "H", "D": "G", "E": "B", "F": "A", "G": "D", "H": "C"}
"""The notch of the neighbouring square that touches each notch."""

STEP = {"A": (-1, 0), "B": (-1, 0), "C": (0, 1), "D": (0, 1),
        "E": (1, 0), "F": (1, 0), "G": (0, -1), "H": (0, -1)}  # fmt: skip
"""Where a notch leads: the (row, column) step to the square it faces."""


def rotated(paths: str) -> str:
    """The tile turned a quarter clockwise (A becomes C, B becomes D, ...)."""
    return "".join(NOTCHES[(NOTCHES.index(notch) + 2) % 8] for notch in paths)


def rotations(paths: str) -> tuple[str, str, str, str]:
    """The tile as written, then turned one, two and three quarters clockwise."""
    once = rotated(paths)
    twice = rotated(once)
    return (paths, once, twice, rotated(twice))


SPELLINGS = {spelling: tile for tile in TILES for spelling in rotations(tile)}
"""Every way quibbble accepts a tile written (one of the 35 turned 0-3 quarters) ->
the tile as dealt."""


def destination(paths: str, notch: str) -> str:
    """Where the path entering the tile at `notch` leaves it."""
    index = paths.index(notch)
    return paths[index + 1] if index % 2 == 0 else paths[index - 1]


def path_pairs(paths: str) -> tuple[str, str, str, str]:
    """The tile's four paths, two notches each."""
    return (paths[0:2], paths[2:4], paths[4:6], paths[6:8])


@dataclass(frozen=True)
class Token:
    """A team's token: on the square (`row`, `column`) at one of its notches."""

    row: int
    column: int
    notch: str

    def faces(self) -> tuple[int, int]:
        """The square the token looks into (possibly off the board)."""
        down, right = STEP[self.notch]
        return (self.row + down, self.column + right)

    def on_edge(self) -> bool:
        """Whether the token looks off the board (a team so placed is out)."""
        row, column = self.faces()
        return not (0 <= row < SIZE and 0 <= column < SIZE)


@dataclass(frozen=True)
class Place(quibbble.TeamAction):
    """Team `team` (0-based) lays the tile written `paths` on (`row`, `column`)."""

    letter = "p"
    row: int
    column: int
    paths: str


Move = Place
"""Every move of the game (quibbble records one kind: its `rotate` turns a tile in hand
and is not recorded)."""


@dataclass(frozen=True)
class Record(quibbble.Record[Place]):
    """A game of tsuro: its QGN tags (seed and variant among them) and its placements."""

    game = Registered("tsuro")
