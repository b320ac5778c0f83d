"""Onitama as SVG: the board with row and column numbers, the temples, each team's
pawns in its colour (a crowned disc for the master, a plain one for a student), the five
cards with their step grids (each team's two on its side, the spare beside the board),
and a legend with the result. The squares the last move left and reached are lit.

Pure functions to text; no I/O. Each square carries a `data-at` key (`row,column`) so
the viewer can light the squares a move left and reached.
"""

from __future__ import annotations

from meeple.onitama.model import CARDS, SIZE, Pawn
from meeple.onitama.rules import State, temple
from meeple.pictures import xml_text
from meeple.quibbble import team_shade
from meeple.quibbble.canvas import canvas, data_at, finished, label

CELL = 64
MARGIN = 30
CARD_W = 118
CARD_H = 128
MINI = 16
LEGEND = 60


def render(state: State) -> str:
    board_w = SIZE * CELL
    gap = 24
    card_band = CARD_H + 20
    width = MARGIN + board_w + gap + CARD_W + MARGIN
    board_top = MARGIN + card_band
    height = board_top + board_w + 12 + card_band + LEGEND
    title = xml_text(f"onitama: {state.result_text}")
    parts = canvas(width, height, title)
    left = MARGIN
    for index in range(SIZE):
        middle = index * CELL + CELL // 2
        parts.append(label(left + middle, board_top - 8, str(index)))  # columns, above
        parts.append(label(left - 14, board_top + middle + 5, str(index)))  # rows
    temples = {temple(0): 0, temple(1): 1}
    last = state.history[-1] if state.history else None
    lit = (
        set()
        if last is None
        else {(last.start_row, last.start_column), (last.end_row, last.end_column)}
    )
    for row in range(SIZE):
        for column in range(SIZE):
            x, y = left + column * CELL, board_top + row * CELL
            fill = "#f1e6cf" if (row + column) % 2 else "#fffaf0"
            if (row, column) in lit:
                fill = "#f7dc6f"  # the squares the last move left and reached
            parts.append(
                f'<rect data-at="{data_at(row, column)}" x="{x}" y="{y}" width="{CELL}"'
                f' height="{CELL}" fill="{fill}" stroke="#555" stroke-width="1.5"/>'
            )
            seat = temples.get((row, column))
            if seat is not None:
                parts.append(_temple(x, y, team_shade(state.teams, seat)))
            pawn = state.at(row, column)
            if pawn is not None:
                parts.append(_pawn(pawn, x + CELL // 2, y + CELL // 2, state))
    # Each team's cards on its own side of the board; the spare beside it.
    top_cards, bottom_cards = MARGIN, board_top + board_w + 12
    for seat, y in ((0, top_cards), (1, bottom_cards)):
        shade = team_shade(state.teams, seat)
        for slot, card in enumerate(state.hands[seat]):
            parts.append(_card(card, left + slot * (CARD_W + 14), y, shade, state.teams[seat]))
    spare_x = left + board_w + gap
    spare_y = board_top + (board_w - CARD_H) // 2
    parts.append(_card(state.spare, spare_x, spare_y, "#777777", "spare"))
    y = bottom_cards + card_band + 14
    for seat, name in enumerate(state.teams):
        x = left + 12 + seat * (board_w // 2 + 20)
        parts.append(_pawn(Pawn(seat, "master"), x, y - 5, state, scale=0.35))
        row, column = temple(seat)
        parts.append(
            f'<text x="{x + 14}" y="{y}" font-size="14" fill="#222">'
            f"{xml_text(name)} (temple {row},{column})</text>"
        )
    return finished(parts, state.result_text, width // 2, y + 28)


def _temple(x: int, y: int, shade: str) -> str:
    """A temple: a gate drawn faintly in its team's colour under the pawn."""
    return (
        f'<rect x="{x + 6}" y="{y + 6}" width="{CELL - 12}" height="{CELL - 12}" fill="none"'
        f' stroke="{shade}" stroke-width="3" stroke-dasharray="6 4" opacity="0.8"/>'
    )


def _pawn(pawn: Pawn, x: int, y: int, state: State, scale: float = 1.0) -> str:
    shade = team_shade(state.teams, pawn.team)
    radius = round(20 * scale, 1) if pawn.is_master else round(15 * scale, 1)
    disc = (
        f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{shade}" stroke="#222"'
        f' stroke-width="{1.5 if scale >= 1 else 1}"/>'
    )
    if not pawn.is_master:
        return disc
    # A crown of three points marks the master.
    s = 9 * scale
    crown = (
        f'<path d="M{x - s:.1f} {y + s * 0.6:.1f}L{x - s:.1f} {y - s * 0.5:.1f}'
        f"L{x - s / 2:.1f} {y:.1f}L{x:.1f} {y - s * 0.8:.1f}L{x + s / 2:.1f} {y:.1f}"
        f'L{x + s:.1f} {y - s * 0.5:.1f}L{x + s:.1f} {y + s * 0.6:.1f}Z" fill="#ffffff"/>'
    )
    return disc + crown


def _card(card: str, x: int, y: int, shade: str, owner: str) -> str:
    """A card: its name and owner, and its 5x5 step grid oriented as the board."""
    parts = [
        f'<g data-card="{card}">',
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="#ffffff"'
        f' stroke="{shade}" stroke-width="3"/>',
        f'<text x="{x + CARD_W // 2}" y="{y + 18}" font-size="14" font-weight="bold"'
        f' text-anchor="middle" fill="#222">{xml_text(card)}</text>',
        f'<text x="{x + CARD_W // 2}" y="{y + CARD_H - 8}" font-size="11"'
        f' text-anchor="middle" fill="#555">{xml_text(owner)}</text>',
    ]
    grid_x = x + (CARD_W - SIZE * MINI) // 2
    grid_y = y + 26
    steps = set(CARDS[card])
    centre = SIZE // 2
    for row in range(SIZE):
        for column in range(SIZE):
            if (row, column) == (centre, centre):
                fill = "#222222"
            elif (column - centre, row - centre) in steps:
                fill = shade
            else:
                fill = "#f3f3f3"
            parts.append(
                f'<rect x="{grid_x + column * MINI}" y="{grid_y + row * MINI}" width="{MINI}"'
                f' height="{MINI}" fill="{fill}" stroke="#bbb" stroke-width="0.8"/>'
            )
    parts.append("</g>")
    return "\n".join(parts)


def marks(state: State) -> tuple[str, ...]:
    """The squares the last move left and reached (the viewer lights them)."""
    if not state.history:
        return ()
    last = state.history[-1]
    return (data_at(last.start_row, last.start_column), data_at(last.end_row, last.end_column))
