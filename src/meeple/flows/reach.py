"""How near a flow is to its target: the tiles it still needs, and its ways forward.

A flow's open ends are the sides of empty hexes its home edge's off-board sides link to
(`meeple.flows.links`). From an empty hex a later tile can lead a flow out of any other
side, and placed paths carry it on for free, so the tiles a flow still needs are the
fewest empty hexes on a chain of links from one of its open ends to its target edge. The
search ignores which tiles are left and that one hex cannot carry every chain at once: a
heuristic for the bots (`State.evaluate`), not a rule.

This module knows nothing of turns, players or records.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.flows.links import CELL_COUNT, EDGE_OF_END, EDGE_SLOTS, OFF

UNREACHABLE = 99
"""The tiles needed when no chain of links reaches the target (the route rule forbids it
for a game in play, but a position built by hand may have it)."""


class Reach(NamedTuple):
    """`needed`: the fewest tiles that complete the flow (0 once it has);
    `ways`: how many empty hexes the flow enters lie on such a shortest chain."""

    needed: int
    ways: int


def reach(link: list[int], home: int, target: int) -> Reach:
    """How near the flow from edge `home` is to edge `target`, given the position's links."""
    return Reaches(link).reach(home, target)


class Reaches:
    """A position's links as bit masks, for `reach` asked of it many times, and of the
    position after a tile fills one hex (`after`) without building that position's links.

    `near[cell]`: the empty hexes the links of empty `cell` lead to, a bit each, so a
    breadth-first step is a few bit operations; `edges[e]`: the empty hexes the
    off-board sides of edge e lead to, and the edges they lead straight to.
    """

    __slots__ = ("edges", "near")

    def __init__(self, link: list[int]) -> None:
        self.near = [_near(link, cell) for cell in range(CELL_COUNT)]
        self.edges = _edges(link)

    def after(self, cell: int, override: dict[int, int]) -> Reaches:
        """The same once a tile fills `cell`, re-pairing the ends `override`
        (`links.rejoin`; over `link`, the position's links): only what changed is
        worked out again."""
        found = Reaches.__new__(Reaches)
        near = found.near = self.near.copy()
        near[cell] = 0
        filled = ~(1 << cell)
        slots = False
        for end, other in override.items():
            if end >= OFF:
                slots = True
            else:  # every end that led into `cell` is re-paired: none leads there now
                near[end // 6] &= filled
                if 0 <= other < OFF:
                    near[end // 6] |= 1 << other // 6
        found.edges = self.edges
        if slots:  # some off-board side led into `cell`
            edges = found.edges = [(cells & filled, joined) for cells, joined in self.edges]
            for end, other in override.items():
                if end >= OFF:
                    cells, joined = edges[EDGE_OF_END[end]]
                    if other >= OFF:
                        joined |= 1 << EDGE_OF_END[other]
                    else:
                        cells |= 1 << other // 6
                    edges[EDGE_OF_END[end]] = (cells, joined)
        return found

    def reach(self, home: int, target: int) -> Reach:
        """How near the flow from edge `home` is to edge `target`.

        A breadth-first search from the target's off-board sides, one empty hex a step,
        that stops at the first step holding a hex the flow enters.
        """
        entered, joined = self.edges[home]
        if joined >> target & 1:
            return Reach(0, 1)
        near = self.near
        frontier = seen = self.edges[target][0]
        needed = 1
        while frontier:
            ways = frontier & entered
            if ways:
                return Reach(needed, ways.bit_count())
            needed += 1
            grown = 0
            while frontier:
                lowest = frontier & -frontier
                grown |= near[lowest.bit_length() - 1]
                frontier ^= lowest
            frontier = grown & ~seen
            seen |= frontier
        return Reach(UNREACHABLE, 0)


def _near(link: list[int], cell: int) -> int:
    """The empty hexes the links of `cell` lead to, a bit each (none for a filled hex)."""
    found = 0
    for other in link[cell * 6 : cell * 6 + 6]:
        if 0 <= other < OFF:
            found |= 1 << other // 6
    return found


def _edges(link: list[int]) -> list[tuple[int, int]]:
    """For each edge, the empty hexes its off-board sides lead to and the edges they lead
    straight to (bit masks)."""
    found = []
    for edge in range(6):
        cells = joined = 0
        for slot in EDGE_SLOTS[edge]:
            end = link[slot]
            if end >= OFF:
                joined |= 1 << EDGE_OF_END[end]
            elif end >= 0:
                cells |= 1 << end // 6
        found.append((cells, joined))
    return found


def chain_cells(link: list[int], home: int, target: int) -> set[int]:
    """The empty hexes on some shortest chain from the flow of edge `home` to edge
    `target` (none once it is complete or when no chain reaches the target).

    A tile placed anywhere else leaves `reach(...).needed` as it is: a chain through that
    hex was one longer than the shortest at least, and one hex filled shortens it by one
    at most; nor can it lengthen a shortest chain, which does not pass there.
    """
    entered: list[int] = []
    for slot in EDGE_SLOTS[home]:
        end = link[slot]
        if end >= OFF:
            if EDGE_OF_END[end] == target:
                return set()
        elif end >= 0:
            entered.append(end // 6)
    starts = [end // 6 for slot in EDGE_SLOTS[target] if 0 <= (end := link[slot]) < OFF]
    to_target = _steps(link, starts)
    from_home = _steps(link, entered)
    needed = min((to_target[cell] for cell in entered), default=UNREACHABLE)
    if needed >= UNREACHABLE:
        return set()
    return {cell for cell in range(CELL_COUNT) if from_home[cell] + to_target[cell] - 1 == needed}


def _steps(link: list[int], starts: list[int]) -> list[int]:
    """For every hex, the fewest empty hexes on a chain of links from one of `starts`
    to it, both counted (UNREACHABLE if none)."""
    steps = [UNREACHABLE] * CELL_COUNT
    frontier: list[int] = []
    for cell in starts:
        if steps[cell] != 1:
            steps[cell] = 1
            frontier.append(cell)
    count = 1
    while frontier:
        count += 1
        following: list[int] = []
        for cell in frontier:
            for end in link[cell * 6 : cell * 6 + 6]:
                if 0 <= end < OFF and steps[end // 6] == UNREACHABLE:
                    steps[end // 6] = count
                    following.append(end // 6)
        frontier = following
    return steps
