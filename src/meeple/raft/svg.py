"""Race to the Raft positions as SVG pictures: the island, the cats, the raft, the hand.

`render(game)` draws every square of the island in its colour, with its rows and columns
numbered as the strings number them (`Ab1208S`: row 12, column 08); fire as dark squares
with a flame mark; cats as cat tokens in their colour (ears and a face ringed in white
and black, so a cat reads on a square of its own colour; an exhausted cat with a dashed
ring); the raft card's squares framed (wild ones striped, the centre as the raft); the
last pathway card or fire tile outlined; and beside the island the hand as the actual 3x3
pathway cards at a readable size, then what the decks hold, the fire tiles left and the
status (no gap where the hand is empty). SVG 1.1 with a viewBox, a title and a
description; the same game gives the same bytes. No I/O.
"""

from __future__ import annotations

from meeple.pictures import xml_text
from meeple.raft.components import components
from meeple.raft.model import (
    DECKS,
    FIRE,
    NO_SQUARE,
    RAFT_CENTRE,
    WILD,
    CatMove,
    FirePlacement,
    PathwayPlacement,
)
from meeple.raft.rules import State, fire_shape, grid_of, turned_card
from meeple.words import counted

SQUARE = 22  # px
MARGIN = 16
LABELS = 18  # px left of and above the island for the row and column numbers
LEFT, TOP = MARGIN + LABELS, MARGIN + LABELS  # the island's top-left corner
CARD = 16  # px per square of a card in the hand
COLOURS = {
    "b": "#3b6fd1",
    "g": "#3fa34d",
    "p": "#8e4fc2",
    "r": "#d64541",
    "y": "#e8c33a",
    "w": "#f4f1e8",
    "o": "#b08a57",
}
FIRE_COLOUR = "#3a2b2b"


def data_at(row: int, column: int) -> str:
    """A square's `data-at` key in the picture (the viewer highlights a move's squares)."""
    return f"{row},{column}"


def covered(move: object) -> list[tuple[int, int]]:
    """The squares a pathway card or fire tile covers, or a cat leaves and reaches."""
    if isinstance(move, PathwayPlacement):
        return [(move.row + r, move.column + c) for r in range(3) for c in range(3)]
    if isinstance(move, FirePlacement):
        shape = fire_shape(move.tile, move.flipped, move.orientation)
        return [(move.row + r, move.column + c) for r, c in shape]
    if isinstance(move, CatMove):
        return [(move.start.row, move.start.column), (move.end.row, move.end.column)]
    return []


def _square(x: float, y: float, size: float, fill: str, extra: str = "") -> str:
    box = f'x="{x:.0f}" y="{y:.0f}" width="{size:.0f}" height="{size:.0f}"'
    return f'<rect {box} fill="{fill}"{extra}/>'


def _island(game: State) -> list[str]:
    board = game.position.board
    grid = grid_of(board)
    exhausted = {(cat.row, cat.column) for cat in game.position.exhausted}
    parts = []
    for row, squares in enumerate(board.rows):
        for column, letter in enumerate(squares):
            if letter == NO_SQUARE:
                continue
            x, y = LEFT + column * SQUARE, TOP + row * SQUARE
            raft = bool(grid.raft[grid.index(row, column)])
            key = f' data-at="{data_at(row, column)}"'
            if letter == FIRE:
                parts.append(_square(x, y, SQUARE, FIRE_COLOUR, ' stroke="#1b1414"' + key))
                parts.append(
                    f'<path d="M {x + 11} {y + 5} q 6 7 0 12 q -6 -5 0 -12" fill="#f08a24"/>'
                )
                continue
            colour = COLOURS.get(letter.lower(), "#ccc")
            parts.append(_square(x, y, SQUARE, colour, ' stroke="#fbfaf6" stroke-width="1"' + key))
            if raft:
                parts.append(
                    _square(x + 2, y + 2, SQUARE - 4, "none", ' stroke="#5b3a1a" stroke-width="2"')
                )
                if letter.lower() == WILD:
                    parts.append(
                        f'<path d="M {x + 4} {y + 18} L {x + 18} {y + 4}" stroke="#b08a57"'
                        ' stroke-width="2"/>'
                    )
                if letter == RAFT_CENTRE:
                    parts.append(
                        f'<text x="{x + 11}" y="{y + 15}" text-anchor="middle" font-size="11"'
                        ' fill="#fff">raft</text>'
                    )
            if letter.isupper() and letter != RAFT_CENTRE.upper():
                # A cat stands on a square of its own colour: a white ring inside a dark
                # rim is what shows it there; an exhausted cat has a dashed ring outside.
                parts.append(_cat(x + 11, y + 12, COLOURS.get(letter.lower(), "#888")))
                if (row, column) in exhausted:
                    parts.append(
                        f'<circle cx="{x + 11}" cy="{y + 11}" r="10" fill="none"'
                        ' stroke="#1b1b1b" stroke-width="1.5" stroke-dasharray="2 2"/>'
                    )
    return parts


def _cat(x: float, y: float, colour: str) -> str:
    """A cat token centred at (x, y): a white halo, then ears and a face in `colour` with
    dark outlines and eyes, so it reads on any square, its own colour's included."""
    ears = (
        f"M {x - 7:.0f} {y - 1:.0f} L {x - 6:.0f} {y - 10:.0f} L {x - 1:.0f} {y - 6:.0f} Z"
        f" M {x + 7:.0f} {y - 1:.0f} L {x + 6:.0f} {y - 10:.0f} L {x + 1:.0f} {y - 6:.0f} Z"
    )
    return (
        f'<circle cx="{x:.0f}" cy="{y:.0f}" r="9" fill="#fff"/>'
        f'<path d="{ears}" fill="{colour}" stroke="#111" stroke-width="1.2"'
        ' stroke-linejoin="round"/>'
        f'<circle cx="{x:.0f}" cy="{y:.0f}" r="7" fill="{colour}" stroke="#111"'
        ' stroke-width="1.5"/>'
        f'<circle cx="{x - 2.5:.1f}" cy="{y - 1:.0f}" r="1.2" fill="#111"/>'
        f'<circle cx="{x + 2.5:.1f}" cy="{y - 1:.0f}" r="1.2" fill="#111"/>'
    )


def _coordinates(game: State) -> list[str]:
    """The row numbers down the left of the island and the column numbers across its top,
    two digits each, as the action strings write them."""
    board = game.position.board
    parts = []
    for row in range(board.height):
        parts.append(
            f'<text x="{LEFT - 4}" y="{TOP + row * SQUARE + 15}" text-anchor="end"'
            f' font-size="10" fill="#555">{row:02d}</text>'
        )
    for column in range(board.width):
        parts.append(
            f'<text x="{LEFT + column * SQUARE + 11}" y="{TOP - 5}" text-anchor="middle"'
            f' font-size="10" fill="#555">{column:02d}</text>'
        )
    return parts


def _last(game: State) -> list[str]:
    """An outline around the squares the last pathway card or fire tile covered."""
    move = game.last
    if not isinstance(move, PathwayPlacement | FirePlacement):
        return []
    cells = covered(move)
    return [
        _square(
            LEFT + c * SQUARE,
            TOP + r * SQUARE,
            SQUARE,
            "none",
            ' stroke="#111" stroke-width="2.5"',
        )
        for r, c in cells
    ]


def _side(game: State, left: float) -> tuple[list[str], float]:
    """The hand as cards, then decks, fire bag and status, in a column at `left`."""
    held = len(game.position.hand.ids())
    heading = f"hand: {counted(held, 'card')}" if held else "hand: empty"
    parts = [f'<text x="{left:.0f}" y="{TOP + 10}" font-weight="bold">{heading}</text>']
    cards = components().pathway_cards
    y = TOP + 18
    for index, (deck, card) in enumerate(game.position.hand.ids()):
        x = left + (index % 3) * (3 * CARD + 12)
        top = y + (index // 3) * (3 * CARD + 24)
        squares = turned_card(cards[(deck, card)].squares, "N")
        for i, letter in enumerate(squares):
            parts.append(
                _square(
                    x + (i % 3) * CARD,
                    top + (i // 3) * CARD,
                    CARD,
                    COLOURS[letter],
                    ' stroke="#fbfaf6" stroke-width="0.5"',
                )
            )
        parts.append(
            f'<text x="{x:.0f}" y="{top + 3 * CARD + 12:.0f}" font-size="11">{deck}{card}</text>'
        )
    rows = (held + 2) // 3  # of cards: an empty hand takes no room
    y += rows * (3 * CARD + 24) + 8
    piles = ", ".join(
        f"{d}:{len(p)}" for d, p in zip(DECKS, game.position.decks.piles, strict=True)
    )
    lines = [
        f"decks: {counted(len(game.position.decks), 'card')} ({piles})",
        f"fire tiles left: {len(game.position.bag)}",
        f"exhausted cats: {len(game.position.exhausted)}",
        game.result_text,
    ]
    for line in lines:
        parts.append(f'<text x="{left:.0f}" y="{y:.0f}" font-size="12">{xml_text(line)}</text>')
        y += 18
    return parts, y


def render(game: State) -> str:
    """The game as an SVG picture (see the module's description)."""
    board = game.position.board
    island_width = board.width * SQUARE
    left = LEFT + MARGIN + island_width
    side, side_bottom = _side(game, left)
    width = left + max(3 * (3 * CARD + 12), 260) + MARGIN
    height = max(TOP + MARGIN + board.height * SQUARE, side_bottom + MARGIN)
    cats = sum(1 for row in board.rows for letter in row if letter.isupper())
    summary = f"{board.height} by {board.width} island, {counted(cats, 'cat')}. {game.result_text}"
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}"'
        ' font-family="sans-serif" font-size="13">',
        f"<title>Race to the Raft after {counted(len(game.history), 'action')}</title>",
        f"<desc>{xml_text(summary)}</desc>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fbfaf6"/>',
    ]
    parts += _coordinates(game) + _island(game) + _last(game) + side
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
