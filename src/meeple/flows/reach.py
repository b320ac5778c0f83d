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
    """How near the flow from edge `home` is to edge `target`, given the position's links.

    A breadth-first search from the target's off-board sides, one empty hex a step,
    that stops at the first step holding a hex the flow enters.
    """
    entered = [False] * CELL_COUNT
    for slot in EDGE_SLOTS[home]:
        end = link[slot]
        if end >= OFF:
            if EDGE_OF_END[end] == target:
                return Reach(0, 1)
        elif end >= 0:
            entered[end // 6] = True
    seen = [False] * CELL_COUNT
    frontier: list[int] = []
    for slot in EDGE_SLOTS[target]:
        end = link[slot]
        if 0 <= end < OFF and not seen[end // 6]:
            seen[end // 6] = True
            frontier.append(end // 6)
    needed = 1
    while frontier:
        ways = sum(map(entered.__getitem__, frontier))
        if ways:
            return Reach(needed, ways)
        needed += 1
        following: list[int] = []
        for cell in frontier:
            for end in link[cell * 6 : cell * 6 + 6]:
                if 0 <= end < OFF and not seen[end // 6]:
                    seen[end // 6] = True
                    following.append(end // 6)
        frontier = following
    return Reach(UNREACHABLE, 0)


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
