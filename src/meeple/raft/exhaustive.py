"""An exhaustive search of solo Race to the Raft: with a seed fixing every shuffle, find a
win or show that none exists.

The seed fixes the cards each draw request turns up and (as for `meeple.raft.solver`) the
order fire tiles leave the bag. The search walks every line depth first: every draw
request, every cat move with every choice of cards to pay, every pathway card in every
place and orientation, and every place and flip of the fire tile that follows it. A
position reached by two lines is searched once (nothing ever comes back to the decks or
the bag, so the lines make no cycle). It cuts a line only when it surely cannot win
(`hopeless`), so a search that ends without a win shows that no win exists for that
shuffle; a search stopped by its budget in states shows nothing.

`meeple.raft.solver.solve(..., exhaustive=True)` runs it (`meeple solve --exhaustive`):
the search to run when the beam search finds no win. Given an order of the moves (`First`),
it walks the lines in that order: the solver walks those from the closest position a beam
reached, best first, a few hundred positions deep. On a board of official size the
lines are far too many to walk within any budget unless the cuts close them early. It
does not read or write text.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from functools import lru_cache
from math import ceil
from typing import NamedTuple

from meeple.errors import RuleError
from meeple.raft.components import components
from meeple.raft.model import (
    DECKS,
    DRAW_SIZE,
    FIRE,
    NO_SQUARE,
    PATHWAY_COLOURS,
    RAFT_CENTRE,
    WILD,
    Board,
    Move,
    Position,
    Square,
)
from meeple.raft.rules import State, draw_requests, fire_placements, on_raft
from meeple.words import counted

CARD_SQUARES = 9
"""Squares one pathway card repaints."""

_Square = tuple[int, int]


First = Callable[[State, list[tuple[Move, State]]], list[tuple[Move, State]]]
"""An order of the moves from a position: the game and its children (each move and the game
after it) in, the children to walk first first out."""


class Searched(NamedTuple):
    """What `every_line` found: the winning line (None if none was found), the positions
    searched, whether every line was walked or cut (no win then exists), and whether the
    time cap stopped it."""

    moves: tuple[Move, ...] | None
    states: int
    finished: bool
    out_of_time: bool = False


def every_line(
    start: State,
    fire_order: str,
    most_states: int,
    deadline: float = float("inf"),
    report: Callable[[int, float], None] | None = None,
    first: First | None = None,
) -> Searched:
    """Walk every line from `start` (fire tiles leave the bag in `fire_order`) for a win,
    at most `most_states` positions and until `deadline` (`time.monotonic`). `report` is
    told the positions searched, and the length of the line under way, every thousand.
    `first`, where given, orders each position's moves (`_children` by default)."""
    searched = 1
    seen = {_key(start)}
    if start.is_over or hopeless(start.position, fire_order):
        return Searched(() if start.status == "won" else None, 1, True)
    # Depth first, by hand: a line is up to a hundred actions long.
    path: list[Move] = []
    stack: list[Iterator[tuple[Move, State]]] = [_children(start, fire_order, first)]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        move, child = step
        key = _key(child)
        if key in seen:
            continue
        seen.add(key)
        searched += 1
        if child.status == "won":
            return Searched((*path, move), searched, False)
        if searched % 1000 == 0:
            if report is not None:
                report(searched, float(len(path)))
            if time.monotonic() > deadline:
                return Searched(None, searched, False, out_of_time=True)
        if searched >= most_states:
            return Searched(None, searched, False)
        if child.is_over or hopeless(child.position, fire_order):
            continue
        path.append(move)
        stack.append(_children(child, fire_order, first))
    return Searched(None, searched, True)


def _key(game: State) -> tuple[object, ...]:
    """What the rest of the game depends on (the draws made follow from the decks)."""
    state = game.position
    return (
        game.phase,
        state.board.rows,
        state.hand.piles,
        state.decks.piles,
        state.exhausted,
        state.bag,
    )


def _children(game: State, order: str, first: First | None = None) -> Iterator[tuple[Move, State]]:
    """Every legal move and the game after it; cat moves onto the raft first, then the
    other cat moves, then pathway cards, so a win near at hand comes early (or in the
    order `first` gives, every move played first)."""
    moves: list[Move]
    if game.phase == "draw":
        moves = list(draw_requests(game.position.decks))
    elif game.phase == "fire":
        tile = next(tile for tile in order if tile in game.position.bag)
        # A tile that fits nowhere loses: no placement, no line.
        moves = list(fire_placements(game.position.board, tile))
    else:
        board = game.position.board
        cats = game.cat_moves()
        arriving = [move for move in cats if on_raft(board, move.end)]
        moves = [
            *arriving,
            *(move for move in cats if not on_raft(board, move.end)),
            *game.pathway_placements(),
        ]
    if first is not None:
        yield from first(game, list(_played(game, moves)))
    else:
        yield from _played(game, moves)


def _played(game: State, moves: list[Move]) -> Iterator[tuple[Move, State]]:
    """Each of `moves` the rules allow and the game after it."""
    for move in moves:
        try:
            yield move, game.play(move)
        except RuleError:
            continue


# -- lines that cannot win ------------------------------------------------------------------


def hopeless(position: Position, order: str = "") -> str:
    """Why no line from `position` can win ("" when this cut cannot tell).

    Every cut is exact, from what never changes back: fire stays, a cat on the raft stays,
    a raft square keeps its letter, cards and fire tiles are only used up. A waiting cat's
    way to a raft square may cross any square but fire, the raft card's squares it may not
    walk on and squares of another colour no card can ever cover (`_ever_coverable`), each
    square of another colour on it needing a card laid over it first (`_ways`), and a card
    paints no more squares of a colour than the most that any card left shows
    (`_most_painted`). So the cut holds when the free raft squares cannot take every
    waiting cat, each on a square it may end on and reach (a matching); when some cat
    needs more cards laid than there are fire tiles left to follow them (a card laid with
    the bag empty loses), or than the tiles that can follow them have room for: each lies
    on squares never burnt before, off the raft card, and fire tiles leave the bag in
    `order` (the smallest first where it is not given: `_fire_room`); or when the cards
    left cannot pay a move for every cat besides those cards (a round that ends with fewer
    than six cards in the decks loses).
    """
    ways = _ways(position.board)
    if not ways:
        return ""
    if len(_matched(ways)) < len(ways):
        return "the free raft squares cannot take every waiting cat"
    most = _most_painted(position.hand.piles, position.decks.piles)
    cards_laid = max(
        ceil(min(found.values()) / max(1, most.get(colour, CARD_SQUARES)))
        for colour, found in zip(_cat_colours(position.board), ways, strict=True)
    )
    if cards_laid > len(position.bag):
        return (
            f"a cat needs {counted(cards_laid, 'card')} laid and the bag holds"
            f" {counted(len(position.bag), 'fire tile')}"
        )
    room, fitting = _fire_room(position.board, position.bag, order)
    if cards_laid > fitting:
        return (
            f"a cat needs {counted(cards_laid, 'card')} laid and"
            f" {'only ' if fitting else ''}{counted(fitting, 'fire tile')} of the bag"
            f" fit in the {counted(room, 'square')} left to burn"
        )
    usable = len(position.hand) + DRAW_SIZE * (len(position.decks) // DRAW_SIZE)
    if len(ways) + cards_laid > usable:
        return (
            f"{counted(len(ways), 'cat')} to move and {counted(cards_laid, 'card')} to lay,"
            f" {counted(usable, 'card')} left to play"
        )
    return ""


@lru_cache(maxsize=4096)
def _most_painted(*piles: tuple[str, str, str, str]) -> dict[str, int]:
    """For each colour, the most squares of it one pathway card of `piles` (a hand's and the
    decks') shows: no card laid from now on paints more of that colour."""
    cards = components().pathway_cards
    most = dict.fromkeys(PATHWAY_COLOURS, 0)
    for pile in piles:
        for deck, held in zip(DECKS, pile, strict=True):
            for card in held:
                squares = cards[(deck, card)].squares
                for colour in PATHWAY_COLOURS:
                    most[colour] = max(most[colour], squares.count(colour))
    return most


def _fire_room(board: Board, bag: str, order: str) -> tuple[int, int]:
    """The squares fire may still take (`_room`), and how many fire tiles of `bag`, drawn in
    `order` (where not given, the smallest first, which no order beats), fit in them one
    after another: a card laid after those has no tile that can follow it."""
    room = _room(board)
    return room, _fitting(bag, order, room)


@lru_cache(maxsize=4096)
def _room(board: Board) -> int:
    """The squares fire may still take: not fire, on the island, off every raft card (a
    cat's square counts, as the cat may move away)."""
    rows = board.rows
    room = sum(len(row) - row.count(FIRE) - row.count(NO_SQUARE) for row in rows)
    for r, row in enumerate(rows):
        c = row.find(RAFT_CENTRE)
        while c >= 0:
            for line in rows[max(r - 1, 0) : r + 2]:
                window = line[max(c - 1, 0) : c + 2]
                room -= len(window) - window.count(FIRE) - window.count(NO_SQUARE)
            c = row.find(RAFT_CENTRE, c + 1)
    return room


@lru_cache(maxsize=4096)
def _fitting(bag: str, order: str, room: int) -> int:
    """How many fire tiles of `bag` (`_fire_room`) fit in `room` squares one after another."""
    tiles = components().fire_tiles
    if order:
        sizes = [len(tiles[tile].cells) for tile in order if tile in bag]
    else:
        sizes = sorted(len(tiles[tile].cells) for tile in bag)
    fitting, filled = 0, 0
    for size in sizes:
        filled += size
        if filled > room:
            break
        fitting += 1
    return fitting


@lru_cache(maxsize=65536)
def _cat_colours(board: Board) -> tuple[str, ...]:
    """The waiting cats' colours, in `_ways`' order (row by row)."""
    return tuple(
        letter.lower()
        for r, row in enumerate(board.rows)
        for c, letter in enumerate(row)
        if letter.isupper() and not on_raft(board, Square(r, c))
    )


@lru_cache(maxsize=65536)
def _ways(board: Board) -> tuple[dict[_Square, int], ...]:
    """For each waiting cat, the free raft squares it may end on and reach, each with the
    fewest squares of another colour on a way there (a 0-1 breadth-first search)."""
    stride = board.width + 2
    cells = NO_SQUARE * (stride + 1) + (NO_SQUARE * 2).join(board.rows) + NO_SQUARE * (stride + 1)
    centres = [i for i, letter in enumerate(cells) if letter == RAFT_CENTRE]
    rings = {i + dr * stride + dc for i in centres for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    rings.difference_update(centres)
    costs: dict[str, list[int]] = {}
    found = []
    coverable = _ever_coverable(cells, stride, rings.union(centres))
    for i, letter in enumerate(cells):
        if letter.isupper() and i not in rings:
            colour = letter.lower()
            if colour not in costs:
                costs[colour] = _costs(cells, colour, rings, centres, coverable)
            arrived = _walk(costs[colour], i, stride, rings, cells)
            found.append({(j // stride - 1, j % stride - 1): cost for j, cost in arrived.items()})
    return tuple(found)


def _ever_coverable(cells: str, stride: int, raft: set[int]) -> set[int]:
    """The cells some pathway card may still cover, now or later: those of a 3 x 3 window
    with no fire, no square off the island and no square of a raft card. Fire stays and
    the raft cards stay; cats are left out of the test, since a cat may move away (and
    one on the raft stands on a raft card's square)."""
    steps = [dr * stride + dc for dr in range(3) for dc in range(3)]
    never = {i for i, letter in enumerate(cells) if letter in (FIRE, NO_SQUARE)} | raft
    found: set[int] = set()
    for corner in range(len(cells) - 2 * stride - 2):
        window = [corner + step for step in steps]
        if never.isdisjoint(window):
            found.update(window)
    return found


def _costs(
    cells: str, colour: str, rings: set[int], centres: list[int], coverable: set[int]
) -> list[int]:
    """What stepping onto each cell costs a cat of `colour`: 0 (its colour or wild), 1 (a
    card must repaint it first) or -1 (never: fire, off the island, the raft's centre and
    its squares of other colours, which keep their letters, and squares of other colours
    no card can ever cover, `_ever_coverable`)."""
    costs = []
    for i, letter in enumerate(cells):
        if letter in (FIRE, NO_SQUARE):
            costs.append(-1)
        elif letter.lower() in (colour, WILD):
            costs.append(0)
        else:
            costs.append(1 if i in coverable and i not in rings else -1)
    for i in centres:
        costs[i] = -1
    return costs


def _walk(costs: list[int], start: int, stride: int, rings: set[int], cells: str) -> dict[int, int]:
    """The free raft squares (cells) the cat at `start` may end on and reach, with the
    fewest repaints on a way there."""
    best = {start: 0}
    todo = deque([(0, start)])
    steps = (-stride, -1, 1, stride)
    while todo:
        cost, here = todo.popleft()
        if cost > best[here]:
            continue
        for step in steps:
            there = here + step
            extra = costs[there]
            if extra < 0 or cost + extra >= best.get(there, cost + extra + 1):
                continue
            best[there] = cost + extra
            if extra:
                todo.append((cost + extra, there))
            else:
                todo.appendleft((cost, there))
    # A cat passes over a cat already home, never onto it.
    return {i: best[i] for i in rings if i in best and cells[i].islower()}


def _matched(ways: tuple[dict[_Square, int], ...]) -> dict[_Square, int]:
    """The most waiting cats put on distinct raft squares they reach: raft square ->
    cat (augmenting paths; a few cats and squares)."""
    taken: dict[_Square, int] = {}

    def place(cat: int, tried: set[_Square]) -> bool:
        for square in ways[cat]:
            if square in tried:
                continue
            tried.add(square)
            if square not in taken or place(taken[square], tried):
                taken[square] = cat
                return True
        return False

    for cat in range(len(ways)):
        place(cat, set())
    return taken
