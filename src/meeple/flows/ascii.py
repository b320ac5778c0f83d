"""Text pictures of Flows positions: the hexes, every placed tile's paths drawn in lines,
whose flow runs along each path, and the edges every player starts from and aims for.

The board keeps its shape (row 6 at the top, each row half a hex to the side of the
next), so a hex touches its six neighbours: two above, one on each side, two below. A
hex is `HEX_WIDTH` columns from wall to wall and `ROW_HEIGHT` lines: the line above it,
which carries its label as the chosen player writes it, then three lines for its tile.
A path leaves a hex through the line above (NW, NE), a wall (W, E) or the line below
(SW, SE) exactly where it enters the neighbour on that side, so a chain of tiles reads as
one line across the board. A path no flow runs along is thin (`─`); a flow is thick (`━`)
with its player's number on it in every hex (`━1━`, `━13━` when two flows share a path).
An empty hex shows only its label; the last tile placed has its label in brackets.
Beyond the board's rim, each side of a player's home edge shows their number, as does
each side of an edge that is only somebody's target. With colour, each flow and number
is in its player's colour (a path two flows share in both, piece by piece) and the
outline is faint; without the escape codes it is the plain picture.

Pure functions of a `State`; nothing here reads records or applies rules.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from meeple import ansi
from meeple.flows.board import (
    CELLS,
    EDGE_NAMES,
    SIDE_NAMES,
    SIZE,
    SLOT_EDGE,
    label_of_hex,
)
from meeple.flows.model import path_name, tile_paths
from meeple.flows.rules import PathFlow, State
from meeple.hexgrid import Hex

HEX_WIDTH = 10  # columns from a hex's left wall to its right wall; rows shift by half
ROW_HEIGHT = 4  # the line above a hex (its label) and the three lines of its tile
WIDTH = 80  # no line of the picture is longer
_INNER = range(1, ROW_HEIGHT), range(1, HEX_WIDTH)  # a tile's lines and columns

# Where the path on each side leaves a hex, as (line, column) from the hex's top-left
# corner (the line above it, its left wall), in the side order SW W NW NE E SE. Sides
# facing each other meet: NW at column 3 is the upper-left neighbour's SE (5 + 8 - 10).
SIDE_POINTS = ((4, 3), (2, 0), (0, 3), (0, 8), (2, 10), (4, 8))
# The step from that point away from the hex (where an edge's marker stands).
_OUTWARD = ((1, 0), (0, -1), (-1, 0), (-1, 0), (0, 1), (1, 0))

# One picture for each way a tile pairs the six sides (14 ways; the 15th, three straight
# lines through the centre, is no tile): the tile's three lines, the nine columns
# between its walls. Paths come in at columns 3 and 8 from above (NW, NE) and below
# (SW, SE) and along the middle line from the walls (W, E); `┼` is one path crossing
# another. `_routes` follows every line from side to side, and a test checks that each
# picture joins exactly its sides.
PICTURES: Mapping[str, tuple[str, str, str]] = MappingProxyType(
    {
        "SW-NW W-E NE-SE": ("  │    │ ", "──┼────┼─", "  │    │ "),  # T0
        "SW-E W-NE NW-SE": ("╭─┼────╯ ", "╯ ╰────╮╭", "  ╭────┼╯"),  # T0
        "SW-NE W-SE NW-E": ("  ╰────┼╮", "╮ ╭────╯╰", "╰─┼────╮ "),  # T0
        "SW-SE W-NE NW-E": ("  ╰────┼╮", "───────╯╰", "  ╭────╮ "),  # T1
        "SW-W NW-E NE-SE": ("  ╰──╮ │ ", "──╮  ╰─┼─", "  │    │ "),  # T1
        "SW-E W-NW NE-SE": ("  │    │ ", "──╯ ╭──┼─", "  ╭─╯  │ "),  # T1
        "SW-E W-SE NW-NE": ("  ╰────╯ ", "╮ ╭──────", "╰─┼────╮ "),  # T1
        "SW-NW W-SE NE-E": ("  │    │ ", "╮ │    ╰─", "╰─┼────╮ "),  # T1
        "SW-NW W-NE E-SE": ("╭─┼────╯ ", "╯ │    ╭─", "  │    │ "),  # T1
        "SW-SE W-E NW-NE": ("  ╰────╯ ", "─────────", "  ╭────╮ "),  # T2
        "SW-W NW-SE NE-E": ("  ╰──╮ │ ", "──╮  │ ╰─", "  │  ╰─╮ "),  # T2
        "SW-NE W-NW E-SE": ("  │ ╭──╯ ", "──╯ │  ╭─", "  ╭─╯  │ "),  # T2
        "SW-SE W-NW NE-E": ("  │    │ ", "──╯    ╰─", "  ╭────╮ "),  # T3
        "SW-W NW-NE E-SE": ("  ╰────╯ ", "──╮    ╭─", "  │    │ "),  # T3
    }
)

_UP, _DOWN, _LEFT, _RIGHT = (-1, 0), (1, 0), (0, -1), (0, 1)
_ARMS: Mapping[str, frozenset[tuple[int, int]]] = MappingProxyType(
    {
        "─": frozenset({_LEFT, _RIGHT}),
        "│": frozenset({_UP, _DOWN}),
        "╭": frozenset({_RIGHT, _DOWN}),
        "╮": frozenset({_LEFT, _DOWN}),
        "╰": frozenset({_UP, _RIGHT}),
        "╯": frozenset({_UP, _LEFT}),
    }
)
_LIGHT = str.maketrans("", "")
_HEAVY = str.maketrans("─│╭╮╰╯", "━┃┏┓┗┛")  # no heavy rounded bends: square ones
# A crossing by the weights of its (across, up-and-down) lines.
_CROSSINGS = {(False, False): "┼", (True, False): "┿", (False, True): "╂", (True, True): "╋"}
_GRID = ansi.DIM


class Piece(NamedTuple):
    """One character of a path: where it stands in its hex (line, column), the path's
    line there (`─`, `│` or a bend) and whether another path crosses it there."""

    line: int
    column: int
    char: str
    crossed: bool


def _routes(picture: tuple[str, str, str]) -> dict[tuple[int, int], tuple[Piece, ...]]:
    """Each path of a picture, (side a, side b) with a < b, as its pieces from a to b;
    ValueError if a line of the picture breaks off or leaves by no side."""
    found: dict[tuple[int, int], tuple[Piece, ...]] = {}
    for start, (line, column) in enumerate(SIDE_POINTS):
        step = (-_OUTWARD[start][0], -_OUTWARD[start][1])
        pieces: list[Piece] = []
        line, column = line + step[0], column + step[1]
        while line in _INNER[0] and column in _INNER[1] and len(pieces) < 27:
            char = picture[line - 1][column - 1]
            crossed = char == "┼"
            if crossed:
                char = "─" if step[0] == 0 else "│"
            arms = _ARMS.get(char, frozenset())
            back = (-step[0], -step[1])
            if back not in arms:
                raise ValueError(f"the line from {SIDE_NAMES[start]} breaks off at {line},{column}")
            pieces.append(Piece(line, column, char, crossed))
            (step,) = arms - {back}
            line, column = line + step[0], column + step[1]
        end = SIDE_POINTS.index((line, column)) if (line, column) in SIDE_POINTS else -1
        if end < 0 or _OUTWARD[end] != step:
            raise ValueError(f"the line from {SIDE_NAMES[start]} leaves the hex by no side")
        if start < end:
            found[(start, end)] = tuple(pieces)
    return found


_ROUTES = {name: _routes(picture) for name, picture in PICTURES.items()}


def picture_name(tile: int, rotation: int) -> str:
    """The name of the picture of a tile turned `rotation` sixths: its paths, in order."""
    paths = sorted((min(a, b), max(a, b)) for a, b in tile_paths(tile, rotation))
    return " ".join(path_name(a, b) for a, b in paths)


def render(state: State, color: bool = False, frame: int | None = None) -> str:
    """The position: who sits where, the board, a legend, the bag and the result; with
    `color`, each player's flows and numbers in their colour (ANSI). Hexes are labelled
    as player `frame` writes them (default: the player to move, or P1 once it is over)."""
    player = frame or state.to_move or 1
    drawn = board(state, player)
    before = [*_wrapped(_seats(state)), ""]
    after = ["", *legend(state, player), f"bag: {_bag(state)}", f"result: {state.result_text}"]
    if color:
        return "\n".join([*map(_named, before), *drawn.coloured(), *map(_named, after)])
    return "\n".join([*before, *drawn.lines(), *after])


# -- the board ----------------------------------------------------------------------


class Canvas:
    """Characters placed on a grid of lines and columns, each with an ANSI code (or "")."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, str]] = {}

    def put(self, line: int, column: int, char: str, code: str = "") -> None:
        self.cells[(line, column)] = (char, code)

    def at(self, line: int, column: int) -> tuple[str, str]:
        return self.cells.get((line, column), (" ", ""))

    def _rows(self) -> list[list[tuple[str, str]]]:
        """Every line from the first to the last with a mark on it."""
        marked = [line for (line, _), (char, _) in self.cells.items() if char != " "]
        rows: list[list[tuple[str, str]]] = [[] for _ in range(max(marked, default=-1) + 1)]
        for (line, column), cell in sorted(self.cells.items()):
            if line < len(rows):
                rows[line] += [(" ", "")] * (column - len(rows[line])) + [cell]
        return rows[min(marked, default=0) :]

    def lines(self) -> list[str]:
        """The plain picture, without blanks at the ends of lines."""
        return ["".join(char for char, _ in row).rstrip() for row in self._rows()]

    def coloured(self) -> list[str]:
        """The picture with every run of one colour wrapped in its escape codes."""
        found = []
        for row in self._rows():
            while row and row[-1][0] == " ":
                row.pop()
            runs: list[tuple[str, str]] = []
            for char, code in row:
                if runs and (char == " " or code == runs[-1][1]):  # a blank shows no colour
                    runs[-1] = (runs[-1][0] + char, runs[-1][1])
                else:
                    runs.append((char, code))
            found.append("".join(ansi.wrap(text, code) for text, code in runs))
        return found


def corner(hex_: Hex) -> tuple[int, int]:
    """Where a hex's top-left corner (the line above it, its left wall) is drawn: row 6
    at the top (below a line for the markers), each row up half a hex further left."""
    row, col = hex_
    return 1 + (SIZE - 1 - row) * ROW_HEIGHT, 1 + HEX_WIDTH * col + HEX_WIDTH // 2 * (3 - row)


def board(state: State, frame: int) -> Canvas:
    """The board drawn on a canvas (see the module's description)."""
    canvas = Canvas()
    for hex_ in CELLS:
        _outline(canvas, hex_)
    last = state.placements[-1].hex if state.placements else None
    for hex_ in CELLS:
        top, left = corner(hex_)
        label = label_of_hex(frame, hex_)
        if hex_ == last:
            label = f"[{label}]"
        start = left + (HEX_WIDTH + 2 - len(label)) // 2
        for offset, char in enumerate(label):
            canvas.put(top, start + offset, char, ansi.BOLD if hex_ == last else "")
    for path in state.path_flows():
        _path(canvas, state, path)
    _markers(canvas, state)
    return canvas


def _outline(canvas: Canvas, hex_: Hex) -> None:
    """A hex's walls and corners, faint. Where three hexes meet, the corner is a `Y`:
    the bottom tip of the hex above (`╲_╱`) on the wall between the two below."""
    top, left = corner(hex_)
    for line in range(top + 1, top + ROW_HEIGHT):
        canvas.put(line, left, "┊", _GRID)
        canvas.put(line, left + HEX_WIDTH, "┊", _GRID)
    for line, column in ((top, left), (top, left + HEX_WIDTH), (top + ROW_HEIGHT, left + 5)):
        for offset, char in enumerate("╲_╱", -1):
            canvas.put(line, column + offset, char, _GRID)


def _path(canvas: Canvas, state: State, path: PathFlow) -> None:
    """One path of a placed tile, its ends on the hex's rim and its flows' numbers."""
    top, left = corner(path.hex)
    tile = state.at(path.hex)
    if tile is None:
        raise ValueError(f"no tile on {path.hex}")
    pieces = _ROUTES[picture_name(*tile)][(path.a, path.b)]
    heavy = bool(path.players)
    # A path two flows share takes their colours in turn, piece by piece.
    codes = [ansi.player_code(p) for p in path.players] or [""]
    weight = _HEAVY if heavy else _LIGHT
    for index, piece in enumerate(pieces):
        line, column = top + piece.line, left + piece.column
        char, code = piece.char.translate(weight), codes[index % len(codes)]
        if piece.crossed and (line, column) in canvas.cells:  # the second path there
            under, under_code = canvas.at(line, column)
            across, upright = (char, under) if char in "─━" else (under, char)
            char = _CROSSINGS[(across == "━", upright == "┃")]
            code = code if heavy else under_code
        canvas.put(line, column, char, code)
    for side in (path.a, path.b):
        line, column = SIDE_POINTS[side]
        end = "─" if line == SIDE_POINTS[1][0] else "│"
        canvas.put(top + line, left + column, end.translate(weight), codes[0])
    for piece, player in zip(_tag_places(pieces, len(path.players)), path.players, strict=True):
        code = ansi.player_code(player) + ";" + ansi.BOLD
        canvas.put(top + piece.line, left + piece.column, str(player), code)


def _tag_places(pieces: tuple[Piece, ...], count: int) -> list[Piece]:
    """Where the numbers of `count` flows go on a path, in reading order: on pieces no
    other path crosses, straight ones first (across before up and down), then bends,
    nearest the middle of the path."""
    middle = (len(pieces) - 1) / 2
    free = [i for i, piece in enumerate(pieces) if not piece.crossed]
    ranked = sorted(free, key=lambda i: ("─│".find(pieces[i].char) % 3, abs(i - middle), i))
    return sorted(pieces[i] for i in ranked[:count])


def _markers(canvas: Canvas, state: State) -> None:
    """Beyond the rim, by each off-board side: the number of the player whose home edge
    it is (bold), or else of the player who aims for it."""
    homes = {state.home_edge(p): p for p in range(1, state.player_count + 1)}
    targets = {state.target_edge(p): p for p in range(1, state.player_count + 1)}
    for cell, hex_ in enumerate(CELLS):
        top, left = corner(hex_)
        for side, edge in enumerate(SLOT_EDGE[cell]):
            player = homes.get(edge) or targets.get(edge)
            if player is None:
                continue
            (line, column), (down, across) = SIDE_POINTS[side], _OUTWARD[side]
            code = ansi.player_code(player) + (";" + ansi.BOLD if edge in homes else "")
            canvas.put(top + line + down, left + column + across, str(player), code)


# -- the words around it ------------------------------------------------------------


def _seats(state: State) -> str:
    homes = ", ".join(
        f"P{p} {EDGE_NAMES[state.home_edge(p)]}" for p in range(1, state.player_count + 1)
    )
    return f"Flows, {state.player_count} players; home edges (targets opposite): {homes}"


def legend(state: State, frame: int) -> list[str]:
    """What the marks mean, in lines of at most WIDTH characters."""
    lines = [
        "━1━ P1's flow (━13━ two flows on one path)    ─── a path no flow runs on",
        "1 beyond the rim: P1's home edge, or the edge P1 aims for where nobody sits",
    ]
    labels = f"hexes as P{frame} writes them"
    if state.placements:
        last = state.placements[-1]
        labels += (
            f"; [{label_of_hex(frame, last.hex)}] the last tile placed,"
            f" T{last.tile}{last.orientation} by P{last.player}"
        )
    return lines + _wrapped(labels)


def _bag(state: State) -> str:
    return "  ".join(f"T{tile} {left}" for tile, left in enumerate(state.bag))


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, break_on_hyphens=False, break_long_words=False)


_PLAYER = re.compile(r"\bP(?P<player>[1-9])\b")


def _named(line: str) -> str:
    """A line of words with every player named in their colour."""
    return ansi.paint(line, _PLAYER, lambda found: ansi.player_code(int(found["player"])))
