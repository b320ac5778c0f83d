"""The legal-placement rule of Flows: routes, links and route groups.

Players on the same axis of the board (P1 and P2, P3 and P4, P5 and P6) need the same
connection, one chain of paths joining their two edges, so each axis in play is one
*route group*. A route is a chain from an off-board side of one of the group's edges to
an off-board side of the other over placed tiles' paths and empty hexes, an empty hex
joining any two of its sides. Unless a placement completes some group's chain (a win),
afterwards every group must have a route (R1), and no two groups may both need one same
*link* (R2): a link is one boundary between two hexes, or one chain of placed paths,
between two open ends; it can carry one connection only, so two groups whose every
route crosses it are forced to share one route. docs/formats/flows.md gives the reasons
and the algorithm.

Positions are given as plain boards (`tile * 6 + rotation` per cell, or EMPTY); this
module knows nothing of turns, bags or records.
"""

from __future__ import annotations

from meeple.flows.board import (
    CELLS,
    EDGE_NAMES,
    NEIGHBOUR,
    SLOT_EDGES,
    axis_of,
    opposite_edge,
    opposite_side,
)
from meeple.flows.model import TILE_TYPES, side_pairing

EMPTY = -1
CELL_COUNT = len(CELLS)
OFF = CELL_COUNT * 6
"""Ids 0..OFF-1 name the sides of hexes (cell * 6 + side); OFF + that id names the
off-board side beyond it."""

# PAIRING[tile * 6 + rotation][side] = the side that side's path leads to.
PAIRING: tuple[tuple[int, ...], ...] = tuple(
    side_pairing(tile, rotation) for tile in range(TILE_TYPES) for rotation in range(6)
)
# _EDGE_MASK[OFF + slot]: bit e set when that off-board side lies on edge e.
_EDGE_MASK: tuple[int, ...] = (0,) * OFF + tuple(
    sum(1 << edge for edge in SLOT_EDGES[cell][side])
    for cell in range(CELL_COUNT)
    for side in range(6)
)
# EDGE_SLOTS[e]: the off-board side ids on edge e.
EDGE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        OFF + cell * 6 + side
        for cell in range(CELL_COUNT)
        for side in range(6)
        if edge in SLOT_EDGES[cell][side]
    )
    for edge in range(6)
)
_EDGE_SLOT_SETS = tuple(frozenset(slots) for slots in EDGE_SLOTS)
_OFF_SLOTS = tuple(sorted(set().union(*_EDGE_SLOT_SETS)))


def axes_in_play(players: int) -> tuple[int, ...]:
    """The board axes of a game's players: one route group each."""
    return tuple(sorted({axis_of(player) for player in range(1, players + 1)}))


def group_name(axis: int, players: int) -> str:
    """The players of a route group and the edges they must join, for messages."""
    members = [p for p in range(1, players + 1) if axis_of(p) == axis]
    names = " and ".join(f"P{p}" for p in members)
    return f"{names} ({EDGE_NAMES[axis]} to {EDGE_NAMES[opposite_edge(axis)]})"


class Network:
    """The open ends of a position and the links between them, for the route rule.

    `link[x]` pairs every side of an empty hex and every off-board side with the open
    end at the other end of its link: straight across a boundary, or along a chain of
    placed paths. A placement on an empty hex only re-pairs the ends its sides reached.
    """

    def __init__(self, board: tuple[int, ...], players: int) -> None:
        self.board = board
        self.players = players
        self.axes = axes_in_play(players)
        self.link = _links(board)
        self._base: dict[int, tuple[list[int], set[int]] | None] = {
            axis: _route(self.link, {}, axis, EMPTY, EMPTY) for axis in self.axes
        }

    def legal_rotations(self, cell: int, tile: int) -> list[int]:
        """The rotations of `tile` the route rule allows on empty `cell`."""
        if self._safe_everywhere(cell):
            return list(range(6))
        verdicts: dict[tuple[int, ...], bool] = {}
        rotations = []
        for rotation in range(6):
            code = tile * 6 + rotation
            pairing = PAIRING[code]
            if pairing not in verdicts:
                verdicts[pairing] = self.problem(cell, code) is None
            if verdicts[pairing]:
                rotations.append(rotation)
        return rotations

    def _safe_everywhere(self, cell: int) -> bool:
        """Whether every tile in every orientation is legal on `cell`.

        True when, with `cell` walled off, every group still has a route and no two groups
        share a bridge link: placing a tile only adds links to that network, and added
        links never create a bridge.
        """
        routes: dict[int, tuple[list[int], set[int]]] = {}
        for axis in self.axes:
            base = self._base[axis]
            if base is not None and cell not in base[1]:
                routes[axis] = base
                continue
            walled = _route(self.link, {}, axis, cell, EMPTY)
            if walled is None:
                return False
            routes[axis] = walled
        return _shared_bridge(self.link, {}, routes, cell) is None

    def problem(self, cell: int, code: int) -> str | None:
        """Why placing `code` on empty `cell` breaks the route rule, or None if it does not."""
        override = _rejoin(self.link, cell, PAIRING[code])
        if self._completes(override):
            return None
        routes: dict[int, tuple[list[int], set[int]]] = {}
        for axis in self.axes:
            route = _route(self.link, override, axis, cell, EMPTY)
            if route is None:
                return f"{group_name(axis, self.players)} would have no route left"
            routes[axis] = route
        shared = _shared_bridge(self.link, override, routes, cell)
        if shared is not None:
            first, second = shared
            return (
                f"{group_name(first, self.players)} and {group_name(second, self.players)}"
                " would be forced to share one route"
            )
        return None

    def _completes(self, override: dict[int, int]) -> bool:
        for end, other in override.items():
            if end < OFF or other < OFF:
                continue
            mine, theirs = _EDGE_MASK[end], _EDGE_MASK[other]
            for axis in self.axes:
                near, far = 1 << axis, 1 << opposite_edge(axis)
                if (mine & near and theirs & far) or (mine & far and theirs & near):
                    return True
        return False


def _enter(board: tuple[int, ...], cell: int, side: int) -> int:
    """The open end reached going into `cell` through `side` and along placed paths."""
    while board[cell] != EMPTY:
        out = PAIRING[board[cell]][side]
        nxt = NEIGHBOUR[cell][out]
        if nxt < 0:
            return OFF + cell * 6 + out
        cell, side = nxt, opposite_side(out)
    return cell * 6 + side


def _links(board: tuple[int, ...]) -> list[int]:
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
    for slot in _OFF_SLOTS:
        if link[slot] == EMPTY:
            cell, side = divmod(slot - OFF, 6)
            other = _enter(board, cell, side)
            link[slot], link[other] = other, slot
    return link


def _rejoin(link: list[int], cell: int, pairing: tuple[int, ...]) -> dict[int, int]:
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


def _route(
    link: list[int], override: dict[int, int], axis: int, walled: int, removed: int
) -> tuple[list[int], set[int]] | None:
    """A route of the group on `axis`: (its link ids, its cells), or None if there is none.

    Breadth first over empty hexes (each joins any two of its sides), never entering
    `walled` and never using the link whose id is `removed`. A link's id is the smaller
    of its two end ids.
    """
    sinks = _EDGE_SLOT_SETS[opposite_edge(axis)]
    parent: dict[int, tuple[int, int]] = {}
    queue: list[int] = []
    get = override.get
    for slot in EDGE_SLOTS[axis]:
        other = get(slot, link[slot])
        if other >= OFF:
            if other in sinks and min(slot, other) != removed:
                return [min(slot, other)], set()
            continue
        nxt = other // 6
        if nxt == walled or nxt in parent or other == removed:
            continue
        parent[nxt] = (EMPTY, other)
        queue.append(nxt)
    for cell in queue:
        for end in range(cell * 6, cell * 6 + 6):
            other = get(end, link[end])
            ident = end if end < other else other
            if ident == removed:
                continue
            if other >= OFF:
                if other in sinks:
                    return _trace(parent, cell, ident)
                continue
            nxt = other // 6
            if nxt == walled or nxt in parent:
                continue
            parent[nxt] = (cell, ident)
            queue.append(nxt)
    return None


def _trace(parent: dict[int, tuple[int, int]], cell: int, last: int) -> tuple[list[int], set[int]]:
    links, cells = [last], {cell}
    while True:
        before, ident = parent[cell]
        links.append(ident)
        if before == EMPTY:
            return links, cells
        cell = before
        cells.add(cell)


def _shared_bridge(
    link: list[int],
    override: dict[int, int],
    routes: dict[int, tuple[list[int], set[int]]],
    walled: int,
) -> tuple[int, int] | None:
    """Two groups that every route of both runs through one same link, if any.

    Such a link lies on every route, so on the two found routes: only their common links
    need testing, each by looking for routes without it.
    """
    axes = sorted(routes)
    for i, first in enumerate(axes):
        for second in axes[i + 1 :]:
            common = set(routes[first][0]) & set(routes[second][0])
            for ident in sorted(common):
                if _route(link, override, first, walled, ident) is None and (
                    _route(link, override, second, walled, ident) is None
                ):
                    return first, second
    return None
