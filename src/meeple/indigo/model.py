"""Indigo as quibbble records it: the hex board, its tiles, gems and gateways, and one
kind of move, a placement.

Plain values only (the facts of quibbble's games/indigo: models.go, tile.go, gem.go);
QGN details <-> moves is `meeple.indigo.notation`, the rules `meeple.indigo.rules`.

The board is quibbble's: 9 rows numbered 0 to 8 from the top, of 5, 6, 7, 8, 9, 8, 7,
6 and 5 hexes, each numbered from 0 at its left. A hex is pointy-topped; its six edges
are the letters `a` (upper left) `b` (upper right) `c` (right) `d` (lower right) `e`
(lower left) `f` (left). A tile's paths are six letters read in pairs: `afbcde` joins
a with f, b with c and d with e.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from meeple import quibbble
from meeple.registry import Registered

ROWS = 9
EDGES = "abcdef"
CENTRE = "s"
"""The edge quibbble gives a gem still on the central treasure tile (every edge at once)."""


def row_length(row: int) -> int:
    """How many hexes row `row` has (5 at the top and bottom, 9 across the middle)."""
    return ROWS - abs(ROWS // 2 - row)


def on_board(row: int, column: int) -> bool:
    return 0 <= row < ROWS and 0 <= column < row_length(row)


HEXES: tuple[tuple[int, int], ...] = tuple(
    (row, column) for row in range(ROWS) for column in range(row_length(row))
)
"""Every hex of the board, row by row."""

# The five tiles (their paths as quibbble writes them unturned) and how many of each
# the deck holds: models.go `uniquePaths`, `numCopiesByUniquePathsIndex`.
TILES: tuple[str, ...] = ("afbcde", "becfda", "afbecd", "abcedf", "adbfce")
COPIES: tuple[int, ...] = (6, 6, 14, 14, 14)

# The seven treasure tiles, fixed from the start: their edges (models.go
# `initTreasureTiles`; the central one, `s`, has none a gem can take).
TREASURES: dict[tuple[int, int], str] = {
    (0, 0): "ced",
    (0, 4): "dfe",
    (4, 8): "aef",
    (8, 4): "bfa",
    (8, 0): "acb",
    (4, 0): "bdc",
    (4, 4): CENTRE,
}

Colour = Literal["amber", "emerald", "sapphire"]
POINTS: dict[str, int] = {"amber": 1, "emerald": 2, "sapphire": 3}


@dataclass(frozen=True)
class Gem:
    """A gem on the tile at (`row`, `column`), at its `edge` (`s`: still on the central
    treasure). `collided` gems are out of play where they met; `gateway` is the edges
    (`ab`...) of the gateway a gem reached, "" while it travels."""

    colour: Colour
    row: int
    column: int
    edge: str
    collided: bool = False
    gateway: str = ""

    @property
    def in_play(self) -> bool:
        return not self.collided and not self.gateway


# The gems at the start, in quibbble's order (which centre gem leaves first, and which
# of two gems moves first, follow it): models.go `initGems`.
GEMS: tuple[Gem, ...] = (
    Gem("amber", 0, 0, "d"),
    Gem("amber", 0, 4, "e"),
    Gem("amber", 4, 8, "f"),
    Gem("amber", 8, 4, "a"),
    Gem("amber", 8, 0, "b"),
    Gem("amber", 4, 0, "c"),
    *(Gem("emerald", 4, 4, CENTRE) for _ in range(5)),
    Gem("sapphire", 4, 4, CENTRE),
)


@dataclass(frozen=True)
class Gateway:
    """Three border hexes whose outer `edges` (`ab`: a and b) lead off the board; a gem
    leaving by them scores for every team in `owners` (seats, 0-based)."""

    edges: str
    hexes: tuple[tuple[int, int], ...]
    owners: tuple[int, ...]


# models.go `initGateways`, and `numTeamsToGatewayOwnership` by number of teams.
GATEWAY_HEXES: dict[str, tuple[tuple[int, int], ...]] = {
    "ab": ((0, 1), (0, 2), (0, 3)),
    "bc": ((1, 5), (2, 6), (3, 7)),
    "cd": ((5, 7), (6, 6), (7, 5)),
    "de": ((8, 3), (8, 2), (8, 1)),
    "ef": ((7, 0), (6, 0), (5, 0)),
    "fa": ((3, 0), (2, 0), (1, 0)),
}
OWNERS: dict[int, dict[str, tuple[int, ...]]] = {
    2: {"ab": (0,), "bc": (1,), "cd": (0,), "de": (1,), "ef": (0,), "fa": (1,)},
    3: {"ab": (0,), "bc": (0, 1), "cd": (2,), "de": (2, 0), "ef": (1,), "fa": (1, 2)},
    4: {"ab": (0, 1), "bc": (1, 2), "cd": (0, 3), "de": (3, 1), "ef": (2, 0), "fa": (2, 3)},
}


def gateways(teams: int) -> tuple[Gateway, ...]:
    """The six gateways of a game of `teams` teams, with their owners."""
    return tuple(
        Gateway(edges, hexes, OWNERS[teams][edges]) for edges, hexes in GATEWAY_HEXES.items()
    )


VARIANTS: dict[str, int] = {"classic": 1, "large_hands": 2}
"""quibbble's variants and the tiles each team holds (models.go, state.go)."""


def turned(paths: str, turns: int = 1) -> str:
    """`paths` turned clockwise `turns` sixths: every edge letter moves on one (tile.go
    `RotateClockwise`: a becomes b, ..., f becomes a)."""
    for _ in range(turns % 6):
        paths = "".join(EDGES[(EDGES.index(edge) + 1) % 6] for edge in paths)
    return paths


TURNS: dict[str, tuple[str, ...]] = {
    tile: tuple(turned(tile, k) for k in range(6)) for tile in TILES
}
"""Each tile turned 0 to 5 sixths clockwise, as quibbble lists them (state.go `actions`)."""

WRITINGS: dict[str, str] = {turned(tile, k): tile for tile in TILES for k in range(6)}
"""Every way quibbble accepts a tile's paths written (one of the five turned), and the
tile it is: the letters' order matters to quibbble, not only the pairs (tile.go
`newTile`)."""


def pairs(paths: str) -> frozenset[frozenset[str]]:
    """The three paths of a tile as unordered pairs of edges."""
    return frozenset(frozenset(paths[i : i + 2]) for i in range(0, len(paths), 2))


@dataclass(frozen=True)
class Place(quibbble.TeamAction):
    """Team `team` (0-based, as QGN numbers it) places the tile whose paths are `tile`
    (turned as written) on the hex at `row`, `column`."""

    letter = "p"
    tile: str
    row: int
    column: int


Move = Place
"""Every move of the game (quibbble records one kind; turning a tile in hand is not
recorded)."""


@dataclass(frozen=True)
class Record(quibbble.Record[Place]):
    """A game of indigo: its QGN tags (seed and variant among them) and its placements."""

    game = Registered("indigo")
