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
        ways = sum(entered[cell] for cell in frontier)
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
