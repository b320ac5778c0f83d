"""Indigo as SVG: the hex board with every tile's paths, the gems where they wait, the
gateways in their owners' colours, each hex's `row.column`, and a legend with points,
hands and the result.

Pure functions to text; no I/O. Each hex carries a `data-at` key (`row,column`) so the
viewer can light the hex a placement took.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from meeple.indigo.model import CENTRE, EDGES, HEXES, ROWS, TREASURES, Gem, row_length
from meeple.indigo.rules import State
from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at
from meeple.words import counted

RADIUS = 34.0
WIDTH = math.sqrt(3) * RADIUS
MARGIN = 44.0
LINE = 36
HAND_ROOM = 2  # hand tiles the legend leaves room for (two in large_hands)
GEM_SHADES = {"amber": "#E8A317", "emerald": "#1E9E5A", "sapphire": "#2456C8"}
# Where each edge's middle lies from the hex's centre (pointy-topped, y down): a is the
# upper left edge, then clockwise.
ANGLES = {edge: 240 + 60 * i for i, edge in enumerate(EDGES)}


def centre(row: int, column: int) -> tuple[float, float]:
    """The middle of hex (`row`, `column`) in the picture."""
    shift = (ROWS - row_length(row)) * WIDTH / 2
    return MARGIN + shift + column * WIDTH + WIDTH / 2, MARGIN + RADIUS + row * 1.5 * RADIUS


def _point(x: float, y: float, angle: float, reach: float) -> tuple[float, float]:
    rad = math.radians(angle)
    return x + reach * math.cos(rad), y + reach * math.sin(rad)


def _edge_middle(x: float, y: float, edge: str, reach: float = 1.0) -> tuple[float, float]:
    return _point(x, y, ANGLES[edge], reach * WIDTH / 2)


def _hexagon(x: float, y: float, radius: float) -> str:
    corners = (_point(x, y, 30 + 60 * i, radius) for i in range(6))
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in corners)


def render(state: State) -> str:
    board_width = ROWS * WIDTH + 2 * MARGIN
    board_height = (ROWS - 1) * 1.5 * RADIUS + 2 * RADIUS + 2 * MARGIN
    legend_height = LINE * (len(state.teams) + 3) + 12
    width, height = round(board_width), round(board_height + legend_height)
    title = xml_text(f"indigo: {state.result_text}")
    parts = canvas(width, height, title)
    for row, column in HEXES:
        parts.extend(_hex(state, row, column))
    if state.history:
        last = state.history[-1]
        x, y = centre(last.row, last.column)
        parts.append(
            f'<polygon points="{_hexagon(x, y, RADIUS - 2)}" fill="none" stroke="#c2185b"'
            ' stroke-width="3"><title>the last tile placed</title></polygon>'
        )
    parts.extend(_gateways(state))
    parts.extend(_gems(state))
    parts.extend(_legend(state, board_height))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _hex(state: State, row: int, column: int) -> Iterator[str]:
    x, y = centre(row, column)
    paths = state.at(row, column)
    treasure = (row, column) in TREASURES
    fill = "#f1d98c" if treasure else "#e9e2cf" if paths else "#ffffff"
    yield (
        f'<polygon data-at="{data_at(row, column)}" points="{_hexagon(x, y, RADIUS)}"'
        f' fill="{fill}" stroke="#9a927e" stroke-width="1.5"/>'
    )
    if paths == CENTRE:
        yield f'<polygon points="{_hexagon(x, y, RADIUS * 0.55)}" fill="#e2bf52" stroke="#a8841c"/>'
    elif paths is not None:
        # A corner treasure's first two edges are one path; its third is where its gem sat.
        pieces = [paths[i : i + 2] for i in range(0, len(paths) - 1, 2)]
        for pair in pieces:
            yield from _path(x, y, pair)
        if treasure:
            inner = _hexagon(x, y, RADIUS * 0.4)
            yield f'<polygon points="{inner}" fill="none" stroke="#a8841c" stroke-width="1.5"/>'
    label_y = y + (RADIUS * 0.62 if paths else 4)
    size = 9 if paths else 11
    yield (
        f'<text x="{x:.1f}" y="{label_y:.1f}" font-size="{size}" text-anchor="middle"'
        f' fill="#6b6556" stroke="#fbfaf7" stroke-width="2.5" paint-order="stroke">'
        f"{row}.{column}</text>"
    )


def _path(x: float, y: float, pair: str) -> Iterator[str]:
    (x1, y1), (x2, y2) = _edge_middle(x, y, pair[0]), _edge_middle(x, y, pair[1])
    d = f"M{x1:.1f} {y1:.1f}Q{x:.1f} {y:.1f} {x2:.1f} {y2:.1f}"
    yield f'<path d="{d}" fill="none" stroke="#4b6f8f" stroke-width="6" stroke-linecap="round"/>'
    yield f'<path d="{d}" fill="none" stroke="#cfe0ee" stroke-width="2"/>'


def _gateways(state: State) -> Iterator[str]:
    for gateway in state.gateways:
        for row, column in gateway.hexes:
            x, y = centre(row, column)
            for edge in gateway.edges:
                angle = ANGLES[edge]
                for k, owner in enumerate(gateway.owners):
                    reach = RADIUS + 4 + 6 * k
                    (x1, y1), (x2, y2) = (_point(x, y, angle + s, reach) for s in (-30, 30))
                    shade = team_shade(state.teams, owner)
                    yield (
                        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
                        f' stroke="{shade}" stroke-width="5" stroke-linecap="round"/>'
                    )


def _gems(state: State) -> Iterator[str]:
    waiting = [gem for gem in state.gems if gem.edge == CENTRE]
    for index, gem in enumerate(waiting):
        x, y = centre(gem.row, gem.column)
        angle = index * 360 / max(len(waiting), 1) - 90
        yield _gem(gem, *_point(x, y, angle, RADIUS * 0.3 if len(waiting) > 1 else 0))
    for gem in state.gems:
        if gem.edge == CENTRE:
            continue
        x, y = centre(gem.row, gem.column)
        # On its tile, near the edge it waits at; past the border once through a gateway.
        yield _gem(gem, *_edge_middle(x, y, gem.edge, 1.35 if gem.gateway else 0.68))


def _gem(gem: Gem, x: float, y: float) -> str:
    shade = GEM_SHADES[gem.colour]
    shape = (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{shade}" stroke="#222" stroke-width="1.2"'
    )
    if gem.collided:
        a, b, c = f"{x - 6:.1f}", f"{x + 6:.1f}", f"{y - 6:.1f}"
        cross = f"M{a} {c}L{b} {y + 6:.1f}M{b} {c}L{a} {y + 6:.1f}"
        return (
            f'<g opacity="0.6"><title>{gem.colour}, out after a collision</title>{shape}/>'
            f'<path d="{cross}" stroke="#222" stroke-width="2"/></g>'
        )
    return f"{shape}><title>{gem.colour}</title></circle>"


def _legend(state: State, top: float) -> Iterator[str]:
    x = MARGIN
    y = top + 4
    for seat, name in enumerate(state.teams):
        shade = team_shade(state.teams, seat)
        y += LINE
        yield f'<rect x="{x:.1f}" y="{y - 13:.1f}" width="16" height="16" fill="{shade}"/>'
        tile_x = x + 44
        for tile in state.hands[seat]:
            yield from _small_tile(tile_x, y - 5, tile)
            tile_x += 34
        marker = "\u25b6 " if not state.is_over and seat == state.seat else ""
        points, count = state.points[seat], state.gem_counts[seat]
        text = f"{marker}{name}: {counted(points, 'point')}, {counted(count, 'gem')}"
        yield (
            f'<text x="{x + 44 + 34 * HAND_ROOM:.1f}" y="{y:.1f}" font-size="15" fill="#222">'
            f"{xml_text(text)}</text>"
        )
    y += LINE
    key = [("amber", "amber 1"), ("emerald", "emerald 2"), ("sapphire", "sapphire 3")]
    for index, (colour, words) in enumerate(key):
        gx = x + 8 + index * 120
        shade = GEM_SHADES[colour]
        yield f'<circle cx="{gx:.1f}" cy="{y - 5:.1f}" r="7" fill="{shade}" stroke="#222"/>'
        yield f'<text x="{gx + 14:.1f}" y="{y:.1f}" font-size="14" fill="#444">{words}</text>'
    yield (
        f'<text x="{x + 380:.1f}" y="{y:.1f}" font-size="14" fill="#444">'
        f"{counted(len(state.deck), 'tile')} in the deck</text>"
    )
    y += LINE
    yield (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="16" font-weight="bold"'
        f' fill="#222">{xml_text(state.result_text)}</text>'
    )


def _small_tile(x: float, y: float, paths: str) -> Iterator[str]:
    radius = 16.0
    yield f'<polygon points="{_hexagon(x, y, radius)}" fill="#e9e2cf" stroke="#9a927e"/>'
    for i in range(0, 6, 2):
        a, b = (_point(x, y, ANGLES[e], radius * math.sqrt(3) / 2) for e in paths[i : i + 2])
        yield (
            f'<path d="M{a[0]:.1f} {a[1]:.1f}Q{x:.1f} {y:.1f} {b[0]:.1f} {b[1]:.1f}"'
            ' fill="none" stroke="#4b6f8f" stroke-width="2.5"/>'
        )


def marks(state: State) -> tuple[str, ...]:
    """The hex the last tile went to (the viewer lights it)."""
    last = state.history[-1] if state.history else None
    return () if last is None else (data_at(last.row, last.column),)
