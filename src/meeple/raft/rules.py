"""The rules of solo Race to the Raft: legal moves, their effects, and the end of the game.

`State` wraps the five-part `Position` with what the strings leave out: which
step of the round comes next (draw, play, or place the fire tile just drawn),
the set-up seed, and the outcome. `State.play` plays one draw request or action
and returns the next `State`, or raises RuleError naming the rule broken;
`State.legal_moves` lists every legal move. The lower-level checks (`card_trouble`,
`fire_trouble`, `cat_route_ok`, `cats_cut_off`, ...) work on boards and states
alone so that `meeple.raft.strings` can offer them without a `State`.

Boards are read through `Grid`, a flat row-major copy padded with a border of
`n` (no square) so that neighbours never need bounds checks; grids are cached
per board. How far the cats are from the raft (`board_distances`, behind
`State.evaluate`) is measured here too: the solver (`meeple.raft.solver`) sits above
these rules and builds its search on it. Text is not read or written here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, permutations
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeVar

from meeple.engine import violation_by_playing
from meeple.errors import RuleError
from meeple.pictures import Pictured
from meeple.raft.components import components
from meeple.raft.model import (
    DECKS,
    DRAW_SIZE,
    FIRE,
    NO_SQUARE,
    ORIENTATIONS,
    RAFT_CENTRE,
    WILD,
    Board,
    CardId,
    Cards,
    CatMove,
    Challenge,
    DrawRequest,
    Entry,
    ExhaustedCat,
    FirePlacement,
    Move,
    PathwayPlacement,
    Position,
    Record,
    Square,
)
from meeple.raft.setup import initial_state
from meeple.registry import Registered
from meeple.words import counted

if TYPE_CHECKING:
    from meeple.game import Document

_Frozen = TypeVar("_Frozen", "State", Position)
_Value = TypeVar("_Value")
Phase = Literal["draw", "play", "fire"]
Outcome = Literal["playing", "won", "lost"]
"""A solo game's `status`: the protocol's (meeple.engine.Status) but a tie."""
MOVE_GROUPS = {
    DrawRequest: "draw",
    PathwayPlacement: "pathway card",
    FirePlacement: "fire tile",
    CatMove: "cat",
}
"""The heading `meeple moves` lists each kind of move under."""

_FIRE = ord(FIRE)
_NONE = ord(NO_SQUARE)
_CENTRE = ord(RAFT_CENTRE)
_WILD = ord(WILD)
_COLOUR_NAMES = {"b": "blue", "g": "green", "p": "purple", "r": "red", "y": "yellow", "w": "wild"}


# -- the board as a flat grid ----------------------------------------------------------


class Grid:
    """A board as flat bytes with a one-square border of `n`, plus what rules ask often."""

    def __init__(self, board: Board) -> None:
        self.height, self.width = board.height, board.width
        self.stride = stride = board.width + 2
        border = NO_SQUARE * stride
        inner = (NO_SQUARE * 2).join(board.rows)
        self.cells = (border + NO_SQUARE + inner + NO_SQUARE + border).encode("ascii")
        self.steps = (-stride, -1, 1, stride)
        self._bits: dict[str, int] = {}
        self.centres = _each_index(self.cells, _CENTRE)
        self.raft, self.raft_bits = _raft_squares(tuple(self.centres), stride, len(self.cells))
        """1 (a byte, and bit i) on every square of a raft card (the `o` and the eight around
        it)."""
        # A grid is built for every new board, so whole-board work here runs in C:
        # bytes.translate and int(..., 2) instead of a Python loop over the squares.
        self.free_bits = _bits_of(self.cells, _PLACEABLE) & ~self.raft_bits
        """Bit i set where cell i takes a tile (not blocked)."""

    @cached_property
    def blocked(self) -> bytes:
        """1 where nothing may be laid: fire, no square, a cat, the raft card."""
        return _bytes_of(~self.free_bits, len(self.cells))

    def bits(self, letters: str) -> int:
        """Bit i set where cell i holds one of `letters`."""
        found = self._bits.get(letters)
        if found is None:
            found = self._bits[letters] = _bits_of(self.cells, letters)
        return found

    @cached_property
    def cat_ways(self) -> _CatWays:
        """The waiting cats and their ways, for the cut-off test (`_stuck_cats`)."""
        return _cat_ways(Keyed(self, (self.stride, self.uncovered)))

    @cached_property
    def uncovered(self) -> int:
        """The squares' bytes as one integer, cell 0 lowest, with those a pathway card may
        still cover blanked: what laying a card cannot change (it frees and blocks none,
        so the same squares are blanked) tells the free squares, the cats, the raft and
        the letters no card can reach."""
        covered = card_places(self.free_bits, self.stride)[1]
        return int.from_bytes(self.cells, "little") & byte_mask(covered, len(self.cells))

    @cached_property
    def raft_short(self) -> bool:
        """Whether the free raft squares are too few for the waiting cats."""
        return bool(_raft_room(self))

    @cached_property
    def by_fire_bits(self) -> int:
        """Bit i set where cell i has fire on at least one side."""
        fire, stride = self.bits(FIRE), self.stride
        inner = ((1 << (len(self.cells) - 2 * stride)) - 1) << stride
        return ((fire << 1) | (fire >> 1) | (fire << stride) | (fire >> stride)) & inner

    def index(self, row: int, column: int) -> int:
        return (row + 1) * self.stride + column + 1

    def position(self, index: int) -> Square:
        row, column = divmod(index, self.stride)
        return Square(row - 1, column - 1)

    def inside(self, row: int, column: int) -> bool:
        return 0 <= row < self.height and 0 <= column < self.width

    def letter(self, row: int, column: int) -> str:
        return chr(self.cells[self.index(row, column)]) if self.inside(row, column) else NO_SQUARE


@lru_cache(maxsize=4096)
def byte_mask(squares: int, size: int) -> int:
    """A mask of `size` bytes: 0x00 on the bytes of `squares`, 0xff on the others."""
    return int.from_bytes(format(squares, f"0{size}b")[::-1].encode().translate(_BLANK), "little")


_BLANK = bytes(255 if i == 48 else 0 for i in range(256))
"""A bytes.translate table: "0" (a square not in the set) to 0xff, anything else to 0."""


@lru_cache(maxsize=64)
def _raft_squares(centres: tuple[int, ...], stride: int, size: int) -> tuple[bytes, int]:
    """`Grid.raft` and `Grid.raft_bits` for raft cards centred on `centres` (they never
    move, so every board of a game shares them)."""
    raft = bytearray(size)
    bits = 0
    for centre in centres:
        for row in (centre - stride, centre, centre + stride):
            for square in (row - 1, row, row + 1):
                raft[square] = 1
                bits |= 1 << square
    return bytes(raft), bits


@lru_cache(maxsize=64)
def _table(letters: str) -> bytes:
    """A bytes.translate table: "1" for each of `letters`, "0" for any other byte."""
    wanted = letters.encode("ascii")
    return bytes(49 if i in wanted else 48 for i in range(256))


def _with(item: _Frozen, **changes: object) -> _Frozen:
    """`dataclasses.replace` for the frozen State and Position, without running __init__
    again: a search plays hundreds of thousands of moves, and the fields need no checks."""
    new = object.__new__(type(item))
    vars(new).update(vars(item), **changes)
    return new


def _bits_of(cells: bytes, letters: str) -> int:
    """Bit i set where cells[i] is one of `letters`."""
    return int(cells.translate(_table(letters))[::-1], 2)


def _bytes_of(bits: int, size: int) -> bytes:
    """`size` bytes, 1 where bit i of `bits` is set and 0 elsewhere."""
    bits &= (1 << size) - 1
    return format(bits, f"0{size}b")[::-1].encode("ascii").translate(_DIGIT_BYTE)


_DIGIT_BYTE = bytes(i - 48 if i in (48, 49) else 0 for i in range(256))
_PLACEABLE = "bgprwyo"
"""Letters a tile may cover (the raft card's squares are taken out apart)."""


@lru_cache(maxsize=256)
def grid_of(board: Board) -> Grid:
    return Grid(board)


# -- pathway cards ---------------------------------------------------------------------


@lru_cache(maxsize=512)
def turned_card(squares: str, orientation: str) -> str:
    """A 3x3 card's nine squares after turning it clockwise to `orientation`."""
    for _ in range(ORIENTATIONS.index(orientation)):
        squares = "".join(
            squares[(2 - column) * 3 + row] for row in range(3) for column in range(3)
        )
    return squares


def card_trouble(board: Board, row: int, column: int) -> str:
    """Why a 3x3 card cannot lie with its top-left square at (row, column); "" if it can."""
    grid = grid_of(board)
    if 0 <= row <= grid.height - 3 and 0 <= column <= grid.width - 3:
        # On the island: the bit sets answer a card that fits at once (the rules check
        # every card a search plays); the square-by-square walk says what is wrong.
        area = card_area(grid.stride) << grid.index(row, column)
        if area & grid.free_bits == area:
            return ""
    for r in range(row, row + 3):
        for c in range(column, column + 3):
            trouble = _square_trouble(grid, r, c)
            if trouble:
                return trouble
    return ""


@lru_cache(maxsize=64)
def card_area(stride: int) -> int:
    """A pathway card's nine squares as bits of a grid `stride` wide, its corner at bit 0."""
    return sum(1 << (row * stride + column) for row in range(3) for column in range(3))


def _square_trouble(grid: Grid, row: int, column: int) -> str:
    if not grid.inside(row, column):
        return f"square ({row},{column}) is off the island"
    index = grid.index(row, column)
    if grid.raft[index]:
        return f"square ({row},{column}) belongs to the raft card"
    letter = chr(grid.cells[index])
    if letter == FIRE:
        return f"square ({row},{column}) is on fire"
    if letter == NO_SQUARE:
        return f"square ({row},{column}) is off the island"
    if letter.isupper():
        return f"a cat sits on square ({row},{column})"
    return ""


@lru_cache(maxsize=256)
def card_positions(board: Board) -> tuple[Square, ...]:
    """Every top-left square where a 3x3 pathway card may lie on `board`."""
    grid = grid_of(board)
    found = []
    places = card_places(grid.free_bits, grid.stride)[0]
    while places:
        lowest = places & -places
        places ^= lowest
        found.append(grid.position(lowest.bit_length() - 1))
    return tuple(found)


@lru_cache(maxsize=1024)
def card_places(free: int, stride: int) -> tuple[int, int]:
    """(bit i set where a 3x3 card may lie with its top-left square on cell i, bit i set
    on every cell such a card covers), for a grid whose free cells are `free`.

    Keyed by the free cells, not the board: a pathway card repaints squares but frees or
    blocks none, so every board a round of pathway cards makes shares one answer.
    """
    # Free runs of three along a row first, then three such runs stacked. The grid's
    # border of `n` is never free, so no run wraps from one row into the next.
    run = free & (free >> 1) & (free >> 2)
    places = run & (run >> stride) & (run >> (2 * stride))
    rows = places | (places << 1) | (places << 2)
    return places, rows | (rows << stride) | (rows << (2 * stride))


def lay_squares(board: Board, cells: dict[Square, str]) -> Board:
    """The board with the given squares replaced; RuleError for a square off the board."""
    rows = list(board.rows)
    changed: dict[int, list[str]] = {}  # only the rows touched are rebuilt
    for (row, column), letter in cells.items():
        if not (0 <= row < board.height and 0 <= column < board.width):
            raise RuleError(f"square ({row},{column}) is off the board", rule="off-board")
        line = changed.get(row)
        if line is None:
            line = changed[row] = list(rows[row])
        line[column] = letter
    for row, line in changed.items():
        rows[row] = "".join(line)
    return Board(tuple(rows))


def lay_card(board: Board, placement: PathwayPlacement) -> Board:
    card = components().pathway_cards[(placement.deck, placement.card)]
    squares = turned_card(card.squares, placement.orientation)
    row, column = placement.row, placement.column
    if 0 <= row <= board.height - 3 and 0 <= column <= board.width - 3:
        # Three slices a row: a search lays tens of thousands of cards.
        rows = list(board.rows)
        for i in range(3):
            line = rows[row + i]
            rows[row + i] = line[:column] + squares[3 * i : 3 * i + 3] + line[column + 3 :]
        return Board(tuple(rows))
    return lay_squares(
        board,
        {
            Square(placement.row + i // 3, placement.column + i % 3): letter
            for i, letter in enumerate(squares)
        },
    )


# -- fire tiles ------------------------------------------------------------------------


@lru_cache(maxsize=512)
def fire_shape(tile: str, flipped: bool, orientation: str) -> tuple[Square, ...]:
    """A tile's fire squares: flipped across the vertical axis first if asked, then turned
    clockwise, then moved so its bounding box starts at (0, 0)."""
    cells = list(components().fire_tiles[tile].cells)
    if flipped:
        widest = max(c for _, c in cells)
        cells = [Square(r, widest - c) for r, c in cells]
    for _ in range(ORIENTATIONS.index(orientation)):
        lowest = max(r for r, _ in cells)
        cells = [Square(c, lowest - r) for r, c in cells]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted(Square(r - top, c - left) for r, c in cells))


@lru_cache(maxsize=512)
def _shape_lines(shape: tuple[Square, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A tile's squares (`fire_shape`) row by row: how many columns they span, and the
    columns in each row."""
    lines = [tuple(c for r, c in shape if r == row) for row in range(shape[-1].row + 1)]
    return max(c for _, c in shape) + 1, tuple(lines)


@lru_cache(maxsize=2048)
def _shape_bits(tile: str, flipped: bool, orientation: str, stride: int) -> int:
    """A fire tile's squares as bits of a grid `stride` wide, its corner at bit 0."""
    return sum(1 << (r * stride + c) for r, c in fire_shape(tile, flipped, orientation))


def fire_trouble(board: Board, placement: FirePlacement) -> str:
    """Why a fire tile cannot lie as placed; "" if it can."""
    grid = grid_of(board)
    shape = fire_shape(placement.tile, placement.flipped, placement.orientation)
    row, column = placement.row, placement.column
    if (
        row >= 0
        and column >= 0
        and row + max(r for r, _ in shape) < grid.height
        and column + max(c for _, c in shape) < grid.width
    ):
        # On the island: the bit sets answer a legal placement at once (this runs for
        # every tile a search lays); the square-by-square walk below says what is wrong.
        at = _shape_bits(placement.tile, placement.flipped, placement.orientation, grid.stride)
        at <<= grid.index(row, column)
        if at & grid.free_bits == at and at & grid.by_fire_bits:
            return ""
    touches = False
    for dr, dc in shape:
        row, column = placement.row + dr, placement.column + dc
        trouble = _square_trouble(grid, row, column)
        if trouble:
            return trouble
        index = grid.index(row, column)
        touches = touches or any(grid.cells[index + step] == _FIRE for step in grid.steps)
    return "" if touches else "a fire tile must touch fire on at least one side"


def fire_placements(board: Board, tile: str) -> list[FirePlacement]:
    """Every legal way to lay fire tile `tile` (distinct flips and turns only once).

    The board's cells are bits of an integer, so one shift per square of the tile finds
    every place at once: where all its squares are free and one of them is beside fire.
    """
    return [placement for spots in fire_spots(board, tile) for placement in spots.placements]


class FireSpots(NamedTuple):
    """Where one flip and turn of a fire tile may lie (`fire_spots`)."""

    placements: tuple[FirePlacement, ...]
    offsets: tuple[int, ...]
    """The tile's squares as grid steps from its corner."""
    corners: tuple[int, ...]
    """The grid square of each placement's corner."""


def fire_spots(board: Board, tile: str) -> tuple[FireSpots, ...]:
    """`fire_placements` grouped by the tile's flip and turn, in the same order."""
    grid = grid_of(board)
    return _fire_spots(grid.free_bits, grid.by_fire_bits, grid.stride, grid.height, tile)


@lru_cache(maxsize=1024)
def _fire_spots(
    free_bits: int, by_fire_bits: int, stride: int, height: int, tile: str
) -> tuple[FireSpots, ...]:
    """`fire_spots` for a grid with these free squares and squares beside fire: a
    pathway card changes neither, so every card a search tries in a position asks the
    same question of its fire tile."""
    width = stride - 2
    found = []
    seen: set[tuple[Square, ...]] = set()
    for flipped in (False, True):
        for orientation in ORIENTATIONS:
            shape = fire_shape(tile, flipped, orientation)
            if shape in seen:
                continue
            seen.add(shape)
            rows = height - max(r for r, _ in shape)
            columns = width - max(c for _, c in shape)
            line = (1 << max(columns, 0)) - 1
            free = sum(line << ((row + 1) * stride + 1) for row in range(max(rows, 0)))
            touching = 0
            offsets = tuple(dr * stride + dc for dr, dc in shape)
            for offset in offsets:
                free &= free_bits >> offset
                touching |= by_fire_bits >> offset
            corners = tuple(bit_indices(free & touching))
            placements = []
            for corner in corners:
                row, column = divmod(corner, stride)
                placements.append(FirePlacement(tile, row - 1, column - 1, flipped, orientation))
            found.append(FireSpots(tuple(placements), offsets, corners))
    return tuple(found)


def fire_fits_somewhere(board: Board, tile: str) -> bool:
    return bool(fire_placements(board, tile))


def lay_fire(board: Board, placement: FirePlacement) -> Board:
    shape = fire_shape(placement.tile, placement.flipped, placement.orientation)
    row, column = placement.row, placement.column
    span, lines = _shape_lines(shape)
    if 0 <= row <= board.height - len(lines) and 0 <= column <= board.width - span:
        # Only the rows the tile touches are rebuilt: a search lays thousands of tiles.
        rows = list(board.rows)
        for dr, columns in enumerate(lines, row):
            line = list(rows[dr])
            for dc in columns:
                line[column + dc] = FIRE
            rows[dr] = "".join(line)
        return Board(tuple(rows))
    return lay_squares(
        board, {Square(placement.row + r, placement.column + c): FIRE for r, c in shape}
    )


# -- cats -----------------------------------------------------------------------------


def on_raft(board: Board, position: Square) -> bool:
    grid = grid_of(board)
    return grid.inside(*position) and bool(grid.raft[grid.index(*position)])


def cat_route_ok(board: Board, colour: str, start: Square, end: Square) -> str:
    """Why a cat of `colour` cannot go from `start` to `end`; "" if it can."""
    grid = grid_of(board)
    cat = colour.lower()
    if not grid.inside(*start) or grid.letter(*start) != colour.upper():
        return f"there is no {_COLOUR_NAMES[cat]} cat at ({start.row},{start.column})"
    if grid.raft[grid.index(*start)]:
        return f"the {_COLOUR_NAMES[cat]} cat at ({start.row},{start.column}) is on the raft"
    if start == end:
        return "a cat must move to another square"
    if not grid.inside(*end):
        return f"square ({end.row},{end.column}) is off the island"
    letter = grid.letter(*end)
    if letter.isupper():
        return f"another cat sits on square ({end.row},{end.column})"
    if letter not in (cat, WILD):
        return f"a {_COLOUR_NAMES[cat]} cat cannot end on square ({end.row},{end.column})"
    if grid.index(*end) not in cat_route(grid, grid.index(*start), ord(cat)):
        return (
            f"no path of {_COLOUR_NAMES[cat]} squares joins ({start.row},{start.column})"
            f" and ({end.row},{end.column})"
        )
    return ""


def cat_route(grid: Grid, start: int, colour: int) -> set[int]:
    """Squares a cat of `colour` (lower-case letter code) can step to from `start`."""
    cells, steps = grid.cells, grid.steps
    passable = {colour, colour - 32, _WILD, _WILD - 32}
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for step in steps:
            there = here + step
            if there not in seen and cells[there] in passable:
                seen.add(there)
                todo.append(there)
    return seen


def cats_cut_off(board: Board) -> list[str]:
    """Reasons some cat can no longer reach the raft (empty when every cat still can).

    A cat walks over squares of its own colour (and wild ones, and past other cats); a
    square of another colour is on its way only while some pathway card could still be
    laid over it (the placement rules: nothing off the island, on fire, on a cat or on
    the raft card). A square no 3x3 card can cover keeps its colour for good, so it
    blocks, as fire and the island's edge do. A cat also needs a free raft square it may
    end on: the colour-matched squares first, wild squares for the rest.
    """
    grid = grid_of(board)
    stuck = _stuck_cats(grid)
    reasons = [
        f"the {_COLOUR_NAMES[chr(grid.cells[i] + 32)]} cat at ({grid.position(i).row},"
        f"{grid.position(i).column}) can no longer reach the raft"
        for i in bit_indices(stuck)
    ]
    return reasons or _raft_room(grid)


class ShutIn(NamedTuple):
    """A cat a fire tile shuts in (`fire_shut_in`)."""

    letters: str
    """The letters it may walk on: its colour and wild (none when the raft is short of
    room)."""
    reach: int
    """The squares it can still go to: beside them, only a square of its colour that a
    card can no longer cover would let it out (0 when nothing would)."""


def fire_shut_in(board: Board, placement: FirePlacement) -> ShutIn | None:
    """The first cat that laying a fire tile (that fits there) shuts in, or None when it
    shuts in none and the raft has room for every cat: whether `cats_cut_off` would have
    something to say of the board with the tile laid, without making that board (a search
    asks this of many placements it never lays)."""
    grid = grid_of(board)
    # Fire never lands on the raft card, so the room on the raft stays as it is.
    if grid.raft_short:
        return ShutIn("", 0)
    at = _shape_bits(placement.tile, placement.flipped, placement.orientation, grid.stride)
    at <<= grid.index(placement.row, placement.column)
    for _, letters, reach in _shut_in(grid, at):
        return ShutIn(letters, reach)
    return None


def fire_surely_cuts_off(board: Board, placement: FirePlacement) -> bool:
    """Whether a fire tile (that fits there) shuts some cat in even if every square it
    takes out of a card's reach let every cat pass: then `fire_shut_in` says so too,
    whatever those squares' letters (a cat may cross them only if they are its colour)."""
    grid = grid_of(board)
    at = _shape_bits(placement.tile, placement.flipped, placement.orientation, grid.stride)
    at <<= grid.index(placement.row, placement.column)
    return grid.raft_short or bool(_stuck_cats(grid, at, first=True, cover_kept=True))


class _CatWays(NamedTuple):
    """What a grid's cut-off test needs, whatever fire is added (see `_stuck_cats`), and
    what no card laid changes: boards a card apart share it."""

    ground: int
    """Squares off the raft that are neither fire, nor the island's edge, nor its centre."""
    on_raft_cats: int
    coverable: int
    cats: tuple[tuple[int, str, int, int], ...]
    """For each waiting cat: its bit, the letters it may walk on (its colour and wild), the
    squares beside a raft square it may end on, and a shortest way there as it is (its
    squares, `_path`; 0 when there is none)."""


class Keyed(Generic[_Value]):
    """`value` as a cache key standing for every value with the same `key`: what the
    cached function reads of it is the same for all of them (a grid and the grids that
    differ from it only where a pathway card may still lie, say)."""

    __slots__ = ("key", "value")

    def __init__(self, value: _Value, key: Hashable) -> None:
        self.value = value
        self.key = key

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and self.key == other.key


@lru_cache(maxsize=4096)
def _cat_ways(uncovered: Keyed[Grid]) -> _CatWays:
    """`Grid.cat_ways` for every grid whose squares differ only where a card may lie."""
    grid = uncovered.value
    raft, stride = grid.raft_bits, grid.stride
    cats = grid.bits("BGPRYW") & ~raft
    lower = grid.bits("bgprwy")
    on_raft_cats = raft & grid.bits("BGPRYW")
    board_bits = (1 << len(grid.cells)) - 1
    ground = board_bits & ~raft & ~grid.bits("fno")
    coverable = card_places(grid.free_bits, stride)[1]
    # A square a card may cover lets every cat pass whatever its letter: the way found
    # holds on every board of the frame.
    open_ground = ground & ~(lower & ~coverable)
    ways = []
    for cat in bit_indices(cats):
        letters = chr(grid.cells[cat] + 32) + WILD
        own = grid.bits(letters)
        free, goal = own & ~raft, around_bits(raft & own, stride)
        way = _path(1 << cat, open_ground | free | on_raft_cats, goal, stride)
        ways.append((1 << cat, letters, goal, way))
    return _CatWays(ground, on_raft_cats, coverable, tuple(ways))


def _stuck_cats(grid: Grid, fire: int = 0, first: bool = False, cover_kept: bool = False) -> int:
    """The waiting cats (as bits) with no way to a free raft square they may end on, once
    the free squares `fire` are on fire too; with `first`, only the first such cat found;
    with `cover_kept`, as if the squares the fire takes out of a card's reach kept it."""
    stuck = 0
    for cat, _, _ in _shut_in(grid, fire, cover_kept):
        stuck |= cat
        if first:
            break
    return stuck


def _shut_in(grid: Grid, fire: int = 0, cover_kept: bool = False) -> Iterator[tuple[int, str, int]]:
    """`_stuck_cats`, each cat (row order) with the letters it may walk on and the squares
    it can still reach (0 when it has no way whatever letters the squares a card may cover
    have)."""
    ways = grid.cat_ways
    # Whole-board work as bit sets, a flood from each cat until it meets a raft square it
    # may end on: this runs for every fire tile a search tries. A way found without the
    # fire still holds if the fire takes none of its squares, nor their cover by a card.
    stride = grid.stride
    lower = grid.bits("bgprwy") & ~fire
    coverable = ways.coverable
    if fire and not cover_kept:
        coverable = card_places(grid.free_bits & ~fire, stride)[1]
    lost = fire | (ways.coverable & ~coverable)
    # Off the raft a cat may pass anything but fire, the island's edge and squares of
    # another colour no card can repaint; on it, only squares where a cat stands.
    open_ground = ways.ground & ~fire & ~(lower & ~coverable)
    for cat, letters, goal, way in ways.cats:
        if way and not way & lost:
            continue
        if not way:
            yield cat, letters, 0
            continue
        own = grid.bits(letters) & ~grid.raft_bits & ~fire
        passable = open_ground | own | ways.on_raft_cats
        reach = _way(cat, passable, goal, stride)
        if not reach & goal:
            yield cat, letters, reach


def _path(start: int, passable: int, goal: int, stride: int) -> int:
    """The squares of one shortest way from the square `start` through passable squares to
    a `goal` square; 0 if there is none.

    A way is kept to tell, for each fire tile tried, that a cat still has it: the fewer
    its squares, the fewer tiles take one of them and send the test flooding again.
    """
    layers = [start]  # the squares first reached at each step
    reached = start
    while not reached & goal:
        grown = reached | (
            ((reached << 1) | (reached >> 1) | (reached << stride) | (reached >> stride)) & passable
        )
        if grown == reached:
            return 0
        layers.append(grown & ~reached)
        reached = grown
    # Back from a goal square to the start: a square first reached at step k is beside
    # one first reached at step k - 1.
    here = layers.pop() & goal
    here &= -here
    path = here
    for layer in reversed(layers):
        here = around_bits(here, stride) & layer
        here &= -here
        path |= here
    return path


def _way(squares: int, passable: int, goal: int, stride: int) -> int:
    """The squares a flood from `squares` through passable squares fills until it reaches a
    `goal` square, or all it can reach if it never does."""
    while not squares & goal:
        grown = squares | (
            ((squares << 1) | (squares >> 1) | (squares << stride) | (squares >> stride)) & passable
        )
        if grown == squares:
            return squares
        squares = grown
    return squares


def around_bits(squares: int, stride: int) -> int:
    """The squares beside any of `squares` (the grid's border keeps rows apart)."""
    return (squares << 1) | (squares >> 1) | (squares << stride) | (squares >> stride)


def flood_bits(squares: int, passable: int, stride: int, until: int = 0) -> int:
    """`squares` and every passable square joined to them through passable squares; or,
    given `until`, a part of that holding every square of `until` if it can."""
    while True:
        grown = squares | (
            ((squares << 1) | (squares >> 1) | (squares << stride) | (squares >> stride)) & passable
        )
        if grown == squares or (until and grown & until == until):
            return grown
        squares = grown


def bit_indices(bits: int) -> Iterator[int]:
    """The index of each set bit of `bits`, lowest first."""
    while bits:
        lowest = bits & -bits
        bits ^= lowest
        yield lowest.bit_length() - 1


def _each_index(cells: bytes, letter: int) -> list[int]:
    """Where `letter` occurs in `cells`."""
    found, at = [], cells.find(letter)
    while at >= 0:
        found.append(at)
        at = cells.find(letter, at + 1)
    return found


def _raft_room(grid: Grid) -> list[str]:
    """Why the free raft squares cannot take the waiting cats; empty if they can."""
    on_raft = bytes(grid.cells[i] for i in bit_indices(grid.raft_bits))
    short = 0
    for letter in b"bgprwy":
        waiting = grid.cells.count(letter - 32) - on_raft.count(letter - 32)
        short += max(0, waiting - on_raft.count(letter))
    wild = on_raft.count(_WILD)
    if short <= wild:
        return []
    return [f"the raft has no free square left for {counted(short - wild, 'cat')}"]


def all_cats_on_raft(board: Board) -> bool:
    grid = grid_of(board)
    return not grid.bits("BGPRYW") & ~grid.raft_bits


def move_cat_on_board(board: Board, move: CatMove) -> Board:
    start = board.at(*move.start)
    end = board.at(*move.end)
    return lay_squares(board, {move.start: start.lower(), move.end: end.upper()})


def discards_needed(state: Position, move: CatMove) -> int:
    exhausted = ExhaustedCat(move.colour, *move.start) in state.exhausted
    return 2 if exhausted else 1


def without(cards: Cards, taken: tuple[CardId, ...]) -> Cards:
    piles = list(cards.piles)
    for deck, card in taken:
        index = DECKS.index(deck)
        piles[index] = piles[index].replace(card, "")
    return Cards((piles[0], piles[1], piles[2], piles[3]))


def with_cards(cards: Cards, added: Cards) -> Cards:
    piles = tuple("".join(sorted(a + b)) for a, b in zip(cards.piles, added.piles, strict=True))
    return Cards((piles[0], piles[1], piles[2], piles[3]))


def exhaust(exhausted: tuple[ExhaustedCat, ...], move: CatMove) -> tuple[ExhaustedCat, ...]:
    """The exhausted cats after `move`: the cat is listed at its new square, sorted."""
    moved = ExhaustedCat(move.colour, *move.start)
    kept = [cat for cat in exhausted if cat != moved]
    return tuple(sorted([*kept, ExhaustedCat(move.colour, *move.end)]))


def cat_options(
    state: Position,
) -> list[tuple[str, Square, list[tuple[CardId, ...]], list[Square]]]:
    """For each cat not on the raft, row order: its colour, its square, every choice of
    cards to pay for a move, and every square it may move to, row order."""
    grid = grid_of(state.board)
    hand = state.hand.ids()
    found = []
    for index in bit_indices(grid.bits("BGPRY") & ~grid.raft_bits):
        square = grid.cells[index]
        colour = chr(square)
        start = grid.position(index)
        tired = ExhaustedCat(colour, *start) in state.exhausted
        # Two cards may be written in either order, and `play` takes both.
        payments = list(permutations(hand, 2) if tired else combinations(hand, 1))
        ends = [
            grid.position(there)
            for there in sorted(cat_route(grid, index, square + 32))
            if grid.cells[there] in (square + 32, _WILD)
        ]
        found.append((colour, start, payments, ends))
    return found


def cat_move_trouble(state: Position, move: CatMove) -> str:
    """Why `move` is not legal in `state`; "" when it is."""
    trouble = cat_route_ok(state.board, move.colour, move.start, move.end)
    if trouble:
        return trouble
    needed = discards_needed(state, move)
    if len(move.discards) != needed:
        why = "an exhausted cat costs two cards" if needed == 2 else "a rested cat costs one card"
        return f"{why}, not {len(move.discards)}"
    if len(set(move.discards)) != len(move.discards):
        return "the same card is discarded twice"
    for card in move.discards:
        if not state.hand.has(card):
            return f"card {card.deck}{card.card} is not in the hand"
    return ""


# -- draws -----------------------------------------------------------------------------


def draw_trouble(decks: Cards, request: DrawRequest) -> str:
    for deck, count in request.draws:
        left = len(decks.piles[DECKS.index(deck)])
        if left < count:
            return f"deck {deck} holds {counted(left, 'card')}, fewer than the {count} requested"
    if request.drawn is not None:
        for card in request.drawn.ids():
            if not decks.has(card):
                return f"card {card.deck}{card.card} is not in its deck"
    return ""


def draw_cards(decks: Cards, request: DrawRequest, rng: random.Random) -> Cards:
    """The cards a request takes, picked at random (only `rng.random()` is used)."""
    if request.drawn is not None:
        return request.drawn
    wanted = dict(request.draws)
    piles = []
    for deck, pile in zip(DECKS, decks.piles, strict=True):
        left = list(pile)
        taken = [left.pop(int(rng.random() * len(left))) for _ in range(wanted.get(deck, 0))]
        piles.append("".join(sorted(taken)))
    return Cards((piles[0], piles[1], piles[2], piles[3]))


def draw_requests(decks: Cards) -> list[DrawRequest]:
    """Every request of six cards the decks can meet."""
    sizes = [len(pile) for pile in decks.piles]
    found = []
    for a in range(min(6, sizes[0]) + 1):
        for b in range(min(6 - a, sizes[1]) + 1):
            for c in range(min(6 - a - b, sizes[2]) + 1):
                d = DRAW_SIZE - a - b - c
                if d <= sizes[3]:
                    counts = zip(DECKS, (a, b, c, d), strict=True)
                    found.append(DrawRequest(tuple((k, n) for k, n in counts if n)))
    return found


# -- how far the cats are from the raft ----------------------------------------------


BLOCKED = 10_000
DEAD = 100_000  # a cat left no free raft square it may reach: the line cannot win
STUCK = 15  # the distance counted for a cat whose way no card can repaint for now


def cat_distances(game: State) -> list[int]:
    """For each cat not on the raft, the fewest squares to repaint on its best way there.

    One 0-1 breadth-first search from each cat to the free raft squares it may end on
    (the cats then matched to distinct squares): a square costs 0 if it has the colour
    (or holds a cat of it), 1 if some card could still repaint it, and blocks otherwise
    (fire, the island's edge, the raft card, another colour's cat, a square no card can
    cover).
    """
    return list(board_distances(game.position.board))


@lru_cache(maxsize=4096)
def board_distances(board: Board) -> tuple[int, ...]:
    """`cat_distances` of any game on `board`, cats in row order.

    The search runs on sets of squares held as the bits of an integer, a whole layer of
    the search at a time: the squares at distance k are those one repaint beyond distance
    k - 1, then everything joined to them by squares of the colour (a flood, one step per
    pass). A Python loop over single squares was most of the solver's time.
    """
    grid = grid_of(board)
    return _distances(board, grid, grid.bits)


def _distances(board: Board, grid: Grid, bits: Callable[[str], int]) -> tuple[int, ...]:
    """`board_distances` of `grid`, its squares' letters told by `bits` (`Grid.bits`;
    a pathway card laid changes only which lower-case letter a square has).

    Each cat is measured to every free raft square it may end on, and the cats are then
    matched to distinct squares at the least total cost (`_matched`): two cats cannot
    both end on the one square they are nearest to. A cat the rules' passage (`_raft_reach`)
    lets reach no square left to it in any such matching is `DEAD`.
    """
    frame = _frame(Keyed(board, cut_frame(board)))
    if not frame.cats:
        return ()
    stride = grid.stride
    zero = one = 0
    for colour, shifts in frame.colours:
        own = bits(colour + colour.upper())
        here, there = own, frame.repaintable & ~own
        for shift in shifts:
            zero |= here << shift
            one |= there << shift
    found: dict[tuple[int, int], int] = {}
    pending, targets = frame.ends, frame.targets
    if pending:
        # Each layer is flooded whole (see `_nearest_walk`); a raft square is reached once
        # the layer holds a square beside it.
        reach = flood_bits(frame.starts, zero, stride)
        level = 0
        while True:
            if reach & targets:
                for cat, end, beside in pending:
                    if reach & beside:
                        found[(cat, end)] = level
                pending = tuple(pair for pair in pending if (pair[0], pair[1]) not in found)
                if not pending:
                    break
                targets = 0
                for _, _, beside in pending:
                    targets |= beside
            grown = flood_bits(reach | (around_bits(reach, stride) & one), zero, stride)
            if grown == reach:
                break
            reach, level = grown, level + 1
    return _matched(
        tuple(
            tuple((end, found.get((k, end), BLOCKED)) for end in options)
            for k, (_, options) in enumerate(frame.cats)
        )
    )


class _Frame(NamedTuple):
    """What `_distances` needs of a grid that a pathway card does not change."""

    cats: tuple[tuple[int, tuple[int, ...]], ...]
    """Each waiting cat, row order: its square and the free raft squares it may reach
    (`_raft_reach`), lowest first."""
    colours: tuple[tuple[str, tuple[int, ...]], ...]
    """Each waiting colour and where its cats' copies of the grid sit (bit shifts)."""
    repaintable: int
    starts: int
    """Each cat that may reach some raft square, in its copy."""
    ends: tuple[tuple[int, int, int], ...]
    """Each (cat, raft square it may reach, some way joining them): the cat's place in
    `cats`, the square, and the squares beside it in the cat's copy."""
    targets: int
    """Every square of `ends`."""


@lru_cache(maxsize=4096)
def _frame(framed: Keyed[Board]) -> _Frame:
    """What a board's frame (`cut_frame`) gives every board of it."""
    grid = grid_of(framed.value)
    raft, stride, size = grid.raft_bits, grid.stride, len(grid.cells)
    repaintable = grid.bits("bgprwy") & card_places(grid.free_bits, stride)[1] & ~raft
    # Every cat that may reach a raft square searches at once, from where it sits: cat k's
    # copy of the grid sits k grids up the same integer. Its border of `n` squares (never
    # passable) keeps the copies apart, so each shift and mask serves every cat. (A path's
    # cost is the same both ways, and there are fewer cats than (colour, raft square)
    # pairs to search from.)
    shifts: dict[str, list[int]] = {}
    starts = targets = copies = 0
    ends = []
    cats: list[tuple[int, tuple[int, ...]]] = []
    for cat, colour, reached in _raft_reach(grid):
        options = tuple(bit_indices(reached))
        if options:
            shift, copies = copies * size, copies + 1
            shifts.setdefault(colour, []).append(shift)
            starts |= 1 << (cat + shift)
            for end in options:
                ends.append((len(cats), end, around_bits(1 << end, stride) << shift))
        cats.append((cat, options))
    # A raft square no way joins to its cat, whatever is repainted (a cat crosses squares
    # of its colour and those a card may repaint), is BLOCKED for every board of the
    # frame: the search leaves it out, and stops once it has met the others.
    crossed = 0
    for colour, at in shifts.items():
        for shift in at:
            crossed |= (grid.bits(colour + colour.upper()) | repaintable) << shift
    joined = flood_bits(starts, crossed, stride)
    ends = [end for end in ends if end[2] & joined]
    for _, _, beside in ends:
        targets |= beside
    return _Frame(
        tuple(cats),
        tuple((c, tuple(at)) for c, at in shifts.items()),
        repaintable,
        starts,
        tuple(ends),
        targets,
    )


@lru_cache(maxsize=65536)
def _matched(costs: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[int, ...]:
    """Each cat's distance in the cheapest matching of cats to distinct raft squares.

    `costs[i]` lists (raft square, distance) for the squares cat i may reach; a distance
    of `BLOCKED` (no way to repaint for now) costs `STUCK`. A cat left without a square
    in every matching gets `DEAD`. Few cats and few squares: a search over the cats in
    turn, best choices first, is enough.
    """
    firsts = [min((d for _, d in row), default=DEAD) for row in costs]
    chosen = [min(row, key=itemgetter(1))[0] if row else -1 for row in costs]
    if DEAD not in firsts and len(set(chosen)) == len(chosen):
        return tuple(firsts)  # no two cats want the same square: each takes its nearest
    rows = [sorted(row, key=itemgetter(1)) for row in costs]
    best: list[int] = [DEAD * len(rows) + 1]
    answer: list[tuple[int, ...]] = [tuple(DEAD for _ in rows)]

    def cost(d: int) -> int:
        return min(d, STUCK)

    # The least the cats from i on can add: a branch that cannot beat the best found is
    # cut (the first best matching found stays the answer, as without the cut).
    rest = [0] * (len(rows) + 1)
    for i in range(len(rows) - 1, -1, -1):
        rest[i] = rest[i + 1] + (cost(rows[i][0][1]) if rows[i] else DEAD)

    def visit(i: int, used: frozenset[int], total: int, picked: tuple[int, ...]) -> None:
        if total + rest[i] >= best[0]:
            return
        if i == len(rows):
            best[0], answer[0] = total, picked
            return
        for end, d in rows[i]:
            if end not in used:
                visit(i + 1, used | {end}, total + cost(d), (*picked, d))
        visit(i + 1, used, total + DEAD, (*picked, DEAD))

    visit(0, frozenset(), 0, ())
    return answer[0]


def _raft_reach(grid: Grid) -> tuple[tuple[int, str, int], ...]:
    """For each waiting cat (row order): its square, its colour (a lower-case letter) and,
    as bits, the free raft squares of its colour or wild it may still reach, by the
    passage the rules' cut-off test allows (fire, the island's edge and squares of another
    colour no card can cover block; cats do not).

    A pathway card changes none of it (it frees or blocks no square and repaints only
    squares a card covers), so boards a card apart share the answer.
    """
    raft, stride, size = grid.raft_bits, grid.stride, len(grid.cells)
    lower = grid.bits("bgprwy")
    waiting = grid.bits("BGPRYW") & ~raft
    cats = [(cat, chr(grid.cells[cat] + 32)) for cat in bit_indices(waiting)]
    # One flood per cat, all at once (cat k's copy of the grid k grids up the integer).
    # Off the raft a cat may pass anything but fire, the island's edge and squares of
    # another colour no card can repaint; on it, only squares where a cat stands.
    ground = ((1 << size) - 1) & ~raft & ~grid.bits("fno")
    coverable = card_places(grid.free_bits, stride)[1]
    open_ground = ground & ~(lower & ~coverable) | (raft & grid.bits("BGPRYW"))
    passable = seeds = ways_on = 0
    free = raft & lower
    for k, (cat, colour) in enumerate(cats):
        # A cat may cross free raft squares of its colour and wild ones to another.
        own = lower & grid.bits(colour + WILD)
        mine = open_ground | own
        passable |= mine << (k * size)
        seeds |= 1 << (cat + k * size)
        ways_on |= (free & grid.bits(colour + WILD)) << (k * size)
    # Most cats can reach every raft square of theirs: the flood stops once it has.
    reached = flood_bits(seeds, passable, stride, ways_on)
    mask = (1 << size) - 1
    return tuple(
        (
            cat,
            colour,
            (reached >> (k * size)) & mask & free & grid.bits(colour + WILD),
        )
        for k, (cat, colour) in enumerate(cats)
    )


@lru_cache(maxsize=4096)
def cut_frame(board: Board) -> tuple[int, int]:
    """What `fire_shut_in` depends on for any tile on `board`, besides the letters of the
    squares that tile takes out of a card's reach (the solver's `_CutOffs`): the grid's
    width and its squares with those a card can cover blanked (`Grid.uncovered`)."""
    grid = grid_of(board)
    return grid.stride, grid.uncovered


# -- the game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class State(Pictured):
    """A game in progress: the five-part state, the next step, and the outcome so far.

    It is the engine protocol's state for Race to the Raft (meeple.engine.GameState): a
    solo game whose one player is `you`, whose moves are draw requests, pathway cards,
    fire tiles and cat moves, written in seed 001's action strings.

    Beyond the protocol (meeple.engine) it offers: the fields `position` (the seed's
    five-part Position), `seed`, `phase` (the next step: draw, play or fire), `reason`
    (why the game ended, beside the protocol's `status`), `rounds` (draws made) and `challenge`;
    `last` (the move that led here); and the move generators by kind,
    `pathway_placements()` and `cat_moves()` (the solver searches them apart).
    """

    game = Registered("raft")

    position: Position
    seed: int | None = None
    phase: Phase = "draw"
    status: Outcome = "playing"
    reason: str = ""
    rounds: int = 0
    """Draws made so far; with the seed it fixes which cards a draw request turns up."""
    history: tuple[Move, ...] = ()
    """The moves from the start of the game to here."""
    challenge: Challenge | None = None
    """The challenge the game was set up from (None for a game started from a bare state)."""

    @classmethod
    def initial(cls, challenge: Challenge, seed: int | None = None) -> State:
        """The game set up from `challenge`, the seed fixing boards and draws."""
        game = cls(initial_state(challenge, seed), seed, challenge=challenge)
        cut_off = cats_cut_off(game.position.board)
        return game._lost(cut_off[0]) if cut_off else game

    @property
    def last(self) -> Move | None:
        """The move that led here (None at the start)."""
        return self.history[-1] if self.history else None

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    @property
    def result_text(self) -> str:
        if self.status == "won":
            return f"won: {self.reason}"
        if self.status == "lost":
            return f"lost: {self.reason}"
        return f"playing (next: {self.phase})"

    @property
    def player_count(self) -> int:
        return 1

    def player_name(self, player: int) -> str:
        return "you"

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else 1

    @property
    def winners(self) -> tuple[int, ...]:
        return (1,) if self.status == "won" else ()

    def _lost(self, reason: str) -> State:
        return _with(self, status="lost", reason=reason)

    def play(self, move: Move) -> State:
        """The game after `move`; RuleError (without a location) if it breaks a rule."""
        if self.is_over:
            raise RuleError(f"the game is over ({self.result_text})", rule="game-over")
        return _with(self._play(move), history=(*self.history, move))

    def violation(self, move: Move) -> RuleError | None:
        """The rule `move` breaks now (a RuleError naming it, without a location), or None."""
        return violation_by_playing(self, move)

    def is_legal(self, move: Move) -> bool:
        """Whether `play` accepts `move` now."""
        return self.violation(move) is None

    def move_to_text(self, move: Move) -> str:
        from meeple.raft.notation import format_move

        return format_move(move)

    def move_from_text(self, text: str) -> Move:
        """An action string or draw request; NotationError if it is neither."""
        from meeple.raft.notation import parse_move

        return parse_move(text.strip())

    def move_group(self, move: Move) -> str:
        return MOVE_GROUPS[type(move)]

    def evaluate(self, player: int = 1) -> float:
        """From 0 (lost) to 1 (won): the share of cats on the raft, and how few squares the
        others still need repainted (a one-ply heuristic for greedy bots)."""
        if self.status != "playing":
            return 1.0 if self.status == "won" else 0.0
        grid = grid_of(self.position.board)
        cats = sum(1 for square in grid.cells if 65 <= square <= 90)
        waiting = [min(d, 20) for d in cat_distances(self)]
        home = (cats - len(waiting)) / max(1, cats)
        return 0.5 * home + 0.45 / (1 + sum(waiting) / 4)

    def record(self) -> Record:
        """The game so far as a record (ValueError for a game not set up from a challenge)."""
        if self.challenge is None:
            raise ValueError("a game started from a bare state has no challenge to record")
        return Record(self.challenge, self.seed, tuple(Entry(move) for move in self.history))

    def _play(self, move: Move) -> State:
        if isinstance(move, DrawRequest):
            return self._draw(move)
        if self.phase == "draw":
            raise RuleError("the hand is empty: draw six cards first", rule="empty-hand")
        if isinstance(move, FirePlacement):
            return self._fire(move)
        if self.phase == "fire":
            raise RuleError(
                "a fire tile was drawn: place it before anything else", rule="fire-first"
            )
        if isinstance(move, PathwayPlacement):
            return self._pathway(move)
        return self._cat(move)

    def _draw(self, request: DrawRequest) -> State:
        if self.phase != "draw":
            raise RuleError(
                "cards are drawn only when the hand is empty, at the start of a round",
                rule="draw-when-empty",
            )
        state = self.position
        trouble = draw_trouble(state.decks, request)
        if trouble:
            raise RuleError(trouble, rule="draw")
        rng = random.Random(f"raft-draw/{0 if self.seed is None else self.seed}/{self.rounds}")
        drawn = draw_cards(state.decks, request, rng)
        state = _with(state, decks=without(state.decks, drawn.ids()), hand=drawn)
        return _with(self, position=state, phase="play", rounds=self.rounds + 1)

    def _pathway(self, placement: PathwayPlacement) -> State:
        state = self.position
        card = CardId(placement.deck, placement.card)
        if not state.hand.has(card):
            raise RuleError(
                f"card {placement.deck}{placement.card} is not in the hand", rule="card-in-hand"
            )
        trouble = card_trouble(state.board, placement.row, placement.column)
        if trouble:
            raise RuleError(f"a pathway card cannot lie there: {trouble}", rule="card-placement")
        state = _with(
            state, board=lay_card(state.board, placement), hand=without(state.hand, (card,))
        )
        game = _with(self, position=state, phase="fire")
        if not state.bag:
            return game._lost("a fire tile must be drawn but the fire bag is empty")
        return game

    def _fire(self, placement: FirePlacement) -> State:
        if self.phase != "fire":
            raise RuleError(
                "a fire tile is drawn only after a pathway card is placed", rule="fire-after-card"
            )
        state = self.position
        if placement.tile not in state.bag:
            raise RuleError(f"fire tile {placement.tile} is not in the bag", rule="fire-in-bag")
        bag = state.bag.replace(placement.tile, "")
        trouble = fire_trouble(state.board, placement)
        if trouble:
            if fire_fits_somewhere(state.board, placement.tile):
                raise RuleError(f"the fire tile cannot lie there: {trouble}", rule="fire-placement")
            game = _with(self, position=_with(state, bag=bag))
            return game._lost(f"fire tile {placement.tile} fits nowhere on the island")
        state = _with(state, board=lay_fire(state.board, placement), bag=bag)
        game = _with(self, position=state, phase="play")
        cut_off = cats_cut_off(state.board)
        return game._lost(cut_off[0]) if cut_off else game._end_of_action()

    def _cat(self, move: CatMove) -> State:
        state = self.position
        trouble = cat_move_trouble(state, move)
        if trouble:
            raise RuleError(f"the cat cannot move: {trouble}", rule="cat-move")
        state = _with(
            state,
            board=move_cat_on_board(state.board, move),
            hand=without(state.hand, move.discards),
            exhausted=exhaust(state.exhausted, move),
        )
        game = _with(self, position=state)
        if all_cats_on_raft(state.board):
            return _with(game, status="won", reason="every cat is on the raft")
        return game._end_of_action()

    def _end_of_action(self) -> State:
        """Rest when the hand is used up; lost if no full hand can be drawn next."""
        state = self.position
        if len(state.hand):
            grid = grid_of(state.board)
            if not card_places(grid.free_bits, grid.stride)[0] and not self.cat_moves():
                return self._lost("no pathway card fits on the island and no cat can move")
            return self
        game = _with(self, position=_with(state, exhausted=()), phase="draw")
        if len(state.decks) < DRAW_SIZE:
            return game._lost(
                "a new hand must be drawn but the decks hold only"
                f" {counted(len(state.decks), 'card')}"
            )
        return game

    # -- the move generator --------------------------------------------------------------

    def pathway_placements(self) -> list[PathwayPlacement]:
        """Every legal placement of every card in hand: all positions, four orientations."""
        positions = card_positions(self.position.board)
        return [
            PathwayPlacement(deck, card, row, column, orientation)
            for deck, card in self.position.hand.ids()
            for orientation in ORIENTATIONS
            for row, column in positions
        ]

    def cat_moves(self) -> list[CatMove]:
        """Every legal cat move, with every choice of cards to discard."""
        return [
            CatMove(colour, start, end, pay)
            for colour, start, payments, ends in cat_options(self.position)
            for end in ends
            for pay in payments
        ]

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        if self.phase == "draw":
            return list(draw_requests(self.position.decks))
        if self.phase == "fire":
            found: list[Move] = []
            for tile in self.position.bag:
                # A tile that fits nowhere is still a tile that may be drawn: laying it
                # anywhere loses the game, so one such placement stands for it.
                found += fire_placements(self.position.board, tile) or [
                    FirePlacement(tile, 0, 0, False, ORIENTATIONS[0])
                ]
            return found
        return [*self.pathway_placements(), *self.cat_moves()]


def final(record: Record) -> State:
    """The game a record reaches (RuleError at its first illegal move)."""
    state = State.initial(record.challenge, record.seed)
    for entry in record.entries:
        state = state.play(entry.move)
    return state


def replay(record: Record) -> Iterator[State]:
    """The game after each move of a record, the start first; RuleError (located in the
    record as `dump` writes it) at the first illegal move."""
    from meeple import registry
    from meeple.game import Document
    from meeple.raft.notation import format_record

    text = format_record(record)
    return replay_document(Document(text, "<record>", registry.get("raft"), record))


def replay_document(document: Document) -> Iterator[State]:
    """The game after each line of the record; RuleError at the first illegal line."""
    from meeple.raft.notation import record_lines

    record: Record = document.model
    lines = [(start, end) for start, end, kind in record_lines(document.text) if kind == "line"]
    game = State.initial(record.challenge, record.seed)
    yield game
    # A record read past a malformed line (`diagnose`) holds only the moves before it.
    for step, (entry, (start, end)) in enumerate(zip(record.entries, lines[1:], strict=False)):
        try:
            game = game.play(entry.move)
        except RuleError as problem:
            move = document.text[start:end]
            message = f"illegal move {move}: {problem.message}"
            raise RuleError.at(
                document.text, start, message, document.source, problem.rule
            ).at_step(step) from None
        yield game


def state_json(state: State) -> Mapping[str, Any]:
    """One replay step: the move, the five state strings, the status, what comes next."""
    from meeple.raft.notation import format_move, state_strings

    return {
        "move": None if state.last is None else format_move(state.last),
        "state": list(state_strings(state.position)),
        "status": state.status,
        "reason": state.reason,
        "next": None if state.is_over else state.phase,
    }
