"""Quick proofs that a Flows position has no routes: cuts with too few links.

A set of routes (`meeple.flows.routes`) needs, across any cut of the board, at least
one link for every group whose two edges the cut separates, since the routes share no
link. Max-flow finds the smallest such cut: for each set of groups and each way of
putting their edges on the two sides of a cut, the flow from one side's edges to the
other's, over links (each carrying one unit; an empty hex passes on any number), must
reach the number of groups. Every condition is necessary, so a failed one proves that
no routes exist; passing them all proves nothing (positions exist where every cut has
room and still no routes do), and the exact search decides.

This module knows links and groups only (see `meeple.flows.links`).
"""

from __future__ import annotations

from itertools import product

from meeple.flows.links import CELL_COUNT, EDGE_OF_END, OFF, Group

_EDGE_NODE = CELL_COUNT
"""Node ids: 0..CELL_COUNT-1 the empty hexes, CELL_COUNT + e the off-board sides of edge e."""


def refuted(link: list[int], groups: tuple[Group, ...]) -> bool:
    """Whether some cut leaves fewer links than the groups it separates: then no set of
    routes exists. False proves nothing."""
    adjacent = _graph(link)
    count = len(groups)
    for members in sorted(
        ([g for g in range(count) if mask >> g & 1] for mask in range(1, 1 << count)),
        key=len,
        reverse=True,
    ):
        for flips in product((False, True), repeat=len(members) - 1):
            sources: set[int] = set()
            sinks: set[int] = set()
            for g, flip in zip(members, (False, *flips), strict=True):
                home = _EDGE_NODE + groups[g].edge
                target = _EDGE_NODE + (groups[g].edge + 3) % 6
                sources.add(target if flip else home)
                sinks.add(home if flip else target)
            if _flow(adjacent, sources, sinks, len(members)) < len(members):
                return True
    return False


def _graph(link: list[int]) -> list[list[tuple[int, int]]]:
    """For each node, its links: (link id, the node at the other end). A link from a hex
    back to itself joins nothing and is left out."""
    adjacent: list[list[tuple[int, int]]] = [[] for _ in range(CELL_COUNT + 6)]
    for end in range(2 * OFF):
        other = link[end]
        if other < end:  # each link once (and none for sides of filled hexes: -1)
            continue
        a = end // 6 if end < OFF else _EDGE_NODE + EDGE_OF_END[end]
        b = other // 6 if other < OFF else _EDGE_NODE + EDGE_OF_END[other]
        if a != b:
            adjacent[a].append((end, b))
            adjacent[b].append((end, a))
    return adjacent


def _flow(
    adjacent: list[list[tuple[int, int]]], sources: set[int], sinks: set[int], need: int
) -> int:
    """The flow from the `sources` nodes to the `sinks` nodes, counted up to `need`.

    Augmenting paths found breadth first; `carried[link]` is the node a unit of flow
    left the link from. Edge nodes that are neither sources nor sinks are dead ends
    (no route passes an off-board side)."""
    carried: dict[int, int] = {}
    flow = 0
    while flow < need:
        came: dict[int, tuple[int, int]] = {}
        frontier = list(sources)
        seen = set(sources)
        reached = -1
        for node in frontier:  # grows while it is read: breadth first
            for link_id, other in adjacent[node]:
                if other in seen:
                    continue
                leaves = carried.get(link_id)
                if leaves == node:
                    continue  # full this way already
                if other >= _EDGE_NODE and other not in sinks:
                    continue
                seen.add(other)
                came[other] = (node, link_id)
                if other in sinks:
                    reached = other
                    break
                frontier.append(other)
            if reached >= 0:
                break
        if reached < 0:
            return flow
        node = reached
        while node not in sources:
            before, link_id = came[node]
            if carried.get(link_id) == node:
                del carried[link_id]  # cancels the unit that came the other way
            else:
                carried[link_id] = before
            node = before
        flow += 1
    return flow
