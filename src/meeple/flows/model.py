"""Values of a Flows record: tiles, orientations, moves and the record itself.

A move is stored in internal coordinates (see `meeple.flows.board`) with the player who
made it; the player also chooses the frame the move is written in, so no written form
is stored. Plain frozen values only: no parsing (`notation`), no rules (`rules`).
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.flows.board import SIDE_NAMES, label_of_hex
from meeple.hexgrid import Hex
from meeple.pictures import Pictured
from meeple.registry import Registered

TILE_TYPES = 4
TILES_PER_TYPE = 10
ORIENTATIONS = ("N", "NE", "SE", "S", "SW", "NW")
"""Orientation names by rotation: each is 60 degrees clockwise of the one before."""
SEED = "seed"
QUORTEXTT = "quortextt"
DIALECTS = (SEED, QUORTEXTT)
"""How a record's labels are written: seed 002's frames (per player number, orientations
absolute) or quortextt's (per seat, columns from each row's left end, orientations
relative to the player's edge). docs/formats/flows.md has both."""

# The seed's flow pairs in the N orientation, as side numbers (SW 0, W 1, NW 2, NE 3, E 4, SE 5).
TILE_PATHS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 2), (3, 5), (1, 4)),  # T0: SW-NW, NE-SE, W-E (no sharp corner)
    ((0, 5), (2, 4), (1, 3)),  # T1: SW-SE, NW-E, W-NE (one)
    ((0, 5), (2, 3), (1, 4)),  # T2: SW-SE, NW-NE, W-E (two)
    ((0, 5), (3, 4), (1, 2)),  # T3: SW-SE, NE-E, W-NW (three)
)


def tile_paths(tile: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """The tile's three paths after turning it `rotation` sixths clockwise.

    Sides are numbered clockwise, so turning a tile adds the rotation to every side.
    """
    return tuple(((a + rotation) % 6, (b + rotation) % 6) for a, b in TILE_PATHS[tile])


def side_pairing(tile: int, rotation: int) -> tuple[int, ...]:
    """For each side 0-5, the side its path leads to."""
    other = [0] * 6
    for a, b in tile_paths(tile, rotation):
        other[a], other[b] = b, a
    return tuple(other)


def path_name(a: int, b: int) -> str:
    """A path as the seed writes it, e.g. "SW-NW"."""
    return f"{SIDE_NAMES[a]}-{SIDE_NAMES[b]}"


class Move(NamedTuple):
    """Player `player` places tile type `tile` (0-3) on `hex` turned `rotation` sixths."""

    player: int
    hex: Hex
    tile: int
    rotation: int

    @property
    def orientation(self) -> str:
        return ORIENTATIONS[self.rotation]

    def __str__(self) -> str:
        """The move as written, in its player's frame: `P2B3T1SE`."""
        return f"P{self.player}{label_of_hex(self.player, self.hex)}T{self.tile}{self.orientation}"

    def __repr__(self) -> str:
        return str(self)


class NoPlacement(NamedTuple):
    """Player `player` drew tile type `tile` and it fits nowhere: they win at once.

    Written `P1T2-` by the engine protocol. A record has no line for it (seed 002 gives
    none): a record of such a game ends with the last placement.
    """

    player: int
    tile: int

    def __str__(self) -> str:
        return f"P{self.player}T{self.tile}-"

    def __repr__(self) -> str:
        return str(self)


class Entry(NamedTuple):
    """One line of a record body: a move with its `;` comment, or a comment on its own."""

    move: Move | None
    comment: str | None = None


class _RecordFields(NamedTuple):
    """The fields of `Record` (a NamedTuple cannot take a mixin such as `Pictured` itself;
    a dataclass would bring `dataclasses` to `meeple check`: docs/architecture.md)."""

    entries: tuple[Entry, ...] = ()
    header: str | None = None
    header_comment: str | None = None
    unfinished: bool = False
    numbered: bool = False
    dialect: str = SEED
    first: int = 1


class Record(_RecordFields, Pictured):
    """A Flows game record.

    `header` is the text after `Game:` (None without a header line) and `header_comment`
    its `;` comment. `numbered` records whether moves are written `1. P1A1T0N`.
    `unfinished` is the trailing `...`. `dialect` (one of DIALECTS) says which labels
    the record is written in; the moves themselves are always internal. `first` is the
    player who moves first (the header's `first:`; in quortextt's dialect, without one,
    the player of the first move); turns then go in number order.
    """

    __slots__ = ()
    game = Registered("flows")

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(entry.move for entry in self.entries if entry.move is not None)
