"""Carcassonne as SVG: every tile with its fields, cities (shields marked), roads and
cloisters, the tokens in their teams' colours, the empty squares a tile may take
labelled `x,y`, the columns and rows numbered at the board's edges, and a legend with the
tile each team holds, its points and tokens, and the result. The words grow with a big
board, so they stay readable where the HTML viewer shrinks the picture to fit.

Pure functions to text; no I/O. Each square, tile or empty, carries a `data-at` key
(`x,y`, as the QGN details number it) so the viewer can light the square a move took.
"""

from __future__ import annotations

from collections.abc import Iterator

from meeple.carcassonne.model import CITY, CLOISTER, ROAD, SIDES, Claim, Place, Skip, Tile, Token
from meeple.carcassonne.rules import State, empty_squares
from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas
from meeple.words import counted

SIZE = 64.0
MARGIN = 30.0
LINE = 30
SHOWN = (860.0, 720.0)
"""px: the room the HTML viewer gives a picture in a 1280 x 900 window (its default)."""
COORDINATE = 12.0
"""The coordinates' font size at scale 1: at least 11 px however the viewer shrinks it."""
FIELD, CITY_FILL, CITY_EDGE, ROAD_FILL = "#9ccf6b", "#c9a46a", "#7d5a2c", "#f4efe2"
# Each side's two corners, clockwise, as fractions of the tile (y down).
_CORNERS = {
    "t": ((0, 0), (1, 0)),
    "r": ((1, 0), (1, 1)),
    "b": ((1, 1), (0, 1)),
    "l": ((0, 1), (0, 0)),
}
_MIDDLES = {"t": (0.5, 0.0), "r": (1.0, 0.5), "b": (0.5, 1.0), "l": (0.0, 0.5)}
# Where a token stands, as fractions of the tile: by its side, a farmer by its half.
_SPOTS = {
    "t": (0.5, 0.16), "r": (0.84, 0.5), "b": (0.5, 0.84), "l": (0.16, 0.5), "": (0.5, 0.5),
    "ta": (0.22, 0.2), "tb": (0.78, 0.2), "ra": (0.8, 0.22), "rb": (0.8, 0.78),
    "ba": (0.78, 0.8), "bb": (0.22, 0.8), "la": (0.2, 0.78), "lb": (0.2, 0.22),
}  # fmt: skip


def data_at(x: int, y: int) -> str:
    """A square's `data-at` key."""
    return f"{x},{y}"


def render(state: State) -> str:
    empties = [] if state.is_over else empty_squares(state.board)
    squares = set(state.board) | set(empties)
    left = min(x for x, _ in squares)
    top = max(y for _, y in squares)
    columns = max(x for x, _ in squares) - left + 1
    rows = top - min(y for _, y in squares) + 1
    scale = 1.0
    for _ in range(2):  # the margins and legend grow with the scale: settle it twice
        width, height = _size(state, columns, rows, scale)
        scale = max(1.0, width / SHOWN[0], height / SHOWN[1])
    width, height = _size(state, columns, rows, scale)
    margin = MARGIN * scale
    board_height = rows * SIZE + 2 * margin

    def corner(x: int, y: int) -> tuple[float, float]:
        return margin + (x - left) * SIZE, margin + (top - y) * SIZE

    title = xml_text(f"carcassonne: {state.result_text}")
    parts = canvas(width, height, title)
    font = COORDINATE * scale
    for x in range(left, left + columns):
        parts.append(_label(corner(x, top)[0] + SIZE / 2, margin - font / 2, str(x), font))
    for y in range(top - rows + 1, top + 1):
        px, py = corner(left, y)
        parts.append(_label(px - font / 2, py + SIZE / 2 + font / 3, str(y), font, "end"))
    for x, y in empties:
        px, py = corner(x, y)
        parts.append(
            f'<rect data-at="{data_at(x, y)}" x="{px + 2:.1f}" y="{py + 2:.1f}"'
            f' width="{SIZE - 4:.1f}" height="{SIZE - 4:.1f}" fill="none" stroke="#b9b3a3"'
            ' stroke-dasharray="4 3"/>'
        )
        words = f"{x},{y}"
        fits = min(font, (SIZE - 6) / (0.52 * len(words)))  # digits, commas and hyphens
        parts.append(_label(px + SIZE / 2, py + SIZE / 2 + fits / 3, words, fits, "#8a8474"))
    for x, y in state.order:
        px, py = corner(x, y)
        parts.append(f'<g data-at="{data_at(x, y)}">')
        parts.extend(_tile(state.board[(x, y)], px, py, SIZE))
        parts.append("</g>")
    last = next((m for m in reversed(state.history) if not isinstance(m, Skip)), None)
    if last is not None:
        px, py = corner(last.x, last.y)
        parts.append(
            f'<rect x="{px + 1:.1f}" y="{py + 1:.1f}" width="{SIZE - 2:.1f}"'
            f' height="{SIZE - 2:.1f}" fill="none" stroke="#c2185b" stroke-width="3">'
            "<title>the last move</title></rect>"
        )
    for token in state.tokens:
        px, py = corner(token.x, token.y)
        parts.append(_token(state, token, px, py))
    parts.extend(_legend(state, board_height, margin, scale))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _size(state: State, columns: int, rows: int, scale: float) -> tuple[int, int]:
    """The picture's width and height with its words `scale` times their base size."""
    margin = MARGIN * scale
    legend_width = 360.0 * scale
    width = round(max(columns * SIZE + 2 * margin, legend_width + 2 * MARGIN))
    legend_height = (LINE * (len(state.teams) + 3) + 40) * scale
    return width, round(rows * SIZE + 2 * margin + legend_height)


def _label(
    x: float, y: float, text: str, size: float, fill: str = "#555", anchor: str = "middle"
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{anchor}"'
        f' fill="{fill}" stroke="#fbfaf7" stroke-width="2" paint-order="stroke">'
        f"{xml_text(text)}</text>"
    )


def _point(px: float, py: float, size: float, fx: float, fy: float) -> str:
    return f"{px + fx * size:.1f},{py + fy * size:.1f}"


def _tile(tile: Tile, px: float, py: float, size: float) -> Iterator[str]:
    """One tile drawn at (px, py): field, cities, roads, cloister, shield."""
    yield (
        f'<rect x="{px:.1f}" y="{py:.1f}" width="{size:.1f}" height="{size:.1f}"'
        f' fill="{FIELD}" stroke="#5f7f45" stroke-width="0.8"><title>{tile.text}</title></rect>'
    )
    cities = [side for side in SIDES if tile.side(side) == CITY]
    if tile.connected and len(cities) > 1:
        points: list[tuple[float, float]] = []
        for side in SIDES:
            if side in cities:
                points += [_CORNERS[side][0], _CORNERS[side][1]]
            else:
                mx, my = _MIDDLES[side]
                points.append((0.5 + (mx - 0.5) * 0.45, 0.5 + (my - 0.5) * 0.45))
        shape = " ".join(_point(px, py, size, fx, fy) for fx, fy in points)
        yield (
            f'<polygon points="{shape}" fill="{CITY_FILL}" stroke="{CITY_EDGE}"'
            ' stroke-width="1.5"/>'
        )
    else:
        for side in cities:
            (ax, ay), (bx, by) = _CORNERS[side]
            mx, my = _MIDDLES[side]
            cx, cy = 0.5 + (mx - 0.5) * 0.4, 0.5 + (my - 0.5) * 0.4
            d = (
                f"M{_point(px, py, size, ax, ay)} Q{_point(px, py, size, cx, cy)}"
                f" {_point(px, py, size, bx, by)} Z"
            )
            yield f'<path d="{d}" fill="{CITY_FILL}" stroke="{CITY_EDGE}" stroke-width="1.5"/>'
    roads = [side for side in SIDES if tile.side(side) == ROAD]
    ends = [_point(px, py, size, *_MIDDLES[side]) for side in roads]
    centre = _point(px, py, size, 0.5, 0.5)
    if len(roads) == 2 and tile.centre != CLOISTER:
        d = f"M{ends[0]} Q{centre} {ends[1]}"
        yield from _road(d)
    else:
        for end in ends:
            yield from _road(f"M{end} L{centre}")
        if len(roads) > 2:
            r = size * 0.09
            yield (
                f'<rect x="{px + size / 2 - r:.1f}" y="{py + size / 2 - r:.1f}" width="{2 * r:.1f}"'
                f' height="{2 * r:.1f}" fill="#8b6f47" stroke="#4a3a24"/>'
            )
    if tile.centre == CLOISTER:
        w = size * 0.26
        x0, y0 = px + size / 2 - w / 2, py + size / 2 - w / 2
        roof = (
            f"{x0 - 2:.1f},{y0:.1f} {x0 + w / 2:.1f},{y0 - w * 0.45:.1f} {x0 + w + 2:.1f},{y0:.1f}"
        )
        yield (
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{w:.1f}" fill="#e8d8c0"'
            ' stroke="#6b4a2b"/>'
        )
        yield f'<polygon points="{roof}" fill="#b5472e" stroke="#6b4a2b"/>'
    if tile.banner:
        sx, sy = px + size * 0.5, py + size * (0.3 if tile.top == CITY else 0.5)
        if tile.top != CITY and cities:
            mx, my = _MIDDLES[cities[0]]
            sx, sy = px + size * (0.5 + (mx - 0.5) * 0.55), py + size * (0.5 + (my - 0.5) * 0.55)
        s = size * 0.09
        shield = (
            f"M{sx - s:.1f} {sy - s:.1f} L{sx + s:.1f} {sy - s:.1f} L{sx + s:.1f} {sy:.1f}"
            f" Q{sx + s:.1f} {sy + s:.1f} {sx:.1f} {sy + 1.4 * s:.1f}"
            f" Q{sx - s:.1f} {sy + s:.1f} {sx - s:.1f} {sy:.1f} Z"
        )
        yield (
            f'<path d="{shield}" fill="#2456c8" stroke="#f4efe2" stroke-width="1">'
            "<title>shield</title></path>"
        )


def _road(d: str) -> Iterator[str]:
    yield f'<path d="{d}" fill="none" stroke="#6b5a3e" stroke-width="7" stroke-linecap="butt"/>'
    yield f'<path d="{d}" fill="none" stroke="{ROAD_FILL}" stroke-width="4"/>'


_KINDS = {"k": ("K", "knight"), "t": ("T", "thief"), "f": ("F", "farmer"), "m": ("M", "monk")}


def _token(state: State, token: Token, px: float, py: float) -> str:
    fx, fy = _SPOTS[token.side]
    x, y = px + fx * SIZE, py + fy * SIZE
    shade = team_shade(state.teams, token.team)
    letter, word = _KINDS[token.kind]
    name = xml_text(f"{state.teams[token.team]}'s {word}")
    return (
        f'<g><title>{name}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="8.5" fill="{shade}"'
        ' stroke="#222" stroke-width="1.2"/>'
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" font-weight="bold"'
        f' text-anchor="middle" fill="#fff">{letter}</text></g>'
    )


def _legend(state: State, top: float, x: float, scale: float) -> Iterator[str]:
    """Each team's tile in hand, points and tokens, the deck and the result, `scale`
    times their base size (so the viewer, shrinking a big board, keeps them readable)."""
    y = top + 8 * scale
    line = LINE * scale
    for seat, name in enumerate(state.teams):
        shade = team_shade(state.teams, seat)
        y += line
        yield (
            f'<rect x="{x:.1f}" y="{y - 13 * scale:.1f}" width="{16 * scale:.1f}"'
            f' height="{16 * scale:.1f}" fill="{shade}"/>'
        )
        hand = state.hands[seat]
        if hand is not None and not state.is_over:
            yield f'<g data-hand="{xml_text(name)}">'
            yield from _tile(hand, x + 24 * scale, y - 20 * scale, 26 * scale)
            yield "</g>"
        marker = "\u25b6 " if not state.is_over and seat == state.seat else ""
        points, left = state.scores[seat], state.supply[seat]
        text = f"{marker}{name}: {counted(points, 'point')}, {counted(left, 'token')}"
        yield _words(x + 58 * scale, y, 15 * scale, text, "#222")
    y += line
    deck = f"{counted(len(state.deck), 'tile')} in the deck; K knight, T thief, F farmer, M monk"
    yield _words(x, y, 13 * scale, deck, "#444")
    y += line
    yield _words(x, y, 16 * scale, state.result_text, "#222", ' font-weight="bold"')


def _words(x: float, y: float, size: float, text: str, fill: str, bold: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}"{bold} fill="{fill}">'
        f"{xml_text(text)}</text>"
    )


def marks(state: State) -> tuple[str, ...]:
    """The square the last move took: its tile or token, or for a pass the tile just
    placed (the viewer lights it)."""
    last = state.history[-1] if state.history else None
    if isinstance(last, Place | Claim):
        return (data_at(last.x, last.y),)
    spot = state.last[last.team] if last is not None else None
    return () if spot is None else (data_at(*spot),)  # a pass: the tile the team placed
