"""Stratego as SVG: the board with row and column numbers as the QGN details number
them, the lakes, each unit as a tile in its team's colour with its rank (the boxed
game's numbers, F the flag, B a bomb, S the spy), the squares the last action left and
reached lit, and a legend with the last battle and the result.

Every rank is shown, the enemy's too: the record holds them all. Pure functions to
text; no I/O. Each square carries a `data-at` key (`row,column`) so the viewer can light
the squares an action left and reached.
"""

from __future__ import annotations

from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at, finished, label
from meeple.stratego.ascii import battle_text
from meeple.stratego.model import RANKS, SYMBOLS, Unit
from meeple.stratego.rules import State

CELL = 48
MARGIN = 34
LEGEND = 124
LAKE = "#7fb8d8"


def render(state: State) -> str:
    size = state.size
    board_w = size * CELL
    width = max(MARGIN * 2 + board_w, 560)
    left = (width - board_w) // 2
    top = MARGIN
    height = top + board_w + LEGEND
    title = xml_text(f"stratego: {state.result_text}")
    parts = canvas(width, height, title)
    for index in range(size):
        middle = index * CELL + CELL // 2
        parts.append(label(left + middle, top - 10, str(index), 13))  # columns, above
        parts.append(label(left - 16, top + middle + 5, str(index), 13))  # rows, at the left
    last = state.history[-1] if state.history else None
    lit = set() if last is None else {last.start, last.end}
    for row in range(size):
        for column in range(size):
            x, y = left + column * CELL, top + row * CELL
            if state.is_lake(row, column):
                fill = LAKE
            elif (row, column) in lit:
                fill = "#f7dc6f"
            else:
                fill = "#dcebc4" if (row + column) % 2 else "#e7f2d3"
            parts.append(
                f'<rect data-at="{data_at(row, column)}" x="{x}" y="{y}" width="{CELL}"'
                f' height="{CELL}" fill="{fill}" stroke="#6b7d5c" stroke-width="1"/>'
            )
            if state.is_lake(row, column):
                parts.append(_waves(x, y))
            unit = state.at(row, column)
            if unit is not None:
                parts.append(_unit(unit, x, y, team_shade(state.teams, unit.team)))
    y = top + board_w + 24
    for seat, name in enumerate(state.teams):
        x = left + seat * (board_w // 2)
        shade = team_shade(state.teams, seat)
        parts.append(
            f'<rect x="{x}" y="{y - 13}" width="16" height="16" rx="3" fill="{shade}"/>'
            f'<text x="{x + 22}" y="{y}" font-size="14" fill="#222">{xml_text(name)}</text>'
        )
    half = len(RANKS) // 2
    for line, ranks in enumerate((RANKS[:half], RANKS[half:])):
        words = ", ".join(f"{SYMBOLS[rank]} {rank}" for rank in ranks)
        words += ";" if line == 0 else "; every rank shown"
        parts.append(
            f'<text x="{width // 2}" y="{y + 22 + 15 * line}" font-size="11.5"'
            f' text-anchor="middle" fill="#555">{xml_text(words)}</text>'
        )
    if state.battle is not None:
        parts.append(
            f'<text x="{width // 2}" y="{y + 60}" font-size="12" text-anchor="middle"'
            f' fill="#333">{xml_text(battle_text(state, state.battle))}</text>'
        )
    return finished(parts, state.result_text, width // 2, y + 84)


def _waves(x: int, y: int) -> str:
    """Two ripples drawn on a lake."""
    paths = []
    for dy in (18, 32):
        paths.append(
            f'<path d="M{x + 8} {y + dy}q5 -5 10 0t10 0t10 0" fill="none" stroke="#ffffff"'
            ' stroke-width="1.5" opacity="0.8"/>'
        )
    return "".join(paths)


def _unit(unit: Unit, x: int, y: int, shade: str) -> str:
    """A unit: a tile in its team's colour with its rank's mark."""
    symbol = unit.symbol
    size = 19 if len(symbol) == 1 else 16
    return (
        f'<g data-unit="{unit.rank}"><rect x="{x + 5}" y="{y + 5}" width="{CELL - 10}"'
        f' height="{CELL - 10}" rx="6" fill="{shade}" stroke="#222" stroke-width="1.2"/>'
        f'<text x="{x + CELL // 2}" y="{y + CELL // 2 + size // 3 + 1}" font-size="{size}"'
        f' font-weight="bold" text-anchor="middle" fill="#ffffff">{symbol}</text></g>'
    )


def marks(state: State) -> tuple[str, ...]:
    """The squares the last action left and reached (the viewer lights them)."""
    if not state.history:
        return ()
    last = state.history[-1]
    return (data_at(*last.start), data_at(*last.end))
