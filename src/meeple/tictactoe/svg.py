"""Tic-tac-toe as SVG: the board with row and column numbers, the marks in their teams'
colours (a cross for the first team, a ring for the second), and a legend.

Pure functions to text; no I/O. Each square carries a `data-at` key (`row,column`) so
the viewer can light the square a move marked.
"""

from __future__ import annotations

from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at, finished, label
from meeple.tictactoe.model import SIZE
from meeple.tictactoe.rules import State

CELL = 80
MARGIN = 32
LEGEND = 64


def render(state: State) -> str:
    side = SIZE * CELL
    width, height = side + 2 * MARGIN, side + MARGIN + LEGEND + 8
    title = xml_text(f"tic-tac-toe: {state.result_text}")
    parts = canvas(width, height, title)
    for index in range(SIZE):
        middle = MARGIN + index * CELL + CELL // 2
        parts.append(label(middle, MARGIN - 10, str(index)))  # columns, above
        parts.append(label(MARGIN - 14, middle + 5, str(index)))  # rows, at the left
    for row in range(SIZE):
        for column in range(SIZE):
            x, y = MARGIN + column * CELL, MARGIN + row * CELL
            parts.append(
                f'<rect data-at="{data_at(row, column)}" x="{x}" y="{y}" width="{CELL}"'
                f' height="{CELL}" fill="#ffffff" stroke="#444" stroke-width="2"/>'
            )
            team = state.at(row, column)
            if team is not None:
                parts.append(_mark(team, x + CELL // 2, y + CELL // 2, state))
    line = state.winning_line()
    if line is not None:
        (x1, y1), (x2, y2) = (_centre(line[0]), _centre(line[2]))
        shade = team_shade(state.teams, state.winner_seats[0])
        parts.append(
            f'<line class="winning-line" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
            f' stroke="{shade}" stroke-width="10" stroke-linecap="round" opacity="0.45"/>'
        )
    y = MARGIN + side + 28
    for seat, name in enumerate(state.teams):
        x = MARGIN + 12 + seat * (side // 2)
        parts.append(_mark(seat, x, y - 5, state, scale=0.3))
        parts.append(
            f'<text x="{x + 18}" y="{y}" font-size="15" fill="#222">{xml_text(name)}</text>'
        )
    return finished(parts, state.result_text, width // 2, y + 26)


def _centre(index: int) -> tuple[int, int]:
    row, column = divmod(index, SIZE)
    return MARGIN + column * CELL + CELL // 2, MARGIN + row * CELL + CELL // 2


def _mark(team: int, x: int, y: int, state: State, scale: float = 1.0) -> str:
    shade = team_shade(state.teams, team)
    reach = round(24 * scale, 1)
    stroke = round(max(2.5, 9 * scale), 1)
    if team == 0:
        return (
            f'<path d="M{x - reach} {y - reach}L{x + reach} {y + reach}'
            f'M{x + reach} {y - reach}L{x - reach} {y + reach}" stroke="{shade}"'
            f' stroke-width="{stroke}" stroke-linecap="round"/>'
        )
    return (
        f'<circle cx="{x}" cy="{y}" r="{reach}" fill="none" stroke="{shade}"'
        f' stroke-width="{stroke}"/>'
    )


def marks(state: State) -> tuple[str, ...]:
    """The square the last mark took (the viewer lights it)."""
    last = state.history[-1] if state.history else None
    return () if last is None else (data_at(last.row, last.column),)
