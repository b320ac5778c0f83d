"""Race to the Raft as plain values: squares, boards, cards, tiles, placements, states.

Everything here is immutable and knows nothing of text: reading and writing the
seed's strings lives in `meeple.raft.notation`, the rules in `meeple.raft.rules`.
Coordinates are (row, column), 0-based, row 0 at the top, as in the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from meeple.pictures import Pictured
from meeple.registry import Registered

DECKS = "ABCD"
"""Pathway decks: A circle, B cross, C square, D triangle."""
CARD_IDS = "abcdefghijklmnopqrstuvwxy"
"""The 25 cards of each deck."""
CAT_CARD_IDS = "0123456"
RAFT_CARD_IDS = "0123"
FIRE_TILE_IDS = "abcdefghijklmnopqrstuvwxyzABCDE"
"""The 31 fire tiles, in the order the fire tile bag string lists them."""
CAT_COLOURS = "BGPRY"
"""Cat colours as written in cat movements and exhausted cats."""
PATHWAY_COLOURS = "bgpry"
ORIENTATIONS = "NESW"
"""Each one a further quarter turn clockwise."""
ISLAND_ROTATIONS = "NESWA"
HAND_LIMIT = 6
DRAW_SIZE = 6

FIRE = "f"
RAFT_CENTRE = "o"
WILD = "w"
NO_SQUARE = "n"
SQUARE_LETTERS = "bBfgGnopPrRwWyY"
"""Every letter a board string may hold: lower case a bare square, capital a cat on it."""


class Square(NamedTuple):
    row: int
    column: int


@dataclass(frozen=True)
class Board:
    """An island layout: `rows` strings of equal width, one letter per square."""

    rows: tuple[str, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def at(self, row: int, column: int) -> str:
        """The letter of a square; `n` (no square) outside the board."""
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            return self.rows[row][column]
        return NO_SQUARE

    def cats(self) -> tuple[Square, ...]:
        """Every square holding a cat, row by row."""
        return tuple(
            Square(r, c)
            for r, line in enumerate(self.rows)
            for c, letter in enumerate(line)
            if letter.isupper()
        )


class PathwayCard(NamedTuple):
    """A 3x3 pathway card: its deck, its id, and nine colours in row-major order (north)."""

    deck: str
    card: str
    squares: str


class FireTile(NamedTuple):
    """A fire tile: its id and its fire squares (north, unflipped) inside its bounding box."""

    tile: str
    cells: tuple[Square, ...]


class CatCard(NamedTuple):
    """A 3x3 cat card: nine squares, capitals where a cat starts, `f` for fire."""

    card: int
    squares: str


class RaftCard(NamedTuple):
    """A 3x3 raft card: `o` in the centre, colours or `w` around it."""

    card: int
    squares: str


class Island(NamedTuple):
    """One island slot of a challenge: size `L` (9x9) or `S` (6x9), rotation N E S W or A."""

    size: str
    rotation: str


class CardPlacement(NamedTuple):
    """Where a 3x3 cat or raft card lies: its id and top-left square."""

    card: int
    row: int
    column: int


@dataclass(frozen=True)
class Challenge:
    """What a challenge string fixes: island slots, fire cards, cat cards and the raft card."""

    islands: tuple[Island, ...]
    fires: tuple[Square, ...]
    cats: tuple[CardPlacement, ...]
    raft: CardPlacement


class CardId(NamedTuple):
    """One pathway card named by deck and id, as in a hand or a discard."""

    deck: str
    card: str


@dataclass(frozen=True)
class Cards:
    """Cards grouped by deck (decks or a hand): for each of A-D the ids held, in order."""

    piles: tuple[str, str, str, str]

    def __len__(self) -> int:
        return sum(len(pile) for pile in self.piles)

    def has(self, card: CardId) -> bool:
        return card.card in self.piles[DECKS.index(card.deck)]

    def ids(self) -> tuple[CardId, ...]:
        pairs = zip(DECKS, self.piles, strict=True)
        return tuple(CardId(deck, card) for deck, pile in pairs for card in pile)

    def __str__(self) -> str:
        """The cards as the seed writes decks and hands: `AabBcDd`."""
        return "".join(deck + pile for deck, pile in zip(DECKS, self.piles, strict=True))


class ExhaustedCat(NamedTuple):
    """A cat moved this round: its colour and where it now stands."""

    colour: str
    row: int
    column: int


@dataclass(frozen=True)
class Position:
    """The seed's five-part game state."""

    board: Board
    decks: Cards
    hand: Cards
    exhausted: tuple[ExhaustedCat, ...]
    bag: str
    """Fire tile ids left in the bag, in FIRE_TILE_IDS order."""


class DrawRequest(NamedTuple):
    """How many cards to draw from which decks, e.g. A3B1D2: (deck, count) pairs."""

    draws: tuple[tuple[str, int], ...]
    drawn: Cards | None = None
    """The cards that came up, when a record names them; None leaves it to chance."""

    @property
    def total(self) -> int:
        return sum(count for _, count in self.draws)

    # A request is the same move whether or not a record names the cards that came up
    # (the seed decides them; the replay checks any that are named).
    def __eq__(self, other: object) -> bool:
        if isinstance(other, DrawRequest):
            return self.draws == other.draws
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.draws)

    def __str__(self) -> str:
        """The move as seed 001 writes it: `A3B1D2`, the cards drawn after a space."""
        text = "".join(f"{deck}{count}" for deck, count in self.draws)
        return text if self.drawn is None else f"{text} {self.drawn}"

    def __repr__(self) -> str:
        return str(self)


class PathwayPlacement(NamedTuple):
    """A pathway card laid on the island with its top-left square at (row, column)."""

    deck: str
    card: str
    row: int
    column: int
    orientation: str

    def __str__(self) -> str:
        """The move as seed 001 writes it: `Ab1208S`."""
        return f"{self.deck}{self.card}{self.row:02d}{self.column:02d}{self.orientation}"

    def __repr__(self) -> str:
        return str(self)


class FirePlacement(NamedTuple):
    """A fire tile laid with its bounding box's top-left square at (row, column)."""

    tile: str
    row: int
    column: int
    flipped: bool
    orientation: str

    def __str__(self) -> str:
        """The move as seed 001 writes it: `l0003TW`."""
        flipped = "T" if self.flipped else "F"
        return f"{self.tile}{self.row:02d}{self.column:02d}{flipped}{self.orientation}"

    def __repr__(self) -> str:
        return str(self)


class CatMove(NamedTuple):
    """A cat moved from `start` to `end`, paying with one or two discarded cards."""

    colour: str
    start: Square
    end: Square
    discards: tuple[CardId, ...]

    def __str__(self) -> str:
        """The move as seed 001 writes it: `R01040410Ac`."""
        cards = "".join(card.deck + card.card for card in self.discards)
        s, e = self.start, self.end
        return f"{self.colour}{s.row:02d}{s.column:02d}{e.row:02d}{e.column:02d}{cards}"

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Entry:
    """One move of a record with the comment lines written just before it."""

    move: Move
    comments: tuple[str, ...] = ()


@dataclass(frozen=True)
class Record(Pictured):
    """A game record: the challenge, the set-up seed, the moves in order, and comments."""

    game = Registered("raft")

    challenge: Challenge
    seed: int | None = None
    """The set-up seed; None when the record names none (set-up then uses seed 0)."""
    entries: tuple[Entry, ...] = ()
    header_comments: tuple[str, ...] = ()
    final_comments: tuple[str, ...] = ()


Action = PathwayPlacement | FirePlacement | CatMove
Move = DrawRequest | PathwayPlacement | FirePlacement | CatMove


ISLAND_HEIGHTS = {"L": 9, "S": 6}
ISLAND_WIDTH = 9


class Frame(NamedTuple):
    """The rectangle an island slot covers on the board."""

    top: int
    left: int
    height: int
    width: int


def island_frames(islands: tuple[Island, ...]) -> tuple[Frame, ...]:
    """Each slot's rectangle: the first two stacked on the left, the next two on the right."""
    frames = []
    for index, island in enumerate(islands):
        column, below = divmod(index, 2)
        top = ISLAND_HEIGHTS[islands[index - 1].size] if below else 0
        frames.append(Frame(top, column * ISLAND_WIDTH, ISLAND_HEIGHTS[island.size], ISLAND_WIDTH))
    return tuple(frames)


def board_size(islands: tuple[Island, ...]) -> tuple[int, int]:
    """(height, width) of the board the island slots make."""
    frames = island_frames(islands)
    return (
        max(frame.top + frame.height for frame in frames),
        max(frame.left + frame.width for frame in frames),
    )
