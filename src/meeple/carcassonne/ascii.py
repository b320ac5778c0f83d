"""Carcassonne as text: the tiles on their squares, numbered as the QGN details number
them (x across, growing to the right; y down the side, growing upwards), the tokens on
them, each team's points, tokens and tile in hand, and the result.

Each tile is a box of five lines with its sides written on its border as the QGN
letters write them (`c` city, `r` road, `f` farm): the top side in the top border, the
left and right ones on the middle line, the bottom one in the bottom border. The centre
is `m` for a cloister, `=` where the city sides are one city, `*` when it bears a
shield, `.` otherwise. A token stands inside, by the side it is on: `K1` a knight of
team 1, `T` a thief, `F` a farmer (in the corner its half-side touches), `M` a monk in
the middle. An empty square where a tile may go shows its `x,y`.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.carcassonne.model import CLOISTER, Tile, Token
from meeple.carcassonne.rules import State, empty_squares
from meeple.words import counted

CELL = 11
GAP = 1
_TOKEN = re.compile(r"\b[KTFM](\d)\b")
# Where a token on each side or half-side is written: (line, slot) with slots 0 (left
# corner), 1 (middle), 2 (right corner) of each line.
_SLOTS = {
    "t": (0, 1), "l": (1, 0), "r": (1, 2), "b": (2, 1), "": (1, 1),
    "ta": (0, 0), "lb": (0, 0), "tb": (0, 2), "ra": (0, 2),
    "rb": (2, 2), "ba": (2, 2), "bb": (2, 0), "la": (2, 0),
}  # fmt: skip


def render(state: State, color: bool = False) -> str:
    """The board, its legend and the result line."""
    board = _board(state)
    legend = _legend(state)
    text = "\n".join([*board, "", *legend, state.result_text]) + "\n"
    if not color:
        return text
    painted = ansi.paint("\n".join(board), _TOKEN, lambda m: _code(state, int(m[1])))
    rest = "\n".join([*legend, state.result_text])
    for seat, name in enumerate(state.teams):
        rest = rest.replace(f"{name}:", ansi.wrap(f"{name}:", ansi.named_code(name, seat + 1)))
    return f"{painted}\n\n{rest}\n"


def _code(state: State, number: int) -> str:
    seat = number - 1
    if not 0 <= seat < len(state.teams):
        return ansi.DIM
    return ansi.named_code(state.teams[seat], number)


def centre_mark(tile: Tile) -> str:
    if tile.centre == CLOISTER:
        return "m"
    if tile.banner:
        return "*"
    return "=" if tile.connected else "."


def _cell(tile: Tile, token: Token | None) -> list[str]:
    slots = [["", "", ""], ["", centre_mark(tile), ""], ["", "", ""]]
    if token is not None:
        line, slot = _SLOTS[token.side]
        slots[line][slot] = f"{token.kind.upper()}{token.team + 1}"
    inside = [f"{a:<3}{b:^3}{c:>3}" for a, b, c in slots]
    return [
        f"+----{tile.top}----+",
        f"|{inside[0]}|",
        f"{tile.left}{inside[1]}{tile.right}",
        f"|{inside[2]}|",
        f"+----{tile.bottom}----+",
    ]


def _board(state: State) -> list[str]:
    empties = set(empty_squares(state.board)) if not state.is_over else set()
    squares = set(state.board) | empties
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    on: dict[tuple[int, int], Token] = {(t.x, t.y): t for t in state.tokens}
    width = CELL + GAP
    lines = ["     " + "".join(f"{x:^{width}}" for x in range(left, right + 1))]
    for y in range(top, bottom - 1, -1):
        rows: list[list[str]] = [[], [], [], [], []]
        for x in range(left, right + 1):
            tile = state.board.get((x, y))
            if tile is not None:
                cell = _cell(tile, on.get((x, y)))
            elif (x, y) in empties:
                cell = ["", "", f"{f'{x},{y}':^{CELL}}", "", ""]
            else:
                cell = [""] * 5
            for row, part in zip(rows, cell, strict=True):
                row.append(f"{part:<{width}}")
        label = [" " * 5, " " * 5, f"{y:>4} ", " " * 5, " " * 5]
        lines += [(head + "".join(row)).rstrip() for head, row in zip(label, rows, strict=True)]
    return lines


def _legend(state: State) -> list[str]:
    numbers = ", ".join(f"{seat + 1} {name}" for seat, name in enumerate(state.teams))
    lines = [
        "sides c city, r road, f farm; centre m cloister, = one city, * shield",
        f"tokens K knight, T thief, F farmer, M monk, with their team: {numbers}",
    ]
    for seat, name in enumerate(state.teams):
        hand = state.hands[seat]
        holds = f", holds {hand.text}" if hand is not None and not state.is_over else ""
        scored, left = counted(state.scores[seat], "point"), counted(state.supply[seat], "token")
        lines.append(f"{name}: {scored}, {left}{holds}")
    lines.append(f"{counted(len(state.deck), 'tile')} in the deck")
    if not state.is_over and not state.placing:
        spot = state.last[state.seat]
        if spot is not None:
            lines.append(f"a token may go on the tile at {spot[0]},{spot[1]}, or o t passes")
    return lines
