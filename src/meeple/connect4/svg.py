"""Connect Four as SVG: the grid's holes and the disks in their teams' colours, column
numbers (the QGN detail) above and below, row numbers at the left, the winning four
struck through, and a legend with the result.

Pure functions to text; no I/O. Each hole carries a `data-at` key (`row,column`, row 0
the top as quibbble numbers it) so the viewer can light the cell a disk landed in.
"""

from __future__ import annotations

from meeple.connect4.model import COLUMNS, ROWS
from meeple.connect4.rules import State
from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at, finished, label

CELL = 56
MARGIN = 34
LEGEND = 70
FRAME = "#c7d0dc"
HOLE = "#ffffff"


def render(state: State) -> str:
    grid_w, grid_h = COLUMNS * CELL, ROWS * CELL
    width, height = grid_w + 2 * MARGIN, grid_h + 2 * MARGIN + LEGEND
    title = xml_text(f"connect4: {state.result_text}")
    parts = [
        *canvas(width, height, title),
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{grid_w}" height="{grid_h}" rx="10"'
        f' fill="{FRAME}" stroke="#6b7785" stroke-width="2"/>',
    ]
    for column in range(COLUMNS):
        middle = MARGIN + column * CELL + CELL // 2
        parts.append(label(middle, MARGIN - 11, str(column)))  # above
        parts.append(label(middle, MARGIN + grid_h + 22, str(column)))  # below
    for row in range(ROWS):
        parts.append(label(MARGIN - 15, MARGIN + row * CELL + CELL // 2 + 5, str(row)))
    radius = CELL // 2 - 6
    for row in range(ROWS):
        for column in range(COLUMNS):
            x, y = _centre(row, column)
            team = state.at(row, column)
            fill = HOLE if team is None else team_shade(state.teams, team)
            stroke = "#8d98a6" if team is None else "#222"
            parts.append(
                f'<circle data-at="{data_at(row, column)}" cx="{x}" cy="{y}" r="{radius}"'
                f' fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
            )
    line = state.winning_line() if state.status == "won" else ()
    if line:
        (x1, y1), (x2, y2) = _centre(*line[0]), _centre(*line[-1])
        parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#111" stroke-width="6"'
            ' stroke-linecap="round" opacity="0.75"/>'
        )
    y = MARGIN + grid_h + 50
    step = grid_w // max(len(state.teams), 2)
    for seat, name in enumerate(state.teams):
        x = MARGIN + 14 + seat * step
        parts.append(
            f'<circle cx="{x}" cy="{y - 5}" r="8" fill="{team_shade(state.teams, seat)}"'
            ' stroke="#222" stroke-width="1.5"/>'
        )
        parts.append(
            f'<text x="{x + 16}" y="{y}" font-size="15" fill="#222">{xml_text(name)}</text>'
        )
    return finished(parts, state.result_text, width // 2, y + 26)


def _centre(row: int, column: int) -> tuple[int, int]:
    return MARGIN + column * CELL + CELL // 2, MARGIN + row * CELL + CELL // 2


def marks(state: State) -> tuple[str, ...]:
    """The cell the last disk landed in (the viewer lights it)."""
    if not state.history:
        return ()
    column = state.history[-1].column
    row = next(r for r in range(ROWS) if state.at(r, column) is not None)
    return (data_at(row, column),)
