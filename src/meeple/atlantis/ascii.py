"""ASCII pictures of an Atlantis position.

The board is drawn as the seed draws it: field a1 at the bottom, the letter
axis rising to the right and the number axis rising to the left, so a field's
six neighbours sit above, below and on the four diagonals. Each field is two
lines: its name, then what lies on it (`3A` three stones of player A on an open
field, `(2B)` a growing field of B with two stones, `xx` a dead field, `.` an
empty open field). Players are lettered A, B, C... in the order they move.
This module only draws; it computes nothing about the game.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.atlantis.model import Transcript, field_name, player_letter
from meeple.atlantis.rules import DEAD, GROWING, Field, State, final

CELL = 6  # columns per step of x - y; a field's two lines are at most five characters wide
MAX_CANVAS = 4_000_000  # characters; fields scattered wider than this are listed instead


def field_text(here: Field) -> str:
    """What lies on a field, in at most five characters for small stacks."""
    if here.state == DEAD:
        return "xx"
    if here.owner is None:
        return "."
    stack = f"{here.stones}{player_letter(here.owner)}"
    return f"({stack})" if here.state == GROWING else stack


def board_lines(state: State) -> list[str]:
    """The hex board, one list entry per text line, trailing blanks removed."""
    if not state.fields:
        return ["(no fields)"]
    hexes = list(state.fields)
    top = max(h.x + h.y for h in hexes)
    left = min(h.x - h.y for h in hexes)
    height = top - min(h.x + h.y for h in hexes) + 2
    width = (max(h.x - h.y for h in hexes) - left + 1) * CELL
    if width * height > MAX_CANVAS:
        return _field_list(state)
    canvas = [[" "] * width for _ in range(height)]

    def put(row: int, column: int, text: str) -> None:
        start = column + (CELL - len(text)) // 2
        for offset, char in enumerate(text[:CELL]):
            if 0 <= start + offset < width:
                canvas[row][start + offset] = char

    for hex_ in hexes:
        row, column = top - (hex_.x + hex_.y), (hex_.x - hex_.y - left) * CELL
        put(row, column, field_name(hex_))
        put(row + 1, column, field_text(state.fields[hex_]))
    return ["".join(line).rstrip() for line in canvas]


def _field_list(state: State) -> list[str]:
    """Fields too scattered to draw, one a line (`a1: 3A`)."""
    lines = ["(the fields are too far apart to draw; listed instead)"]
    return lines + [f"{field_name(h)}: {field_text(f)}" for h, f in sorted(state.fields.items())]


def legend(state: State, names: tuple[str, ...] = ()) -> list[str]:
    """Who is who, and what the marks mean."""
    players = [f"{player_letter(p)} = {name}" for p, name in enumerate(names or state.players)]
    marks = "3A: stones on an open field  (2A): growing field  xx: dead  .: empty"
    return (["   ".join(players)] if players else []) + [marks]


def render(thing: Transcript | State, color: bool = False) -> str:
    """The board (a transcript's final position, or a replayed state), a status line and a legend;
    with `color`, every stack and player letter in the player's colour (the transcript's
    colour name where it has one) and dead fields dimmed (ANSI)."""
    state = final(thing)
    picture = "\n".join([state.result_text, "", *board_lines(state), "", *legend(state)])
    return colour(picture, state) if color else picture


# A stack (`3A`, growing `(2A)`), a player's letter in the legend (`A =`), a dead field.
_MARKS = re.compile(r"\(?\b\d+(?P<stack>[A-Z]\d*)\b\)?|\b(?P<named>[A-Z]\d*)(?= = )|\bxx\b")


def colour(picture: str, state: State) -> str:
    """The picture with each player's stacks in their colour and dead fields dimmed."""
    given = [p.color for p in state.origin.players] if state.origin else []
    letters = {player_letter(p): p for p in range(len(state.players))}

    def code_of(found: re.Match[str]) -> str:
        letter = found["stack"] or found["named"]
        if letter is None:
            return ansi.DIM
        player = letters.get(letter)
        if player is None:
            return ""
        return ansi.named_code(given[player] if player < len(given) else None, player + 1)

    return ansi.paint(picture, _MARKS, code_of)
