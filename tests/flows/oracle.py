"""An independent, slow statement of the route rule, to test the engine against.

It walks hex sides one by one (no precomputed links): a placed tile joins the sides of
each path, an empty hex joins all its sides. `cut` removes one element a route could
need: a placed path, or the boundary of an empty hex (to a neighbour or off the board).
"""

from __future__ import annotations

from collections.abc import Iterator

from meeple.flows.board import CELLS, NEIGHBOUR, SLOT_EDGES, axis_of, opposite_edge
from meeple.flows.model import side_pairing
from meeple.flows.rules import State

Element = tuple[str, int, int, int]  # ("path", cell, a, b) or ("side", cell, side, 0)


def _boundary(cell: int, side: int) -> Element:
    other = NEIGHBOUR[cell][side]
    if other >= 0 and (other, (side + 3) % 6) < (cell, side):
        return ("side", other, (side + 3) % 6, 0)
    return ("side", cell, side, 0)


def _pairing(board: dict[int, tuple[int, int]], cell: int) -> tuple[int, ...] | None:
    placed = board.get(cell)
    return None if placed is None else side_pairing(*placed)


def connected(board: dict[int, tuple[int, int]], axis: int, cut: Element | None = None) -> bool:
    """Whether some route joins edge `axis` to its opposite edge."""
    start = [
        (cell, side)
        for cell in range(len(CELLS))
        for side in range(6)
        if axis in SLOT_EDGES[cell][side] and _boundary(cell, side) != cut
    ]
    seen = set(start)
    todo = list(start)  # (cell, side): standing inside `cell` just past `side`
    while todo:
        cell, side = todo.pop()
        pairing = _pairing(board, cell)
        if pairing is None:
            exits = [s for s in range(6) if s != side and _boundary(cell, s) != cut]
        else:
            out = pairing[side]
            path = ("path", cell, min(side, out), max(side, out))
            exits = [] if path == cut else [out]
        for out in exits:
            if opposite_edge(axis) in SLOT_EDGES[cell][out]:
                return True
            nxt = NEIGHBOUR[cell][out]
            if nxt >= 0 and (nxt, (out + 3) % 6) not in seen:
                seen.add((nxt, (out + 3) % 6))
                todo.append((nxt, (out + 3) % 6))
    return False


def elements(board: dict[int, tuple[int, int]]) -> Iterator[Element]:
    for cell in range(len(CELLS)):
        pairing = _pairing(board, cell)
        for side in range(6):
            if pairing is not None:
                if side < pairing[side]:
                    yield ("path", cell, side, pairing[side])
            else:
                yield _boundary(cell, side)


def verdict(state: State, cell: int, tile: int, rotation: int, shared: bool = True) -> str:
    """ "win", "legal", "no route" or "shared" for placing a tile on an empty cell."""
    board = {c: divmod(code, 6) for c, code in enumerate(state.board) if code >= 0}
    board[cell] = (tile, rotation)
    axes = sorted({axis_of(p) for p in range(1, state.players + 1)})
    if any(_completed(board, axis) for axis in axes):
        return "win"
    if not all(connected(board, axis) for axis in axes):
        return "no route"
    if shared and len(axes) > 1:
        for element in set(elements(board)):
            cut_off = [axis for axis in axes if not connected(board, axis, element)]
            if len(cut_off) >= 2:
                return "shared"
    return "legal"


def _completed(board: dict[int, tuple[int, int]], axis: int) -> bool:
    """Whether placed paths alone join the axis' two edges."""
    for cell in board:
        for side in range(6):
            if axis not in SLOT_EDGES[cell][side]:
                continue
            here, entry = cell, side
            while here in board:
                out = side_pairing(*board[here])[entry]
                if opposite_edge(axis) in SLOT_EDGES[here][out]:
                    return True
                nxt = NEIGHBOUR[here][out]
                if nxt < 0:
                    break
                here, entry = nxt, (out + 3) % 6
    return False
