"""Atlantis positions as SVG pictures: fields, segments, stacks, and the last turn's moves.

`render(state)` draws every field as a hexagon laid out as the seed draws the board
(a1 at the bottom, letters rising to the right, numbers to the left), segment borders
thick, open fields light, growing fields tinted in their player's colour with the count
in brackets, dead fields dark and crossed; stacks as a disc in the player's colour with
the count; and the moves of the turn being played (or, at a turn's end, of the turn just
played) as arrows that stop at the stacks' edges, under the counts. Below the board, a
legend of the players' colours and the caption, wrapped to the picture's width.

Player colours come from a colour-blind-safe palette (Okabe and Ito's): a transcript's
colour name is drawn as the palette's shade of that hue (`red` as vermilion, `blue` as
its blue), an unknown name as given, and a player with none takes the next free shade.
SVG 1.1 with a viewBox, a title and a description; the same state gives the same bytes.
No I/O; boards too scattered to draw are refused (NotationError).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from meeple.atlantis.model import EndTurn, Move, field_name
from meeple.atlantis.rules import DEAD, GROWING, State
from meeple.errors import NotationError
from meeple.hexgrid import DIRECTIONS, Hex
from meeple.pictures import xml_text

RADIUS = 22.0
MARGIN = 20.0
# Okabe and Ito's colour-blind-safe palette, and the hues a transcript may name.
PALETTE = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
SHADES = {
    **dict.fromkeys(("red", "crimson", "darkred", "firebrick", "tomato"), "#D55E00"),
    **dict.fromkeys(("blue", "royalblue", "navy", "darkblue", "mediumblue"), "#0072B2"),
    **dict.fromkeys(("green", "seagreen", "darkgreen", "forestgreen", "teal"), "#009E73"),
    **dict.fromkeys(("orange", "darkorange", "yellow", "gold", "goldenrod"), "#E69F00"),
    **dict.fromkeys(("purple", "magenta", "violet", "pink", "fuchsia", "orchid"), "#CC79A7"),
    **dict.fromkeys(("cyan", "skyblue", "lightblue", "deepskyblue", "aqua"), "#56B4E9"),
}
MAX_SPAN = 400  # fields across; a board scattered wider is refused
SCALE = 1.5  # the drawn size over the viewBox's, so a standalone picture's labels read
STACK = 11.0  # a stack's disc radius
CAPTION = 7.0  # roughly the width of one caption character


def _centre(hex_: Hex) -> tuple[float, float]:
    """Flat-topped hexes: x - y across, x + y upward (y grows downward in SVG)."""
    return (hex_.x - hex_.y) * 1.5 * RADIUS, -(hex_.x + hex_.y) * math.sqrt(3) / 2 * RADIUS


def _corners(x: float, y: float) -> list[tuple[float, float]]:
    return [
        (x + RADIUS * math.cos(math.radians(60 * k)), y + RADIUS * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def _side_steps() -> tuple[tuple[int, int], ...]:
    """For each side k (corner k to corner k+1), the step to the field across it."""
    steps = []
    corners = _corners(0.0, 0.0)
    for k in range(6):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 6]
        across = (ax + bx, ay + by)  # the centre beyond that side: twice the side's middle
        for dx, dy in DIRECTIONS:
            cx, cy = _centre(Hex(dx, dy))
            if abs(cx - across[0]) < 1e-6 and abs(cy - across[1]) < 1e-6:
                steps.append((dx, dy))
    assert len(steps) == 6
    return tuple(steps)


SIDE_STEPS = _side_steps()
CORNERS = _corners(0.0, 0.0)


def colours(state: State) -> list[str]:
    """Each player's colour as drawn: the palette's shade of the transcript's colour,
    the name as given where it is no hue the palette knows, or the next free shade."""
    given = [p.color for p in state.origin.players] if state.origin else []
    named = [given[i] if i < len(given) else None for i in range(len(state.players))]
    drawn = [SHADES.get(name.strip().lower(), name) if name else None for name in named]
    free = [shade for shade in PALETTE if shade not in drawn]
    found = []
    for i, colour in enumerate(drawn):
        found.append(colour or (free.pop(0) if free else PALETTE[i % len(PALETTE)]))
    return found


def _wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _last_turn(state: State) -> list[Move]:
    """The moves of the turn under way, or of the turn just ended."""
    history = list(state.history)
    if history and isinstance(history[-1], EndTurn):
        history.pop()
    moves: list[Move] = []
    for move in reversed(history):
        if isinstance(move, EndTurn):
            break
        moves.append(move)
    return moves[::-1]


def render(state: State) -> str:
    """The position as an SVG picture (see the module's description)."""
    if not state.fields:
        raise NotationError("a board without fields has nothing to draw")
    centres = {hex_: _centre(hex_) for hex_ in state.fields}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    across, upward = (max(xs) - min(xs)) / (1.5 * RADIUS), (max(ys) - min(ys)) / RADIUS
    if across > MAX_SPAN or upward > MAX_SPAN:
        raise NotationError(f"the fields are spread over more than {MAX_SPAN} fields to draw")
    left, top = min(xs) - RADIUS - MARGIN, min(ys) - RADIUS - MARGIN
    width = max(xs) - min(xs) + 2 * (RADIUS + MARGIN)
    text = state.result_text
    caption = _wrapped(text, max(20, int((width - 20) / CAPTION)))
    board_bottom = max(ys) - min(ys) + 2 * RADIUS + MARGIN
    height = board_bottom + 24 + 18 * len(caption) + 8

    def point(x: float, y: float) -> str:
        return f"{x - left:.1f},{y - top:.1f}"

    palette = colours(state)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {width:.0f} {height:.0f}"'
        f' width="{width * SCALE:.0f}" height="{height * SCALE:.0f}"'
        ' font-family="sans-serif" font-size="12">',
        f"<title>Atlantis after {state.turns} turns</title>",
        f"<desc>{xml_text(f'{len(state.fields)} fields. {text}')}</desc>",
        '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6"'
        ' markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"'
        ' fill="#222"/></marker></defs>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fbfaf6"/>',
    ]
    fields = sorted(state.fields.items())
    for hex_, here in fields:
        x, y = centres[hex_]
        corners = [(x + cx, y + cy) for cx, cy in CORNERS]
        fill = "#f3efe4"
        if here.state == DEAD:
            fill = "#5a5550"
        elif here.state == GROWING and here.owner is not None:
            fill = palette[here.owner]
        opacity = ' fill-opacity="0.35"' if here.state == GROWING else ""
        points = " ".join(point(*c) for c in corners)
        parts.append(
            f'<polygon points="{points}" fill="{xml_text(fill)}"{opacity} stroke="#c9bfa8"'
            f' data-at="{field_name(hex_)}"/>'
        )
    parts += _segment_borders(state, centres, point)
    stacked = {hex_ for hex_, here in fields if here.stones and here.state != GROWING}
    for move in _last_turn(state):
        # From the edge of one stack to the edge of the other: the counts stay readable.
        (ax, ay), (bx, by) = centres[move.source], centres[move.target]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        start = STACK + 1 if move.source in stacked else 0.0
        end = STACK + 2 if move.target in stacked else 0.0
        parts.append(
            f'<polyline points="{point(ax + ux * start, ay + uy * start)}'
            f' {point(bx - ux * end, by - uy * end)}" stroke="#222"'
            ' stroke-width="2.5" marker-end="url(#head)"/>'
        )
    for hex_, here in fields:
        x, y = centres[hex_]
        if here.state == DEAD:
            parts.append(
                f'<path d="M {point(x - 7, y - 7)} L {point(x + 7, y + 7)} M {point(x - 7, y + 7)}'
                f' L {point(x + 7, y - 7)}" stroke="#ddd" stroke-width="2"/>'
            )
        elif here.owner is not None and here.stones:
            label = f"({here.stones})" if here.state == GROWING else str(here.stones)
            if here.state != GROWING:
                parts.append(
                    f'<circle cx="{x - left:.1f}" cy="{y - top:.1f}" r="{STACK:g}"'
                    f' fill="{xml_text(palette[here.owner])}" stroke="#fff" stroke-width="1.5"/>'
                )
            colour = "#111" if here.state == GROWING else "#fff"
            parts.append(
                f'<text x="{x - left:.1f}" y="{y - top + 4:.1f}" text-anchor="middle"'
                f' fill="{colour}" font-weight="bold">{label}</text>'
            )
        else:
            parts.append(
                f'<text x="{x - left:.1f}" y="{y - top + 4:.1f}" text-anchor="middle"'
                f' fill="#a89f8a" font-size="9">{field_name(hex_)}</text>'
            )
    parts += _legend(state, palette, width, board_bottom + 14)
    for number, line in enumerate(caption):
        y = board_bottom + 24 + 18 * number + 13
        parts.append(
            f'<text x="{width / 2:.0f}" y="{y:.0f}" text-anchor="middle" font-size="13"'
            f' fill="#222">{xml_text(line)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _segment_borders(
    state: State,
    centres: dict[Hex, tuple[float, float]],
    point: Callable[[float, float], str],
) -> list[str]:
    """Thick lines on every side whose neighbour lies in another segment (or off the
    board), drawn over all the fields so no later field covers half of one."""
    segment = state.board.segment_of
    parts = []
    for hex_ in sorted(state.fields):
        x, y = centres[hex_]
        mine = segment.get(hex_, -2)
        for k, (dx, dy) in enumerate(SIDE_STEPS):
            beyond = Hex(hex_.x + dx, hex_.y + dy)
            if beyond in state.fields and segment.get(beyond, -1) == mine:
                continue
            (ax, ay), (bx, by) = CORNERS[k], CORNERS[(k + 1) % 6]
            parts.append(
                f'<polyline points="{point(x + ax, y + ay)} {point(x + bx, y + by)}"'
                ' stroke="#6b5a3a" stroke-width="3"/>'
            )
    return parts


def _legend(state: State, palette: list[str], width: float, y: float) -> list[str]:
    """A swatch and a name for each player, in moving order, centred under the board."""
    names = [state.player_name(n) for n in range(1, state.player_count + 1)]
    widths = [26 + CAPTION * len(name) for name in names]
    x = max(10.0, (width - sum(widths)) / 2)
    parts = []
    for name, colour, step in zip(names, palette, widths, strict=True):
        parts.append(
            f'<circle cx="{x + 7:.1f}" cy="{y:.1f}" r="7" fill="{xml_text(colour)}"/>'
            f'<text x="{x + 18:.1f}" y="{y + 4:.1f}" fill="#222">{xml_text(name)}</text>'
        )
        x += step
    return parts


def marks(state: State) -> tuple[str, ...]:
    """The fields the last move left and reached; at a turn's end, the whole turn's."""
    last = state.history[-1] if state.history else None
    moves = _last_turn(state) if isinstance(last, EndTurn) else [last]
    return tuple(
        field_name(hex_)
        for move in moves
        if isinstance(move, Move)
        for hex_ in (move.source, move.target)
    )
