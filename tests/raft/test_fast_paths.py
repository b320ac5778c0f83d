"""The solver's and the rules' fast paths give what the plain square-by-square code gave.

The reference functions below are the earlier implementations (a Python loop over the
squares), kept here as the definition the bit-set versions must match on positions
reached by random play from random challenges and seeds.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.errors import RuleError
from meeple.raft import rules, solver
from meeple.raft.components import components
from meeple.raft.model import FIRE, Board, CatMove, FirePlacement, PathwayPlacement, Square
from meeple.raft.notation import parse_challenge
from meeple.raft.rules import (
    Keyed,
    State,
    bit_indices,
    card_positions,
    card_trouble,
    cat_route,
    cats_cut_off,
    cut_frame,
    fire_placements,
    fire_shape,
    fire_shut_in,
    fire_surely_cuts_off,
    grid_of,
    lay_card,
    lay_fire,
    lay_squares,
    turned_card,
)
from tests.budget import examples

_NOT_PLACEABLE = frozenset(b"fnBGPRYW")
BLOCKED = solver.BLOCKED


def reference_blocked(board: Board) -> bytes:
    grid = grid_of(board)
    return bytes(
        1 if square in _NOT_PLACEABLE or grid.raft[i] else 0 for i, square in enumerate(grid.cells)
    )


def reference_card_positions(board: Board) -> tuple[Square, ...]:
    grid = grid_of(board)
    blocked, stride = reference_blocked(board), grid.stride
    run = bytes(
        0 if blocked[i] or blocked[i + 1] or blocked[i + 2] else 1 for i in range(len(blocked) - 2)
    )
    found = []
    for row in range(grid.height - 2):
        base = (row + 1) * stride + 1
        for column in range(grid.width - 2):
            i = base + column
            if run[i] and run[i + stride] and run[i + 2 * stride]:
                found.append(Square(row, column))
    return tuple(found)


def reference_coverable(board: Board) -> bytes:
    grid = grid_of(board)
    covered = bytearray(len(grid.cells))
    for row, column in reference_card_positions(board):
        base = grid.index(row, column)
        for dr in range(3):
            start = base + dr * grid.stride
            covered[start : start + 3] = b"\x01\x01\x01"
    return bytes(covered)


def reference_by_fire(board: Board) -> int:
    grid = grid_of(board)
    cells, steps, stride = grid.cells, grid.steps, grid.stride
    inner = range(stride, len(cells) - stride)
    return sum(
        1 << i
        for i in range(len(cells))
        if i in inner and any(cells[i + s] == ord(FIRE) for s in steps)
    )


def reference_fire_placements(board: Board, tile: str) -> list[FirePlacement]:
    grid = grid_of(board)
    free_bits = sum(1 << i for i, b in enumerate(reference_blocked(board)) if not b)
    by_fire = reference_by_fire(board)
    found, seen = [], set()
    for flipped in (False, True):
        for orientation in "NESW":
            shape = fire_shape(tile, flipped, orientation)
            if shape in seen:
                continue
            seen.add(shape)
            for row in range(grid.height):
                for column in range(grid.width):
                    cells = [(row + r, column + c) for r, c in shape]
                    if all(grid.inside(*cell) for cell in cells):
                        bits = [1 << grid.index(*cell) for cell in cells]
                        if all(free_bits & bit for bit in bits) and any(by_fire & b for b in bits):
                            found.append(FirePlacement(tile, row, column, flipped, orientation))
    return found


def _reference_costs(board: Board, colour: int) -> list[int]:
    """What stepping onto each square costs a cat of `colour` (a lower-case letter code):
    0 its colour, 1 a square a card could repaint, BLOCKED otherwise."""
    grid = grid_of(board)
    coverable, raft = reference_coverable(board), grid.raft
    return [
        0
        if letter in (colour, colour - 32)
        else BLOCKED
        if raft[at] or letter in b"fno" or 65 <= letter <= 90 or not coverable[at]
        else 1
        for at, letter in enumerate(grid.cells)
    ]


def _reference_walk(board: Board, cost: list[int], starts: dict[int, int]) -> list[int]:
    """The least cost from `starts` (square: its cost) to each square: 0-1 breadth first."""
    steps = grid_of(board).steps
    best = [BLOCKED] * len(cost)
    todo: deque[int] = deque()
    for at, d in starts.items():
        best[at] = d
        todo.append(at)
    while todo:
        here = todo.popleft()
        for step in steps:
            there = here + step
            if cost[there] < BLOCKED and best[here] + cost[there] < best[there]:
                best[there] = best[here] + cost[there]
                todo.appendleft(there) if cost[there] == 0 else todo.append(there)
    return best


def _reference_from_raft(board: Board, colour: int, cost: list[int]) -> list[int]:
    """Each square's repaints to the nearest free raft square a cat of `colour` may end on."""
    grid = grid_of(board)
    beside = {
        end + step
        for end, letter in enumerate(grid.cells)
        if grid.raft[end] and letter in (colour, ord("w"))
        for step in grid.steps
        if cost[end + step] < BLOCKED
    }
    return _reference_walk(board, cost, {at: cost[at] for at in beside})


def reference_nearest(board: Board) -> list[int]:
    """Each waiting cat's distance to the nearest free raft square it may end on."""
    grid = grid_of(board)
    cells, raft = grid.cells, grid.raft
    waiting = [i for i, square in enumerate(cells) if 65 <= square <= 90 and not raft[i]]
    reach = {
        colour: _reference_from_raft(board, colour, _reference_costs(board, colour))
        for colour in {cells[i] + 32 for i in waiting}
    }
    return [reach[cells[i] + 32][i] for i in waiting]


@lru_cache(maxsize=64)
def reference_routes(board: Board) -> frozenset[int]:
    """The squares on a cheapest way of some waiting cat to the free raft squares it may end
    on, or on one a repaint dearer than the cheapest when the square is itself one to
    repaint: a square's repaints from the cat and to the raft, each counting it, sum to at
    most the cat's distance, plus one if it must be repainted."""
    grid = grid_of(board)
    found: set[int] = set()
    for cat, square in enumerate(grid.cells):
        if not 65 <= square <= 90 or grid.raft[cat]:
            continue
        cost = _reference_costs(board, square + 32)
        back = _reference_from_raft(board, square + 32, cost)
        if back[cat] >= BLOCKED:
            continue
        forward = _reference_walk(board, cost, {cat: 0})
        found |= {
            at
            for at in range(len(cost))
            if cost[at] < BLOCKED and forward[at] + back[at] <= back[cat] + cost[at]
        }
    return frozenset(found)


def _repaints_to(board: Board, colour: int, end: int) -> list[int]:
    """Squares to repaint from each grid square to raft square `end`, for a cat of `colour`."""
    cost = _reference_costs(board, colour)
    beside = (end + step for step in grid_of(board).steps)
    return _reference_walk(board, cost, {at: cost[at] for at in beside if cost[at] < BLOCKED})


def reference_raft_reach(board: Board) -> dict[int, set[int]]:
    """For each waiting cat, the free raft squares it may end on and reach by the passage
    the cut-off rule allows (as `reference_cats_cut_off` walks)."""
    grid = grid_of(board)
    return {
        start: reference_walk(board, start)[1]
        for start, square in enumerate(grid.cells)
        if 65 <= square <= 90 and not grid.raft[start]
    }


def reference_walk(board: Board, start: int) -> tuple[set[int], set[int]]:
    """Where the cat at `start` can go by the passage the cut-off rule allows, and the free
    raft squares among them that it may end on."""
    grid = grid_of(board)
    cells, raft, steps = grid.cells, grid.raft, grid.steps
    coverable = reference_coverable(board)
    own = cells[start] + 32
    seen, todo, ends = {start}, [start], set()
    while todo:
        here = todo.pop()
        for step in steps:
            there = here + step
            if there in seen:
                continue
            letter = cells[there]
            if raft[there]:
                # Free raft squares of the cat's colour and wild ones: it may end there, or
                # cross them to another.
                if letter in (own, ord("w")):
                    ends.add(there)
                elif not 65 <= letter <= 90:
                    continue
            elif letter in b"fno" or (
                97 <= letter <= 122 and letter not in (own, ord("w")) and not coverable[there]
            ):
                continue
            seen.add(there)
            todo.append(there)
    return seen, ends


def reference_matching(board: Board) -> int:
    """The least total of the cats' distances (each at most `STUCK`) over the ways of
    sending the waiting cats to distinct free raft squares they can reach; `DEAD` for each
    cat left without one."""
    grid = grid_of(board)
    reach = reference_raft_reach(board)
    cats = sorted(reach)
    costs = [
        {
            end: min(_repaints_to(board, grid.cells[cat] + 32, end)[cat], solver.STUCK)
            for end in reach[cat]
        }
        for cat in cats
    ]

    def best(i: int, used: frozenset[int]) -> int:
        if i == len(cats):
            return 0
        options = [solver.DEAD + best(i + 1, used)]
        options += [d + best(i + 1, used | {end}) for end, d in costs[i].items() if end not in used]
        return min(options)

    return best(0, frozenset())


def reference_reach(board: Board, start: int) -> set[int] | None:
    """Where the cat at `start` can still go, or None if it can reach a raft square it may
    end on (a square of its colour or wild)."""
    seen, ends = reference_walk(board, start)
    return None if ends else seen


def reference_cats_cut_off(board: Board) -> list[str]:
    grid = grid_of(board)
    cells, raft = grid.cells, grid.raft
    waiting = [i for i, square in enumerate(cells) if 65 <= square <= 90 and not raft[i]]

    reasons = [
        f"the {COLOUR_NAMES[chr(cells[i] + 32)]} cat at ({grid.position(i).row},"
        f"{grid.position(i).column}) can no longer reach the raft"
        for i in waiting
        if reference_reach(board, i) is not None
    ]
    if reasons or not waiting:
        return reasons
    free: dict[int, int] = {}
    for i, square in enumerate(cells):
        if raft[i] and square != ord("o") and 97 <= square <= 122:
            free[square] = free.get(square, 0) + 1
    need: dict[int, int] = {}
    for i in waiting:
        need[cells[i] + 32] = need.get(cells[i] + 32, 0) + 1
    short = sum(max(0, count - free.get(colour, 0)) for colour, count in need.items())
    if short <= free.get(ord("w"), 0):
        return []
    left = short - free.get(ord("w"), 0)
    return [f"the raft has no free square left for {left} cat{'' if left == 1 else 's'}"]


COLOUR_NAMES = {"b": "blue", "g": "green", "p": "purple", "r": "red", "y": "yellow", "w": "wild"}


def reference_needed(board: Board) -> dict[int, set[int]]:
    grid = grid_of(board)
    cells, steps = grid.cells, grid.steps
    needed: dict[int, set[int]] = {}
    for start, square in enumerate(cells):
        if not 65 <= square <= 90 or grid.raft[start]:
            continue
        own = square + 32
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for step in steps:
                there = here + step
                letter = cells[there]
                if there in seen or grid.raft[there]:
                    continue
                if letter in (own, own - 32):
                    seen.add(there)
                    todo.append(there)
                elif 97 <= letter <= 122 and letter not in b"fno":
                    needed.setdefault(there, set()).add(own)
    return needed


def reference_walkable(board: Board) -> set[int]:
    grid = grid_of(board)
    found: set[int] = set()
    for start, square in enumerate(grid.cells):
        if 65 <= square <= 90 and not grid.raft[start]:
            found |= cat_route(grid, start, square + 32)
    return found


def reference_fires(
    board: Board, tile: str, ranking: solver.Ranking = solver.FIRST_RANKING
) -> tuple[FirePlacement, ...]:
    """The fire placements least harmful first: each square of a tile counts the precious
    squares (where cats walk, the squares beside, and with `ranking.routes` the cats'
    cheapest ways off the raft) among it and its neighbours, and the ways onto free raft
    squares `ranking.raft_harm` times."""
    grid = grid_of(board)
    stride, raft, raft_harm = grid.stride, grid.raft, ranking.raft_harm
    precious = reference_walkable(board) | set(reference_needed(board))
    if ranking.routes:
        precious |= {i for i in reference_routes(board) if not raft[i]}
    access = {
        end + step
        for end, letter in enumerate(grid.cells)
        if raft[end] and 97 <= letter <= 122 and letter not in b"fno"
        for step in grid.steps
        if not reference_blocked(board)[end + step]
    }

    def harm(placement: FirePlacement) -> int:
        corner = grid.index(placement.row, placement.column)
        shape = fire_shape(placement.tile, placement.flipped, placement.orientation)
        return sum(
            (square + step in precious) + raft_harm * (square + step in access)
            for square in (corner + r * stride + c for r, c in shape)
            for step in (0, -1, 1, -stride, stride)
        )

    found = sorted(reference_fire_placements(board, tile), key=harm)
    return tuple(found[: ranking.fires_tried * 8])


def reference_placements(game: State) -> list[tuple[int, PathwayPlacement]]:
    """Each card of the hand, each way and each place, by how many squares some cat needs
    it paints that cat's colour (none left out), most first."""
    board = game.position.board
    grid, needed = grid_of(board), reference_needed(board)
    found = []
    for row, column in reference_card_positions(board):
        for deck, card in game.position.hand.ids():
            squares = components().pathway_cards[(deck, card)].squares
            for orientation in "NESW":
                turned = turned_card(squares, orientation)
                gain = sum(
                    ord(turned[i]) in needed.get(grid.index(row + i // 3, column + i % 3), ())
                    for i in range(9)
                )
                if gain:
                    found.append((gain, PathwayPlacement(deck, card, row, column, orientation)))
    return sorted(found, key=lambda pair: -pair[0])


def reference_cat_moves(game: State) -> list[CatMove]:
    """Of every legal cat move: for each cat and raft square it may move to, the move paid
    with the cards worth least to the waiting cats (the first such); and for each colour,
    the last move of it to a square off the raft."""
    grid = grid_of(game.position.board)
    colours = solver._waiting_colours(game)

    def paid(move: CatMove) -> int:
        return sum(solver._card_worth(game, card, colours) for card in move.discards)

    moves = game.cat_moves()
    arriving: dict[tuple[str, Square, Square], CatMove] = {}
    for move in moves:
        if grid.raft[grid.index(*move.end)]:
            key = (move.colour, move.start, move.end)
            if key not in arriving or paid(move) < paid(arriving[key]):
                arriving[key] = move
    stepping = {move.colour: move for move in moves if not grid.raft[grid.index(*move.end)]}
    return [*arriving.values(), *stepping.values()]


def _positions(challenge: int, seed: int, moves: int) -> list[State]:
    """The states of a random game (each move drawn from `legal_moves`)."""
    chosen = components().challenges[challenge]
    game = State.initial(parse_challenge(chosen.challenge), seed)
    rng = random.Random(seed)
    found = [game]
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        # Pathway cards and cat moves change the board the most: prefer them to draws.
        game = game.play(rng.choice(legal))
        found.append(game)
    return found


def _walkable(board: Board) -> int:
    """The solver's squares the waiting cats can walk to now, as bits."""
    found = 0
    for _, _, walkable, _ in solver._cat_regions(board):
        found |= walkable
    return found


def _fires_ranked(
    board: Board, tile: str, ranking: solver.Ranking = solver.FIRST_RANKING
) -> tuple[int, ...]:
    """The solver's order of the tile's placements on `board` (indices), least harmful first."""
    precious = 0
    for _, _, walkable, ring in solver._cat_regions(board):
        precious |= walkable | ring
    if ranking.routes:
        precious |= solver._routes(board) & ~grid_of(board).raft_bits
    framed = Keyed(board, cut_frame(board))
    return solver._fires_ranked(framed, tile, precious, ranking.raft_harm, ranking.fires_tried)


# Each example replays up to 40 moves and checks every fast path against its reference
# (a second or more each): 12 examples in `make test`, 2,400 in `make fuzz`.
@settings(max_examples=examples(12))
@given(
    st.integers(0, len(components().challenges) - 1),
    st.integers(0, 10_000),
    st.integers(1, 40),
)
def test_bit_set_paths_match_the_square_by_square_ones(
    challenge: int, seed: int, moves: int
) -> None:
    for game in _positions(challenge, seed, moves):
        board = game.position.board
        grid = grid_of(board)
        assert grid.blocked == reference_blocked(board)
        assert grid.free_bits == sum(1 << i for i, b in enumerate(grid.blocked) if not b)
        assert grid.by_fire_bits == reference_by_fire(board)
        assert card_positions(board) == reference_card_positions(board)
        _assert_distances(game)
        assert cats_cut_off(board) == reference_cats_cut_off(board)
        assert solver._needed(board) == reference_needed(board)
        assert _walkable(board) == sum(1 << i for i in reference_walkable(board))
        assert solver._routes(board) == sum(1 << i for i in reference_routes(board))
        if game.phase == "play" and not game.is_over:
            assert solver._placements(game) == reference_placements(game)
            assert solver._cat_moves(game) == reference_cat_moves(game)
            for card in game.pathway_placements()[::23]:
                painted = lay_card(board, card)
                assert solver.distances_after(board, card) == tuple(reference_nearest(painted))
                # The cats the card does not touch keep their walks and rings.
                precious = reference_walkable(painted) | set(reference_needed(painted))
                assert solver._precious_after(board, card) == sum(1 << i for i in precious)
                # The ranking that counts the cats' cheapest ways adds those of `board`.
                routes = reference_routes(board) - set(bit_indices(grid.raft_bits))
                assert solver._precious_after(board, card, routes=True) == sum(
                    1 << i for i in precious | routes
                )
        if game.phase == "fire" and not game.is_over:
            for tile in game.position.bag[::5]:
                assert fire_placements(board, tile) == reference_fire_placements(board, tile)
                placements = fire_placements(board, tile)
                # Every ranking of a solve's passes (`solver._attempt`).
                for ranking in solver._rankings():
                    ranked = _fires_ranked(board, tile, ranking)
                    expected = reference_fires(board, tile, ranking)
                    assert tuple(placements[i] for i in ranked) == expected
            for placement in fire_placements(board, game.position.bag[0])[::7]:
                laid = lay_fire(board, placement)
                cut_off = bool(reference_cats_cut_off(laid))
                shut = fire_shut_in(board, placement)
                assert (shut is not None) == cut_off
                if shut is not None and shut.reach:
                    # The first cat shut in, and all it can reach.
                    grid = grid_of(laid)
                    cats = [
                        i for i, c in enumerate(grid.cells) if 65 <= c <= 90 and not grid.raft[i]
                    ]
                    cat = next(cat for cat in cats if reference_reach(laid, cat))
                    reach = reference_reach(laid, cat) or set()
                    assert shut.reach == sum(1 << i for i in reach)
                    assert shut.letters == chr(grid.cells[cat] + 32) + "w"
                assert cut_off or not fire_surely_cuts_off(board, placement)


def test_distances_on_boards_the_solver_reaches() -> None:
    """Random play seldom lays many cards; the solver's own line does."""
    chosen = components().challenges[0]
    found = solver.solve(parse_challenge(chosen.challenge), 1, states=400)
    game = State.initial(parse_challenge(chosen.challenge), 1)
    for move in found.moves:
        game = game.play(move)
        _assert_distances(game)
        assert bool(cats_cut_off(game.position.board)) == (game.status == "lost")


def _assert_distances(game: State) -> None:
    """The solver's distances are a cheapest matching of cats to raft squares."""
    found = solver.cat_distances(game)
    board = game.position.board
    assert len(found) == len(reference_raft_reach(board))
    assert sum(min(d, solver.STUCK) if d < solver.DEAD else d for d in found) == (
        reference_matching(board)
    )
    # Each cat is never nearer than its nearest raft square.
    nearest = reference_nearest(board)
    assert all(d >= n or d == solver.DEAD for d, n in zip(found, nearest, strict=True))


_random_games = given(
    st.integers(0, len(components().challenges) - 1),
    st.integers(0, 10_000),
    st.integers(1, 40),
)
"""A test's challenge, seed and number of random moves (`_positions`)."""


def _playing(challenge: int, seed: int, moves: int) -> list[State]:
    """The positions of a random game (`_positions`) where a card or a cat is played next."""
    return [
        game
        for game in _positions(challenge, seed, moves)
        if not game.is_over and game.phase == "play"
    ]


# 12 examples in `make test` (each follows up to 40 positions, every seventh card and
# tile against the rules): 25 took 9 s; `make fuzz` runs 2,400.
@settings(max_examples=examples(12), deadline=None)
@_random_games
def test_cut_offs_remembered_across_boards_match_the_rules(
    challenge: int, seed: int, moves: int
) -> None:
    """The solver keeps `fire_shut_in`'s answers under what they depend on: boards a card
    apart, and boards of one game, share them, and the answers stay the rules' own."""
    cut_offs = solver._CutOffs()
    for game in _positions(challenge, seed, moves):
        if game.is_over or not game.position.bag:
            continue
        board = game.position.board
        cards = game.pathway_placements()[::7] if game.phase == "play" else []
        tile = game.position.bag[0]
        frame = cut_offs.of(board, tile)
        assert frame.placements == tuple(fire_placements(board, tile))
        # Every third tile, and the least harmful ones, as the search asks of them.
        for tiles in (tuple(range(0, len(frame.placements), 3)), _fires_ranked(board, tile)):
            for card in cards[:1] + cards:
                painted = lay_card(board, card)
                assert cut_offs.of(painted, tile) is frame  # a card changes no frame
                spared = list(frame.sparing(board, card, painted, tiles))
                assert spared == [
                    i for i in tiles if fire_shut_in(painted, frame.placements[i]) is None
                ]


@settings(max_examples=examples(25), deadline=None)
@_random_games
def test_cards_measured_on_a_board_are_ranked_as_if_measured_afresh(
    challenge: int, seed: int, moves: int
) -> None:
    """`_nearest_cards` keeps what it measured on a board (sums, and sums a card was shown
    to reach) for the next hand on that board: the ranking stays the plain one."""
    for game in _playing(challenge, seed, moves):
        board = game.position.board
        candidates = [placement for _, placement in solver._placements(game)][:60]
        sums = [sum(solver.distances_after(board, placement)) for placement in candidates]
        plain = sorted(range(len(candidates)), key=lambda i: (sums[i], i))[:10]
        measured: dict[PathwayPlacement, tuple[int, bool]] = {}
        for hand in (candidates[::-1], candidates[1::2], candidates):
            best = solver._nearest_cards(board, hand, 10, measured)
            assert (
                best == sorted(hand, key=lambda p: (sums[candidates.index(p)], hand.index(p)))[:10]
            )
        assert best == [candidates[i] for i in plain]


# 12 examples in `make test` (every eleventh card, its walk at a dozen caps): 25 took
# 9 s; `make fuzz` runs 2,400.
@settings(max_examples=examples(12), deadline=None)
@_random_games
def test_a_card_walk_resumed_from_the_boards_walk_is_the_walk_afresh(
    challenge: int, seed: int, moves: int
) -> None:
    """A candidate card's walk starts from the last layer of its board's own walk that
    the card does not touch: it finds what a walk from the raft on the card's board
    finds, cap and all."""
    for game in _playing(challenge, seed, moves):
        board = game.position.board
        walk = solver._card_walks(board)
        for card in game.pathway_placements()[::11]:
            painted = lay_card(board, card)
            frame = solver._near_frame(painted)
            stride = grid_of(painted).stride
            zero, one = frame.zero, frame.repaintable & ~frame.zero
            afresh = solver._nearest_walk(frame, zero, one, stride)
            assert walk(card, None) == afresh
            assert afresh is not None
            # Caps at and just under the sum: where a walk stops early, or just does not.
            for cap in {1, sum(afresh) // 2 + 1, *range(sum(afresh) - 12, sum(afresh) + 2)}:
                assert walk(card, cap) == solver._nearest_walk(frame, zero, one, stride, cap)


@given(
    st.integers(0, len(components().challenges) - 1),
    st.integers(0, 10_000),
    st.integers(-3, 20),
    st.integers(-3, 20),
    st.sampled_from("NESW"),
)
def test_a_card_laid_by_rows_is_the_card_laid_square_by_square(
    challenge: int, seed: int, row: int, column: int, orientation: str
) -> None:
    board = State.initial(parse_challenge(components().challenges[challenge].challenge), seed)
    card = components().pathway_cards[("B", "c")]
    placement = PathwayPlacement("B", "c", row, column, orientation)
    squares = turned_card(card.squares, orientation)
    cells = {Square(row + i // 3, column + i % 3): letter for i, letter in enumerate(squares)}
    _laid_alike(board.position.board, cells, lambda laid_on: lay_card(laid_on, placement))


@given(
    st.integers(0, len(components().challenges) - 1),
    st.integers(0, 10_000),
    st.sampled_from(sorted(components().fire_tiles)),
    st.integers(-3, 20),
    st.integers(-3, 20),
    st.booleans(),
    st.sampled_from("NESW"),
)
def test_a_fire_tile_laid_by_rows_is_the_tile_laid_square_by_square(
    challenge: int, seed: int, tile: str, row: int, column: int, flipped: bool, orientation: str
) -> None:
    board = State.initial(parse_challenge(components().challenges[challenge].challenge), seed)
    placement = FirePlacement(tile, row, column, flipped, orientation)
    shape = fire_shape(tile, flipped, orientation)
    cells = {Square(row + r, column + c): FIRE for r, c in shape}
    _laid_alike(board.position.board, cells, lambda laid_on: lay_fire(laid_on, placement))


def _laid_alike(board: Board, cells: dict[Square, str], lay: Callable[[Board], Board]) -> None:
    """`lay` gives the board that laying `cells` square by square gives, or fails as it does."""
    try:
        expected = lay_squares(board, cells)
    except RuleError:
        with pytest.raises(RuleError):
            lay(board)
    else:
        assert lay(board) == expected


@given(
    st.integers(0, len(components().challenges) - 1),
    st.integers(0, 10_000),
    st.integers(1, 30),
    st.integers(-3, 20),
    st.integers(-3, 20),
)
def test_a_card_fits_where_none_of_its_squares_is_blocked(
    challenge: int, seed: int, moves: int, row: int, column: int
) -> None:
    board = _positions(challenge, seed, moves)[-1].position.board
    grid = grid_of(board)
    blocked = reference_blocked(board)
    fits = all(
        grid.inside(r, c) and not blocked[grid.index(r, c)]
        for r in range(row, row + 3)
        for c in range(column, column + 3)
    )
    assert (card_trouble(board, row, column) == "") == fits


@given(st.integers(0, 2**49 - 1), st.integers(0, 48), st.integers(1, 2**49 - 1))
def test_a_kept_way_is_a_shortest_path_to_the_goal(
    open_bits: int, start: int, goal_bits: int
) -> None:
    # A 7 x 7 grid whose border of `n` squares never lets anything pass.
    inner = [(r + 1) * 9 + c + 1 for r in range(7) for c in range(7)]
    passable = sum(1 << inner[i] for i in range(49) if open_bits >> i & 1)
    goal = sum(1 << inner[i] for i in range(49) if goal_bits >> i & 1)
    cat = inner[start]
    passable |= 1 << cat
    distance = {cat: 0}
    todo = deque([cat])
    while todo:
        here = todo.popleft()
        for step in (-9, -1, 1, 9):
            there = here + step
            if passable >> there & 1 and there not in distance:
                distance[there] = distance[here] + 1
                todo.append(there)
    reachable = [d for square, d in distance.items() if goal >> square & 1]
    path = rules._path(1 << cat, passable, goal, 9)
    if not reachable:
        assert path == 0
        return
    squares = [i for i in range(81) if path >> i & 1]
    assert cat in squares and any(goal >> i & 1 for i in squares)
    assert all(passable >> i & 1 for i in squares)
    assert len(squares) == min(reachable) + 1
    assert rules.flood_bits(1 << cat, path, 9) == path  # joined
