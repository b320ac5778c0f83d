"""The Flows board: its 37 hexes, their sides, the six edges, seats and player frames.

Internal coordinates are the seed's (row, col): 0 <= row, col <= 6 and |row - col| <= 3,
row 0 at the bottom, held as `meeple.hexgrid.Hex(x=row, y=col)`. A hex side is numbered
as in the seed's direction reference, clockwise from south-west: SW 0, W 1, NW 2, NE 3,
E 4, SE 5. The six board edges are numbered clockwise from the bottom. A player frame
turns an internal hex into the label a player writes (`A1` ... `G7`) and back.

This module is geometry only: no tiles, no moves, no text parsing.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from meeple.hexgrid import Hex

SIZE = 7  # rows and columns run 0..6
RADIUS = 3  # |row - col| <= 3
CENTRE = Hex(3, 3)

SIDE_NAMES = ("SW", "W", "NW", "NE", "E", "SE")
ROW_LETTERS = "ABCDEFG"

CELLS: tuple[Hex, ...] = tuple(
    Hex(row, col) for row in range(SIZE) for col in range(SIZE) if abs(row - col) <= RADIUS
)
CELL_INDEX: Mapping[Hex, int] = MappingProxyType({hex_: i for i, hex_ in enumerate(CELLS)})


def on_board(hex_: Hex) -> bool:
    """Whether `hex_` is one of the 37 hexes."""
    row, col = hex_
    return 0 <= row < SIZE and 0 <= col < SIZE and abs(row - col) <= RADIUS


def opposite_side(side: int) -> int:
    """The side facing `side` across a hex boundary (SW faces NE, W faces E, NW faces SE)."""
    return (side + 3) % 6


def side_step(hex_: Hex, side: int) -> Hex:
    """The hex across `side` of `hex_` (it may be off the board).

    The seed's side order starts at SW, the shared grid's direction order at NW
    (x = row up), so side s is grid direction s + 4.
    """
    return hex_.step((side + 4) % 6)


# NEIGHBOUR[cell][side]: the cell index across that side, or -1 off the board.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(CELL_INDEX.get(side_step(hex_, side), -1) for side in range(6)) for hex_ in CELLS
)

# -- edges -------------------------------------------------------------------------

EDGE_NAMES = ("bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right")


def opposite_edge(edge: int) -> int:
    return (edge + 3) % 6


def _on_edge_line(hex_: Hex, edge: int) -> bool:
    row, col = hex_
    return (row == 0, col == 0, row - col == 3, row == 6, col == 6, col - row == 3)[edge]


def edge_of_slot(hex_: Hex, side: int) -> int:
    """The one edge an off-board side belongs to (-1 for a side facing another hex).

    Side `s` of an edge hex faces off the board across edge `s` or edge `s + 1`. At a
    corner hex the middle off-board side faces across both edges; it belongs to the edge
    numbered like the side, the one that meets the next edge clockwise there (so (0,0)'s
    SW side is the bottom's, not the lower-left's). Every edge then owns 7 of the board's
    42 off-board sides, as the reference implementation counts them.
    """
    if on_board(side_step(hex_, side)):
        return -1
    return side if _on_edge_line(hex_, side) else (side + 1) % 6


# SLOT_EDGE[cell][side]: the edge that off-board side belongs to (-1 for inner sides).
SLOT_EDGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(edge_of_slot(hex_, side) for side in range(6)) for hex_ in CELLS
)


def edge_hexes(edge: int) -> tuple[Hex, ...]:
    """The four hexes along an edge."""
    return tuple(hex_ for hex_ in CELLS if _on_edge_line(hex_, edge))


def edge_slots(edge: int) -> tuple[tuple[Hex, int], ...]:
    """The seven off-board sides (hex, side) that belong to an edge, in board order."""
    return tuple(
        (hex_, side)
        for cell, hex_ in enumerate(CELLS)
        for side in range(6)
        if SLOT_EDGE[cell][side] == edge
    )


# -- seats ---------------------------------------------------------------------------

MAX_PLAYERS = 6
EDGE_INDEX: Mapping[str, int] = MappingProxyType({name: i for i, name in enumerate(EDGE_NAMES)})

# Home edges by player count (P1 first). With two or three players every home edge faces
# an unclaimed edge (the rules of play), and a third player moves no one. With four and
# six, partners face each other and turns alternate between teams; with five, P5 faces
# the unclaimed edge. P1 always sits at the bottom and P2 at the upper right.
DEFAULT_HOME_EDGES: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        2: (0, 4),
        3: (0, 4, 2),
        4: (0, 4, 3, 1),
        5: (0, 4, 3, 1, 2),
        6: (0, 4, 2, 3, 1, 5),
    }
)


def default_home_edges(players: int) -> tuple[int, ...]:
    """The home edge of each player (P1 first) unless a record names other seats."""
    return DEFAULT_HOME_EDGES[players]


# quortextt numbers its players clockwise (by edge number) from the one who moves first
# (anicolao/quortextt, src/redux/gameReducer.ts: `determineGameplayOrder`), so its
# records are read, unless they name seats, with P1 at the bottom and the others
# clockwise: alternate edges for three, opposite pairs for four and six (its partners,
# the first and third by edge, then sit opposite), five edges in a row for five.
CLOCKWISE_SEATS: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        2: (0, 4),
        3: (0, 2, 4),
        4: (0, 1, 3, 4),
        5: (0, 1, 2, 3, 4),
        6: (0, 1, 2, 3, 4, 5),
    }
)


def clockwise_seats(players: int) -> tuple[int, ...]:
    """The home edges of a quortextt record's players (P1 first) unless it names seats."""
    return CLOCKWISE_SEATS[players]


def seating_problem(home_edges: tuple[int, ...]) -> str | None:
    """Why home edges `seats` (P1 first) are no seating the rules allow, or None."""
    if not 2 <= len(home_edges) <= MAX_PLAYERS:
        return f"a Flows game seats 2 to {MAX_PLAYERS} players, not {len(home_edges)}"
    if len(set(home_edges)) != len(home_edges):
        return "two players cannot share a home edge"
    if len(home_edges) == 4 and any(opposite_edge(edge) not in home_edges for edge in home_edges):
        return "with four players partners sit opposite each other: two pairs of opposite edges"
    return None


def opposite_player(home_edges: tuple[int, ...], player: int) -> int | None:
    """The player seated opposite `player`, if any."""
    across = opposite_edge(home_edges[player - 1])
    return home_edges.index(across) + 1 if across in home_edges else None


# -- player frames -----------------------------------------------------------------

# How far P1's frame is turned for P3-P6 (sixths clockwise): row A along the upper-left
# (P3), lower-right (P4), lower-left (P5) and upper-right (P6) edge. Frames only name
# hexes; where a player sits is the seating's business, so these never change with it.
_FRAME_TURN: Mapping[int, int] = MappingProxyType({3: 2, 4: 5, 5: 1, 6: 4})


def _rotate(hex_: Hex, turns: int) -> Hex:
    """`hex_` turned `turns` sixths clockwise about the centre."""
    dr, dc = hex_.x - CENTRE.x, hex_.y - CENTRE.y
    for _ in range(turns % 6):
        dr, dc = dr - dc, dr
    return Hex(CENTRE.x + dr, CENTRE.y + dc)


def _frame_position(player: int, hex_: Hex) -> tuple[int, int]:
    """(row letter index, column number - 1) of an internal hex in a player's frame.

    P1 reads the internal coordinates directly. P2 follows the seed's table: a top-bottom
    reflection whose columns keep P1's numbers (so P2's row A runs A4-A7). P3-P6 see P1's
    numbering turned about the centre.
    """
    if player == 1:
        return hex_.x, hex_.y
    if player == 2:
        return SIZE - 1 - hex_.x, hex_.y
    turned = _rotate(hex_, -_FRAME_TURN[player])
    return turned.x, turned.y


def _frame(player: int) -> tuple[Mapping[str, Hex], Mapping[Hex, str]]:
    to_label: dict[Hex, str] = {}
    for hex_ in CELLS:
        row, col = _frame_position(player, hex_)
        to_label[hex_] = f"{ROW_LETTERS[row]}{col + 1}"
    to_hex = {label: hex_ for hex_, label in to_label.items()}
    return MappingProxyType(to_hex), MappingProxyType(to_label)


_FRAMES = {player: _frame(player) for player in range(1, MAX_PLAYERS + 1)}


def hex_of_label(player: int, label: str) -> Hex | None:
    """The internal hex of `label` (like "D4") in the player's frame; None if there is none."""
    return _FRAMES[player][0].get(label)


def label_of_hex(player: int, hex_: Hex) -> str:
    """The label the player writes for an internal hex (KeyError for off-board hexes)."""
    return _FRAMES[player][1][hex_]


def row_labels(player: int, letter: str) -> list[str]:
    """Every label of one row in a player's frame, in column order (for error messages)."""
    frame = _FRAMES[player][0]
    return sorted(
        (label for label in frame if label[0] == letter), key=lambda label: int(label[1:])
    )


# -- seated frames (quortextt's labels) ---------------------------------------------
#
# quortextt (anicolao/quortextt, src/game/notation.ts) names a hex from where the
# player sits: the board turned so that their home edge is at the bottom, row A along
# it, and each row's columns numbered from 1 at its left end. Unlike the seed's frames,
# these follow the seat, not the player number.

ROW_LENGTHS = tuple(SIZE - abs(row - RADIUS) for row in range(SIZE))
"""Hexes per row, A to G: 4 5 6 7 6 5 4 (every seated frame has this shape)."""


def _seated_position(edge: int, hex_: Hex) -> tuple[int, int]:
    """(row letter index, column number - 1) of an internal hex seen from home edge `edge`."""
    turned = _rotate(hex_, -edge)
    return turned.x, turned.y - max(0, turned.x - RADIUS)


def _seated_frame(edge: int) -> tuple[Mapping[str, Hex], Mapping[Hex, str]]:
    to_label: dict[Hex, str] = {}
    for hex_ in CELLS:
        row, col = _seated_position(edge, hex_)
        to_label[hex_] = f"{ROW_LETTERS[row]}{col + 1}"
    return MappingProxyType({v: k for k, v in to_label.items()}), MappingProxyType(to_label)


_SEATED = {edge: _seated_frame(edge) for edge in range(6)}


def hex_of_seated_label(edge: int, label: str) -> Hex | None:
    """The internal hex a player seated at `edge` names `label` in quortextt's labels."""
    return _SEATED[edge][0].get(label)


def seated_label_of_hex(edge: int, hex_: Hex) -> str:
    """The quortextt label of an internal hex for a player seated at `edge`."""
    return _SEATED[edge][1][hex_]


def seated_row_labels(letter: str) -> list[str]:
    """Every quortextt label of one row (the same in every seated frame)."""
    row = ROW_LETTERS.index(letter)
    return [f"{letter}{col}" for col in range(1, ROW_LENGTHS[row] + 1)]
