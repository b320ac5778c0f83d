"""An independent, slow statement of the legal-placement rule, to test the engine against.

It walks hex sides one by one (no links, no search): a placed tile joins the sides of
each path, an empty hex joins all its sides. The full rule is checked by brute force on
boards with few empty hexes: every way of filling them with tiles in any orientation is
tried, and the placement keeps the rule when some filling joins every route group's two
edges at once (chains of one filling never share a path, so those are routes that share
nothing). Groups come from the seats directly: one per board axis in play.
"""

from __future__ import annotations

import itertools

from meeple.flows.board import CELLS, NEIGHBOUR, SLOT_EDGE, opposite_edge
from meeple.flows.model import TILE_TYPES, side_pairing
from meeple.flows.rules import State

Board = dict[int, tuple[int, int]]  # cell -> (tile, rotation)
PAIRINGS = sorted({side_pairing(t, r) for t in range(TILE_TYPES) for r in range(6)})


def group_edges(state: State) -> list[int]:
    """One edge per axis in play (the route group joins it to the opposite edge)."""
    found: dict[int, int] = {}
    for edge in state.home_edges:
        found.setdefault(edge % 3, edge)
    return list(found.values())


def connected(board: Board, edge: int) -> bool:
    """Whether some chain over placed paths and empty hexes joins `edge` to its opposite."""
    start = [(c, s) for c in range(len(CELLS)) for s in range(6) if SLOT_EDGE[c][s] == edge]
    seen = set(start)
    todo = list(start)  # (cell, side): standing inside `cell` just past `side`
    while todo:
        cell, side = todo.pop()
        placed = board.get(cell)
        exits = (
            [s for s in range(6) if s != side] if placed is None else [side_pairing(*placed)[side]]
        )
        for out in exits:
            if SLOT_EDGE[cell][out] == opposite_edge(edge):
                return True
            nxt = NEIGHBOUR[cell][out]
            if nxt >= 0 and (nxt, (out + 3) % 6) not in seen:
                seen.add((nxt, (out + 3) % 6))
                todo.append((nxt, (out + 3) % 6))
    return False


def joined(pairing_of: dict[int, tuple[int, ...]], edge: int) -> bool:
    """Whether placed paths alone join `edge` to its opposite edge."""
    for cell in range(len(CELLS)):
        for side in range(6):
            if SLOT_EDGE[cell][side] != edge:
                continue
            here, entry = cell, side
            while here in pairing_of:
                out = pairing_of[here][entry]
                if SLOT_EDGE[here][out] == opposite_edge(edge):
                    return True
                nxt = NEIGHBOUR[here][out]
                if nxt < 0:
                    break
                here, entry = nxt, (out + 3) % 6
    return False


def verdict(state: State, cell: int, tile: int, rotation: int, max_empty: int = 4) -> str:
    """ "win", "legal", "no route" or "shared" for placing a tile on an empty cell, or
    "unknown" when more than `max_empty` hexes would stay empty (too many to fill)."""
    board = {c: divmod(code, 6) for c, code in enumerate(state.board) if code >= 0}
    board[cell] = (tile, rotation)
    edges = group_edges(state)
    pairing_of = {c: side_pairing(*placed) for c, placed in board.items()}
    if any(joined(pairing_of, edge) or joined(pairing_of, opposite_edge(edge)) for edge in edges):
        return "win"
    if not all(connected(board, edge) for edge in edges):
        return "no route"
    empty = [c for c in range(len(CELLS)) if c not in board]
    if len(empty) > max_empty:
        return "unknown"
    for filling in itertools.product(PAIRINGS, repeat=len(empty)):
        full = {**pairing_of, **dict(zip(empty, filling, strict=True))}
        if all(joined(full, edge) for edge in edges):
            return "legal"
    return "shared"
