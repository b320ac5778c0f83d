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


def edge_sides(edge: int) -> tuple[int, int]:
    """The two sides of an edge hex that face off the board across that edge."""
    return ((edge + 5) % 6, edge)


def edges_of_slot(hex_: Hex, side: int) -> frozenset[int]:
    """The edges an off-board side belongs to: one, or two for a corner hex's middle side."""
    return frozenset(
        edge for edge in range(6) if _on_edge_line(hex_, edge) and side in edge_sides(edge)
    )


# SLOT_EDGES[cell][side]: edges that off-board side belongs to (empty for inner sides).
SLOT_EDGES: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(
        edges_of_slot(hex_, side) if NEIGHBOUR[i][side] == -1 else frozenset() for side in range(6)
    )
    for i, hex_ in enumerate(CELLS)
)


def edge_hexes(edge: int) -> tuple[Hex, ...]:
    """The four hexes along an edge."""
    return tuple(hex_ for hex_ in CELLS if _on_edge_line(hex_, edge))


# -- seats ---------------------------------------------------------------------------

MAX_PLAYERS = 6
# Home edge per player: P1 bottom, P2 top, P3 upper-left (the issue); P4 sits opposite P3
# and P5 opposite P6 so that partners (P1+P2, P3+P4, P5+P6) face each other.
HOME_EDGE: Mapping[int, int] = MappingProxyType({1: 0, 2: 3, 3: 2, 4: 5, 5: 1, 6: 4})


def home_edge(player: int) -> int:
    return HOME_EDGE[player]


def target_edge(player: int) -> int:
    return opposite_edge(HOME_EDGE[player])


def axis_of(player: int) -> int:
    """The board axis (0, 1 or 2) a player's home and target edges lie on."""
    return HOME_EDGE[player] % 3


# -- player frames -----------------------------------------------------------------


def _rotate(hex_: Hex, turns: int) -> Hex:
    """`hex_` turned `turns` sixths clockwise about the centre."""
    dr, dc = hex_.x - CENTRE.x, hex_.y - CENTRE.y
    for _ in range(turns % 6):
        dr, dc = dr - dc, dr
    return Hex(CENTRE.x + dr, CENTRE.y + dc)


def _frame_position(player: int, hex_: Hex) -> tuple[int, int]:
    """(row letter index, column number - 1) of an internal hex in a player's frame.

    P1 reads the internal coordinates directly. P2 follows the seed's table: a top-bottom
    reflection whose columns keep P1's numbers (so P2's row A runs A4-A7). Every other
    player sees P1's numbering turned about the centre so that their home edge is row A.
    """
    if player == 1:
        return hex_.x, hex_.y
    if player == 2:
        return SIZE - 1 - hex_.x, hex_.y
    turned = _rotate(hex_, -HOME_EDGE[player])
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
