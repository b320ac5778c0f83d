"""Indigo as text: the hex board row by row, numbered as the QGN details number it, with
the gems, the gateways' owners, each team's points and hand, and the result.

Each hex is two lines. The first says what lies there: its `row.column` while it is
empty (where a tile may go), the paths of a placed tile as they were written, `<T>`
for a treasure tile. The second shows the gems on it: a capital for each gem in play
(`A` amber, `E` emerald, `S` sapphire) with the edge it waits at (`Ad`), `x` before a
gem out of play after a collision (`xA`); the central treasure counts its gems (`5E1S`).
"""

from __future__ import annotations

import re
from collections import Counter

from meeple import ansi
from meeple.indigo.model import CENTRE, ROWS, TREASURES, row_length
from meeple.indigo.rules import State
from meeple.words import counted

CELL = 8
INITIALS = {"amber": "A", "emerald": "E", "sapphire": "S"}
SIDES = {
    "ab": "top",
    "bc": "upper right",
    "cd": "lower right",
    "de": "bottom",
    "ef": "lower left",
    "fa": "upper left",
}
_GEM = re.compile(r"\b(?:x?[AES][a-f]?|\d[ES](?:\d[ES])?)\b")
_GEM_CODES = {"A": "33", "E": "32", "S": "34"}


def render(state: State, color: bool = False) -> str:
    """The board, its legend and the result line."""
    board = [*_board(state)]
    legend = [*_legend(state)]
    text = "\n".join([*board, "", *legend, state.result_text]) + "\n"
    if not color:
        return text
    painted = ansi.paint("\n".join(board), _GEM, _gem_code)
    rest = "\n".join([*legend, state.result_text])
    for seat, name in enumerate(state.teams):
        rest = rest.replace(f"{name}:", ansi.wrap(f"{name}:", ansi.named_code(name, seat + 1)))
    return f"{painted}\n\n{rest}\n"


def _gem_code(match: re.Match[str]) -> str:
    text = match[0]
    if text.startswith("x"):
        return ansi.DIM
    letter = next(c for c in text if c in _GEM_CODES)
    return _GEM_CODES[letter]


def _board(state: State) -> list[str]:
    gems: dict[tuple[int, int], list[str]] = {}
    centre: Counter[str] = Counter()
    for gem in state.gems:
        if gem.gateway:
            continue
        initial = INITIALS[gem.colour]
        if gem.edge == CENTRE:
            centre[initial] += 1
            continue
        mark = f"x{initial}" if gem.collided else f"{initial}{gem.edge}"
        gems.setdefault((gem.row, gem.column), []).append(mark)
    if centre:
        gems[(ROWS // 2, ROWS // 2)] = ["".join(f"{n}{i}" for i, n in sorted(centre.items()))]
    lines = []
    for row in range(ROWS):
        indent = " " * (CELL // 2 * (ROWS - row_length(row)))
        tiles, stones = [], []
        for column in range(row_length(row)):
            tiles.append(_what(state, row, column).center(CELL))
            stones.append(" ".join(gems.get((row, column), [])).center(CELL))
        lines.append((indent + "".join(tiles)).rstrip())
        lines.append((indent + "".join(stones)).rstrip())
    return lines


def _what(state: State, row: int, column: int) -> str:
    if (row, column) in TREASURES:
        return "<T>"
    return state.placed.get((row, column)) or f"{row}.{column}"


def _legend(state: State) -> list[str]:
    lines = ["A amber 1 point, E emerald 2, S sapphire 3; the letter after a gem is its edge"]
    for seat, name in enumerate(state.teams):
        owned = [g.edges for g in state.gateways if seat in g.owners]
        sides = ", ".join(f"{edges} ({SIDES[edges]})" for edges in owned)
        hand = " ".join(state.hands[seat]) or "nothing"
        points, count = state.points[seat], state.gem_counts[seat]
        won = f"{counted(points, 'point')} ({counted(count, 'gem')})"
        lines.append(f"{name}: {won}, holds {hand}; gateways {sides}")
    left = state.gems_in_play()
    lines.append(f"{counted(len(state.deck), 'tile')} in the deck, {counted(left, 'gem')} in play")
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
