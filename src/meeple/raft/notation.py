"""Race to the Raft strings (seed 001) to model values and back.

Covers every string of the seed: the board, decks and hand, exhausted cats, the
fire tile bag, the five-part game state, challenges, pathway card and fire tile
placements, cat movements and draw requests, and the game record (a challenge
line, then one move per line); the component ("utility") strings of cards and tiles
are read with the component data (`meeple.raft.components`). Each `parse_*` raises
NotationError pointing at the exact character that is wrong; each `format_*` writes
the canonical string. Whether a move is legal is not decided here: that is
`meeple.raft.rules`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from meeple.errors import DEFAULT_SOURCE, Diagnosis, Finding, Locator, NotationError, line_ends
from meeple.raft.components import components
from meeple.raft.model import (
    CARD_IDS,
    CAT_CARD_IDS,
    CAT_COLOURS,
    DECKS,
    DRAW_SIZE,
    FIRE_TILE_IDS,
    HAND_LIMIT,
    ISLAND_ROTATIONS,
    ORIENTATIONS,
    RAFT_CARD_IDS,
    SQUARE_LETTERS,
    Board,
    CardId,
    CardPlacement,
    Cards,
    CatMove,
    Challenge,
    DrawRequest,
    Entry,
    ExhaustedCat,
    FirePlacement,
    Island,
    Move,
    PathwayPlacement,
    Position,
    Record,
    Square,
    board_size,
    island_frames,
)
from meeple.raft.text import Text, spanning

BOARD_WIDTHS = (9, 18)
BOARD_HEIGHTS = (12, 15, 18)


# -- the board ------------------------------------------------------------------------


def parse_board(text: str, source: str = DEFAULT_SOURCE) -> Board:
    """A board string: 12, 15 or 18 lines of 9 or 18 squares, each line ending in a newline."""
    return _board(spanning(line_ends(text), source))


def _board(span: Text) -> Board:
    rows: list[str] = []
    at = span.start
    while at < span.end:
        newline = span.text.find("\n", at, span.end)
        if newline == -1:
            raise span.error(span.end, "expected a newline at the end of the board row")
        row = span.text[at:newline].removesuffix("\r")  # of a CRLF
        for column, letter in enumerate(row):
            if letter not in SQUARE_LETTERS:
                raise span.error(
                    at + column,
                    f"expected a square letter (one of {' '.join(SQUARE_LETTERS)}),"
                    f" found {span.found(at + column)}",
                )
        if rows and len(row) != len(rows[0]):
            raise span.error(
                at + min(len(row), len(rows[0])),
                f"row {len(rows)} has {len(row)} squares but row 0 has {len(rows[0])}",
            )
        if not rows and len(row) not in BOARD_WIDTHS:
            raise span.error(
                at + min(len(row), BOARD_WIDTHS[-1]),
                f"a board row has 9 or 18 squares, found {len(row)}",
            )
        rows.append(row)
        at = newline + 1
    if len(rows) not in BOARD_HEIGHTS:
        raise span.error(span.end, f"a board has 12, 15 or 18 rows, found {len(rows)}")
    return Board(tuple(rows))


def format_board(board: Board) -> str:
    return "".join(row + "\n" for row in board.rows)


# -- decks and hands --------------------------------------------------------------------


def parse_decks(text: str, source: str = DEFAULT_SOURCE) -> Cards:
    """The deck string: `A`, its cards in order, then `B`, `C`, `D` likewise."""
    return _cards(spanning(text, source), "deck string", None)


def parse_hand(text: str, source: str = DEFAULT_SOURCE) -> Cards:
    """A hand: written like the deck string, at most six cards."""
    return _cards(spanning(text, source), "hand", HAND_LIMIT)


def _cards(span: Text, what: str, limit: int | None) -> Cards:
    piles: list[str] = []
    at = span.start
    for deck in DECKS:
        span.expect(at, deck, f"deck letter {deck!r} in the {what}")
        at += 1
        pile = ""
        while at < span.end and span.text[at] not in DECKS:
            card = span.expect(at, CARD_IDS, f"a card id a-y or the next deck letter in the {what}")
            if pile and card <= pile[-1]:
                order = "listed twice" if card == pile[-1] else "out of alphabetical order"
                raise span.error(at, f"card {card!r} of deck {deck} is {order}")
            pile += card
            at += 1
        piles.append(pile)
    span.finish(at, what)
    cards = Cards((piles[0], piles[1], piles[2], piles[3]))
    if limit is not None and len(cards) > limit:
        raise span.error(span.start, f"a hand holds at most {limit} cards, found {len(cards)}")
    return cards


def format_cards(cards: Cards) -> str:
    return str(cards)


# -- exhausted cats and the fire tile bag ----------------------------------------------


def parse_exhausted_cats(text: str, source: str = DEFAULT_SOURCE) -> tuple[ExhaustedCat, ...]:
    """`B0204G1300`: colour, two-digit row, two-digit column per cat, in the order written.

    The order is kept as written; `exhausted_cats_findings` reports an unsorted string.
    """
    return _exhausted(spanning(text, source))


def _exhausted(span: Text) -> tuple[ExhaustedCat, ...]:
    cats = []
    for at in range(span.start, span.end, 5):
        colour = span.expect(at, CAT_COLOURS, "a cat colour B G P R or Y")
        cats.append(ExhaustedCat(colour, span.number(at + 1, "row"), span.number(at + 3, "column")))
    return tuple(cats)


def exhausted_cats_findings(text: str, source: str = DEFAULT_SOURCE) -> list[Finding]:
    """Lint an exhausted cats string: cats must be sorted by colour, row, column."""
    cats = parse_exhausted_cats(text, source)
    locate = Locator(text, source)
    found = []
    for index in range(1, len(cats)):
        if cats[index - 1] >= cats[index]:
            problem = "listed twice" if cats[index - 1] == cats[index] else "out of order"
            found.append(
                Finding(
                    f"exhausted cat {format_exhausted_cats(cats[index : index + 1])} is {problem}:"
                    " cats are sorted by colour, then row, then column",
                    locate(index * 5),
                    "lint",
                )
            )
    return found


def format_exhausted_cats(cats: tuple[ExhaustedCat, ...]) -> str:
    return "".join(f"{cat.colour}{cat.row:02d}{cat.column:02d}" for cat in cats)


def parse_fire_bag(text: str, source: str = DEFAULT_SOURCE) -> str:
    """The fire tile bag: tile ids a-z then A-E, each at most once, in that order."""
    return _bag(spanning(text, source))


def _bag(span: Text) -> str:
    last = -1
    for at in range(span.start, span.end):
        tile = span.expect(at, FIRE_TILE_IDS, "a fire tile id a-z or A-E")
        rank = FIRE_TILE_IDS.index(tile)
        if rank <= last:
            order = "listed twice" if rank == last else "out of order (a-z, then A-E)"
            raise span.error(at, f"fire tile {tile!r} is {order}")
        last = rank
    return span.text[span.start : span.end]


def format_fire_bag(bag: str) -> str:
    return bag


# -- the five-part game state -----------------------------------------------------------


def parse_state(text: str, source: str = DEFAULT_SOURCE) -> Position:
    """The board string, then the decks, hand, exhausted cats and fire bag one per line."""
    text = line_ends(text)
    if not text.endswith("\n"):
        raise NotationError.at(text, len(text), "expected a newline at the end", source)
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]
    if len(starts) < 6:
        message = "expected board rows, then the decks, hand, exhausted cats and fire bag lines"
        raise NotationError.at(text, len(text), message, source)
    board_end = starts[-5]
    whole = spanning(text, source)
    spans = [whole.part(starts[i], _line_end(text, starts[i + 1])) for i in range(-5, -1)]
    return _consistent(
        Position(
            board=_board(whole.part(0, board_end)),
            decks=_cards(spans[0], "deck string", None),
            hand=_cards(spans[1], "hand", HAND_LIMIT),
            exhausted=_exhausted(spans[2]),
            bag=_bag(spans[3]),
        ),
        hand=spans[1],
        exhausted=spans[2],
    )


def parse_state_strings(parts: Sequence[str]) -> Position:
    """The seed's array of five strings, each read on its own (errors name the part)."""
    if len(parts) != 5:
        raise NotationError(f"a game state has five strings, not {len(parts)}")
    board, decks, hand, exhausted, bag = (
        Text(text, 0, len(text), name) for text, name in zip(parts, _PART_NAMES, strict=True)
    )
    return _consistent(
        Position(
            _board(board),
            _cards(decks, "deck string", None),
            _cards(hand, "hand", HAND_LIMIT),
            _exhausted(exhausted),
            _bag(bag),
        ),
        hand=hand,
        exhausted=exhausted,
    )


def _line_end(text: str, next_start: int) -> int:
    """Where the content of the line before `next_start` ends: before its LF or CRLF."""
    end = next_start - 1
    return end - 1 if end > 0 and text[end - 1] == "\r" else end


_PART_NAMES = ("board", "decks", "hand", "exhausted cats", "fire tile bag")
_CAT_NAMES = {"B": "blue", "G": "green", "P": "purple", "R": "red", "Y": "yellow"}


def _consistent(state: Position, hand: Text, exhausted: Text) -> Position:
    """The state, unless its parts contradict each other: a card both in a deck and in
    the hand, or an exhausted cat where no cat of its colour stands."""
    at = hand.start
    for deck, held, pile in zip(DECKS, state.hand.piles, state.decks.piles, strict=True):
        at += 1
        for offset, card in enumerate(held):
            if card in pile:
                raise hand.error(
                    at + offset, f"card {deck}{card} is in the hand and in deck {deck} too"
                )
        at += len(held)
    board = state.board
    for index, cat in enumerate(state.exhausted):
        where = f"({cat.row},{cat.column})"
        if not (cat.row < board.height and cat.column < board.width):
            problem = f"{where} is off the {board.height}x{board.width} board"
        elif board.at(cat.row, cat.column) == "n":
            problem = f"{where} is off the islands"
        elif board.at(cat.row, cat.column) != cat.colour:
            problem = f"no {_CAT_NAMES[cat.colour]} cat stands on {where}"
        else:
            continue
        raise exhausted.error(exhausted.start + index * 5, f"exhausted cat {cat.colour}: {problem}")
    return state


def format_state(state: Position) -> str:
    parts = [
        format_cards(state.decks),
        format_cards(state.hand),
        format_exhausted_cats(state.exhausted),
        state.bag,
    ]
    return format_board(state.board) + "".join(part + "\n" for part in parts)


def state_strings(state: Position) -> tuple[str, str, str, str, str]:
    """The seed's array of five strings."""
    return (
        format_board(state.board),
        format_cards(state.decks),
        format_cards(state.hand),
        format_exhausted_cats(state.exhausted),
        state.bag,
    )


# -- challenges -------------------------------------------------------------------------


def parse_challenge(text: str, source: str = DEFAULT_SOURCE) -> Challenge:
    """`LNSNLASAF000300060012001506030903C000093030341203R11215` and the like.

    Checks the geometry too: every card lies wholly on the islands.
    """
    return _challenge(spanning(text, source))


def _challenge(span: Text) -> Challenge:
    """The challenge in `span`; a sound one is remembered by its text (a corpus plays the
    same few challenges again and again), a broken one is read where it is written, so
    its problem is located there."""
    written = span.text[span.start : span.end]
    sound = _sound_challenge(written) if len(written) <= _REMEMBERED_LENGTH else None
    return sound if sound is not None else _read_challenge(span)


_REMEMBERED_LENGTH = 200
"""The longest challenge text remembered (sound ones are about 70 characters)."""


@lru_cache(maxsize=1024)
def _sound_challenge(written: str) -> Challenge | None:
    try:
        return _read_challenge(spanning(written, DEFAULT_SOURCE))
    except NotationError:
        return None


def _read_challenge(span: Text) -> Challenge:
    islands: list[Island] = []
    at = span.start
    while at < span.end and span.text[at] != "F" and len(islands) < 4:
        size = span.expect(at, "LS", "an island size L or S (or F to start the fire cards)")
        rotations = ISLAND_ROTATIONS if size == "L" else "NSA"
        what = "an island rotation N E S W or A" if size == "L" else "a 6x9 island rotation N S A"
        islands.append(Island(size, span.expect(at + 1, rotations, what)))
        at += 2
    if len(islands) not in (2, 4):
        raise span.error(at, f"expected 2 or 4 islands before F, found {len(islands)}")
    layout = tuple(islands)
    height, width = board_size(layout)
    frames = island_frames(layout)

    def on_islands(row: int, column: int, offset: int, what: str) -> None:
        for r in range(row, row + 3):
            for c in range(column, column + 3):
                if not any(
                    f.top <= r < f.top + f.height and f.left <= c < f.left + f.width for f in frames
                ):
                    raise span.error(
                        offset,
                        f"the {what} at ({row},{column}) hangs off the {height}x{width} islands",
                    )

    span.expect(at, "F", "'F' to start the fire cards")
    at += 1
    cards = _Footprints(span)
    fires = []
    while at < span.end and span.text[at] != "C":
        position = Square(span.number(at, "fire card row"), span.number(at + 2, "column"))
        on_islands(*position, at, "fire card")
        cards.place(position, at, "fire card")
        fires.append(position)
        at += 4
    span.expect(at, "C", "'C' to start the cat cards")
    at += 1
    cats = []
    while at < span.end and span.text[at] != "R":
        card = span.expect(at, CAT_CARD_IDS, "a cat card id 0-6 (or R for the raft)")
        placement = CardPlacement(
            int(card), span.number(at + 1, "cat card row"), span.number(at + 3, "column")
        )
        on_islands(placement.row, placement.column, at, "cat card")
        cards.place(Square(placement.row, placement.column), at, "cat card", placement.card)
        cats.append(placement)
        at += 5
    if not cats:
        raise span.error(at, "expected at least one cat card after C")
    span.expect(at, "R", "'R' to start the raft card")
    card = span.expect(at + 1, RAFT_CARD_IDS, "a raft card id 0-3")
    raft = CardPlacement(int(card), span.number(at + 2, "raft row"), span.number(at + 4, "column"))
    on_islands(raft.row, raft.column, at, "raft card")
    cards.place(Square(raft.row, raft.column), at, "raft card")
    span.finish(at + 6, "raft card")
    return Challenge(layout, tuple(fires), tuple(cats), raft)


class _Footprints:
    """The squares a challenge's cards cover so far: a card may not overlap another."""

    def __init__(self, span: Text) -> None:
        self.span = span
        self.owner: dict[Square, tuple[str, Square]] = {}
        self.cats: set[Square] = set()

    def place(self, corner: Square, offset: int, what: str, cat_card: int | None = None) -> None:
        squares = [Square(corner.row + i // 3, corner.column + i % 3) for i in range(9)]
        cats = set() if cat_card is None else _cat_squares(cat_card, corner)
        shared = [square for square in squares if square in self.owner]
        if shared:
            other, at = self.owner[shared[0]]
            under = [square for square in shared if square in self.cats | cats]
            raise self.span.error(
                offset,
                f"the {what} at ({corner.row},{corner.column}) overlaps the {other} at"
                f" ({at.row},{at.column})"
                + (f", over the cat on ({under[0].row},{under[0].column})" if under else ""),
            )
        for square in squares:
            self.owner[square] = (what, corner)
        self.cats |= cats


def _cat_squares(card: int, corner: Square) -> set[Square]:
    """Where cat card `card` laid at `corner` (north up) puts its cats."""
    squares = components().cat_cards[card].squares
    return {
        Square(corner.row + i // 3, corner.column + i % 3)
        for i, letter in enumerate(squares)
        if letter.isupper()
    }


def format_challenge(challenge: Challenge) -> str:
    islands = "".join(island.size + island.rotation for island in challenge.islands)
    fires = "".join(f"{row:02d}{column:02d}" for row, column in challenge.fires)
    cats = "".join(f"{cat.card}{cat.row:02d}{cat.column:02d}" for cat in challenge.cats)
    raft = challenge.raft
    return f"{islands}F{fires}C{cats}R{raft.card}{raft.row:02d}{raft.column:02d}"


# -- actions and draw requests -----------------------------------------------------------


def parse_pathway_placement(text: str, source: str = DEFAULT_SOURCE) -> PathwayPlacement:
    """`Ab1208S`: deck, card id, two-digit row and column, orientation N E S W."""
    return _pathway(spanning(text, source))


def _pathway(span: Text) -> PathwayPlacement:
    at = span.start
    placement = PathwayPlacement(
        span.expect(at, DECKS, "a deck letter A-D"),
        span.expect(at + 1, CARD_IDS, "a card id a-y"),
        span.number(at + 2, "row"),
        span.number(at + 4, "column"),
        span.expect(at + 6, ORIENTATIONS, "an orientation N E S or W"),
    )
    span.finish(at + 7, "pathway card placement")
    return placement


def parse_fire_placement(text: str, source: str = DEFAULT_SOURCE) -> FirePlacement:
    """`l0003TW`: tile id, two-digit row and column, flipped T or F, orientation."""
    return _fire(spanning(text, source))


def _fire(span: Text) -> FirePlacement:
    at = span.start
    placement = FirePlacement(
        span.expect(at, FIRE_TILE_IDS, "a fire tile id a-z or A-E"),
        span.number(at + 1, "row"),
        span.number(at + 3, "column"),
        span.expect(at + 5, "TF", "T (flipped) or F (not flipped)") == "T",
        span.expect(at + 6, ORIENTATIONS, "an orientation N E S or W"),
    )
    span.finish(at + 7, "fire tile placement")
    return placement


def parse_cat_movement(text: str, source: str = DEFAULT_SOURCE) -> CatMove:
    """`R01040410Ac`: colour, start row/column, end row/column, one or two discarded cards."""
    return _cat_move(spanning(text, source))


def _cat_move(span: Text) -> CatMove:
    at = span.start
    colour = span.expect(at, CAT_COLOURS, "a cat colour B G P R or Y")
    start = Square(span.number(at + 1, "start row"), span.number(at + 3, "start column"))
    end = Square(span.number(at + 5, "end row"), span.number(at + 7, "end column"))
    discards = [_card_id(span, at + 9)]
    if at + 11 < span.end:
        discards.append(_card_id(span, at + 11))
    span.finish(at + 9 + 2 * len(discards), "cat movement")
    return CatMove(colour, start, end, tuple(discards))


def _card_id(span: Text, at: int) -> CardId:
    deck = span.expect(at, DECKS, "the deck A-D of a discarded card")
    return CardId(deck, span.expect(at + 1, CARD_IDS, "the id a-y of the discarded card"))


def parse_draw_request(text: str, source: str = DEFAULT_SOURCE) -> DrawRequest:
    """`A3B1D2`: deck letters in order, each with a count 1-6, six cards in all.

    A record may add the cards that came up after a space: `A3B1D2 AabcBdCDef`.
    """
    return _draw(spanning(text, source))


def _draw(span: Text) -> DrawRequest:
    draws: list[tuple[str, int]] = []
    at = span.start
    space = span.text.find(" ", span.start, span.end)
    stop = span.end if space == -1 else space
    while at < stop or not draws:
        deck = span.expect(at, DECKS, "a deck letter A-D")
        if draws and deck <= draws[-1][0]:
            order = "named twice" if deck == draws[-1][0] else "out of order (A, B, C, D)"
            raise span.error(at, f"deck {deck} is {order} in the draw request")
        draws.append((deck, int(span.expect(at + 1, "123456", "a count 1-6"))))
        at += 2
    total = sum(count for _, count in draws)
    if total != DRAW_SIZE:
        raise span.error(span.start, f"a draw request takes {DRAW_SIZE} cards in all, not {total}")
    if space == -1:
        return DrawRequest(tuple(draws))
    drawn = _cards(span.part(space + 1, span.end), "cards drawn", None)
    wanted = dict(draws)
    for deck, pile in zip(DECKS, drawn.piles, strict=True):
        if len(pile) != wanted.get(deck, 0):
            raise span.error(
                space + 1,
                f"the draw request takes {wanted.get(deck, 0)} from deck {deck}"
                f" but {len(pile)} are listed as drawn",
            )
    return DrawRequest(tuple(draws), drawn)


def parse_move(text: str, source: str = DEFAULT_SOURCE) -> Move:
    """Any action or draw request, told apart by its shape."""
    return _move(spanning(text, source))


def _move(span: Text) -> Move:
    shape = span.text[span.start : min(span.end, span.start + 3)].ljust(3)
    first, second, third = shape[0], shape[1], shape[2]
    if first in DECKS and second.isdigit() and not third.isdigit():
        return _draw(span)  # A3B1D2: deck, count, next deck
    if first in DECKS and second in CARD_IDS:
        return _pathway(span)  # Ab1208S: deck, card id
    if span.end - span.start > 7:
        return _cat_move(span)  # 11 or 13 characters
    if first in FIRE_TILE_IDS:
        return _fire(span)  # l0003TW
    raise span.error(
        span.start,
        "expected a draw request, pathway card, fire tile or cat movement,"
        f" found {span.found(span.start)}",
    )


def format_move(move: Move) -> str:
    """The move as seed 001 writes it (each move writes itself: `str(move)`)."""
    return str(move)


# -- game records -----------------------------------------------------------------------


SEED_PREFIX = "seed="


def record_lines(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every line that is not blank: kind `comment` or `line`.

    `start`/`end` bound the line's content without surrounding spaces. LF, CRLF and a
    lone CR each end a line.
    """
    text = line_ends(text)
    at = 0
    while at <= len(text):
        newline = text.find("\n", at)
        stop = len(text) if newline == -1 else newline
        start, end = at, stop
        while start < end and text[start] in " \t":
            start += 1
        while end > start and text[end - 1] in " \t\r":
            end -= 1
        if start < end:
            yield start, end, "comment" if text[start] == "#" else "line"
        if newline == -1:
            break
        at = newline + 1


def parse_record(text: str, source: str = DEFAULT_SOURCE) -> Record:
    """A record: `#` comment lines anywhere; the challenge line (optionally `seed=N`
    after a space) first, then one move per line."""
    read = diagnose(text, source)
    if read.problems:
        raise read.problems[0]
    assert read.model is not None
    return read.model


def diagnose(text: str, source: str = DEFAULT_SOURCE) -> Diagnosis[Record]:
    """The record as far as it can be played, and every malformed line.

    Reading goes on after a malformed line, so each one is reported; the record stops
    before the first of them (a game cannot be played past a move that is not known),
    and is None when the challenge line itself is malformed or missing.
    """
    comments: list[str] = []
    header: tuple[str, ...] = ()
    challenge: Challenge | None = None
    seed: int | None = None
    entries: list[Entry] = []
    problems: list[NotationError] = []
    read_header = False
    text = line_ends(text)  # same length: offsets into the caller's text stay right
    whole = spanning(text, source)
    for start, end, kind in record_lines(text):
        if kind == "comment":
            comments.append(text[start + 1 : end])
            continue
        span = whole.part(start, end)
        try:
            if not read_header:
                read_header = True
                challenge, seed = _header(span)
                header, comments = tuple(comments), []
                continue
            move = _move(span)
        except NotationError as problem:
            problems.append(problem)
            continue
        if not problems:
            entries.append(Entry(move, tuple(comments)))
        comments = []
    if not read_header:
        problems.append(NotationError.at(text, len(text), "expected a challenge string", source))
    if challenge is None:
        return Diagnosis(None, problems)
    return Diagnosis(Record(challenge, seed, tuple(entries), header, tuple(comments)), problems)


def _header(span: Text) -> tuple[Challenge, int | None]:
    space = span.text.find(" ", span.start, span.end)
    if space == -1:
        return _challenge(span), None
    challenge = _challenge(span.part(span.start, space))
    at = space
    while at < span.end and span.text[at] == " ":
        at += 1
    if not span.text.startswith(SEED_PREFIX, at, span.end):
        raise span.error(at, f"expected 'seed=N' after the challenge, found {span.found(at)}")
    digits = at + len(SEED_PREFIX)
    if digits >= span.end:
        raise span.error(digits, "expected the seed's digits after 'seed='")
    for offset in range(digits, span.end):
        span.expect(offset, "0123456789", "a digit of the seed")
    if span.end - digits > 1 and span.text[digits] == "0":
        raise span.error(digits, "a seed has no leading zeros")
    if span.end - digits > 30:
        raise span.error(digits, "a seed has at most 30 digits")
    return challenge, int(span.text[digits : span.end])


def format_record(record: Record) -> str:
    lines = [f"#{comment}" for comment in record.header_comments]
    seed = "" if record.seed is None else f" {SEED_PREFIX}{record.seed}"
    lines.append(format_challenge(record.challenge) + seed)
    for entry in record.entries:
        lines.extend(f"#{comment}" for comment in entry.comments)
        lines.append(format_move(entry.move))
    lines.extend(f"#{comment}" for comment in record.final_comments)
    return "\n".join(lines) + "\n"


def state_findings(text: str, source: str = DEFAULT_SOURCE) -> Iterator[Finding]:
    """Where a five-part state's exhausted cats' line (`exhausted_cats_findings`) names a
    cat twice or one no card shows, located in the whole state text."""
    lines = line_ends(text).split("\n")
    start = sum(len(line) + 1 for line in lines[:-3])
    cats = lines[-3].removesuffix("\r")  # of a CRLF
    locate = Locator(text, source)
    for finding in exhausted_cats_findings(cats, source):
        where = locate(start + finding.location.column - 1)
        yield Finding(finding.message, where, finding.severity)
