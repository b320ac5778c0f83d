"""A solver for solo Race to the Raft: with a seed fixing every shuffle, find a win.

The seed fixes the island boards, the cards each draw request turns up, and (for the
solver) the order fire tiles come out of the bag: the n-th fire tile drawn is the
first tile of a seeded shuffle of the bag that is still in it. What is left is a
planning problem, searched by a beam search over rounds:

- at the start of a round every draw request is tried (the cards it turns up are known)
  and the most promising few are kept;
- within a round, a beam over the next action: a cat move (paid with the hand's least
  useful cards), or a pathway card laid over a square some cat still needs repainted,
  followed by the seeded fire tile laid where it hurts least;
- states are ranked by `distance`: each cat not yet on the raft is measured to every
  free raft square it may end on (the fewest squares of other colours between them:
  0-1 breadth-first search; fire, the island's edge, other colours' cats and squares no
  card can cover block), and the cats are matched to distinct raft squares at the least
  total (two cats cannot both end on the one square they are nearest to), plus a move
  per cat; a line where some cat is left no raft square it can still reach is dropped,
  though the rules do not call it lost yet; duplicates are dropped (a transposition
  table of boards, hands and decks).

A beam that dies out (every line it kept lost, or no better distance for a few rounds)
before the budget is spent starts again with the budget left, at the next search of a
schedule (`SCHEDULE`, `_attempt`): as wide, then a line more kept each round, then twice
as wide, under each of several rankings of the fire tiles: kept off the raft's ways;
without that care; off the squares of the cats' cheapest ways to the raft as well
(`_routes`: a way fire cuts ahead of a cat needs more cards laid, and more fire); that
measuring and playing more of the fire tiles after each card; keeping room for the next
fire tile of the seeded order (a position where it fits nowhere without shutting a cat
in counts far, `_fire_room`), and that measuring and playing more tiles; and packed close
against fire and the island's edge (`Ranking.snug`), which the schedule starts with;
then four times as wide, and so on. A beam keeps a few draws and cards a round, and near
the raft the one line it passed over is often a draw away: before the next search, a
depth-first search walks every move from the closest position a beam reached, best
first, a few hundred positions deep (`_endgame`). The searches
of one solve that rank fire alike share a table of the positions already searched (each
one's children and distance), so a search that starts again walks the known lines at the
cost of a lookup, and only positions never searched count against the budget. The budget
counts searched states (positions ranked for the beam), so a seed gives the same answer
on any machine.

Board-wide questions (distances, where cards fit, whether a fire tile shuts a cat in)
are answered on sets of squares held as the bits of an integer, and a candidate card or
fire tile is judged without making its board; the rules engine still plays every state
the search keeps. What a pathway card cannot change (which raft squares each cat may
still reach; whether a fire tile shuts a cat in, but for the letters of the squares the
tile takes out of a card's reach) is kept under the board with the squares a card can
cover blanked (`cut_frame`), so the cards tried in a position, and the positions a
card apart, share it: most fire tiles tried shut a cat in, and the same ones come back.
The garbage collector is off while a solve searches (its table makes no cycles).

The result is the sequence of moves, which `meeple.raft` writes as a record that
`meeple check` accepts, or how much was searched before the budget ran out. This module
does not read or write text.
"""

from __future__ import annotations

import heapq
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import count, islice
from operator import itemgetter
from typing import NamedTuple

from meeple.errors import RuleError
from meeple.garbage import cycles_uncollected
from meeple.raft.components import components
from meeple.raft.exhaustive import First, every_line
from meeple.raft.model import (
    DECKS,
    ORIENTATIONS,
    WILD,
    Board,
    CardId,
    CatMove,
    Challenge,
    DrawRequest,
    FirePlacement,
    Move,
    PathwayPlacement,
)

# The rules measure how far the cats are from the raft (`State.evaluate`): the solver's names.
from meeple.raft.rules import BLOCKED as BLOCKED
from meeple.raft.rules import DEAD as DEAD
from meeple.raft.rules import STUCK as STUCK
from meeple.raft.rules import (
    Grid,
    Keyed,
    ShutIn,
    State,
    around_bits,
    bit_indices,
    byte_mask,
    card_area,
    card_places,
    card_positions,
    cat_options,
    cut_frame,
    draw_requests,
    fire_placements,
    fire_shape,
    fire_shut_in,
    fire_spots,
    fire_surely_cuts_off,
    flood_bits,
    grid_of,
    lay_card,
    lay_fire,
    turned_card,
)
from meeple.raft.rules import board_distances as board_distances
from meeple.raft.rules import cat_distances as cat_distances

REQUESTS_KEPT = 2  # draw requests explored per state at the start of a round
ROUND_BEAM = 2  # states kept after each action within a round
ROUNDS_BEAM = 2  # states kept at the end of each round
ROUNDS_STEP = 1  # states more kept at the end of each round by the third and fourth searches
CARDS_TRIED = 10  # pathway placements evaluated exactly per state and action
FIRE_TRIED = 6  # fire placements evaluated exactly per pathway card
FIRES_KEPT = 2  # of those, the best played after the card (each a child of the position)
MEASURED_BOARDS = 512  # boards whose candidate cards' distances a solve keeps
PLACEMENTS_MEASURED = 3  # a drawn card's best placements measured exactly to value a draw
STALLED = 3  # rounds without a better distance after which a beam gives up
ENDGAME_DISTANCE = 30.0  # how near the raft a beam's closest position is for `_endgame`
ENDGAME_STATES = 200  # positions `_endgame` searches from there at most
EXHAUSTED = 4  # searches in a row finding no new position after which a solve gives up


class Ranking(NamedTuple):
    """How a search ranks the fire tiles it may lay (`_fires_ranked`)."""

    raft_harm: int
    """What a fire square beside a way onto a free raft square counts (`RAFT_HARM`)."""
    routes: bool = False
    """Whether the squares on the cats' cheapest ways to the raft (`_routes`) count as
    precious too, beside where they walk now and the squares beside that."""
    fires_tried: int = FIRE_TRIED
    """Fire placements measured after each pathway card (`FIRE_TRIED`)."""
    fires_kept: int = FIRES_KEPT
    """Of those, how many are played, each a child of the position (`FIRES_KEPT`)."""
    room: bool = False
    """Whether a position whose next fire tile (in the seeded order) fits nowhere without
    shutting a cat in counts `NO_ROOM` more (`_fire_room`), in the beam and in the choice
    of the tiles laid after a card: no card can be laid there until a cat moves."""
    snug: int = 0
    """Where set, a fire placement's harm counts this many times over, less how many
    squares of fire, the island's edge and the raft card its squares touch
    (`_fires_ranked`): fire packed close leaves room for the tiles after it (`SNUG_RANKING`,
    issue 41's sixth and seventh rounds, docs/play.md)."""


RAFT_HARM = 1
"""What a fire square beside a way onto a free raft square counts against a fire placement,
on top of the cats' ways (`_fires_ranked`): fire there can wall a raft square in for good."""
FIRST_RANKING = Ranking(RAFT_HARM)
"""The fire kept off the raft's ways too: the solver's first ranking, the second that
`SCHEDULE` searches now (its twice as wide searches win Mind the gap, Wet paws and
Running into fire at seed 1)."""
RANKINGS_AGAIN = (
    Ranking(0),
    Ranking(0, routes=True),
    Ranking(0, routes=True, fires_tried=2 * FIRE_TRIED, fires_kept=FIRES_KEPT + 1),
    Ranking(0, routes=True, room=True),
    Ranking(0, routes=True, fires_tried=2 * FIRE_TRIED, fires_kept=FIRES_KEPT + 1, room=True),
)
"""How a solve's other passes over the widths rank the fire, one pass each (`SCHEDULE`):
some lines need it laid beside the raft's ways (Clear the way at seed 1), some need it
kept off the cats' cheapest ways further on as well (Straight dash, issue 41's fourth
round), and some need more of the tiles that spare those ways measured and played
(River rafts and Keeping a balance with twice the tiles measured and three played), and
some need the room the next fire tile will need kept (It's meow or never, issue 41's
fifth round: `Ranking.room`; its pass replaced one measuring three times the tiles and
playing four, which won nothing at seed 1), and that with twice the tiles measured and
three played (Burning trees)."""
SNUG_RANKING = Ranking(0, routes=True, room=True, snug=1)
"""How a solve's first searches rank the fire: off the cats' cheapest ways, room kept for
the next tile, and packed close against fire, the island's edge and the raft card (the
only ranking that wins In the wrong place and Burning tails at seed 1)."""


def _both(*levels: int) -> tuple[tuple[int, bool], ...]:
    """Searches at each of `levels`, draws by decks, then by cards (see `SCHEDULE`)."""
    return tuple((level, by_cards) for level in levels for by_cards in (False, True))


SCHEDULE: tuple[tuple[Ranking, tuple[tuple[int, bool], ...]], ...] = (
    (SNUG_RANKING, _both(0, 1)),
    (FIRST_RANKING, _both(0, 1)),
    (FIRST_RANKING, ((2, True),)),
    (RANKINGS_AGAIN[3], _both(0, 1)),
    (SNUG_RANKING, _both(2)),
    (FIRST_RANKING, ((2, False),)),
    (RANKINGS_AGAIN[4], _both(0, 1)),
    (RANKINGS_AGAIN[4], ((2, True),)),
    (SNUG_RANKING, ((3, False),)),
    (RANKINGS_AGAIN[0], _both(0, 1, 2)),
    (RANKINGS_AGAIN[1], _both(0, 1, 2)),
    (RANKINGS_AGAIN[2], _both(0, 1, 2)),
    (RANKINGS_AGAIN[3], _both(2)),
    (RANKINGS_AGAIN[4], ((2, False),)),
)
"""A solve's scheduled searches, in order (`_attempt`): each a fire ranking, a width (0
the base widths, 1 a line more kept each round, 2 twice the base widths, 3 four times)
and whether draws are chosen by the cards they turn up. Every ranking gets each width up
to twice once, by decks and by cards, its narrow searches before its wide ones. The snug
ranking's narrow searches come first (most challenges are won there), then the first
ranking's, and its twice as wide search by cards (Mind the gap, Wet paws); then the
narrow searches of the ranking that keeps room (Yanna's children, Clear the way), the
snug ranking's wide searches (In the wrong place, Burning tails), the first ranking's
wide search by decks (Running into fire), the narrow searches of the ranking that keeps
room and plays more tiles (Burning trees), its twice as wide search by cards (Drawing
straws, by `_endgame` from its closest position), and the snug ranking four times as
wide by decks (Hot sands, Down the waterfall), before the other rankings' passes. A search
walks the same lines wherever it stands in the schedule (the searches before it only
spare it states), so the order decides which wins fit in the budget (issue 41, seventh
to ninth rounds, docs/play.md)."""
DEFAULT_STATES = 85_000
"""The default budget in searched states: every starter challenge is won at seed 1 well
within it (the hardest, Down the river, takes 5,595), and all 39 challenges are (issue
41, ninth round: the last, Down the waterfall, at 80,531; Drawing straws, at 69,402,
never won before); a search that finds no win takes about a minute of one core
(docs/play.md)."""


@dataclass(frozen=True)
class Solution:
    """A finished search: the moves that win (empty when none was found) and its effort."""

    challenge: Challenge
    seed: int
    moves: tuple[Move, ...]
    won: bool
    states: int
    """How many states the search evaluated."""
    seconds: float
    final: State = field(compare=False)
    out_of_time: bool = False
    """Whether the time cap, not the budget in states, ended a search that found no win."""
    exhaustive: bool = False
    """Whether the search went through every line, cutting only lines that surely lose
    (`meeple.raft.exhaustive`): a search that found no win then shows none exists."""


# -- how far the cats are from the raft ------------------------------------------------------


@lru_cache(maxsize=65536)
def distances_after(board: Board, placement: PathwayPlacement) -> tuple[int, ...]:
    """Each waiting cat's distance to its nearest free raft square (`_nearest`, not the
    matching of `board_distances`) once a pathway card is laid where it fits, without
    making that board: the search orders dozens of candidate cards per position by it."""
    found = _card_walks(board)(placement, None)
    assert found is not None  # no cap
    return found


_CardWalk = Callable[[PathwayPlacement, int | None], tuple[int, ...] | None]
"""A card laid and a cap on the sum (or None): `distances_after`, or None once the sum is
sure to reach the cap."""


def _card_walks(board: Board) -> _CardWalk:
    """`distances_after` on `board` for one card after another (`_CardWalk`).

    A card changes the walk only once a layer comes beside a square it turns to or from a
    copy's colour: each card's walk starts from the last layer of `board`'s own walk that
    does not (`_near_layers`)."""
    frame = _near_frame(board)
    grid = grid_of(board)
    stride, index, cards = grid.stride, grid.index, components().pathway_cards
    copies: dict[tuple[str, str, str], tuple[int, int]] = {}
    layers = _near_layers(board)

    def walk(placement: PathwayPlacement, cap: int | None) -> tuple[int, ...] | None:
        if not frame.waiting:
            return ()
        turn = (placement.deck, placement.card, placement.orientation)
        copied = copies.get(turn)
        if copied is None:
            pattern = cards[(placement.deck, placement.card)].squares
            turned = turned_card(pattern, placement.orientation)
            copied = copies[turn] = _card_copies(turned, stride, frame.layout)
        area, painted = copied
        # A card repaints its nine squares and frees or blocks none (cats, fire and the
        # raft card cannot lie under it), so only the copies' own squares change.
        corner = index(placement.row, placement.column)
        zero = (frame.zero & ~(area << corner)) | (painted << corner)
        # Only where a copy's own squares change (a square turns to or from its colour)
        # does the walk change.
        changed = frame.zero ^ zero
        resumed = None
        for layer in layers:
            if layer.beside & changed:
                break
            resumed = layer
        return _nearest_walk(frame, zero, frame.repaintable & ~zero, stride, cap, resumed)

    return walk


def _nearest_cards(
    board: Board,
    candidates: list[PathwayPlacement],
    kept: int,
    measured: dict[PathwayPlacement, tuple[int, bool]],
) -> list[PathwayPlacement]:
    """The `kept` candidates that leave the cats nearest the raft (the least sum of
    `distances_after`), ties in the order given: a candidate is measured only until it
    cannot be among them. `measured` keeps, for `board`, each candidate's sum (True) or
    a sum it is known to reach (False): positions on one board with other hands share it."""
    worst: list[tuple[int, int, PathwayPlacement]] = []  # (-sum, -order): a max-heap
    walk = _card_walks(board)
    for order, placement in enumerate(candidates):
        cap = -worst[0][0] if len(worst) == kept else None
        total, exact = measured.get(placement, (0, False))
        if not exact and (cap is None or total < cap):
            found = walk(placement, cap)
            if found is None:  # its sum reaches the cap
                measured[placement] = (cap or 0, False)
                continue
            total = sum(found)
            measured[placement] = (total, True)
        if cap is None:
            heapq.heappush(worst, (-total, -order, placement))
        elif total < cap:
            heapq.heapreplace(worst, (-total, -order, placement))
    return [placement for _, _, placement in sorted(worst, key=lambda e: (-e[0], -e[1]))]


@lru_cache(maxsize=2048)
def _card_copies(squares: str, stride: int, layout: tuple[tuple[str, int], ...]) -> tuple[int, int]:
    """A turned card's nine squares as bits from its corner in a grid `stride` wide, in
    every copy of the grid `layout` places (colour, bit shift); and its squares of each
    copy's colour, in that copy."""
    area = painted = 0
    for i, letter in enumerate(squares):
        at = i // 3 * stride + i % 3
        for colour, shift in layout:
            area |= 1 << (at + shift)
            if letter == colour:
                painted |= 1 << (at + shift)
    return area, painted


class _NearFrame(NamedTuple):
    """What `_nearest` needs of a board, each waiting colour in its copy of the grid."""

    size: int
    layout: tuple[tuple[str, int], ...]
    """Each waiting colour (a lower-case letter) and its copy's bit shift."""
    zero: int
    """Squares of each copy's colour (the cats of it included)."""
    repaintable: int
    """Squares a card could still repaint, in every copy."""
    ends: int
    waiting: int
    stranded: int
    """The waiting cats no way joins to the raft, whatever is repainted: a card changes
    which squares have a cat's colour, not which squares it may cross (those of its colour
    and those a card may repaint), so they are as far with any card laid."""


@lru_cache(maxsize=4096)
def _near_frame(board: Board) -> _NearFrame:
    """`board`'s `_NearFrame`: each card laid on it changes only the squares under it."""
    grid = grid_of(board)
    raft, stride, size = grid.raft_bits, grid.stride, len(grid.cells)
    cats = grid.bits("BGPRYW") & ~raft
    repaintable = grid.bits("bgprwy") & card_places(grid.free_bits, stride)[1] & ~raft
    # Every colour searches at once: colour k's copy of the grid sits k grids up the same
    # integer. Its border of `n` squares (never passable) keeps the copies apart, so each
    # shift and mask serves all colours, and a layer is one pass however many there are.
    zero = everywhere = ends = waiting = 0
    layout = []
    for shift, letter in enumerate(sorted({chr(grid.cells[i]) for i in bit_indices(cats)})):
        colour = letter.lower()
        own = grid.bits(colour + letter)
        zero |= own << (shift * size)
        everywhere |= repaintable << (shift * size)
        ends |= (raft & grid.bits(colour + WILD)) << (shift * size)
        waiting |= (cats & own) << (shift * size)
        layout.append((colour, shift * size))
    crossed = zero | everywhere
    joined = flood_bits(around_bits(ends, stride) & crossed, crossed, stride)
    return _NearFrame(size, tuple(layout), zero, everywhere, ends, waiting, waiting & ~joined)


def _nearest(board: Board) -> tuple[int, ...]:
    """For each waiting cat of `board`, the fewest squares to repaint on its way to the
    nearest free raft square it may end on, whether or not another cat needs that square
    too: a bound below `board_distances`, cheaper by as many times as there are free raft
    squares."""
    frame = _near_frame(board)
    if not frame.waiting:
        return ()
    found = _nearest_walk(frame, frame.zero, frame.repaintable & ~frame.zero, grid_of(board).stride)
    assert found is not None  # no cap
    return found


def _nearest_walk(
    frame: _NearFrame,
    zero: int,
    one: int,
    stride: int,
    cap: int | None = None,
    resumed: _Layer | None = None,
    layers: list[_Layer] | None = None,
) -> tuple[int, ...] | None:
    """`_nearest` with the copies' own squares `zero` and repaintable others `one`; None
    once their sum is sure to reach `cap`, where given. The walk starts again from the
    layer `resumed` where given (a layer of a walk whose sets differ from these only
    outside its `beside`), and adds each of its layers to `layers` where given."""
    size, ends = frame.size, frame.ends
    if resumed is None:
        # (square, distance): a stranded cat is BLOCKED from the start, and the walk stops
        # once it has met the others instead of flooding all it can reach to tell so.
        found = [(index % size, BLOCKED) for index in bit_indices(frame.stranded)]
        total = BLOCKED * len(found)
        waiting = frame.waiting & ~frame.stranded
        if not waiting:
            return tuple(distance for _, distance in sorted(found))
        # Each layer is flooded whole: stopping once it holds every cat left saves a pass
        # or two on the last layer only, and its test cost two operations on every pass.
        reach = flood_bits(around_bits(ends, stride) & zero, zero, stride)
        level = 0
    else:
        reach, level, done, total, waiting, _ = resumed
        # The test the walk made after the layer before, as a walk from the raft would.
        if cap is not None and level and total + waiting.bit_count() * level >= cap:
            return None
        found = list(done)
    while True:
        if layers is not None:
            beside = reach | around_bits(reach | ends, stride)
            layers.append(_Layer(reach, level, tuple(found), total, waiting, beside))
        here = waiting & reach
        if here:
            found += ((index % size, level) for index in bit_indices(here))
            total += level * here.bit_count()
            waiting ^= here
            if not waiting:
                break
        if cap is not None and total + waiting.bit_count() * (level + 1) >= cap:
            return None
        grown = flood_bits(reach | (around_bits(reach | ends, stride) & one), zero, stride)
        if grown == reach:
            found += ((index % size, BLOCKED) for index in bit_indices(waiting))
            break
        reach, level = grown, level + 1
    return tuple(distance for _, distance in sorted(found))


class _Layer(NamedTuple):
    """A layer of a walk (`_nearest_walk`), before the cats it reaches are counted."""

    reach: int
    level: int
    found: tuple[tuple[int, int], ...]
    """The cats reached before it (square, distance) and the stranded ones."""
    total: int
    waiting: int
    beside: int
    """The squares the walk up to this layer depends on: the layer and the squares beside
    it or the raft squares. A card laid elsewhere leaves the walk as it is up to here."""


@lru_cache(maxsize=1024)
def _near_layers(board: Board) -> tuple[_Layer, ...]:
    """The layers of `_nearest(board)`'s walk (none when no cat waits or none can reach the
    raft): the cards laid on `board` share them up to the first layer that comes beside
    the card (`_card_walks`)."""
    frame = _near_frame(board)
    layers: list[_Layer] = []
    if frame.waiting:
        zero, stride = frame.zero, grid_of(board).stride
        _nearest_walk(frame, zero, frame.repaintable & ~zero, stride, layers=layers)
    return tuple(layers)


def distance(game: State, order: str = "") -> float:
    """How far the game is from a win (0 when won); lower is better."""
    if game.status == "won":
        return 0.0
    if game.status == "lost":
        return float(BLOCKED)
    bag = game.position.bag
    return _board_distance(game.position.board, len(bag), _next_fire(bag, order))


NO_ROOM = 1000.0
"""What a position whose next fire tile has no room counts more (`Ranking.room`): more than
any distance the cats can be from the raft, less than a lost line (`BLOCKED`)."""


def _board_distance(board: Board, bag: int, tile: str = "") -> float:
    """`distance` of a game going on, on `board` with `bag` fire tiles left; `tile`, where
    given, is the next fire tile, and the distance counts `NO_ROOM` more if it has no room
    (`_fire_room`) while some cat still needs a square repainted."""
    # A repaint costs a card and a fire tile; a cat move costs a card. A cat whose way
    # needs a square no card can reach now is not lost (fire moves, cards shift), but far.
    measured = board_distances(board)
    if DEAD in measured:
        return float(BLOCKED)
    cats = [min(d, STUCK) for d in measured]
    score = 3.0 * sum(cats) + 1.5 * len(cats) - bag / 100
    if tile and sum(cats) and not _fire_room(board, tile):
        score += NO_ROOM
    return score


@lru_cache(maxsize=65536)
def _fire_room(board: Board, tile: str) -> bool:
    """Whether fire tile `tile` fits somewhere on `board` without shutting a cat in (a card
    laid there now could be followed by it)."""
    framed = Keyed(board, cut_frame(board))
    return any(fire_shut_in(board, fire) is None for fire in _unsure_fires(framed, tile))


@lru_cache(maxsize=16384)
def _unsure_fires(framed: Keyed[Board], tile: str) -> tuple[FirePlacement, ...]:
    """The placements of fire tile `tile` on the boards of a frame (`cut_frame`) that do
    not shut a cat in whatever the letters of the squares they take out of a card's reach
    (`fire_surely_cuts_off`): the same on every board of the frame, and the boards after
    the cards tried in a position, each followed by one fire tile, share few frames."""
    board = framed.value
    return tuple(
        fire for fire in fire_placements(board, tile) if not fire_surely_cuts_off(board, fire)
    )


def _needed(board: Board) -> dict[int, set[int]]:
    """Grid squares of other colours next to where cats can already walk, each with the
    colours (lower-case letter codes) of the cats that would walk on if it were theirs."""
    needed: dict[int, set[int]] = {}
    for colour, ring in _rings(board):
        for square in bit_indices(ring):
            needed.setdefault(square, set()).add(colour)
    return needed


def _rings(board: Board) -> tuple[tuple[int, int], ...]:
    """For each waiting cat: its colour (a lower-case letter code) and, as bits, the
    squares of other colours beside where it can walk now (over its colour, off the raft)."""
    return tuple((colour, ring) for _, colour, _, ring in _cat_regions(board))


@lru_cache(maxsize=1024)
def _cat_regions(board: Board) -> tuple[tuple[int, int, int, int], ...]:
    """For each waiting cat, row order: `_cat_region`."""
    grid = grid_of(board)
    return tuple(
        _cat_region(grid, cat) for cat in bit_indices(grid.bits("BGPRYW") & ~grid.raft_bits)
    )


def _cat_region(
    grid: Grid, cat: int, bits: Callable[[str], int] | None = None
) -> tuple[int, int, int, int]:
    """A waiting cat's square, its colour (a lower-case letter code), the squares it can
    walk to now (its colour and wild ones, from where it is) and the squares of other
    colours beside where it can walk off the raft (its ring), as bits; the squares'
    letters told by `bits` where given (`Grid.bits` of a board a card apart)."""
    bits = grid.bits if bits is None else bits
    raft, stride = grid.raft_bits, grid.stride
    letter = chr(grid.cells[cat])
    own = bits(letter.lower() + letter)
    walked = flood_bits(1 << cat, own & ~raft, stride)
    ring = around_bits(walked, stride) & ~raft & bits("bgprwy") & ~own
    walkable = flood_bits(1 << cat, bits(letter.lower() + letter + "wW"), stride)
    return cat, ord(letter) + 32, walkable, ring


@lru_cache(maxsize=4096)
def _routes(board: Board) -> int:
    """The squares on a cheapest way of some waiting cat to the free raft squares it may end
    on (`_nearest`'s walk: its colour costs nothing, a square a card may repaint one), or
    on a way one repaint dearer: fire laid there lengthens the way the cat still has to
    have painted, where fire beside the cat's walk (`_precious_after`) shuts it in."""
    frame = _near_frame(board)
    if not frame.waiting:
        return 0
    stride, size = grid_of(board).stride, frame.size
    zero, one = frame.zero, frame.repaintable & ~frame.zero
    mask = (1 << size) - 1
    found = 0
    # Backward from the raft, every copy at once; forward from each cat in its copy.
    back = [flood_bits(around_bits(frame.ends, stride) & zero, zero, stride)]
    while True:
        grown = flood_bits(
            back[-1] | (around_bits(back[-1] | frame.ends, stride) & one), zero, stride
        )
        if grown == back[-1]:
            break
        back.append(grown)
    for cat in bit_indices(frame.waiting & ~frame.stranded):
        copy = mask << (cat // size * size)
        forward = [flood_bits(1 << cat, zero & copy, stride)]
        reached = next((d for d, layer in enumerate(back) if layer >> cat & 1), None)
        if reached is None:
            continue
        while len(forward) <= reached + 1:
            last = forward[-1]
            forward.append(
                flood_bits(last | (around_bits(last, stride) & one & copy), zero & copy, stride)
            )
        for k, layer in enumerate(forward):
            j = reached - k
            if j < -1:
                break
            if j >= 0:
                found |= layer & back[min(j, len(back) - 1)]
            found |= layer & one & back[min(j + 1, len(back) - 1)]
    corridor = 0
    while found:
        corridor |= found & mask
        found >>= size
    return corridor


def _precious_after(base: Board, placement: PathwayPlacement, routes: bool = False) -> int:
    """Where the waiting cats can walk, and their rings (`_cat_region`): fire there hurts
    the most. Those of `base` with the card `placement` laid (where it fits), without making
    that board: a cat whose walk and ring the card does not touch (nor the squares beside
    its walk: the ring lies there) keeps them, the others are walked again."""
    grid = grid_of(base)
    stride, corner = grid.stride, grid.index(placement.row, placement.column)
    area = card_area(stride) << corner
    near = area | around_bits(area, stride)
    pattern = components().pathway_cards[(placement.deck, placement.card)].squares
    turned = turned_card(pattern, placement.orientation)

    def bits(letters: str) -> int:
        return (grid.bits(letters) & ~area) | (_card_bits(turned, letters, stride) << corner)

    found = 0
    for cat, _, walkable, ring in _cat_regions(base):
        if walkable & near:
            _, _, walkable, ring = _cat_region(grid, cat, bits)
        found |= walkable | ring
    if routes:
        found |= _routes(base) & ~grid.raft_bits
    return found


@lru_cache(maxsize=4096)
def _card_bits(squares: str, letters: str, stride: int) -> int:
    """A turned card's squares holding one of `letters`, as bits of a grid `stride` wide,
    its corner at bit 0."""
    steps = _card_steps(stride)
    return sum(1 << step for step, letter in zip(steps, squares, strict=True) if letter in letters)


# -- the moves worth trying ----------------------------------------------------------------


def _fire_order(game: State, seed: int) -> str:
    """The order fire tiles leave the bag for the solver: a shuffle `seed` fixes (the n-th
    tile drawn is the first of it still in the bag)."""
    tiles = sorted(game.position.bag)
    random.Random(f"raft-fire/{seed}").shuffle(tiles)
    return "".join(tiles)


def _next_fire(bag: str, order: str) -> str:
    """The fire tile of the seeded `order` drawn next from `bag` ("" when it is empty)."""
    return next((tile for tile in order if tile in bag), "")


def _card_worth(game: State, card: CardId, colours: set[str]) -> int:

    squares = components().pathway_cards[(card.deck, card.card)].squares
    return sum(1 for letter in squares if letter in colours)


def _waiting_colours(game: State) -> set[str]:
    grid = grid_of(game.position.board)
    return {chr(grid.cells[i] + 32) for i in bit_indices(grid.bits("BGPRYW") & ~grid.raft_bits)}


def _cat_moves(game: State) -> list[CatMove]:
    """Every cat move onto the raft, each end once, and one step per waiting cat (to spend a
    card no placement needs), each paid with the hand's least useful cards.

    A cat may walk any distance over its own colour in one move, so moving it before its
    whole way is painted only spends cards: the solver moves a cat on when it can arrive.
    """
    colours = _waiting_colours(game)
    grid = grid_of(game.position.board)
    worth = {card: _card_worth(game, card, colours) for card in game.position.hand.ids()}
    arriving: list[CatMove] = []
    # A useless card is best spent on a step within the cat's own colour: no fire tile
    # comes with it. One such step per colour is kept (ends elsewhere change nothing):
    # the last of `State.cat_moves`, its last cat, end and choice of cards.
    stepping: dict[str, CatMove] = {}
    for colour, start, payments, ends in cat_options(game.position):
        if not payments:
            continue
        cheapest = min(payments, key=lambda pay: sum(worth[card] for card in pay))
        for end in ends:
            if grid.raft[grid.index(*end)]:
                arriving.append(CatMove(colour, start, end, cheapest))
            else:
                stepping[colour] = CatMove(colour, start, end, payments[-1])
    return arriving + list(stepping.values())


def _placements(
    game: State, hand: tuple[CardId, ...] | None = None
) -> list[tuple[int, PathwayPlacement]]:
    """Pathway placements of the hand's cards (or of `hand`) that give a square some cat
    needs that cat's colour, with how many such squares each one gives, best first."""
    hand = game.position.hand.ids() if hand is None else hand
    return _placements_at(_wanted(game.position.board), hand)


@lru_cache(maxsize=1024)
def _wanted(board: Board) -> tuple[tuple[int, int, int], ...]:
    """Card positions over squares some cat needs: (row, column, the colours wanted on each
    of the card's nine squares as `_letter_fields` of letters)."""
    needed = _needed(board)
    if not needed:
        return ()
    grid = grid_of(board)
    steps = [dr * grid.stride + dc for dr in range(3) for dc in range(3)]
    wanted = {
        square: sum(_FIELDS[colour] for colour in colours) for square, colours in needed.items()
    }
    found = []
    for row, column in card_positions(board):
        base = grid.index(row, column)
        fields = sum(wanted.get(base + step, 0) << (6 * i) for i, step in enumerate(steps))
        if fields:
            found.append((row, column, fields))
    return tuple(found)


_FIELDS = {code: 1 << k for k, code in enumerate(b"bgprwy")}
"""Each square's letter as one bit of a six-bit field."""


@lru_cache(maxsize=512)
def _letter_fields(squares: str) -> int:
    """A card's nine letters, six bits a square (`_FIELDS`), the first square lowest: one
    AND with `_wanted`'s fields leaves a bit where a letter is one wanted there."""
    return sum(_FIELDS.get(ord(letter), 0) << (6 * i) for i, letter in enumerate(squares))


def _placements_at(
    wanted: tuple[tuple[int, int, int], ...], hand: tuple[CardId, ...]
) -> list[tuple[int, PathwayPlacement]]:
    """`_placements` over the card positions `wanted`, for the cards of `hand`."""
    cards = components().pathway_cards
    turns = []  # each card turned each way once
    for held in hand:
        pattern = cards[(held.deck, held.card)].squares
        for orientation in ORIENTATIONS:
            turns.append((held, orientation, _letter_fields(turned_card(pattern, orientation))))
    found = []
    for row, column, fields in wanted:
        for held, orientation, letters in turns:
            gain = (letters & fields).bit_count()
            if gain:
                placement = PathwayPlacement(held.deck, held.card, row, column, orientation)
                found.append((gain, placement))
    found.sort(key=lambda pair: -pair[0])
    return found


@lru_cache(maxsize=2048)
def _fires_ranked(
    framed: Keyed[Board],
    tile: str,
    precious: int,
    raft_harm: int = RAFT_HARM,
    tried: int = FIRE_TRIED,
    snug: int = 0,
) -> tuple[int, ...]:
    """The fire tile's placements, as indices into `fire_placements` of the boards of a
    frame (`cut_frame`: the raft's squares, where tiles fit), those far from the cats and
    their ways first, the boards' precious squares (where the cats walk and the squares
    beside) being `precious`: cards that leave those as they are leave the
    order as it is. A fire square beside a way onto a free raft square counts `raft_harm`
    more. With `snug` (`Ranking.snug`), the harm counts `snug` times, less the squares of
    fire, the island's edge and the raft card the tile touches (the same on every board
    of the frame)."""
    grid = grid_of(framed.value)
    stride, size = grid.stride, len(grid.cells)
    # Harm: for each fire square, how many of it and its four neighbours are precious;
    # summed over each placement's squares. The counts are held a byte a square in one
    # integer, so one shift moves all of them (no sum reaches 256: nothing carries).
    near = _around_counts(precious, size, stride) + _raft_harms(framed, raft_harm)
    snugness = _around_counts(grid.bits("fn") | grid.raft_bits, size, stride) if snug else 0
    harms: list[int] = []
    for spots in fire_spots(framed.value, tile):
        summed = sum(near >> (8 * offset) for offset in spots.offsets)
        counts = summed.to_bytes(size + stride + 1, "little")
        if snug:
            # Fire packed against fire and the island's edge leaves the most room.
            touched = sum(snugness >> (8 * offset) for offset in spots.offsets)
            touches = touched.to_bytes(size + stride + 1, "little")
            harms += (snug * counts[i] - touches[i] for i in spots.corners)
        else:
            harms += map(counts.__getitem__, spots.corners)
    # Only the first few are ever tried (`_after_card`).
    return tuple(sorted(range(len(harms)), key=harms.__getitem__)[: tried * 8])


@lru_cache(maxsize=1024)
def _raft_harms(framed: Keyed[Board], raft_harm: int) -> int:
    """What the ways onto the free raft squares add to `_fires_ranked`'s counts, on the
    boards of a frame: fire there walls a raft square in for good (`raft_harm` a square)."""
    grid = grid_of(framed.value)
    stride, size = grid.stride, len(grid.cells)
    access = around_bits(grid.raft_bits & grid.bits("bgprwy"), stride) & ~grid.raft_bits
    return raft_harm * _around_counts(access & grid.free_bits, size, stride)


def _around_counts(squares: int, size: int, stride: int) -> int:
    """For each cell of a grid of `size` cells, how many of it and its four neighbours are
    in `squares`: one byte a cell, cell 0 lowest."""
    ones = int.from_bytes(format(squares, f"0{size}b")[::-1].encode().translate(_ONE), "little")
    return ones + (ones << 8) + (ones >> 8) + (ones << 8 * stride) + (ones >> 8 * stride)


_ONE = bytes(1 if i == 49 else 0 for i in range(256))
"""A bytes.translate table: "1" to the byte 1, anything else to 0."""


# -- the search ----------------------------------------------------------------------------


def _key(game: State) -> tuple[object, ...]:
    state = game.position
    return (state.board.rows, state.hand.piles, state.decks.piles, state.exhausted, state.bag)


class _CutOffs:
    """`fire_shut_in`, remembered for one solve across the boards that must answer alike:
    a `_FireFrame` for each frame (`cut_frame`) and fire tile."""

    def __init__(self) -> None:
        self.frames: dict[tuple[tuple[int, int], str], _FireFrame] = {}

    def of(self, board: Board, tile: str) -> _FireFrame:
        """The fire tile `tile` on the boards of `board`'s frame."""
        key = (cut_frame(board), tile)
        found = self.frames.get(key)
        if found is None:
            found = self.frames[key] = _FireFrame(board, tile)
        return found


class _FireFrame:
    """A fire tile's placements on the boards of one frame (`cut_frame`), in
    `fire_placements`' order, and which of them shut a cat in (`fire_shut_in`).

    Whether a tile shuts a cat in depends on the free squares, the cats and the letters of
    the squares no card can cover once the tile lies (a cat may cross those only if they
    are its colour or wild); a card repaints only squares a card can cover. So the boards
    of a frame (the cards laid in one position, and the hands) share each tile's answer
    but for the letters of the squares that tile alone takes out of a card's reach (its
    shadow), and the answers are kept under those letters: most tiles the search tries
    shut a cat in, and the same ones come back. A tile that shuts a cat in even if its
    shadow let every cat pass (`fire_surely_cuts_off`: most tiles tried) does so on every
    board of the frame. A card changes the answer only of the tiles whose shadow it
    covers: for the others, the answer on the board it is laid on serves.
    """

    def __init__(self, board: Board, tile: str) -> None:
        self.placements = tuple(fire_placements(board, tile))
        self.shadows: list[_Shadow | None] = [None] * len(self.placements)
        """Each tile's shadow once asked (`_shadow_of`; `_SHUT_EVERYWHERE` if it shuts
        a cat in on every board of the frame)."""
        self._base: Board | None = None
        self._cells = 0
        self._answers: dict[int, ShutIn | None] = {}

    def sparing(
        self, board: Board, placement: PathwayPlacement, laid: Board, tiles: tuple[int, ...]
    ) -> Iterator[int]:
        """The tiles of `tiles` (indices into `placements`, `_fires_ranked`'s order kept)
        that shut no cat in on `laid`, the board of the frame that laying the card
        `placement` on `board` makes."""
        if board is not self._base:
            self._base, self._answers = board, {}
            self._cells = int.from_bytes(grid_of(board).cells, "little")
        answers, cells, shadows = self._answers, self._cells, self.shadows
        grid = grid_of(board)
        stride, corner = grid.stride, grid.index(placement.row, placement.column)
        area = card_area(stride) << corner
        painted = 0  # the squares' bytes with the card laid, once needed
        for i in tiles:
            shadow = shadows[i]
            if shadow is None:
                shadow = shadows[i] = self._shadow_of(board, i)
            if shadow is _SHUT_EVERYWHERE:
                continue
            # The board's own answer first: a card that leaves the tile's shadow as it is
            # leaves it as it is, and so does one that lets no cat it shuts in pass
            # beside where that cat can still go.
            shut = answers.get(i, _UNASKED)
            if shut is _UNASKED:
                shut = answers[i] = self._answer(shadow, cells, i, board)
            covered = shadow.squares & area
            if covered:
                if not painted:
                    pattern = components().pathway_cards[(placement.deck, placement.card)].squares
                    turned = turned_card(pattern, placement.orientation)
                    square_bytes, letters = _card_bytes(turned, stride)
                    painted = (cells & ~(square_bytes << 8 * corner)) | (letters << 8 * corner)
                if shut is None or _lets_out(shut, covered, painted, stride):
                    shut = self._answer(shadow, painted, i, laid)
            if shut is None:
                yield i

    def _shadow_of(self, board: Board, i: int) -> _Shadow:
        """Tile `i`'s shadow on `board`, a board of the frame (`_SHUT_EVERYWHERE` if the
        tile shuts a cat in whatever the letters there)."""
        fire = self.placements[i]
        if fire_surely_cuts_off(board, fire):
            return _SHUT_EVERYWHERE
        grid = grid_of(board)
        stride, free = grid.stride, grid.free_bits
        at = _tile_bits(fire.tile, fire.flipped, fire.orientation, stride)
        at <<= grid.index(fire.row, fire.column)
        shadow = card_places(free, stride)[1] & ~card_places(free & ~at, stride)[1] & ~at
        return _Shadow(shadow, ~byte_mask(shadow, len(grid.cells)), {})

    def _answer(self, shadow: _Shadow, cells: int, i: int, board: Board) -> ShutIn | None:
        """Tile `i`'s answer on `board`, whose squares' bytes are `cells` (`fire_shut_in`)."""
        letters = cells & shadow.bytes
        answer = shadow.answers.get(letters, _UNASKED)
        if answer is _UNASKED:
            answer = shadow.answers[letters] = fire_shut_in(board, self.placements[i])
        return answer


_UNASKED = ShutIn("?", -1)
"""Stands for an answer not yet found, where None is an answer (no cat is shut in)."""


def _lets_out(shut: ShutIn, squares: int, painted: int, stride: int) -> bool:
    """Whether some of `squares`, with the letters `painted` (the squares' bytes) gives them,
    may let the cat `shut` out: one beside where it can still go that it may walk on.
    A cat's way changes only where letters change, and squares it cannot step onto cannot
    let it out."""
    reach = shut.reach
    for square in bit_indices(around_bits(reach, stride) & squares & ~reach):
        if chr(painted >> 8 * square & 0xFF) in shut.letters:
            return True
    return False


class _Shadow(NamedTuple):
    """The squares a fire tile takes out of a card's reach (`_FireFrame`)."""

    squares: int
    bytes: int
    """0xff on the squares' bytes."""
    answers: dict[int, ShutIn | None]
    """The cat the tile shuts in (`fire_shut_in`), under the squares' letters."""


_SHUT_EVERYWHERE = _Shadow(0, 0, {})
"""Stands for the shadow of a tile that shuts a cat in whatever the letters there
(`fire_surely_cuts_off`)."""


@lru_cache(maxsize=64)
def _card_steps(stride: int) -> tuple[int, ...]:
    """A pathway card's nine squares as grid steps from its corner."""
    return tuple(row * stride + column for row in range(3) for column in range(3))


@lru_cache(maxsize=2048)
def _card_bytes(squares: str, stride: int) -> tuple[int, int]:
    """A turned card's nine squares as bytes of a grid `stride` wide, its corner at byte
    0: 0xff on each, and its letters."""
    area = letters = 0
    for step, letter in zip(_card_steps(stride), squares, strict=True):
        area |= 0xFF << (8 * step)
        letters |= ord(letter) << (8 * step)
    return area, letters


@lru_cache(maxsize=2048)
def _tile_bits(tile: str, flipped: bool, orientation: str, stride: int) -> int:
    """A fire tile's squares as bits of a grid `stride` wide, its corner at bit 0."""
    return sum(1 << (r * stride + c) for r, c in fire_shape(tile, flipped, orientation))


def _after_card(
    game: State,
    placement: PathwayPlacement,
    order: str,
    cut_offs: _CutOffs,
    known: dict[tuple[PathwayPlacement, str], tuple[FirePlacement, ...]],
    ranking: Ranking = FIRST_RANKING,
) -> Iterator[State]:
    """The card `placement` played, each followed by one of the best two fire tiles worth
    laying after it (`_fires_after`, ranked by `ranking`). `known` keeps those tiles
    for the position's board, under the card and the fire bag: positions on one board with
    other hands share them."""
    bag = game.position.bag
    if not bag:  # the rules lose the game as the card is laid
        return
    fires = known.get((placement, bag))
    if fires is None:
        tile = _next_fire(bag, order)
        after = _next_fire(bag.replace(tile, ""), order) if ranking.room else ""
        fires = _fires_after(
            game.position.board, placement, tile, len(bag) - 1, cut_offs, ranking, after
        )
        known[(placement, bag)] = fires
    if not fires:
        return
    # The rules play the card only if some fire tile can follow it (on boards where fire
    # shuts cats in, most cards have none).
    try:
        laid = game.play(placement)
    except RuleError:
        return
    if laid.is_over:
        return
    kept = 0
    for fire in fires:
        try:
            burnt = laid.play(fire)
        except RuleError:
            continue
        if distance(burnt) < BLOCKED:  # the end of the round may lose it (no cards left)
            yield burnt
            kept += 1
            if kept == ranking.fires_kept:
                break


def _fires_after(
    base: Board,
    placement: PathwayPlacement,
    tile: str,
    bag: int,
    cut_offs: _CutOffs,
    ranking: Ranking = FIRST_RANKING,
    after: str = "",
) -> tuple[FirePlacement, ...]:
    """The placements of fire tile `tile` worth laying after the card `placement` on `base`
    with `bag` tiles left after it, nearest the raft first: the first `FIRE_TRIED` of the
    least harmful (`_fires_ranked`) that shut no cat in and leave every cat a raft square."""
    try:
        board = lay_card(base, placement)
    except RuleError:
        return ()
    # The card changes neither the frame nor the squares it ranks by but the cats' walks.
    framed = Keyed(base, cut_frame(base))
    precious = _precious_after(base, placement, ranking.routes)
    fires = _fires_ranked(
        framed, tile, precious, ranking.raft_harm, ranking.fires_tried, ranking.snug
    )
    if not fires:  # the tile fits nowhere: the game is lost, and the engine says so
        return ()
    # The least harmful first; one that cuts a cat off is passed over for the next. Most
    # tiles near the cats cut one off: the bit-set test tells so without making the
    # board. The others are measured on their boards, and the rules play only the best
    # two.
    frame = cut_offs.of(base, tile)
    scored = []
    for i in frame.sparing(base, placement, board, fires):
        fire = frame.placements[i]
        score = _board_distance(lay_fire(board, fire), bag, after)
        if score < BLOCKED:
            scored.append((score, fire))
            if len(scored) == ranking.fires_tried:
                break
    scored.sort(key=itemgetter(0))
    return tuple(fire for _, fire in scored)


class _Memory:
    """A transposition table the searches of one `solve` share: each position's children
    (the actions `_Search._actions` tries, the fire tile after each card included) and
    each position's distance. A search that starts again wider walks the lines the ones
    before it walked at the cost of a lookup, and only positions never seen count
    against the budget. Positions are keyed by `_key`, which leaves out the moves that
    led there: a line is rebuilt from its moves when it wins.

    The children depend on how fire tiles are ranked (`ranking`), so the searches of a
    solve that rank them otherwise have a table of their own; what does not (the
    distances, which also count the budget, and `cut_offs`) is `shared` by them all, but
    for the distances of a ranking that keeps room for the next fire tile
    (`Ranking.room`): they differ, so its searches rank, and count, positions anew."""

    def __init__(self, ranking: Ranking = FIRST_RANKING, shared: _Memory | None = None) -> None:
        self.ranking = ranking
        self.empty = 0
        """How many searches in a row over this table found no new position."""
        """How the searches sharing this table rank fire tiles (`_fires_ranked`): their
        children depend on it."""
        self.children: dict[
            tuple[object, ...], list[tuple[State, tuple[Move, ...], tuple[object, ...]]]
        ] = {}
        self.scores: dict[tuple[object, ...], float] = (
            {} if shared is None or ranking.room else shared.scores
        )
        self.cut_offs: _CutOffs = _CutOffs() if shared is None else shared.cut_offs
        self.measured: OrderedDict[Board, _Measured] = OrderedDict()

    def measured_on(self, board: Board) -> _Measured:
        """What `_nearest_cards` and `_after_card` learned of the cards laid on `board`,
        kept for the `MEASURED_BOARDS` boards used last (positions on one board come close
        together)."""
        found = self.measured.get(board)
        if found is None:
            found = self.measured[board] = _Measured({}, {})
            if len(self.measured) > MEASURED_BOARDS:
                self.measured.popitem(last=False)
        else:
            self.measured.move_to_end(board)
        return found


class _Measured(NamedTuple):
    """What a solve learned of the cards laid on one board (`_Memory.measured_on`)."""

    sums: dict[PathwayPlacement, tuple[int, bool]]
    """`_nearest_cards`' sums."""
    fires: dict[tuple[PathwayPlacement, str], tuple[FirePlacement, ...]]
    """`_after_card`'s fire tiles."""


Report = Callable[[int, float], None]
"""Told, as the search goes, how many states it has searched and the best distance yet."""


class _Search:
    def __init__(
        self,
        start: State,
        seed: int,
        deadline: float,
        widths: tuple[int, int] = (ROUND_BEAM, ROUNDS_BEAM),
        by_cards: bool = False,
        most_states: int | None = None,
        report: Report | None = None,
        before: int = 0,
        memory: _Memory | None = None,
    ) -> None:
        self.memory = memory if memory is not None else _Memory()
        """What earlier searches of the same game learned (see `_Memory`)."""
        self.most_states = most_states
        """Where set, the search stops once it has judged this many states (it finishes
        the layer of the beam under way), whatever the time."""
        self.report = report
        self.before = before
        """States searched by the searches before this one (for `report`)."""
        self.best = float(BLOCKED)
        self.by_cards = by_cards
        """Whether draw requests are chosen by the cards they turn up (see `_requests`)."""
        self.seed = seed
        self.deadline = deadline
        self.order = _fire_order(start, seed)
        self.states = 0
        self.seen: set[tuple[object, ...]] = set()
        self.round_beam, self.rounds_beam = widths
        """States kept after each action within a round, and at the end of each round."""

    def timed_out(self) -> bool:
        if self.most_states is not None and self.states >= self.most_states:
            return True
        return time.monotonic() > self.deadline

    def _score(self, game: State, key: tuple[object, ...]) -> float:
        score = self.memory.scores.get(key)
        if score is None:
            self.states += 1
            room = self.order if self.memory.ranking.room else ""
            score = self.memory.scores[key] = distance(game, room)
        self.best = min(self.best, score)
        return score

    def _children(self, game: State) -> list[tuple[State, tuple[Move, ...], tuple[object, ...]]]:
        key = _key(game)
        found = self.memory.children.get(key)
        if found is None:
            found = [(child, step, _key(child)) for child, step in self._actions(game)]
            self.memory.children[key] = found
        return found

    def round(
        self, game: State, moves: tuple[Move, ...]
    ) -> list[tuple[float, State, tuple[Move, ...]]]:
        """The best states at the end of the round that starts with `game` (hand drawn)."""
        beam: list[tuple[float, int, State, tuple[Move, ...]]] = [(0.0, 0, game, moves)]
        finished: list[tuple[float, State, tuple[Move, ...]]] = []
        counter = 1
        while beam and not self.timed_out():
            children: list[tuple[float, int, State, tuple[Move, ...]]] = []
            for _, _, state, path in beam:
                for child, step, key in self._children(state):
                    if key in self.seen:
                        continue
                    self.seen.add(key)
                    score = self._score(child, key)
                    if score >= BLOCKED:
                        continue
                    entry = (score, counter, child, (*path, *step))
                    counter += 1
                    if child.status == "won" or child.phase == "draw" or child.is_over:
                        finished.append((score, child, entry[3]))
                    else:
                        children.append(entry)
            beam = heapq.nsmallest(self.round_beam, children)
            if self.report is not None:
                self.report(self.before + self.states, self.best)
            if any(state.status == "won" for _, state, _ in finished):
                break
        finished.sort(key=lambda item: item[0])
        return finished

    def _actions(self, game: State) -> Iterator[tuple[State, tuple[Move, ...]]]:
        yielded = 0
        for move in _cat_moves(game):
            try:
                moved = game.play(move)
            except RuleError:
                continue
            yielded += 1
            yield moved, (move,)
        # The proxy (squares a cat needs, given its colour) picks candidates; the exact
        # distance with the card laid (before its fire tile) orders them.
        candidates = [placement for _, placement in _placements(game)[: CARDS_TRIED * 6]]
        board = game.position.board
        measured = self.memory.measured_on(board)
        cut_offs, ranking = self.memory.cut_offs, self.memory.ranking
        for placement in _nearest_cards(board, candidates, CARDS_TRIED, measured.sums):
            for after in _after_card(
                game, placement, self.order, cut_offs, measured.fires, ranking
            ):
                yielded += 1
                yield after, (placement, after.last) if after.last else (placement,)
        if not yielded:
            # Nothing above is possible: any card anywhere, its fire where it hurts least.
            for placement in game.pathway_placements()[
                :: max(1, len(game.pathway_placements()) // 40)
            ]:
                for after in _after_card(
                    game, placement, self.order, cut_offs, measured.fires, ranking
                ):
                    yield after, (placement, after.last) if after.last else (placement,)


def _requests(game: State, by_cards: bool = False) -> list[DrawRequest]:
    """Draw requests to try: those whose decks hold the waiting cats' colours most first,
    and a spread-out one for variety.

    With `by_cards` (a search that tries again after a beam stalled), the cards each
    request turns up (the seed fixes them) decide instead: a drawn card is worth the most
    it alone takes off the cats' distance to the raft (its best few placements by
    `_placements`, measured exactly), a request the sum over its cards; the best such
    request is tried, and the best by decks.
    """
    requests = draw_requests(game.position.decks)
    colours = _waiting_colours(game)

    cards = components().pathway_cards
    worth = {
        deck: sum(
            sum(1 for letter in cards[(deck, card)].squares if letter in colours) for card in pile
        )
        / max(1, len(pile))
        for deck, pile in zip(DECKS, game.position.decks.piles, strict=True)
    }
    requests.sort(key=lambda request: -sum(worth[deck] * n for deck, n in request.draws))
    if by_cards:
        chosen = [*_by_cards(game, requests)[:1], *requests[:1]]
    else:
        chosen = requests[: REQUESTS_KEPT - 1] + requests[len(requests) // 2 :: len(requests) or 1]
    return list(dict.fromkeys(chosen))[:REQUESTS_KEPT]


def _by_cards(game: State, requests: list[DrawRequest]) -> list[DrawRequest]:
    """`requests` ordered by what the cards each turns up take off the cats' distance."""
    gain = _hand_gain(game)
    valued = []
    for order, request in enumerate(requests):
        try:
            drawn = game.play(request)
        except RuleError:
            continue
        valued.append((-gain(drawn), order, request))
    valued.sort()
    return [request for _, _, request in valued]


def _hand_gain(game: State) -> Callable[[State], int]:
    """What the hand of a game a draw away from `game` takes off the cats' distance: the
    sum over its cards of the most each alone takes off (its best few placements by
    `_placements_at`, measured exactly)."""
    board = game.position.board
    now = sum(_nearest(board))
    gains: dict[CardId, int] = {}
    wanted = _wanted(board)

    def gain(card: CardId) -> int:
        if card not in gains:
            best = 0
            for _, placement in _placements_at(wanted, (card,))[:PLACEMENTS_MEASURED]:
                best = max(best, now - sum(distances_after(board, placement)))
            gains[card] = best
        return gains[card]

    return lambda drawn: sum(gain(card) for card in drawn.position.hand.ids())


def solve(
    challenge: Challenge,
    seed: int = 1,
    states: int = DEFAULT_STATES,
    seconds: float | None = None,
    report: Report | None = None,
    exhaustive: bool = False,
) -> Solution:
    """Search for a sequence of moves that wins the challenge within `states` searched
    states: a budget that gives the same answer on any machine, however loaded (the
    search finishes the layer of its beam under way, so it may pass the budget by a few
    dozen states). `seconds`, where given, also caps the time; a search it stops depends
    on the machine's speed. `report` is told the progress after each layer of the beam.

    A beam that dies out before the budget is spent (every line it kept lost, or no
    better distance for `STALLED` rounds) starts again with the budget left, at the next
    search of `SCHEDULE`: the same width choosing draws by the cards they turn up, then a
    line more kept each round (by decks, then by cards), then twice as wide, under each
    ranking of the fire tiles; then four times as wide, and so on (`_attempt`).

    `exhaustive` walks every line instead (`meeple.raft.exhaustive`), cutting only those
    that surely lose: a win, or (`Solution.exhaustive`) proof that none exists, unless
    the budget runs out first.
    """
    # The search keeps hundreds of thousands of positions and makes no reference cycles:
    # the cyclic garbage collector's passes over them were a fifth of its time.
    with cycles_uncollected():
        if exhaustive:
            return _every_line(challenge, seed, states, seconds, report)
        return _solve(challenge, seed, states, seconds, report)


def _every_line(
    challenge: Challenge, seed: int, states: int, seconds: float | None, report: Report | None
) -> Solution:
    """`solve`'s exhaustive search."""
    began = time.monotonic()
    deadline = began + seconds if seconds is not None else float("inf")
    start = State.initial(challenge, seed)
    found = every_line(start, _fire_order(start, seed), states, deadline, report)
    game = start
    for move in found.moves or ():
        game = game.play(move)
    return Solution(
        challenge,
        seed,
        found.moves or (),
        found.moves is not None,
        found.states,
        time.monotonic() - began,
        game,
        found.out_of_time,
        exhaustive=found.finished,
    )


def _solve(
    challenge: Challenge,
    seed: int = 1,
    states: int = DEFAULT_STATES,
    seconds: float | None = None,
    report: Report | None = None,
) -> Solution:
    """`solve`'s search, the garbage collector off."""
    began = time.monotonic()
    deadline = began + seconds if seconds is not None else float("inf")
    start = State.initial(challenge, seed)
    searched = 0
    best: tuple[float, State, tuple[Move, ...]] = (distance(start), start, ())
    attempt = 0
    # A table per fire ranking (the children differ), sharing the distances: a position
    # ranked once counts once against the budget, whichever search ranks it again.
    first = _Memory(FIRST_RANKING)
    memories = {
        ranking: first if ranking == FIRST_RANKING else _Memory(ranking, first)
        for ranking in _rankings()
    }
    ended: set[tuple[object, ...]] = set()  # the positions `_endgame` has searched from
    while True:
        round_beam, rounds_beam, by_cards, ranking = _attempt(attempt)
        memory = memories[ranking]
        search = _Search(
            start,
            seed,
            deadline,
            (round_beam, rounds_beam),
            by_cards,
            states - searched,
            report,
            searched,
            memory,
        )
        found, closest = _beam_search(start, search)
        if found is None and not search.timed_out():
            found = _endgame(closest, search, ended)
        searched += search.states
        if closest[0] < best[0] or (closest[0] == best[0] and len(closest[2]) > len(best[2])):
            best = closest
        if found is not None or search.timed_out():
            break
        # Known positions cost nothing: searches that find no new one in a row (every line
        # they keep is lost, or known) have exhausted what wider beams reach, counted for
        # each ranking apart (the others' lines differ).
        memory.empty = memory.empty + 1 if search.states == 0 else 0
        if all(known.empty >= EXHAUSTED for known in memories.values()):
            break
        attempt += 1
    won = found is not None
    _, game, moves = found if found is not None else best
    # The state reached may carry the moves of another line to the same position (the
    # searches share positions): play the line found from the start.
    game = start
    for move in moves:
        game = game.play(move)
    out_of_time = not won and time.monotonic() > deadline
    return Solution(
        challenge, seed, moves, won, searched, time.monotonic() - began, game, out_of_time
    )


def _endgame(
    closest: tuple[float, State, tuple[Move, ...]],
    search: _Search,
    ended: set[tuple[object, ...]],
) -> tuple[float, State, tuple[Move, ...]] | None:
    """A win from the closest position a beam search reached, if a depth-first search of
    every move from there finds one within `ENDGAME_STATES` positions (counted against the
    search's budget and told to its `report`), walking the moves best first
    (`_best_first`). Only a position within `ENDGAME_DISTANCE` of a win is searched, and
    once a solve (`ended`)."""
    score, game, moves = closest
    key = _key(game)
    if score > ENDGAME_DISTANCE or game.is_over or key in ended:
        return None
    ended.add(key)
    most = ENDGAME_STATES
    if search.most_states is not None:
        most = min(most, search.most_states - search.states)
    found = every_line(game, search.order, most, search.deadline, first=_best_first(search.order))
    search.states += found.states
    if search.report is not None:
        search.report(search.before + search.states, search.best)
    if found.moves is None:
        return None
    return 0.0, game, (*moves, *found.moves)


def _best_first(order: str) -> First:
    """`_endgame`'s order of the moves from a position: draw requests by what the cards
    they turn up take off the cats' distance (`_by_cards`), other moves by the distance
    of the game after them (`distance`, fire tiles leaving the bag in `order`), the
    nearest first; ties in the rules' order."""

    def first(game: State, children: list[tuple[Move, State]]) -> list[tuple[Move, State]]:
        if game.phase == "draw":
            gain = _hand_gain(game)
            return sorted(children, key=lambda child: -gain(child[1]))
        return sorted(children, key=lambda child: distance(child[1], order))

    return first


def _rankings() -> tuple[Ranking, ...]:
    """The fire rankings of a solve's searches (those of `SCHEDULE`), in the order of its
    searches four times as wide and wider."""
    return (SNUG_RANKING, FIRST_RANKING, *RANKINGS_AGAIN)


class _Plan(NamedTuple):
    """One search of a solve (`_attempt`)."""

    round_beam: int
    """States kept after each action within a round."""
    rounds_beam: int
    """States kept at the end of each round."""
    by_cards: bool
    """Whether draw requests are chosen by the cards they turn up (`_requests`)."""
    ranking: Ranking
    """How fire tiles are ranked (`_fires_ranked`)."""


def _plan(level: int, by_cards: bool, ranking: Ranking) -> _Plan:
    """A search at `level`: 0 the base widths, 1 a line more kept at the end of each round
    (`ROUNDS_STEP`), 2 twice the base widths, 3 four times, and so on."""
    if level < 2:
        return _Plan(ROUND_BEAM, ROUNDS_BEAM + ROUNDS_STEP * level, by_cards, ranking)
    widen = 2 ** (level - 1)
    return _Plan(ROUND_BEAM * widen, ROUNDS_BEAM * widen, by_cards, ranking)


def _scheduled() -> tuple[_Plan, ...]:
    """`SCHEDULE` one search at a time."""
    return tuple(
        _plan(level, by_cards, ranking)
        for ranking, searches in SCHEDULE
        for level, by_cards in searches
    )


def _attempt(attempt: int) -> _Plan:
    """A solve's `attempt`-th search (from 0); draws by decks, then by cards, at each width.

    First `SCHEDULE`: the base widths, one more line kept at the end of each round, twice
    the base widths, under each fire ranking, its narrow searches before its wide ones.
    The step between the narrow searches and the twice as wide wins challenges whose
    lines need a third board kept a round, at a fraction of what the wider searches
    cost, and the positions it searched are known to the wider searches that follow.
    The rankings other than the first win lines it passes over at less than four times
    the widths would cost. Then four times the base widths under each ranking (in the
    order of `_rankings`), eight times, and so on, but for the searches `SCHEDULE` has
    made already (docs/play.md)."""
    scheduled = _scheduled()
    if attempt < len(scheduled):
        return scheduled[attempt]
    rankings = _rankings()
    wider = (
        plan
        for level in count(3)
        for ranking in rankings
        for by_cards in (False, True)
        if (plan := _plan(level, by_cards, ranking)) not in scheduled
    )
    return next(islice(wider, attempt - len(scheduled), None))


def _beam_search(
    start: State, search: _Search
) -> tuple[tuple[float, State, tuple[Move, ...]] | None, tuple[float, State, tuple[Move, ...]]]:
    """One beam search over rounds: (the win if found, the closest line reached)."""
    beam: list[tuple[float, State, tuple[Move, ...]]] = [(distance(start), start, ())]
    best = beam[0]
    stalled = 0
    while beam and not search.timed_out() and stalled < STALLED:
        ends: list[tuple[float, State, tuple[Move, ...]]] = []
        for _, game, path in beam:
            if game.is_over:
                continue
            for request in _requests(game, search.by_cards):
                try:
                    drawn = game.play(request)
                except RuleError:
                    continue
                for score, end, moves in search.round(drawn, (*path, request)):
                    if end.status == "won":
                        return (score, end, moves), best
                    ends.append((score, end, moves))
                if search.timed_out():
                    break
        ends.sort(key=lambda item: item[0])
        # One line per board: lines that differ only in the cards left in the decks
        # would crowd out the others.
        boards: dict[object, tuple[float, State, tuple[Move, ...]]] = {}
        for item in ends:
            boards.setdefault((item[1].position.board, item[1].position.bag), item)
        beam = list(boards.values())[: search.rounds_beam]
        if beam and beam[0][0] < best[0]:
            best, stalled = beam[0], 0
        else:
            stalled += 1
    return None, best
