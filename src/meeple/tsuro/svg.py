"""Tsuro as SVG: the 6x6 board numbered as the QGN details number it, each tile's four
paths drawn as curves between its notches (the paths tokens have travelled in their
teams' colours), the tokens, the square the team to move must place on, that team's
hand, a legend and the result.

Pure functions to text; no I/O. Each square carries a `data-at` key (`row,column`) so
the viewer can light the square a placement took.
"""

from __future__ import annotations

from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at, finished, label
from meeple.tsuro.model import NOTCHES, SIZE, path_pairs
from meeple.tsuro.rules import State
from meeple.words import counted

CELL = 84
MARGIN = 34
HAND_CELL = 64
LEGEND_ROW = 24
PER_ROW = 4

# Where each notch sits on a unit square (x, y), and the way into the tile from it.
_SPOT = {"A": (1 / 3, 0.0), "B": (2 / 3, 0.0), "C": (1.0, 1 / 3), "D": (1.0, 2 / 3),
         "E": (2 / 3, 1.0), "F": (1 / 3, 1.0), "G": (0.0, 2 / 3), "H": (0.0, 1 / 3)}  # fmt: skip
_INWARD = {"A": (0, 1), "B": (0, 1), "C": (-1, 0), "D": (-1, 0),
           "E": (0, -1), "F": (0, -1), "G": (1, 0), "H": (1, 0)}  # fmt: skip


def render(state: State) -> str:
    side = SIZE * CELL
    width = side + 2 * MARGIN
    hand_top = MARGIN + side + 40
    legend_top = hand_top + HAND_CELL + 44
    legend_rows = -(-len(state.teams) // PER_ROW)
    height = legend_top + legend_rows * LEGEND_ROW + 34
    title = xml_text(f"tsuro ({state.variant}): {state.result_text}")
    parts = [
        *canvas(width, height, title),
        f'<rect x="{MARGIN - 3}" y="{MARGIN - 3}" width="{side + 6}" height="{side + 6}"'
        ' fill="#3b3a36" rx="4"/>',
    ]
    for index in range(SIZE):
        middle = MARGIN + index * CELL + CELL // 2
        parts.append(label(middle, MARGIN - 10, str(index)))  # columns, above
        parts.append(label(MARGIN - 16, middle + 5, str(index)))  # rows, at the left
    target = None if state.is_over else state.target(state.seat)
    for row in range(SIZE):
        for column in range(SIZE):
            x, y = MARGIN + column * CELL, MARGIN + row * CELL
            laid = state.at(row, column)
            fill = "#efe6d2" if laid else "#d9d6cc"
            parts.append(
                f'<rect data-at="{data_at(row, column)}" x="{x}" y="{y}" width="{CELL}"'
                f' height="{CELL}" fill="{fill}" stroke="#8a8678" stroke-width="1"/>'
            )
            if laid is not None:
                owners = dict(laid.trails)
                parts.extend(_paths(laid.paths, x, y, CELL, owners, state))
            if target == (row, column):
                shade = team_shade(state.teams, state.seat)
                parts.append(
                    f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}"'
                    f' fill="none" stroke="{shade}" stroke-width="3" stroke-dasharray="8 5"/>'
                )
    for team, token in enumerate(state.tokens):
        spot_x, spot_y = _SPOT[token.notch]
        token_x = MARGIN + (token.column + spot_x) * CELL
        token_y = MARGIN + (token.row + spot_y) * CELL
        parts.append(_token(state, team, token_x, token_y))
    parts.extend(_hand(state, hand_top, width))
    for team, name in enumerate(state.teams):
        x = MARGIN + 6 + (team % PER_ROW) * (side // PER_ROW)
        y = legend_top + (team // PER_ROW) * LEGEND_ROW
        caption = name if state.alive[team] else f"{name} (out)"
        if state.variant in ("longest_path", "most_crossings"):
            caption += f" {state.points[team]}"
        parts.append(_token(state, team, x + 7, y - 5))
        parts.append(
            f'<text x="{x + 20}" y="{y}" font-size="14" fill="#222">{xml_text(caption)}</text>'
        )
    return finished(parts, state.result_text, width // 2, height - 14)


def _point(notch: str, x: float, y: float, size: float) -> tuple[float, float]:
    spot_x, spot_y = _SPOT[notch]
    return (x + spot_x * size, y + spot_y * size)


def _curve(pair: str, x: float, y: float, size: float) -> str:
    """A path of a tile from one notch to the other, leaving each square to its edge."""
    one, other = pair[0], pair[1]
    x1, y1 = _point(one, x, y, size)
    x2, y2 = _point(other, x, y, size)
    reach = size * 0.38
    c1 = (x1 + _INWARD[one][0] * reach, y1 + _INWARD[one][1] * reach)
    c2 = (x2 + _INWARD[other][0] * reach, y2 + _INWARD[other][1] * reach)
    return f"M{x1:.1f} {y1:.1f}C{c1[0]:.1f} {c1[1]:.1f} {c2[0]:.1f} {c2[1]:.1f} {x2:.1f} {y2:.1f}"


def _paths(
    paths: str, x: float, y: float, size: float, owners: dict[str, int], state: State
) -> list[str]:
    """The tile's paths: untravelled ones pale under a white casing, travelled ones in
    the colour of the team that travelled them."""
    drawn: list[str] = []
    travelled: list[tuple[str, int]] = []
    width = max(2.0, size / 28)
    for pair in path_pairs(paths):
        owner = owners.get(pair, owners.get(pair[::-1]))
        if owner is not None:
            travelled.append((pair, owner))
            continue
        curve = _curve(pair, x, y, size)
        drawn.append(
            f'<path d="{curve}" fill="none" stroke="#fffdf6" stroke-width="{width * 2.4:.1f}"/>'
        )
        drawn.append(f'<path d="{curve}" fill="none" stroke="#9b9282" stroke-width="{width:.1f}"/>')
    for pair, owner in travelled:
        curve = _curve(pair, x, y, size)
        shade = team_shade(state.teams, owner)
        drawn.append(
            f'<path d="{curve}" fill="none" stroke="#fffdf6" stroke-width="{width * 2.8:.1f}"/>'
        )
        drawn.append(
            f'<path d="{curve}" fill="none" stroke="{shade}" stroke-width="{width * 1.7:.1f}"'
            ' stroke-linecap="round"/>'
        )
    return drawn


def _token(state: State, team: int, x: float, y: float) -> str:
    shade = team_shade(state.teams, team)
    if state.alive[team]:
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{shade}" stroke="#111"'
            ' stroke-width="2"/>'
        )
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fbfaf7" stroke="{shade}"'
        ' stroke-width="3" stroke-dasharray="3 2"/>'
    )


def _hand(state: State, top: int, width: int) -> list[str]:
    """The hand of the team to move (in open_tiles, the hand every team shares)."""
    if state.is_over:
        return []
    team = state.seat
    hand = state.hands[team]
    name = xml_text(state.teams[team])
    parts = [
        f'<text x="{MARGIN}" y="{top - 18}" font-size="14" fill="#222">{name}\'s hand'
        f" ({counted(len(state.deck), 'tile')} in the deck)</text>"
    ]
    for index, tile in enumerate(hand):
        x = MARGIN + index * (HAND_CELL + 110)
        parts.append(
            f'<rect x="{x}" y="{top}" width="{HAND_CELL}" height="{HAND_CELL}"'
            ' fill="#efe6d2" stroke="#3b3a36" stroke-width="2"/>'
        )
        parts.extend(_paths(tile, x, top, HAND_CELL, {}, state))
        for notch in NOTCHES:
            nx, ny = _point(notch, x, top, HAND_CELL)
            nx += (-_INWARD[notch][0]) * 7
            ny += (-_INWARD[notch][1]) * 7 + 3
            parts.append(
                f'<text x="{nx:.1f}" y="{ny:.1f}" font-size="8" text-anchor="middle"'
                f' fill="#777">{notch}</text>'
            )
        parts.append(
            f'<text x="{x + HAND_CELL + 8}" y="{top + HAND_CELL // 2 + 5}" font-size="13"'
            f' font-family="monospace" fill="#222">{tile}</text>'
        )
    return parts


def marks(state: State) -> tuple[str, ...]:
    """The square the last tile was laid on (the viewer lights it)."""
    last = state.history[-1] if state.history else None
    return () if last is None else (data_at(last.row, last.column),)
