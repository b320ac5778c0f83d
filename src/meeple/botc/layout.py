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
  column, one token per level: each at the nearest level where it touches
  nothing, joined to the seat by `()` lines where those fit (otherwise it floats);
- side seats write their column marker (or, without markers, their first token)
  just after the role (the "hook") and hang further tokens under it, inward on
  the left side and outward on the right;
- a player's name field is reserved at its dead, struck-out width so that
  killing a player or spending a ghost vote never changes the box.

This module does not draw and does not parse.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import NamedTuple

from meeple.botc.choices import LAYOUTS as LAYOUTS
from meeple.botc.model import Grimoire, Life, Seat

DEAD_MARKS = len("*~~~~*")  # what a dead name with a spent vote adds to the name
GAP = 2  # spaces between neighbouring seats on the top and bottom rows
FIRST_COLUMN = 2  # one space after the left border
SIDE_GAP = 4  # at least this many spaces between a left seat's texts and the right seats
AUTO_WIDTH = 100  # `auto` draws no wider than this where it can: a wide terminal's width


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
    `auto` the smallest box with the seats round a table (see `table_sides`).
    Ties go to the distribution nearest the seed's guidelines, then the most even.
    """
    players = len(grimoire)
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
    if layout == "balanced" or players <= 2:
        return balanced_sides(players)
    return _best_plan(grimoire.seats, layout, columns).sides


def picture(grimoire: Grimoire, layout: str = "auto", columns: bool = False) -> Picture:
    """Every piece of the art, in the distribution `layout` chooses."""
    players = len(grimoire)
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
    if layout == "balanced" or players <= 2:
        return arrange(grimoire, balanced_sides(players), columns)
    return _pieces(_best_plan(grimoire.seats, layout, columns))


def _best_plan(seats: Sequence[Seat], layout: str, columns: bool) -> _Plan:
    bounds = _Bounds(seats, columns)

    def score(width: int, rows: int) -> tuple[bool, int, int]:
        area = width * (rows + 2)
        return layout == "auto" and width > AUTO_WIDTH, width if layout == "tall" else area, area

    # Branch and bound: a distribution is worked out only while its least possible box
    # could still beat the best one found (most are ruled out by their labels alone).
    # The bound comes in two grades: `quick` (constant time) orders every distribution,
    # and `least` (linear in a side) is asked only of those `quick` cannot rule out, so
    # `auto`, which weighs one distribution per number of side seats, stays linear.
    weighed = sorted(
        (score(*bounds.quick(sides)), sides) for sides in _candidates(len(seats), layout)
    )
    memo: dict[tuple[int, ...], _Row] = {}
    best: tuple[tuple[bool, int, int], int, int, Sides, _Plan] | None = None
    for quick, sides in weighed:
        if best is not None and quick > best[0]:
            break
        if best is not None and score(*bounds.least(sides)) > best[0]:
            continue
        plan = _plan(seats, sides, columns, memo, bounds)
        found = (score(plan.width, plan.rows), guideline_penalty(sides), _spread(sides), sides)
        if best is None or found < best[:4]:
            best = (*found, plan)
    assert best is not None
    return best[-1]


class _Bounds:
    """Cheap lower bounds on a distribution's box, from the seats' labels and tokens."""

    def __init__(self, seats: Sequence[Seat], columns: bool) -> None:
        self.players = len(seats)
        self.columns = columns
        self.seats = seats
        self.index = {id(seat): n for n, seat in enumerate(seats)}  # equal seats measure alike
        self.tokens = [len(seat.tokens) for seat in seats]
        # Each seat's texts as a side seat at column 0, row by row (markers then count as
        # "(0)", narrower than any real one: the bounds stay bounds).
        self.side_rows = [_side_rows(seat, 0, columns) for seat in seats]
        self.beside = [max(end for _, end in rows) for rows in self.side_rows]
        self.first_rows = [max(rows[0][1], rows[1][1]) for rows in self.side_rows]
        labels = [_seat_width(seat) for seat in seats]
        first = [len(str(seat.tokens[0])) + 2 if seat.tokens else 0 for seat in seats]
        self.reach = [
            max([label] + [len(str(t)) + 2 for t in seat.tokens])
            for label, seat in zip(labels, seats, strict=True)
        ]
        self.spans = [0]  # label widths, each with the gap after it, summed from the first seat
        for label in labels:
            self.spans.append(self.spans[-1] + label + GAP)
        # Neighbours whose first tokens cannot share a level (the left one's reaches the
        # right one's column even if a bottom seat moves a column right): the side is then
        # two levels high at least. Top sides draw clockwise order left to right, bottom
        # sides right to left; counted from the first seat, so any side's count is a subtraction.
        self.clash_top, self.clash_bottom = [0], [0]
        for n in range(self.players - 1):
            both = self.tokens[n] and self.tokens[n + 1]
            top = both and first[n] >= labels[n] + GAP + 1
            bottom = both and first[n + 1] >= labels[n + 1] + GAP + 1
            self.clash_top.append(self.clash_top[-1] + top)
            self.clash_bottom.append(self.clash_bottom[-1] + bottom)
        # For `quick`: range maxima of the token counts and of each seat's reach beside
        # its own index, and sums of each seat's rows as a side seat.
        self.most_tokens = _RangeMax(self.tokens)
        self.beside_reach = _RangeMax([n + width for n, width in enumerate(self.beside)])
        self.side_seat_rows = [0]
        for count in self.tokens:
            self.side_seat_rows.append(self.side_seat_rows[-1] + side_seat_rows(count, columns))

    def clearance(self, left: Seat, column: int, right: Seat) -> int:
        """`_clearance`, from the rows measured once (markers measured where they are)."""
        if self.columns:
            return _clearance(left, column, right, True)
        ends = self.side_rows[self.index[id(left)]]
        starts = self.side_rows[self.index[id(right)]]
        shared = zip(ends, starts, strict=False)
        return column + max(end - start for (_, end), (start, _) in shared) + SIDE_GAP

    def extent(self, seat: Seat, column: int) -> int:
        """The column just past a side seat's furthest text (markers measured where they are)."""
        if self.columns:
            return _side_extent(seat, column, True)
        return column + self.beside[self.index[id(seat)]]

    def _side(self, first: int, count: int, top: bool) -> tuple[int, int]:
        """The least width and rows of a top or bottom side of `count` seats from `first`,
        in constant time (the most tokens on any seat of a range is a range query)."""
        if not count:
            return 0, 0
        last = first + count - 1
        rightmost = last if top else first
        span = self.spans[last + 1] - self.spans[first] - self.spans[rightmost + 1]
        span += self.spans[rightmost] + self.reach[rightmost]
        clashes = self.clash_top if top else self.clash_bottom
        most = self.most_tokens(first, last)
        levels = max(most, 1 + (clashes[last] > clashes[first]))
        return span, 2 + self.columns + 1 + (levels if most else 0)

    def quick(self, sides: Sides) -> tuple[int, int]:
        """A width and a number of rows no larger than `least`'s, in constant time: the
        side seats are bounded one side at a time (each row pair is at least as high as
        either seat in it), and the right side as if no left seat pushed it right."""
        top_span, top_rows = self._side(0, sides.top, True)
        bottom_span, bottom_rows = self._side(sides.top + sides.right, sides.bottom, False)
        rows = 1 + top_rows + bottom_rows
        start = FIRST_COLUMN + sides.left
        reach = start + max(top_span, bottom_span)
        slots = max(sides.left, sides.right)
        empty = side_seat_rows(0, self.columns)
        left_from = self.players - sides.left
        left_rows = self.side_seat_rows[self.players] - self.side_seat_rows[left_from]
        left_rows += (slots - sides.left) * empty
        right_rows = self.side_seat_rows[sides.top + sides.right] - self.side_seat_rows[sides.top]
        right_rows += (slots - sides.right) * empty
        rows += slots + max(left_rows, right_rows)
        if sides.left:
            beside = self.beside_reach(left_from, self.players - 1) - left_from
            reach = max(reach, FIRST_COLUMN + beside)
        if sides.right:
            beside = self.beside_reach(sides.top, sides.top + sides.right - 1) - sides.top
            reach = max(reach, start + 1 + beside)
        return max(reach + 2, len(title(self.players)) + 6), rows

    def least(self, sides: Sides) -> tuple[int, int]:
        """A width and a number of rows no plan of `sides` goes below."""
        top_span, top_rows = self._side(0, sides.top, True)
        bottom_span, bottom_rows = self._side(sides.top + sides.right, sides.bottom, False)
        rows = 1 + top_rows + bottom_rows
        start = FIRST_COLUMN + sides.left
        reach = start + max(top_span, bottom_span)
        right_start = start + 1
        slots = max(sides.left, sides.right)
        right_from = (slots - sides.right) // 2
        left_from = (slots - sides.left) // 2
        for slot in range(slots):
            k = left_from + sides.left - 1 - slot
            j = slot - right_from
            here = [0]
            if 0 <= k < sides.left:
                seat = self.players - sides.left + k
                here.append(self.tokens[seat])
                reach = max(reach, FIRST_COLUMN + k + self.beside[seat])
            if 0 <= j < sides.right:
                here.append(self.tokens[sides.top + j])
                if 0 <= k < sides.left:  # the right seat clears the left one's first rows
                    clear = self.first_rows[self.players - sides.left + k] + SIDE_GAP - j
                    right_start = max(right_start, FIRST_COLUMN + k + clear)
            rows += 1 + side_seat_rows(max(here), self.columns)
        for j in range(sides.right):
            reach = max(reach, right_start + j + self.beside[sides.top + j])
        return max(reach + 2, len(title(self.players)) + 6), rows


class _RangeMax:
    """The largest of `values[first..last]` in constant time (a sparse table: the maxima
    of every run of a power-of-two length, built in n log n steps)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.levels = [list(values)]
        width = 1
        while 2 * width <= len(values):
            below = self.levels[-1]
            self.levels.append([max(a, b) for a, b in zip(below, below[width:], strict=False)])
            width *= 2

    def __call__(self, first: int, last: int) -> int:
        level = (last - first + 1).bit_length() - 1
        row = self.levels[level]
        return max(row[first], row[last - (1 << level) + 1])


def table_sides(players: int) -> Iterator[Sides]:
    """The distributions `auto` weighs: from four players on, a seat on every side, the
    left and right sides one apart at most (they pair up row by row) and so the top and
    bottom, the odd seat on the right and at the top; one per number of side seats, so
    the search stays linear in the players."""
    if players < 4:
        yield from candidate_sides(players)
        return
    for beside in range(2, players - 1):
        left = beside // 2
        across = players - beside
        yield Sides(across - across // 2, beside - left, across // 2, left)


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
    if layout == "auto":
        return tuple(table_sides(players))
    if players >= NEAR_BALANCED_FROM:
        candidates = tuple(_near_balanced(players))
    else:
        candidates = tuple(candidate_sides(players))
    if layout == "compact":
        return candidates
    best = min(map(_crowding, candidates))
    return tuple(sides for sides in candidates if _crowding(sides) == best)


# -- placing the pieces -------------------------------------------------------------------

Stack = tuple[tuple[int, str], ...]
Stacks = tuple[Stack, ...]


def _seat_width(seat: Seat) -> int:
    return max(len(seat.player) + DEAD_MARKS, len(seat.role))


def _row_columns(seats: Sequence[Seat], start: int, taken: Sequence[int]) -> tuple[int, ...]:
    """Columns of seats written left to right from `start`, avoiding columns in `taken`."""
    found = []
    column = start
    busy = set(taken)  # asked once per column tried
    for seat in seats:
        while column in busy:
            column += 1
        found.append(column)
        column += _seat_width(seat) + GAP
    return tuple(found)


def stack_tokens(columns: Sequence[int], seats: Sequence[Seat]) -> Stacks:
    """For seats left to right, each token's level (0 next to the seat) and text, `()` included.

    Seats are stacked from the right: a seat's texts only ever reach rightward,
    so each one needs to clear only the stacks already built to its right. Each
    token takes the nearest level past the seat's previous token where it touches
    nothing; only then are `()` lines drawn, and only for a token whose every level
    between it and the one before is free (a token may float: the reader takes every
    text in the seat's column, and a seat's `()` lines would otherwise force a
    staircase one level per seat when tokens are wider than the seats).
    """
    # Seats come right to left, so at each level the texts placed so far start at or
    # right of `column`: the last one placed starts leftmost and is the only one the
    # new text can touch. (Scanning the whole level made long rows quadratic.)
    leftmost: dict[int, int] = {}  # level -> where its leftmost text starts
    placed: list[list[tuple[int, str]]] = []
    for column, seat in zip(reversed(columns), reversed(seats), strict=True):
        stack: list[tuple[int, str]] = []
        level = 0
        for token in seat.tokens:
            text = f"({token})"
            end = column + len(text)
            while level in leftmost and end >= leftmost[level]:
                level += 1
            stack.append((level, text))
            leftmost[level] = column
            level += 1
        placed.append(stack)
    taken = _Levels(placed, reversed(columns))
    stacks: list[Stack] = []
    for column, stack in zip(reversed(columns), placed, strict=True):
        joined: list[tuple[int, str]] = []
        below = 0
        for level, text in stack:
            gap = range(below, level)
            if not any(taken.touches(between, column, column + 2) for between in gap):
                for between in gap:
                    joined.append((between, "()"))
                    taken.add(between, column, column + 2)
            joined.append((level, text))
            below = level + 1
        stacks.append(tuple(joined))
    return tuple(reversed(stacks))


class _Levels:
    """The texts of a row's token levels, each level's sorted by column: whether a new
    text would touch one is a binary search, not a scan of the level."""

    def __init__(self, placed: Sequence[Sequence[tuple[int, str]]], columns: Iterable[int]):
        self.starts: dict[int, list[int]] = {}
        self.ends: dict[int, list[int]] = {}
        # `placed` runs right to left: prepend by building reversed, then reverse once.
        for column, stack in zip(columns, placed, strict=True):
            for level, text in stack:
                self.starts.setdefault(level, []).append(column)
                self.ends.setdefault(level, []).append(column + len(text))
        for level in self.starts:
            self.starts[level].reverse()
            self.ends[level].reverse()

    def touches(self, level: int, column: int, end: int) -> bool:
        """Whether a text from `column` to `end` would touch (or overlap) one at `level`.

        The texts of a level never touch each other, so only the last one starting at or
        before `end` can reach back to `column`."""
        starts = self.starts.get(level)
        if not starts:
            return False
        index = bisect_right(starts, end) - 1
        return index >= 0 and self.ends[level][index] >= column

    def add(self, level: int, column: int, end: int) -> None:
        starts = self.starts.setdefault(level, [])
        index = bisect_right(starts, column)
        starts.insert(index, column)
        self.ends.setdefault(level, []).insert(index, end)


def _height(stacks: Stacks) -> int:
    return max((stack[-1][0] + 1 for stack in stacks if stack), default=0)


def _side_extent(seat: Seat, column: int, columns: bool) -> int:
    hook = column + len(seat.role) + 1
    hanging = [len(str(token)) + 2 for token in seat.tokens]
    if columns:
        hanging.append(len(marker(column)))
    return max(column + len(seat.player) + DEAD_MARKS, hook + max(hanging, default=0))


class _Row(NamedTuple):
    """The top or the bottom side worked out, its columns counted from where the side starts."""

    seats: Sequence[Seat]  # left to right
    columns: tuple[int, ...]
    stacks: Stacks
    reach: int  # the column just past the furthest text
    height: int  # token levels


def _row(
    memo: dict[tuple[int, ...], _Row], seats: Sequence[Seat], key: tuple[int, ...], taken: _Row
) -> _Row:
    """A top or bottom side, laid out once per `key` (its place among the seats and, for
    the bottom, the top's size): columns counted from 0 serve wherever the side starts,
    since stacking depends only on the distances between seats."""
    found = memo.get(key)
    if found is None:
        columns = _row_columns(seats, 0, taken.columns)
        stacks = stack_tokens(columns, seats) if seats else ()
        reach = 0
        for seat, column, stack in zip(seats, columns, stacks, strict=True):
            widths = [_seat_width(seat)] + [len(text) for _, text in stack]
            reach = max(reach, column + max(widths))
        found = memo[key] = _Row(seats, columns, stacks, reach, _height(stacks))
    return found


_NO_ROW = _Row((), (), (), 0, 0)


@dataclass(frozen=True)
class _Plan:
    """A distribution worked out into columns, token stacks and the box's size."""

    sides: Sides
    players: int
    columns: bool
    start: int  # the column the top and bottom sides start from
    top: _Row
    bottom: _Row
    slots: tuple[tuple[tuple[Seat, int], ...], ...]  # side rows, top to bottom: (seat, column)
    width: int  # border to border
    rows: int  # inside the box


def _plan(
    seats: Sequence[Seat],
    sides: Sides,
    columns: bool,
    memo: dict[tuple[int, ...], _Row],
    bounds: _Bounds,
) -> _Plan:
    players = len(seats)
    bottom_from = sides.top + sides.right
    left = seats[players - sides.left :]  # clockwise: bottom to top
    left_columns = [FIRST_COLUMN + k for k in range(len(left))]
    start = FIRST_COLUMN + len(left)
    top = _row(memo, seats[: sides.top], (sides.top,), _NO_ROW)
    bottom_seats = seats[bottom_from : players - sides.left][::-1]
    bottom = _row(memo, bottom_seats, (sides.top, bottom_from, sides.bottom), top)
    taken = [start + column for column in top.columns + bottom.columns]
    reach = start + max(top.reach, bottom.reach)
    right = seats[sides.top : bottom_from]
    slots = max(len(left), len(right))
    right_from = (slots - len(right)) // 2
    left_from = (slots - len(left)) // 2
    pairs = [(left_from + len(left) - 1 - slot, slot - right_from) for slot in range(slots)]
    clear = max(
        (
            bounds.clearance(left[k], left_columns[k], right[j]) - j
            for k, j in pairs
            if 0 <= k < len(left) and 0 <= j < len(right)
        ),
        default=0,
    )
    block = max((bounds.extent(seat, k) for k, seat in enumerate(right)), default=0)
    right_start = _right_start(len(right), block, clear, taken, reach)
    label_rows = 2 + columns
    rows = 1  # a blank row under the title
    for side in (top, bottom):
        if side.seats:
            rows += side.height + label_rows + 1
    slot_rows: list[tuple[tuple[Seat, int], ...]] = []
    for k, j in pairs:
        here: list[tuple[Seat, int]] = []
        if 0 <= k < len(left):
            here.append((left[k], left_columns[k]))
        if 0 <= j < len(right):
            here.append((right[j], right_start + j))
        for seat, column in here:
            reach = max(reach, bounds.extent(seat, column))
        rows += 1 + side_seat_rows(max(len(seat.tokens) for seat, _ in here), columns)
        slot_rows.append(tuple(here))
    width = max(reach + 2, len(title(players)) + 6)
    return _Plan(sides, players, columns, start, top, bottom, tuple(slot_rows), width, rows)


def _clearance(left: Seat, column: int, right: Seat, columns: bool) -> int:
    """The least column of a right seat beside a left seat in `column` that keeps SIDE_GAP
    spaces between their texts in every row they share (rows, not whole blocks: a left
    seat's long token under its role need not push the right seat's name away)."""
    ends = _side_rows(left, column, columns)
    starts = _side_rows(right, 0, columns)
    return max(end - start for (_, end), (start, _) in zip(ends, starts, strict=False)) + SIDE_GAP


def _side_rows(seat: Seat, column: int, columns: bool) -> list[tuple[int, int]]:
    """Where a side seat's texts start and end, row by row (its name's row first)."""
    hook = column + len(seat.role) + 1
    rows = [(column, column + len(seat.player) + DEAD_MARKS)]
    hanging = [len(str(token)) + 2 for token in seat.tokens]
    if columns:
        hanging.insert(0, len(marker(column)))
    rows.append((column, hook + hanging.pop(0) if hanging else hook - 1))
    rows += [(hook, hook + width) for width in hanging]
    return rows


def _right_start(right: int, block: int, clear: int, taken: Sequence[int], reach: int) -> int:
    """The first of `right` right seats' column: as far left as keeps their texts (`block`
    wide from the first's column) within the top and bottom rows' reach, `clear` of the
    left seats beside them, right of the first top or bottom seat (so the reader tells
    them from left seats), and in columns of their own."""
    if not right:
        return 0
    start = max(clear, min(taken, default=0) + 1, reach - block)
    # The first column from `start` with `right` free columns after it, in one pass.
    busy = sorted(column for column in set(taken) if column >= start)
    for column in busy:
        if column >= start + right:
            break
        start = column + 1
    return start


def arrange(grimoire: Grimoire, sides: Sides, columns: bool = False) -> Picture:
    """Every piece of the art for this distribution of seats."""
    return _pieces(_plan(grimoire.seats, sides, columns, {}, _Bounds(grimoire.seats, columns)))


def _pieces(plan: _Plan) -> Picture:
    columns = plan.columns
    pieces: list[Piece] = []
    row = 1
    top, bottom = plan.top, plan.bottom
    top_columns = tuple(plan.start + column for column in top.columns)
    bottom_columns = tuple(plan.start + column for column in bottom.columns)
    if top.seats:
        for column, stack in zip(top_columns, top.stacks, strict=True):
            pieces += (Piece(row + top.height - 1 - level, column, text) for level, text in stack)
        row += top.height
        row = _labels(pieces, row, top_columns, top.seats, ("marker", "name", "role"), columns)
        row += 1
    for slot in plan.slots:
        for seat, column in slot:
            pieces += _side_seat(row, column, seat, columns)
        row += 1 + side_seat_rows(max(len(seat.tokens) for seat, _ in slot), columns)
    if bottom.seats:
        labels = ("name", "role", "marker")
        row = _labels(pieces, row, bottom_columns, bottom.seats, labels, columns)
        for column, stack in zip(bottom_columns, bottom.stacks, strict=True):
            pieces += (Piece(row + level, column, text) for level, text in stack)
    return Picture(plan.sides, plan.width, plan.rows, tuple(pieces))


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
    first = row + 1 + columns  # without a marker, the first token hangs on the role's row
    for index, token in enumerate(seat.tokens):
        yield Piece(first + index, hook, f"({token})")


def side_seat_rows(tokens: int, columns: bool) -> int:
    """Rows of a side seat with `tokens` tokens: name, role (and its first token, when no
    marker takes the place), the other tokens."""
    return 2 + max(0, tokens - 1 + columns)
