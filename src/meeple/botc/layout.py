"""Where every piece of text of an ASCII-art grimoire goes: the layout, not the drawing.

Seats go clockwise around a box: along the top (left to right), down the right
side, along the bottom (right to left) and up the left side. `choose_sides`
decides how many seats each side gets (modes `balanced`, `compact`, `tall`,
`auto`); `arrange` places every name, role, column marker, reminder token and
`()` extension line at a row and column. ascii.py turns the result into text
and reads it back; docs/formats/botc.md describes the rules and the reasons.

Geometry, in the terms of the rendered lines (column 0 is the left border):

- every seat has a column of its own; its name and role start there;
- top and bottom seats stack their tokens outward from the seat in their own
  column, one token per row, joined to the seat by `()` lines; a token that
  would touch a seat further right is pushed outward past that seat's stack;
- side seats write their column marker and hang their tokens just after the
  role (the "hook"), inward on the left side and outward on the right;
- a player's name field is reserved at its dead, struck-out width so that
  killing a player or spending a ghost vote never changes the box.

This module does not draw and does not parse.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import NamedTuple

from meeple.botc.model import Grimoire, Life, Seat

LAYOUTS = ("auto", "balanced", "compact", "tall")
DEAD_MARKS = len("*~~~~*")  # what a dead name with a spent vote adds to the name
GAP = 2  # spaces between neighbouring seats on the top and bottom rows
FIRST_COLUMN = 2  # one space after the left border
SIDE_GAP = 4  # at least this many spaces between a left seat's texts and the right seats


class Sides(NamedTuple):
    """How many seats sit on each side of the box."""

    top: int
    right: int
    bottom: int
    left: int


class Piece(NamedTuple):
    """One text of the picture: interior row (0 is the first line under the title) and column."""

    row: int
    column: int
    text: str


@dataclass(frozen=True)
class Picture:
    """Everything the art shows: the pieces, the box's width (border to border) and height."""

    sides: Sides
    width: int
    rows: int
    pieces: tuple[Piece, ...]


def title(players: int) -> str:
    return f"Grimoire ({players} player{'' if players == 1 else 's'})"


def name_text(seat: Seat) -> str:
    """The player's name as the art writes it, dead ones starred and struck out like the line."""
    if seat.life is Life.VOTE_USED:
        return f"*~~{seat.player}~~*"
    return f"*{seat.player}*" if seat.life is Life.DEAD else seat.player


def marker(column: int) -> str:
    return f"({column})"


# -- choosing the sides -------------------------------------------------------------------


def balanced_sides(players: int) -> Sides:
    """As even as possible; the top, then the bottom, then the right take the odd seats."""
    each, extra = divmod(players, 4)
    return Sides(each + (extra >= 1), each + (extra >= 3), each + (extra >= 2), each)


def candidate_sides(players: int) -> Iterator[Sides]:
    """Every distribution with a seat on top and, from two players on, one at the bottom."""
    if players <= 1:
        yield Sides(players, 0, 0, 0)
        return
    for top, right, left in product(range(1, players), range(players), range(players)):
        bottom = players - top - right - left
        if bottom >= 1:
            yield Sides(top, right, bottom, left)


def guideline_penalty(sides: Sides) -> int:
    """How far a distribution strays from the seed's guidelines: left 2-4, right 3-5, <= 5 each;
    and, from four players on, a seat on every side (so a small game is drawn round a table,
    not as a column)."""
    left = max(0, 2 - sides.left, sides.left - 4)
    right = max(0, 3 - sides.right, sides.right - 5)
    empty = sides.count(0) if sum(sides) >= 4 else 0
    return left + right + _crowding(sides) + empty


def _spread(sides: Sides) -> int:
    return max(sides) - min(sides)


def choose_sides(grimoire: Grimoire, layout: str = "auto", columns: bool = False) -> Sides:
    """The distribution of seats over the sides for a layout mode.

    `balanced` spreads the seats evenly; `compact` takes the smallest box;
    `tall` the narrowest box with no side over five seats where avoidable;
    `auto` the smallest box among those that stray least from the guidelines.
    Ties go to the most even distribution.
    """
    players = len(grimoire)
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
    if layout == "balanced" or players <= 2:
        return balanced_sides(players)
    memo: dict[tuple[int, ...], Stacks] = {}
    scored = []
    for sides in _candidates(players, layout):
        width, rows = _size(_plan(grimoire.seats, sides, columns, memo))
        area = width * (rows + 2)
        first = width if layout == "tall" else area
        scored.append((first, area, _spread(sides), sides))
    return min(scored)[-1]


def _crowding(sides: Sides) -> int:
    return sum(max(0, count - 5) for count in sides)


NEAR_BALANCED_FROM = 24
"""From this many seats on, only distributions near the balanced one are weighed: there
are about players**3 distributions, each costing a plan, and past a table of twenty the
best boxes are all near-balanced anyway. Layout then stays linear in the seats."""


def _near_balanced(players: int) -> Iterator[Sides]:
    base = balanced_sides(players)
    for top, right, left in product(range(-2, 3), repeat=3):
        sides = Sides(base.top + top, base.right + right, 0, base.left + left)
        bottom = players - sides.top - sides.right - sides.left
        if min(sides.top, sides.right, sides.left) >= 0 and sides.top >= 1 and bottom >= 1:
            yield Sides(sides.top, sides.right, bottom, sides.left)


@cache
def _candidates(players: int, layout: str) -> tuple[Sides, ...]:
    """The distributions a mode weighs (the same for every grimoire of that size)."""
    if players >= NEAR_BALANCED_FROM:
        candidates = tuple(_near_balanced(players))
    else:
        candidates = tuple(candidate_sides(players))
    rule = {"auto": guideline_penalty, "tall": _crowding}.get(layout)
    if rule is None:
        return candidates
    best = min(map(rule, candidates))
    return tuple(sides for sides in candidates if rule(sides) == best)


# -- placing the pieces -------------------------------------------------------------------

Stack = tuple[tuple[int, str], ...]
Stacks = tuple[Stack, ...]


def _seat_width(seat: Seat) -> int:
    return max(len(seat.player) + DEAD_MARKS, len(seat.role))


def _row_columns(seats: Sequence[Seat], start: int, taken: Sequence[int]) -> tuple[int, ...]:
    """Columns of seats written left to right from `start`, avoiding columns in `taken`."""
    found = []
    column = start
    for seat in seats:
        while column in taken:
            column += 1
        found.append(column)
        column += _seat_width(seat) + GAP
    return tuple(found)


def stack_tokens(columns: Sequence[int], seats: Sequence[Seat]) -> Stacks:
    """For seats left to right, each token's level (0 next to the seat) and text, `()` included.

    Seats are stacked from the right: a seat's texts only ever reach rightward,
    so each one needs to clear only the stacks already built to its right.
    """
    taken: dict[int, list[tuple[int, int]]] = {}
    stacks: list[Stack] = []
    for column, seat in zip(reversed(columns), reversed(seats), strict=True):
        stack: list[tuple[int, str]] = []
        level = 0
        for token in seat.tokens:
            text = f"({token})"
            end = column + len(text)
            place = level
            while any(e >= column and end >= s for s, e in taken.get(place, ())):
                place += 1
            for between in range(level, place):
                stack.append((between, "()"))
                taken.setdefault(between, []).append((column, column + 2))
            stack.append((place, text))
            taken.setdefault(place, []).append((column, end))
            level = place + 1
        stacks.append(tuple(stack))
    return tuple(reversed(stacks))


def _height(stacks: Stacks) -> int:
    return max((stack[-1][0] + 1 for stack in stacks if stack), default=0)


def _side_extent(seat: Seat, column: int, columns: bool) -> int:
    hook = column + len(seat.role) + 1
    hanging = [len(str(token)) + 2 for token in seat.tokens]
    if columns:
        hanging.append(len(marker(column)))
    return max(column + len(seat.player) + DEAD_MARKS, hook + max(hanging, default=0))


@dataclass(frozen=True)
class _Plan:
    """A distribution worked out into columns and token stacks: all but the pieces themselves."""

    players: int
    columns: bool
    top: Sequence[Seat]
    top_columns: tuple[int, ...]
    top_stacks: Stacks
    bottom: Sequence[Seat]  # left to right
    bottom_columns: tuple[int, ...]
    bottom_stacks: Stacks
    slots: tuple[tuple[tuple[Seat, int], ...], ...]  # side rows, top to bottom: (seat, column)


def _stacks(
    memo: dict[tuple[int, ...], Stacks], first: int, columns: tuple[int, ...], seats: Sequence[Seat]
) -> Stacks:
    # Stacking only depends on the distances between columns, so one result serves every shift.
    key = (first, *(column - columns[0] for column in columns))
    if key not in memo:
        memo[key] = stack_tokens(columns, seats)
    return memo[key]


def _plan(
    seats: Sequence[Seat], sides: Sides, columns: bool, memo: dict[tuple[int, ...], Stacks]
) -> _Plan:
    top = seats[: sides.top]
    right = seats[sides.top : sides.top + sides.right]
    bottom_start = sides.top + sides.right
    bottom = seats[bottom_start : len(seats) - sides.left][::-1]
    left = seats[len(seats) - sides.left :]  # clockwise: bottom to top
    left_columns = [FIRST_COLUMN + k for k in range(len(left))]
    start = FIRST_COLUMN + len(left)
    top_columns = _row_columns(top, start, ())
    bottom_columns = _row_columns(bottom, start, top_columns)
    left_reach = max(
        (_side_extent(seat, col, columns) for seat, col in zip(left, left_columns, strict=True)),
        default=0,
    )
    top_stacks = _stacks(memo, 0, top_columns, top) if top else ()
    bottom_stacks = _stacks(memo, bottom_start, bottom_columns, bottom) if bottom else ()
    reach = max(
        _row_reach(top, top_columns, top_stacks), _row_reach(bottom, bottom_columns, bottom_stacks)
    )
    right_start = _right_start(right, columns, left_reach, top_columns + bottom_columns, reach)
    slots = max(len(left), len(right))
    right_from = (slots - len(right)) // 2
    left_from = (slots - len(left)) // 2
    rows: list[tuple[tuple[Seat, int], ...]] = []
    for slot in range(slots):
        here: list[tuple[Seat, int]] = []
        k = left_from + len(left) - 1 - slot
        if 0 <= k < len(left):
            here.append((left[k], left_columns[k]))
        j = slot - right_from
        if 0 <= j < len(right):
            here.append((right[j], right_start + j))
        rows.append(tuple(here))
    return _Plan(
        players=len(seats),
        columns=columns,
        top=top,
        top_columns=top_columns,
        top_stacks=top_stacks,
        bottom=bottom,
        bottom_columns=bottom_columns,
        bottom_stacks=bottom_stacks,
        slots=tuple(rows),
    )


def _row_reach(seats: Sequence[Seat], columns: Sequence[int], stacks: Stacks) -> int:
    """How far right the texts of the top or bottom seats reach (a column)."""
    reach = 0
    for seat, column, stack in zip(seats, columns, stacks, strict=True):
        widths = [_seat_width(seat), len(marker(column))] + [len(text) for _, text in stack]
        reach = max(reach, column + max(widths))
    return reach


def _right_start(
    right: Sequence[Seat], columns: bool, left_reach: int, taken: Sequence[int], reach: int
) -> int:
    """The first right seat's column: as far left as keeps the right seats' texts within
    the top and bottom rows' reach, SIDE_GAP clear of the left seats, right of the
    first top or bottom seat (so the reader tells them from left seats), and in columns
    of their own."""
    if not right:
        return 0
    block = max(_side_extent(seat, k, columns) for k, seat in enumerate(right))
    start = max(left_reach + SIDE_GAP, min(taken, default=0) + 1, reach - block)
    while any(start + k in taken for k in range(len(right))):
        start += 1
    return start


def _size(plan: _Plan) -> tuple[int, int]:
    """The width (border to border) and the number of rows inside the box."""
    reach = 0
    rows = 1  # a blank row under the title
    label_rows = 2 + plan.columns
    for seats, columns, stacks in (
        (plan.top, plan.top_columns, plan.top_stacks),
        (plan.bottom, plan.bottom_columns, plan.bottom_stacks),
    ):
        reach = max(reach, _row_reach(seats, columns, stacks))
        if seats:
            rows += _height(stacks) + label_rows + 1
    for slot in plan.slots:
        for seat, column in slot:
            reach = max(reach, _side_extent(seat, column, plan.columns))
        rows += 3 + max(len(seat.tokens) for seat, _ in slot)
    return max(reach + 2, len(title(plan.players)) + 6), rows


def arrange(grimoire: Grimoire, sides: Sides, columns: bool = False) -> Picture:
    """Every piece of the art for this distribution of seats."""
    plan = _plan(grimoire.seats, sides, columns, {})
    width, rows = _size(plan)
    pieces: list[Piece] = []
    row = 1
    if plan.top:
        height = _height(plan.top_stacks)
        for column, stack in zip(plan.top_columns, plan.top_stacks, strict=True):
            pieces += (Piece(row + height - 1 - level, column, text) for level, text in stack)
        row += height
        row = _labels(pieces, row, plan.top_columns, plan.top, ("marker", "name", "role"), columns)
        row += 1
    for slot in plan.slots:
        for seat, column in slot:
            pieces += _side_seat(row, column, seat, columns)
        row += 3 + max(len(seat.tokens) for seat, _ in slot)
    if plan.bottom:
        labels = ("name", "role", "marker")
        row = _labels(pieces, row, plan.bottom_columns, plan.bottom, labels, columns)
        for column, stack in zip(plan.bottom_columns, plan.bottom_stacks, strict=True):
            pieces += (Piece(row + level, column, text) for level, text in stack)
    return Picture(sides, width, rows, tuple(pieces))


def _labels(
    pieces: list[Piece],
    row: int,
    columns_of: Sequence[int],
    seats: Sequence[Seat],
    lines: Sequence[str],
    columns: bool,
) -> int:
    """Rows of markers (when `columns`), names and roles of the top or bottom seats."""
    for line in lines:
        if line == "marker" and not columns:
            continue
        for column, seat in zip(columns_of, seats, strict=True):
            text = {"name": name_text(seat), "role": seat.role, "marker": marker(column)}[line]
            pieces.append(Piece(row, column, text))
        row += 1
    return row


def _side_seat(row: int, column: int, seat: Seat, columns: bool) -> Iterator[Piece]:
    hook = column + len(seat.role) + 1
    yield Piece(row, column, name_text(seat))
    yield Piece(row + 1, column, seat.role)
    if columns:
        yield Piece(row + 1, hook, marker(column))
    for index, token in enumerate(seat.tokens):
        yield Piece(row + 2 + index, hook, f"({token})")
