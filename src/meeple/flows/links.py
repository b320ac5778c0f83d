"""A Flows position condensed into links between open ends, and the route groups.

An *end* is a side of an empty hex (cell * 6 + side, below OFF) or an off-board side
(OFF + cell * 6 + side). A *link* pairs two ends: straight across a boundary between
hexes, or along a chain of placed paths. The route searches (`meeple.flows.routes`,
`meeple.flows.sweep`) work on links only, so placed tiles cost nothing once condensed.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.flows.board import (
    CELLS,
    EDGE_NAMES,
    NEIGHBOUR,
    SLOT_EDGE,
    opposite_edge,
    opposite_side,
)
from meeple.flows.model import TILE_TYPES, side_pairing

EMPTY = -1
CELL_COUNT = len(CELLS)
OFF = CELL_COUNT * 6
"""Ids 0..OFF-1 name the sides of hexes (cell * 6 + side); OFF + that id names the
off-board side beyond it. Both kinds are *ends*: the places a link can end."""

# PAIRING[tile * 6 + rotation][side] = the side that side's path leads to.
PAIRING: tuple[tuple[int, ...], ...] = tuple(
    side_pairing(tile, rotation) for tile in range(TILE_TYPES) for rotation in range(6)
)
# EDGE_OF_END[OFF + slot]: the edge an off-board side belongs to (-1 for a hex's side).
EDGE_OF_END: tuple[int, ...] = (-1,) * OFF + tuple(
    SLOT_EDGE[cell][side] for cell in range(CELL_COUNT) for side in range(6)
)
# EDGE_SLOTS[e]: the ends of the seven off-board sides of edge e.
EDGE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(end for end in range(OFF, 2 * OFF) if EDGE_OF_END[end] == edge) for edge in range(6)
)


Passage = tuple[int, int, int]
"""A route crossing an empty hex: (cell, side in, side out)."""
Routes = tuple[tuple[Passage, ...], ...]
"""One route per group, each as the empty hexes it crosses."""


class Group(NamedTuple):
    """The players who need one chain joining `edge` to the edge opposite it."""

    edge: int
    players: tuple[int, ...]

    @property
    def name(self) -> str:
        """The players and the edges they must join, for messages."""
        names = " and ".join(f"P{p}" for p in self.players)
        return f"{names} ({EDGE_NAMES[self.edge]} to {EDGE_NAMES[opposite_edge(self.edge)]})"


def groups_of(home_edges: tuple[int, ...]) -> tuple[Group, ...]:
    """The route groups of a seating (home edges, P1 first): one per axis in play."""
    members: dict[int, list[int]] = {}
    for player, edge in enumerate(home_edges, start=1):
        members.setdefault(edge % 3, []).append(player)
    return tuple(Group(home_edges[players[0] - 1], tuple(players)) for players in members.values())


def _enter(board: tuple[int, ...], cell: int, side: int) -> int:
    """The open end reached going into `cell` through `side` and along placed paths."""
    while board[cell] != EMPTY:
        out = PAIRING[board[cell]][side]
        nxt = NEIGHBOUR[cell][out]
        if nxt < 0:
            return OFF + cell * 6 + out
        cell, side = nxt, opposite_side(out)
    return cell * 6 + side


def links_of(board: tuple[int, ...]) -> list[int]:
    link = [EMPTY] * (2 * OFF)
    for cell in range(CELL_COUNT):
        if board[cell] != EMPTY:
            continue
        for side in range(6):
            end = cell * 6 + side
            if link[end] != EMPTY:
                continue
            nxt = NEIGHBOUR[cell][side]
            other = OFF + end if nxt < 0 else _enter(board, nxt, opposite_side(side))
            link[end], link[other] = other, end
    for slot in range(OFF, 2 * OFF):
        if EDGE_OF_END[slot] >= 0 and link[slot] == EMPTY:
            cell, side = divmod(slot - OFF, 6)
            other = _enter(board, cell, side)
            link[slot], link[other] = other, slot
    return link


def rejoin(link: list[int], cell: int, pairing: tuple[int, ...]) -> dict[int, int]:
    """The new pairs of open ends once a tile with `pairing` fills empty `cell`.

    A side's link may come straight back to another side of the same hex; following the
    tile's paths and such loops from an outer end always reaches another outer end.
    """
    low = cell * 6
    ends = link[low : low + 6]
    override: dict[int, int] = {}
    seen = 0
    for side in range(6):
        if seen >> side & 1 or low <= ends[side] < low + 6:
            continue
        seen |= 1 << side
        out = pairing[side]
        seen |= 1 << out
        while low <= ends[out] < low + 6:
            back = ends[out] - low
            out = pairing[back]
            seen |= 1 << back | 1 << out
        override[ends[side]] = ends[out]
        override[ends[out]] = ends[side]
    return override


def relinked(link: list[int], cell: int, override: dict[int, int]) -> list[int]:
    """The links after a placement on `cell`: `link` with the re-paired ends of
    `override`, and the cell's sides no longer open ends."""
    relinked = list(link)
    relinked[cell * 6 : cell * 6 + 6] = [EMPTY] * 6
    for end, other in override.items():
        relinked[end] = other
    return relinked
