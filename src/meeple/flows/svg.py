"""Flows positions as SVG pictures: the 37-hex board, every tile's paths, the flows on them.

`render(state)` draws the hexes, each placed tile's three paths as curves through its
centre (grey where no flow runs; in each player's colour where theirs does, several
players side by side), the players' home edges as thick lines in their colour and their
targets as dashed ones, a legend of who is which colour, the last placement outlined,
and the result underneath. The
picture is a string (SVG 1.1, a viewBox, a title and a description, no fonts or images
from elsewhere) and the same state always gives the same bytes. No I/O.
"""

from __future__ import annotations

import math

from meeple.flows.board import (
    CELL_INDEX,
    CELLS,
    CENTRE,
    EDGE_NAMES,
    SLOT_EDGE,
    label_of_hex,
    side_step,
)
from meeple.flows.rules import State
from meeple.hexgrid import Hex
from meeple.pictures import xml_text
from meeple.words import counted

RADIUS = 30.0  # px from a hex's centre to its corners
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf")
# The direction (degrees, y up) from a hex's centre to the middle of each of its sides,
# in the seed's side order SW, W, NW, NE, E, SE.
SIDE_ANGLES = (240.0, 180.0, 120.0, 60.0, 0.0, 300.0)
MARGIN = 24.0
RESULT_HEIGHT = 28.0


def _centres() -> dict[Hex, tuple[float, float]]:
    """Pixel centres (y up) of every hex: each neighbour lies across the side between them."""
    step = RADIUS * math.sqrt(3)
    found = {CENTRE: (0.0, 0.0)}
    todo = [CENTRE]
    while todo:
        hex_ = todo.pop()
        x, y = found[hex_]
        for side, angle in enumerate(SIDE_ANGLES):
            there = side_step(hex_, side)
            if there in CELL_INDEX and there not in found:
                radians = math.radians(angle)
                found[there] = (x + step * math.cos(radians), y + step * math.sin(radians))
                todo.append(there)
    return found


CENTRES = _centres()
_LEFT = min(x for x, _ in CENTRES.values()) - RADIUS - MARGIN
_TOP = max(y for _, y in CENTRES.values()) + RADIUS + MARGIN
WIDTH = 2 * (-_LEFT)
HEIGHT = 2 * _TOP + RESULT_HEIGHT


def _point(x: float, y: float) -> str:
    """A board point (y up) in picture coordinates (y down), rounded for stable output."""
    return f"{x - _LEFT:.1f},{_TOP - y:.1f}"


def _corner(hex_: Hex, k: int) -> tuple[float, float]:
    x, y = CENTRES[hex_]
    angle = math.radians(30 + 60 * k)
    return x + RADIUS * math.cos(angle), y + RADIUS * math.sin(angle)


def _side_end(hex_: Hex, side: int, inset: float = 1.0) -> tuple[float, float]:
    """The middle of a side (or a point toward it, `inset` of the way from the centre)."""
    x, y = CENTRES[hex_]
    distance = RADIUS * math.sqrt(3) / 2 * inset
    angle = math.radians(SIDE_ANGLES[side])
    return x + distance * math.cos(angle), y + distance * math.sin(angle)


def _side_corners(hex_: Hex, side: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of a side: the corners at angle +-30 degrees of its middle."""
    middle = SIDE_ANGLES[side]
    k = round((middle - 30) / 60) % 6
    return _corner(hex_, k), _corner(hex_, (k + 1) % 6)


def data_at(hex_: Hex) -> str:
    """A hex's `data-at` key in the picture (the viewer highlights a move's hex by it)."""
    return f"{hex_.x},{hex_.y}"


def _hexagon(hex_: Hex, **attributes: str) -> str:
    points = " ".join(_point(*_corner(hex_, k)) for k in range(6))
    extra = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in attributes.items())
    return f'<polygon points="{points}"{extra}/>'


def _path(hex_: Hex, a: int, b: int, colour: str, width: float, offset: float) -> str:
    """A curve from side `a` to side `b` through the hex's centre, shifted by `offset` px."""
    (ax, ay), (bx, by) = _side_end(hex_, a), _side_end(hex_, b)
    cx, cy = CENTRES[hex_]
    if offset:
        # Shift sideways (perpendicular to the chord) so several flows sit side by side.
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * offset, dx / length * offset
        ax, ay, bx, by, cx, cy = ax + nx, ay + ny, bx + nx, by + ny, cx + nx, cy + ny
    return (
        f'<path d="M {_point(ax, ay)} Q {_point(cx, cy)} {_point(bx, by)}" fill="none"'
        f' stroke="{colour}" stroke-width="{width:.1f}" stroke-linecap="round"/>'
    )


def _edges(state: State) -> list[str]:
    """Home edges as thick lines, target edges dashed, in each player's colour."""
    parts = []
    for player in range(1, state.player_count + 1):
        colour = COLOURS[player - 1]
        dashed = ' stroke-dasharray="6 4"'
        for edge, dash in ((state.home_edge(player), ""), (state.target_edge(player), dashed)):
            for cell, hex_ in enumerate(CELLS):
                for side in range(6):
                    if SLOT_EDGE[cell][side] == edge:
                        start, end = _side_corners(hex_, side)
                        parts.append(
                            f'<polyline points="{_point(*start)} {_point(*end)}"'
                            f' stroke="{colour}" stroke-width="5"{dash}/>'
                        )
    return parts


def _legend(state: State) -> list[str]:
    """Who is which colour, in the board's empty top-left corner: `P1 bottom`, ..."""
    parts = []
    for player in range(1, state.player_count + 1):
        y = 16 + 16 * (player - 1)
        parts.append(
            f'<rect x="8" y="{y - 9}" width="10" height="10" fill="{COLOURS[player - 1]}"/>'
            f'<text x="22" y="{y}" font-size="11" fill="#222">'
            f"P{player} {EDGE_NAMES[state.home_edge(player)]}</text>"
        )
    return parts


def _labels(players: int, shown: int) -> list[str]:
    """Every hex's label in each player's frame, small, near the hex's top corner (clear
    of the paths, which all run through the centre), one group a player with its caption:
    only player `shown`'s is displayed; a viewer may show another (`data-frame`)."""
    parts = []
    for frame in range(1, players + 1):
        hidden = "" if frame == shown else ' display="none"'
        parts.append(f'<g data-frame="P{frame}"{hidden}>')
        for hex_ in CELLS:
            x, y = CENTRES[hex_]
            parts.append(
                f'<text x="{x - _LEFT:.1f}" y="{_TOP - y - RADIUS * 0.52:.1f}"'
                f' text-anchor="middle" font-size="9" fill="#8a7f6a">'
                f"{label_of_hex(frame, hex_)}</text>"
            )
        parts.append(
            f'<text x="{WIDTH - 8:.0f}" y="16" text-anchor="end" font-size="11"'
            f' fill="#8a7f6a">hexes as P{frame} writes them</text>'
        )
        parts.append("</g>")
    return parts


def render(state: State, frame: int | None = None) -> str:
    """The position as an SVG picture (see the module's description); the hexes labelled
    as player `frame` writes them (default: the player to move, or P1 once over)."""
    labelled = frame or state.to_move or 1
    homes = ", ".join(
        f"P{p} {EDGE_NAMES[state.home_edge(p)]} to {EDGE_NAMES[state.target_edge(p)]}"
        for p in range(1, state.player_count + 1)
    )
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" width="{WIDTH:.0f}" height="{HEIGHT:.0f}"'
        ' font-family="sans-serif" font-size="14">',
        f"<title>Flows, {state.player_count} players,"
        f" after {counted(len(state.placements), 'move')}</title>",
        f"<desc>{xml_text(homes + '. ' + state.result_text)}</desc>",
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="#fbfaf6"/>',
    ]
    parts += [
        _hexagon(hex_, fill="#efe9dc", stroke="#b9ad94", stroke_width="1", data_at=data_at(hex_))
        for hex_ in CELLS
    ]
    parts += _labels(state.player_count, labelled)
    for path in state.path_flows():
        if not path.players:
            parts.append(_path(path.hex, path.a, path.b, "#9a9a9a", 3.0, 0.0))
            continue
        count = len(path.players)
        for index, player in enumerate(path.players):
            offset = (index - (count - 1) / 2) * 4.0
            parts.append(_path(path.hex, path.a, path.b, COLOURS[player - 1], 4.0, offset))
    parts += _edges(state)
    parts += _legend(state)
    if state.placements:
        last = state.placements[-1].hex
        parts.append(_hexagon(last, fill="none", stroke="#222", stroke_width="3"))
    parts.append(
        f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 10:.0f}" text-anchor="middle"'
        f' fill="#222">{xml_text(state.result_text)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
