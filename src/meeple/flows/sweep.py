"""The Flows placement rule answered exactly, by sweeping the empty hexes one by one.

The rule (rules of play, ../shared/rules/flows.md, "Legal placement"): unless a
placement wins, it must leave every player, or team, a route to victory that could
still be completed, over placed tiles' paths and empty hexes, where an empty hex may
later hold any tile in any orientation; and no two players or teams may be forced to
share one route. `meeple.flows.routes` turns this into one question about a position:
is there one route per route group (the players of one axis), all at once, no two using
one link, and no empty hex crossed by more paths than one tile can carry (at most one
straight path)? This module answers that question exactly, with work bounded by the
board rather than by luck; `routes` asks it when its quick searches leave it open.

How. The empty hexes are visited in a fixed order. The visited hexes and the rest meet
along the *frontier*: the links with one end on each side. A *sweep state* records what
the hexes not yet visited can see of one way of laying routes through the visited ones:
the groups already joined end to end (a bit each), and for each frontier link a label
saying where the piece of route along it leads back to (0: no route uses the link):
- `HOME + g` or `TARGET + g`: to an off-board side of group g's home or target edge;
- `LOOSE + p`: to the frontier link at position p, the piece being open at both ends.
Visiting a hex tries every set of paths one tile can give it (`PATH_SETS`) on every
state and labels the new frontier. Two ways that give the same state can be finished by
exactly the same paths in the hexes left, so they are merged: the states stay few,
however many ways there are, and the sweep still tries every way of filling the board.
Routes exist when, after the last hex, a state has every group joined; they are traced
back through the states that led to it.

Speed-ups. Each either drops a state that no way of filling the hexes left can finish,
or changes which work is done first, never an answer:
- Minimal routes only: a loop, a piece joining two sides of one edge, or a second piece
  hanging from one group edge can be removed from any set of routes, which stays a set
  of routes; so states holding one are dropped (`_edge_pieces_fit`, `_ways_across`).
- Edges out of reach: after the last hex that holds an off-board side of a group edge,
  a group not yet joined needs a piece hanging from that edge (`_Plan.needed`).
- The hexes left (`_HexesLeft`) fall into parts no link joins, and a piece of route can
  only go on inside the part its link leads into: a state dies when some group cannot
  join its edges within a part (or across loose pieces), when a loose piece lies on no
  such join, or when a part holds an odd number of route ends and no off-board side to
  even them (paths pair route ends two by two).
- The order changes the cost, not the answer (every order tries every filling). So
  several orders race (`Sweeps`): the greedy order that keeps the frontier narrow from
  each side of the board (`DIRECTIONS`, `_greedy_order`), the same closing group edges
  early, and one found by a beam search (`_beam_order`). The cheapest-looking
  (`_Plan.cost`) runs first; each gets a budget of states that doubles every round; the
  first to finish answers.
- One question is swept depth first (`_sweep_depth_first`): the same states, gone on
  from one at a time and each kept, so none is gone on from twice; a 'yes' ends at the
  first set of routes instead of after every state of every hex.
- Many placements' questions in one sweep (`Placement`, `Sweeps` given placements): a
  placement's question is asked of the position before it, with its hex held to the
  tile's paths (the routes of the position after it are those, without that hex); each
  state carries a bit per question it stands for, and a question no state stands for
  any more is answered 'no' (`_sweep_breadth_first`).
- Sweeps whose orders begin alike share those first hexes' states (`_SharedStates`):
  the states depend only on the hexes visited and their order.
- What visiting a hex does depends only on what lies beyond each of its sides and on
  what the hex can see of a state (the groups joined, the labels of the links coming
  in), so it is worked out once per such kind of hex and view, for every sweep
  (`_WAYS_ACROSS`, `_PATH_SETS_ALLOWED`).

What each speed-up saves, with the figures and how to measure them, is in
docs/formats/flows.md ("How the rule is computed"); `make bench BENCH=flows` times it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import NamedTuple

from meeple.flows.board import CELLS, opposite_side
from meeple.flows.links import (
    CELL_COUNT,
    EDGE_OF_END,
    EDGE_SLOTS,
    EMPTY,
    OFF,
    Group,
    Passage,
    Routes,
)
from meeple.hexgrid import Hex

HOME = 1
TARGET = 4
LOOSE = 7
"""Labels: 0 for a frontier link no route uses, HOME + g and TARGET + g (g < 3) for a
piece hanging from group g's edges, and LOOSE + p on each end of a loose piece, p the
frontier position of its other end (so a state has one spelling: no renumbering)."""

# What lies beyond a side of the hex being visited (`_Step.beyond`): a visited hex (the
# link is on the frontier), a hex not visited yet, an off-board side, or a placed path
# leading back into the hex itself:
_VISITED, _UNVISITED, _OFF_BOARD, _PLACED_LOOP = range(4)


def _path_sets() -> list[tuple[tuple[int, int], ...]]:
    """Every set of paths one tile could give routes through a hex: pairs of distinct
    sides, no side twice, at most one straight pair (no tile has two straight paths)."""
    found: list[tuple[tuple[int, int], ...]] = []

    def extend(free: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> None:
        found.append(pairs)
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                if pairs and a < pairs[-1][0]:
                    continue  # each set once: pairs in order of their first side
                straights = sum(y == opposite_side(x) for x, y in (*pairs, (a, b)))
                if straights <= 1:
                    rest = tuple(s for s in free if s not in (a, b))
                    extend(rest, (*pairs, (a, b)))

    extend(tuple(range(6)), ())
    return found


PATH_SETS = _path_sets()


SweepState = tuple[int, tuple[int, ...]]
"""A sweep state: the groups finished (a bit each) and the labels of the frontier links."""
Pairs = tuple[tuple[int, int], ...]
PathSet = tuple[Pairs, tuple[int, ...]]
"""A set of paths through a hex, and for each side the side its path joins (-1: none)."""
NewLabels = tuple[tuple[int, int], ...]
"""New labels by place (see _FAR_END)."""
WayAcross = tuple[int, NewLabels, Pairs]
"""One way of crossing a hex: the groups then finished, the new labels, the paths.
Tuples of numbers only: the garbage collector stops tracking them, so the tables of
them kept for every sweep (`_WAYS_ACROSS`) cost its passes nothing."""


class _Step:
    """What visiting one empty hex does to the frontier, worked out once per question."""

    def __init__(self, beyond: list[tuple[int, int]], keep: list[int], rest: _HexesLeft) -> None:
        self.beyond = beyond  # per side: (kind, index into the old frontier / new / label / side)
        self.keep = keep  # old frontier positions that stay, in new frontier order
        self.hexes_left = rest  # the hexes still to visit afterwards (see _HexesLeft)
        # the sides that must carry a route, given which incoming links carry one
        self._path_sets_by_entry: dict[int, list[PathSet]] | None = None
        # each link coming in from visited hexes: its side, its old frontier position
        incoming = [(side, index) for side, (kind, index) in enumerate(beyond) if kind == _VISITED]
        self.sides = [side for side, _ in incoming]
        self.entering = [index for _, index in incoming]
        self.side_of = {index: side for side, index in incoming}
        self.blank = [0] * sum(kind == _UNVISITED for kind, _ in beyond)
        # the new frontier position of each side whose link is new on it
        self.spot = [len(keep) + index if kind == _UNVISITED else -1 for kind, index in beyond]
        # what visiting depends on in `beyond`: each side's kind, where an off-board side
        # or a loop leads (see _visit)
        self.shape = tuple(
            (kind, index if kind in (_OFF_BOARD, _PLACED_LOOP) else 0) for kind, index in beyond
        )
        # each label as it reads once the frontier moves on: a loose end names its other
        # end's new position (an end whose other end the hex takes is relabelled anyway)
        moved = {p: n for n, p in enumerate(keep)}
        self.renamed = list(range(LOOSE)) + [
            LOOSE + moved.get(p, 0) for p in range(len(keep) + len(incoming))
        ]
        # what visiting does, by what the hex sees of a state (see _visit)
        self.ways_by_view: dict[tuple[int, tuple[int, ...]], tuple[WayAcross, ...]] = {}

    def path_sets_by_entry(self) -> dict[int, list[PathSet]]:
        """The paths the hex may take, by the incoming sides that carry a route (worked
        out when first needed: a step whose every view `_WAYS_ACROSS` holds never asks)."""
        if self._path_sets_by_entry is None:
            # what the matchings depend on: each side's kind, whether an off-board side
            # may be used, and where a loop leads
            kind_of_hex = tuple(
                (kind, index if kind == _PLACED_LOOP else bool(index) if kind == _OFF_BOARD else 0)
                for kind, index in self.beyond
            )
            if kind_of_hex not in _PATH_SETS_ALLOWED:
                _PATH_SETS_ALLOWED[kind_of_hex] = _path_sets_allowed(self.beyond)
            self._path_sets_by_entry = _PATH_SETS_ALLOWED[kind_of_hex]
        return self._path_sets_by_entry


DIRECTIONS: tuple[Callable[[Hex], int], ...] = (
    lambda h: h.x,
    lambda h: -h.x,
    lambda h: h.y,
    lambda h: -h.y,
    lambda h: h.x - h.y,
    lambda h: h.y - h.x,
)
"""Where a sweep starts: from each of the board's six sides (rows up or down, columns,
diagonals). The sweep's cost depends a great deal on the direction: a sweep that meets
a bottleneck early proves 'no routes' in a few steps, one that meets it last carries
every partial way there."""
FIRST_BUDGET = 400
"""States the cheapest-looking sweep may create in the first round (the next a quarter
as many, and so on: the cost ranks the sweeps well, see `_CLOSED`); every round doubles
them."""


class Placement(NamedTuple):
    """A question asked of the position before a placement: can every group have its
    route once a tile lies on `cell`? Routes may then cross that hex only along the
    tile's `paths` (pairs of sides, the lower first), so the sweep asks it of the
    position as it is, with the hex held to those paths; one `Sweeps` asks a whole
    legal list's questions at once."""

    cell: int
    paths: frozenset[tuple[int, int]]


class SweepResult(NamedTuple):
    """The answer of `sweep`: routes or None, and the work it took (states created, over
    every direction tried), which tests bound."""

    routes: Routes | None
    work: int


def sweep_routes(link: list[int], groups: tuple[Group, ...]) -> Routes | None:
    """One route per group, no two sharing a path (each as the empty hexes it crosses,
    in `groups` order), or None when there are none."""
    return sweep(link, groups).routes


def sweep(link: list[int], groups: tuple[Group, ...]) -> SweepResult:
    """`sweep_routes` with its work: a `Sweeps` of one question, run to its end."""
    sweeps = Sweeps(link, groups)
    while not sweeps.round():
        pass
    return SweepResult(sweeps.answers[0], sweeps.work)


class Sweeps:
    """The route question swept in several orders in turn, until one sweep finishes:
    from each side of the board, in two orders each (`_greedy_order`: plain, and closing
    group edges early), and, once it looks to need more than one round, in the order a
    beam search finds (`_beam_order`). The cheapest-looking runs first (`_Plan.cost`);
    each sweep is given a budget of states that falls fourfold down the ranking and
    doubles every round (`round`). Each sweep is exact, so the first to finish answers;
    the others cost a small multiple of it.

    Given `placements`, it asks each one's question instead, all in one sweep: a state
    carries a bit for each placement whose tile allows the paths that made it, and a
    question is answered 'no' as soon as some sweep has no state left for it. Between
    rounds a caller may run other methods and `drop` the questions they settle
    (`routes._answer_exactly` does)."""

    def __init__(
        self,
        link: list[int],
        groups: tuple[Group, ...],
        placements: tuple[Placement, ...] = (),
    ) -> None:
        label_of_edge: dict[int, int] = {}
        for g, group in enumerate(groups):
            label_of_edge[group.edge] = HOME + g
            label_of_edge[(group.edge + 3) % 6] = TARGET + g
        done = 0
        for slot in range(OFF, 2 * OFF):
            other = link[slot]
            if EDGE_OF_END[slot] < 0 or other < OFF:
                continue
            a = label_of_edge.get(EDGE_OF_END[slot], 0)
            b = label_of_edge.get(EDGE_OF_END[other], 0)
            if a and b and _group_of_label(a) == _group_of_label(b) and a != b:
                done |= 1 << _group_of_label(a)  # placed paths alone join the group's edges
        empty = [cell for cell in range(CELL_COUNT) if link[cell * 6] != EMPTY]
        self.asked = _Questions(placements)
        self.answers: list[Routes | None] = [None] * self.asked.count
        self.work = 0  # states created so far, over every sweep
        self._link, self._groups, self._done = link, groups, done
        self._empty, self._label_of_edge = empty, label_of_edge
        self._orders: set[tuple[int, ...]] = set()
        self._running: list[_SweepUnderWay] = []
        self._swept: _SharedStates = {}  # shared by every plan: orders often begin alike
        # from each direction, the plain greedy order and the one closing group edges early
        for closing in (None, label_of_edge):
            for direction in DIRECTIONS:
                order = sorted(empty, key=lambda cell: direction(CELLS[cell]))
                self._add(_greedy_order(order, link, closing))
        self._beam_order_added = False  # whether the searched order runs yet
        if self._running[0].cost > FIRST_BUDGET:
            self._add_beam_order()  # a race of more than one round, likely
        self._budget = FIRST_BUDGET  # the cheapest-looking sweep's states this round

    def _add_beam_order(self) -> None:
        """Add the sweep of the order `_beam_order` finds, once (finding it costs about
        what a whole race costs where one round settles it)."""
        if not self._beam_order_added:
            self._beam_order_added = True
            self._add(_beam_order(self._empty, self._link, self._label_of_edge))

    def _add(self, cells: list[int]) -> None:
        """Run a sweep visiting the hexes in the order `cells` too, ranked by its cost
        (two directions may visit the hexes alike: such an order runs once)."""
        if tuple(cells) in self._orders:
            return
        self._orders.add(tuple(cells))
        plan = _Plan(self._link, cells, self._label_of_edge)
        found: dict[int, Routes] = {}
        if self.asked.count == 1:
            sweeping = _sweep_depth_first(self._link, self._groups, plan, self._done, found)
        else:
            sweeping = _sweep_breadth_first(
                self._link, self._groups, plan, self._done, found, self._swept, self.asked
            )
        self._running.append(_SweepUnderWay(plan.cost, sweeping, found))
        self._running.sort(key=lambda run: run.cost)  # stable: the first added on a tie

    @property
    def open(self) -> int:
        """The questions not answered yet, a bit each."""
        return self.asked.open

    def drop(self, question: int) -> None:
        """Stop asking `question`: the caller settled it another way."""
        self.asked.open &= ~(1 << question)

    def round(self, until: int = -1) -> bool:
        """Run every sweep up to its budget for this round (and the budgets double);
        whether every question is answered now. `answers` holds the routes found for
        each, as routes of the position asked about (a placement's cross its hex along
        the tile's paths), and None for the others. Given `until`, the round stops as
        soon as the race's work reaches it, and the next call goes on with it."""
        asked = self.asked
        if self._budget > FIRST_BUDGET:
            self._add_beam_order()  # a second round after all
        for rank, run in enumerate(self._running):
            while asked.open and run.spent < self._budget >> 2 * rank:
                spent = next(run.sweep, None)
                if spent is None:  # finished, and exact: its answers are the race's
                    for question, routes in run.found.items():
                        self.answers[question] = routes
                    asked.open = 0
                    break
                self.work += spent - run.spent
                run.spent = spent
                if self.work >= until >= 0:
                    return False
            if not asked.open:
                break
        self._budget *= 2
        return not asked.open


class _Questions:
    """What a race asks, shared by its sweeps: the questions still open (a bit each) and
    the hexes that hold a placement's tile."""

    def __init__(self, placements: tuple[Placement, ...]) -> None:
        self.count = max(1, len(placements))
        self.open = (1 << self.count) - 1
        self.paths = [placement.paths for placement in placements]
        self.on: dict[int, int] = {}  # per hex, the placements on it
        for question, placement in enumerate(placements):
            self.on[placement.cell] = self.on.get(placement.cell, 0) | 1 << question
        self._allowing: dict[tuple[int, Pairs], int] = {}

    def allowing(self, cell: int, pairs: Pairs) -> int:
        """The questions that let routes cross `cell` along `pairs`: all but those of
        the placements on it, and of those the ones whose tile has each such path."""
        key = (cell, pairs)
        found = self._allowing.get(key)
        if found is None:
            on = self.on[cell]
            found = ((1 << self.count) - 1) & ~on
            for question in range(self.count):
                if on >> question & 1 and self.paths[question].issuperset(pairs):
                    found |= 1 << question
            self._allowing[key] = found
        return found


class _SweepUnderWay:
    """A sweep under way: its plan's cost, the sweep (an iterator of the states created
    so far), how many it has created, and the routes it fills in once it has finished."""

    __slots__ = ("cost", "found", "spent", "sweep")

    def __init__(self, cost: int, sweep: Iterator[int], found: dict[int, Routes]) -> None:
        self.cost = cost
        self.sweep = sweep
        self.spent = 0
        self.found = found


_CLOSED = 3
_LATER = 16
"""A plan's cost (`_Plan.cost`) counts its steps in full until the step that closes its
`_CLOSED`th group edge (the last that holds one of its off-board sides), and each step
after it a `_LATER`th: once three edges are closed most states of a 'no' die, so what
comes after counts for little."""


class _Plan:
    """The steps of a sweep visiting the hexes in the order `cells`, and what it should
    cost: the states grow about threefold with each link on the frontier. Most plans
    are only costed, or swept a few hexes, so each step is worked out when first asked
    for (`step`)."""

    def __init__(self, link: list[int], cells: list[int], label_of_edge: dict[int, int]) -> None:
        self.link, self.cells, self.label_of_edge = link, cells, label_of_edge
        self.order = {cell: i for i, cell in enumerate(cells)}
        self.last_use: dict[int, int] = {}  # for each edge label, the last step that can use it
        widths = []
        width = 0
        for i, cell in enumerate(cells):
            for other in link[cell * 6 : cell * 6 + 6]:
                if other >= OFF:
                    label = label_of_edge.get(EDGE_OF_END[other], 0)
                    if label:
                        self.last_use[label] = i
                elif other // 6 != cell:  # a link onto the frontier, or off it
                    width += -1 if self.order[other // 6] < i else 1
            widths.append(width)
        # the states grow about threefold with each link on the frontier; once three
        # group edges are closed most of them die where the answer is 'no', so what
        # comes after counts for little (`_LATER`)
        closed = sorted(self.last_use.values())
        until = closed[_CLOSED - 1] if len(closed) >= _CLOSED else len(cells)
        self.cost = sum(
            3**width if i <= until else 3**width // _LATER for i, width in enumerate(widths)
        )
        self.steps: list[_Step] = []
        self._frontier: list[int] = []  # link ids (the lower end) with one end visited

    def needed(self, i: int, count: int) -> int:
        """The edge labels of `count` groups that no hex after the i-th can reach any
        more (a bit each): once it is visited, a piece must hang from each (`_edge_pieces_fit`)."""
        return sum(
            1 << label
            for g in range(count)
            for label in (HOME + g, TARGET + g)
            if self.last_use.get(label, -1) <= i
        )

    def step(self, i: int) -> _Step:
        """The step visiting the i-th hex (those before it worked out first)."""
        while len(self.steps) <= i:
            self.steps.append(self._next())
        return self.steps[i]

    def _next(self) -> _Step:
        i = len(self.steps)
        cell, link, frontier = self.cells[i], self.link, self._frontier
        position = {link_id: p for p, link_id in enumerate(frontier)}
        beyond: list[tuple[int, int]] = []
        new: list[int] = []
        incoming: set[int] = set()
        for side in range(6):
            end = cell * 6 + side
            other = link[end]
            link_id = min(end, other)
            if other >= OFF:
                beyond.append((_OFF_BOARD, self.label_of_edge.get(EDGE_OF_END[other], 0)))
            elif other // 6 == cell:
                beyond.append((_PLACED_LOOP, other % 6))
            elif self.order[other // 6] < i:
                beyond.append((_VISITED, position[link_id]))
                incoming.add(position[link_id])
            else:
                beyond.append((_UNVISITED, len(new)))
                new.append(link_id)
        keep = [p for p in range(len(frontier)) if p not in incoming]
        self._frontier = [frontier[p] for p in keep] + new
        rest = _hexes_left(link, self.cells[i + 1 :], self._frontier, self.label_of_edge)
        return _Step(beyond, keep, rest)


_StatesAfter = dict[SweepState, int]
"""The states after a step, each with the questions it stands for (a bit each)."""
_CameFrom = dict[SweepState, list[tuple[SweepState, int, Pairs]]]
"""How the states after a step were reached: for each, the state before, the questions
that way brought it first, and the hex's paths."""
_SharedStates = dict[tuple[int, ...], tuple[_StatesAfter, _CameFrom, int]]
"""The states after visiting the hexes of an order's beginning, by that beginning, how
they were reached, and how many states that step created."""


def _sweep_breadth_first(
    link: list[int],
    groups: tuple[Group, ...],
    plan: _Plan,
    done: int,
    found: dict[int, Routes],
    swept: _SharedStates | None = None,
    asked: _Questions | None = None,
) -> Iterator[int]:
    """One exact sweep by `plan`, hex after hex, from the groups `done` already: yields
    the states created so far after each hex; once it has finished, `found` holds the
    routes of each question `asked` by its number (none for a question answered 'no').

    The states after the first hexes of an order depend only on which hexes those are,
    in which order (the frontier, the hexes left, the edges no later hex reaches), so
    sweeps that begin alike share them through `swept` (each counting them as its own
    work, so that sharing changes no budget, only the time)."""
    asked = _Questions(()) if asked is None else asked
    count = len(groups)
    cells = plan.cells
    full = (1 << count) - 1
    states: _StatesAfter = {(done, ()): asked.open}
    history: list[_CameFrom] = []  # per step: how its states were reached
    work = 0
    for i, cell in enumerate(cells):
        begun = tuple(cells[: i + 1])
        if swept is not None and begun in swept:
            states, came, created = swept[begun]
            work += created  # counted as if made here: the race's budgets stay fair
            history.append(came)
            if not states:
                return
            yield work
            continue
        needed = plan.needed(i, count)
        following: _StatesAfter = {}
        came = {}
        dead: set[SweepState] = set()
        step = plan.step(i)
        rest = step.hexes_left
        open_now = asked.open
        placed = cell in asked.on  # a hex some placement's tile lies on
        for before, asking in states.items():
            asking &= open_now
            if not asking:
                continue
            for state, pairs in _visit(step, *before):
                bits = asking & asked.allowing(cell, pairs) if placed else asking
                known = following.get(state)
                if known is not None:
                    if bits & ~known:
                        following[state] = known | bits
                        came[state].append((before, bits & ~known, pairs))
                elif bits and state not in dead:
                    if _edge_pieces_fit(state, needed) and rest.can_finish(state, count):
                        following[state] = bits
                        came[state] = [(before, bits, pairs)]
                    else:
                        dead.add(state)
        created = len(following) + len(dead)
        work += created
        history.append(came)
        if swept is not None:
            swept[begun] = following, came, created
        states = following
        if not states:
            return
        if asked.count > 1:  # a question no state stands for any more is answered 'no'
            left = 0
            for bits in states.values():
                left |= bits
            asked.open &= left
        yield work
    for question in range(asked.count):
        if not asked.open >> question & 1:
            continue  # answered another way
        final = next((s for s, b in states.items() if s[0] == full and b >> question & 1), None)
        if final is None:
            continue
        chosen: dict[int, Pairs] = {}
        for cell, reached in zip(reversed(cells), reversed(history), strict=True):
            final, _, chosen[cell] = next(way for way in reached[final] if way[1] >> question & 1)
        found[question] = tuple(_trace(link, group, chosen) for group in groups)


def _sweep_depth_first(
    link: list[int], groups: tuple[Group, ...], plan: _Plan, done: int, found: dict[int, Routes]
) -> Iterator[int]:
    """The sweep of one question by `plan`, depth first: yields the states created so
    far after each state it goes on from; once it has finished, `found` holds {0:
    routes}, or nothing for 'no'.

    It makes the states `_sweep_breadth_first` makes, hex by hex, but goes on from one
    state at a time, deepest first, and keeps every state it made at each depth, so none
    is gone on from twice. A 'no' costs it the same states; a 'yes' ends at the first
    finished state, where the breadth-first sweep makes every state at every hex first."""
    count = len(groups)
    full = (1 << count) - 1
    cells = plan.cells
    made: list[set[SweepState]] = [set() for _ in cells]  # per depth: the states made there
    waiting: list[list[tuple[SweepState, Pairs]]] = [[((done, ()), ())]]  # per depth: to go on from
    chosen: list[Pairs] = [()] * len(cells)  # the paths of the way followed, per hex
    needs = [plan.needed(depth, count) for depth in range(len(cells))]
    work = 0
    while waiting:
        depth = len(waiting) - 1
        if not waiting[-1]:
            waiting.pop()
            continue
        state, pairs = waiting[-1].pop()
        if depth:
            chosen[depth - 1] = pairs
        if depth == len(cells):
            if state[0] == full:
                paths = dict(zip(cells, chosen, strict=True))
                found[0] = tuple(_trace(link, group, paths) for group in groups)
                return
            continue
        step = plan.step(depth)
        rest, needed, seen = step.hexes_left, needs[depth], made[depth]
        following = []
        for after, way in _visit(step, *state):
            if after not in seen:
                seen.add(after)
                work += 1
                if _edge_pieces_fit(after, needed) and rest.can_finish(after, count):
                    following.append((after, way))
        following.reverse()  # the first made is gone on from first
        waiting.append(following)
        yield work


def _trace(link: list[int], group: Group, chosen: dict[int, Pairs]) -> tuple[Passage, ...]:
    """Group's route through the paths the sweep chose: from the one side of its home
    edge whose link leads on to its target."""
    target = (group.edge + 3) % 6
    for slot in EDGE_SLOTS[group.edge]:
        route: list[Passage] = []
        end = link[slot]
        while end < OFF:
            cell, side_in = divmod(end, 6)
            side_out = next(
                (b if a == side_in else a for a, b in chosen[cell] if side_in in (a, b)), -1
            )
            if side_out < 0:
                break
            route.append((cell, side_in, side_out))
            end = link[cell * 6 + side_out]
        else:
            if EDGE_OF_END[end] == target:
                return tuple(route)
    raise AssertionError("the sweep's paths join no side of the home edge to the target")


def _greedy_order(
    cells: list[int], link: list[int], label_of_edge: dict[int, int] | None = None
) -> list[int]:
    """The empty hexes in the order to visit them: each time the one that leaves the
    fewest links crossing the frontier (links of placed paths reach far, so board order
    alone can leave a wide frontier). Given `label_of_edge`, a hex that holds the last
    off-board sides left of a group edge counts three links fewer for each such edge:
    once it is visited every state must hang a piece from that edge (`_edge_pieces_fit`),
    and on the hardest positions most states die there."""
    # score[cell]: the links it would add to the frontier less those it would take off
    # it (less the closing bonus), kept up to date as hexes are visited
    score: dict[int, int] = {}
    pointing: dict[int, list[int]] = {cell: [] for cell in cells}  # hexes linking to it
    for cell in cells:
        score[cell] = 0
        for other in link[cell * 6 : cell * 6 + 6]:
            if other < OFF and other // 6 != cell:
                score[cell] += 1
                pointing.setdefault(other // 6, []).append(cell)
    holders: dict[int, list[int]] = {}  # per group edge, the hexes left holding its sides
    if label_of_edge is not None:
        for cell in cells:
            for edge in {EDGE_OF_END[o] for o in link[cell * 6 : cell * 6 + 6] if o >= OFF}:
                if edge in label_of_edge:
                    holders.setdefault(edge, []).append(cell)
        for held in holders.values():
            if len(held) == 1:
                score[held[0]] -= _CLOSING
    held_by: dict[int, list[int]] = {cell: [] for cell in cells}
    for edge, held in holders.items():
        for cell in held:
            held_by[cell].append(edge)
    order = []
    while score:
        best = min(score, key=score.__getitem__)  # the first in `cells` order on a tie
        del score[best]
        order.append(best)
        for other in pointing[best]:
            if other in score:
                score[other] -= 2  # a link it would have added is now one it takes off
        for edge in held_by[best]:
            held = holders[edge]
            held.remove(best)
            if len(held) == 1:
                score[held[0]] -= _CLOSING
    return order


_CLOSING = 3
"""How many links fewer a hex that closes a group edge counts, in `_greedy_order`."""


BEAM = 10
"""How many beginnings of an order `_beam_order` keeps at each step (fewer give dearer
orders, more cost more time than they save)."""


def _beam_order(cells: list[int], link: list[int], label_of_edge: dict[int, int]) -> list[int]:
    """The hexes in an order of low cost (`_Plan.cost`), found by a beam search: hex by
    hex, the `BEAM` cheapest beginnings are kept, one per set of hexes visited (the
    frontier, and so what comes after, depends on the set only, not on its order)."""
    count = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    # per hex, its links to other empty hexes (by index), and the group edge labels
    # whose off-board sides it holds
    linked: list[list[int]] = [[] for _ in cells]
    holders: dict[int, int] = {}  # per group edge label, the hexes holding its sides
    for i, cell in enumerate(cells):
        for other in link[cell * 6 : cell * 6 + 6]:
            if other >= OFF:
                label = label_of_edge.get(EDGE_OF_END[other], 0)
                if label:
                    holders[label] = holders.get(label, 0) | 1 << i
            elif other // 6 != cell:
                linked[i].append(index[other // 6])
    held = [[mask for mask in holders.values() if mask >> i & 1] for i in range(count)]
    full = [3**width for width in range(4 * count + 1)]
    later = [cost // _LATER for cost in full]
    first = _OrderStart(0, 0, 0, 0, (), tuple(range(count)), [len(near) for near in linked])
    layer = [first]
    for _ in range(count):
        best: dict[int, tuple[int, int, int]] = {}  # per set visited: the cheapest way
        for b, (cost, width, closed, visited, _, left, widen) in enumerate(layer):
            powers = full if closed < _CLOSED else later
            for i in left:
                now = visited | 1 << i
                total = cost + powers[width + widen[i]]
                known = best.get(now)
                if known is None or total < known[0]:
                    best[now] = (total, b, i)
        layer = [
            _extended(layer[b], i, total, linked, held)
            for total, b, i in heapq.nsmallest(BEAM, best.values())
        ]
    return [cells[i] for i in layer[0].order]


class _OrderStart(NamedTuple):
    """The beginning of an order, in `_beam_order`: its cost, frontier width, group
    edges closed, hexes visited (a bit each), order, the hexes left, and by how much
    visiting each hex next would widen the frontier (its links, less two for each link
    to a hex visited)."""

    cost: int
    width: int
    closed: int
    visited: int
    order: tuple[int, ...]
    left: tuple[int, ...]
    widen: list[int]


def _extended(
    beginning: _OrderStart, i: int, cost: int, linked: list[list[int]], held: list[list[int]]
) -> _OrderStart:
    """`beginning` with hex `i` visited next, at `cost` in all."""
    visited = beginning.visited | 1 << i
    widen = beginning.widen.copy()
    for j in linked[i]:
        widen[j] -= 2
    closed = beginning.closed + sum(1 for mask in held[i] if not mask & ~visited)
    left = tuple(j for j in beginning.left if j != i)
    width = beginning.width + beginning.widen[i]
    return _OrderStart(cost, width, closed, visited, (*beginning.order, i), left, widen)


def _group_of_label(label: int) -> int:
    return (label - HOME) % 3


def _hexes_left(
    link: list[int], left: list[int], frontier: list[int], label_of_edge: dict[int, int]
) -> _HexesLeft:
    """The hexes `left` to visit split into parts no link joins: the part each frontier
    link leads into, and the parts holding an off-board side of each group edge."""
    part = {cell: cell for cell in left}

    def find(cell: int) -> int:
        while part[cell] != cell:
            part[cell] = part[part[cell]]
            cell = part[cell]
        return cell

    for cell in left:
        for end in range(cell * 6, cell * 6 + 6):
            other = link[end]
            if other < OFF and other // 6 in part:
                part[find(cell)] = find(other // 6)
    number: dict[int, int] = {}
    for cell in left:
        number.setdefault(find(cell), len(number))
    comp = []
    for link_id in frontier:
        cell = link_id // 6 if link_id // 6 in part else link[link_id] // 6
        comp.append(number[find(cell)])
    slots: dict[int, int] = {}
    for cell in left:
        for end in range(cell * 6, cell * 6 + 6):
            label = label_of_edge.get(EDGE_OF_END[link[end]], 0) if link[end] >= OFF else 0
            if label:
                slots[label] = slots.get(label, 0) | 1 << number[find(cell)]
    return _HexesLeft(tuple(comp), slots, len(number))


class _HexesLeft:
    """What the hexes still to visit offer the pieces of route on the frontier.

    The hexes left fall into *parts* that no link joins. A piece of route reaches on only
    inside the part its frontier link leads into, or across a loose piece to the part its
    other end leads into. So each group still to finish needs its home side (its piece
    from the home edge, or else an off-board side of that edge in a part) and its target
    side joined that way, and every loose piece must lie on such a join: else no way of
    filling the rest finishes the state. Cheap (a few parts), and it settles early what
    the sweep would otherwise carry to the last hexes."""

    __slots__ = ("comp", "parts", "sided", "slots")

    def __init__(self, comp: tuple[int, ...], slots: dict[int, int], parts: int) -> None:
        self.comp = comp  # per frontier position: the part its link leads into
        self.slots = slots  # per edge label: the parts with one of its off-board sides
        self.parts = parts
        self.sided = sum(1 << label for label in slots)  # the labels with sides left

    def can_finish(self, state: SweepState, count: int) -> bool:
        """Whether every group still to finish can join its edges in the rest, and every
        loose piece can lie on such a join."""
        if self.parts == 1:
            return self._can_finish_in_one(state, count)
        return self._can_finish_in_parts(state, count)

    def _can_finish_in_parts(self, state: SweepState, count: int) -> bool:
        """`can_finish`, part by part."""
        finished, labels = state
        comp, slots = self.comp, self.slots
        root: list[int] | None = None  # parts joined by loose pieces, once one joins two
        loose: list[int] = []  # the part of each loose piece's first end
        ends: dict[int, int] = {}  # group edge label -> the part of its frontier link
        # Paths in a part join the route ends in it two by two: pieces' frontier links
        # and off-board sides, one at most of each group edge no piece hangs from yet.
        odd = 0
        for position, label in enumerate(labels):
            if not label:
                continue
            part = comp[position]
            odd ^= 1 << part
            if label < LOOSE:
                ends[label] = part
            elif label - LOOSE > position:
                loose.append(part)
            elif comp[label - LOOSE] != part:
                if root is None:
                    root = list(range(self.parts))
                a, b = _root(root, comp[label - LOOSE]), _root(root, part)
                if a != b:
                    root[a] = b
        joins = 0  # the parts (as roots) where some group can join its edges
        for g in range(count):
            if finished >> g & 1:
                continue
            at = ends.get(HOME + g)
            if at is None:
                home = slots.get(HOME + g, 0)
                odd &= ~home  # an off-board side here can even it
            else:
                home = 1 << at
            at = ends.get(TARGET + g)
            if at is None:
                target = slots.get(TARGET + g, 0)
                odd &= ~target
            else:
                target = 1 << at
            if root is not None:
                home, target = _roots(root, home), _roots(root, target)
            if not home & target:
                return False
            joins |= home & target
        if odd:
            return False
        if root is not None:
            loose = [_root(root, part) for part in loose]
        return all(joins >> part & 1 for part in loose)

    def _can_finish_in_one(self, state: SweepState, count: int) -> bool:
        """`can_finish` where the hexes left are one part, so every route end in it can be
        joined to any other: what is left is counting."""
        finished, labels = state
        pieces = 0  # the group edge labels a piece hangs from, a bit each
        ends = 0  # the frontier links that carry a route
        loose = False
        for label in labels:
            if label:
                ends += 1
                if label < LOOSE:
                    pieces |= 1 << label
                else:
                    loose = True
        needed = _UNFINISHED_LABELS[count][finished]
        if needed & ~(pieces | self.sided):
            return False  # a group edge with neither a piece nor an off-board side left
        if ends & 1 and not needed & ~pieces & self.sided:
            return False  # route ends pair up, unless an off-board side evens them
        return bool(needed) or not loose  # a loose piece must lie on some route


def _root(root: list[int], part: int) -> int:
    while root[part] != part:
        part = root[part]
    return part


def _roots(root: list[int], parts: int) -> int:
    """The roots of the parts in a mask, as a mask."""
    found, part = 0, 0
    while parts:
        if parts & 1:
            found |= 1 << _root(root, part)
        parts >>= 1
        part += 1
    return found


_PATH_SETS_ALLOWED: dict[tuple[tuple[int, int | bool], ...], dict[int, list[PathSet]]] = {}
"""`_path_sets_allowed` by what it depends on in `_Step.beyond` (a few hundred kinds of
hex in all)."""


def _path_sets_allowed(beyond: list[tuple[int, int]]) -> dict[int, list[PathSet]]:
    """The matchings a step may use, by the mask of incoming sides that carry a route."""
    incoming = [side for side in range(6) if beyond[side][0] == _VISITED]
    allowed: dict[int, list[PathSet]] = {}
    for size in range(len(incoming) + 1):
        for carrying in combinations(incoming, size):
            mask = sum(1 << side for side in carrying)
            allowed[mask] = []
    entering = sum(1 << side for side in incoming)
    # off-board sides no group may use, and the loops of placed paths (a route led into
    # one comes back out of it)
    barred = sum(
        1 << side for side, (kind, label) in enumerate(beyond) if kind == _OFF_BOARD and not label
    )
    loops = [(side, other) for side, (kind, other) in enumerate(beyond) if kind == _PLACED_LOOP]
    for matching, used in _PATH_SETS_AND_SIDES:
        if used & barred or any((used >> a ^ used >> b) & 1 for a, b in loops):
            continue
        allowed[used & entering].append(matching)
    return allowed


def _path_set(pairs: Pairs) -> PathSet:
    """`pairs` with the side each side's path joins."""
    match = [-1] * 6
    for a, b in pairs:
        match[a], match[b] = b, a
    return pairs, tuple(match)


_PATH_SETS_AND_SIDES = tuple(
    (_path_set(pairs), sum(1 << a | 1 << b for a, b in pairs)) for pairs in PATH_SETS
)
"""Each matching (see `PathSet`) with the sides it uses, a bit each."""


def _visit(step: _Step, finished: int, labels: tuple[int, ...]) -> list[tuple[SweepState, Pairs]]:
    """The states after visiting step's hex from the state (finished, labels).

    What visiting does depends only on the kind of hex (`_Step.shape`) and what it sees:
    the groups finished, and for each link coming in its label, or for a loose piece
    where its other end is. Many states look alike from the hex, and many hexes of one
    kind see alike, so that is worked out once per view (`_ways_across`)."""
    seen = []
    outside: list[int] = []  # new positions of the far ends of loose pieces entering here
    for index in step.entering:
        label = labels[index]
        if label < LOOSE:
            seen.append(label)
        elif label - LOOSE in step.side_of:
            seen.append(LOOSE + step.side_of[label - LOOSE])  # both ends enter here
        else:
            seen.append(-1 - len(outside))  # a loose piece whose other end stays
            outside.append(step.renamed[label] - LOOSE)
    view = (finished, tuple(seen))
    changes = step.ways_by_view.get(view)
    if changes is None:
        key = (step.shape, finished, view[1])
        changes = _WAYS_ACROSS.get(key)
        if changes is None:
            # Kept for speed (issue 39): three in four looks were worked out before
            # (docs/formats/flows.md); cleared at a bound so the process stays small.
            if len(_WAYS_ACROSS) >= _WAYS_ACROSS_KEPT:
                _WAYS_ACROSS.clear()
            changes = _WAYS_ACROSS[key] = _ways_across(step, finished, seen)
        step.ways_by_view[view] = changes
    renamed, spot = step.renamed, step.spot
    base = [renamed[labels[p]] for p in step.keep] + step.blank
    results = []
    for now_finished, changed, pairs in changes:
        new_labels = base.copy()
        for at, label in changed:
            at = spot[at] if at < _FAR_END else outside[at - _FAR_END]
            if label >= LOOSE:
                end = label - LOOSE
                label = LOOSE + (spot[end] if end < _FAR_END else outside[end - _FAR_END])
            new_labels[at] = label
        results.append(((now_finished, tuple(new_labels)), pairs))
    return results


_FAR_END = 1 << 10
"""In `_ways_across`, places from here on stand for the far ends of loose pieces that enter
the hex (the first, the second...), which `_visit` puts in place; places below it are
the sides of the hex whose links are new on the frontier."""
_WAYS_ACROSS: dict[
    tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]], tuple[WayAcross, ...]
] = {}
"""`_ways_across` by the kind of hex and what it sees, for every sweep: the questions of a
legal list sweep much the same hexes."""
_WAYS_ACROSS_KEPT = 200_000
"""How many views `_WAYS_ACROSS` holds before it starts afresh."""


def _ways_across(step: _Step, finished: int, seen: list[int]) -> tuple[WayAcross, ...]:
    """For each way the hex's paths may carry routes from a state the hex sees as
    (finished, seen): the groups then finished, the new labels (by place: see _FAR_END),
    and the paths. `seen` holds each incoming link's label (LOOSE + s for a loose piece
    whose other end enters by side s), or for a loose piece whose other end stays on the
    frontier -1 - k, its far end standing at place _FAR_END + k."""
    # what a piece leaving the hex by each side meets: an end (`final`: (0, a group
    # edge label) or (1, a place), see _FAR_END) or the side it comes back in by
    # (`back`: along a loop of placed paths, or along a loose piece both of whose ends
    # enter here)
    final: list[tuple[int, int] | None] = [None] * 6
    back = [-1] * 6
    mask = 0
    for side, (kind, index) in enumerate(step.beyond):
        if kind == _PLACED_LOOP:
            back[side] = index
        elif kind == _OFF_BOARD:
            final[side] = (0, index)
        elif kind == _UNVISITED:
            final[side] = (1, side)
    for side, label in zip(step.sides, seen, strict=True):
        if label:
            mask |= 1 << side
        if label >= LOOSE:
            back[side] = label - LOOSE  # on along the piece
        elif label < 0:
            final[side] = (1, _FAR_END - 1 - label)
        else:
            final[side] = (0, label)
    results = []
    for pairs, match in step.path_sets_by_entry().get(mask, ()):
        changed: list[tuple[int, int]] = []
        now_finished = finished
        visited = 0
        ok = True
        for a, b in pairs:
            if visited >> a & 1:
                continue
            visited |= 1 << a | 1 << b
            ends = []
            for start in (a, b):
                side = start
                while True:
                    end = final[side]
                    if end is not None:
                        ends.append(end)
                        break
                    side = back[side]
                    if visited >> side & 1:
                        ok = False  # the piece closed on itself
                        break
                    visited |= 1 << side
                    side = match[side]
                    visited |= 1 << side
                if not ok:
                    break
            if not ok:
                break
            (kind_a, a_end), (kind_b, b_end) = ends
            if kind_a == 0 and kind_b == 0:
                g = _group_of_label(a_end)
                if a_end == b_end or g != _group_of_label(b_end) or now_finished >> g & 1:
                    ok = False
                    break
                now_finished |= 1 << g
            elif kind_a == 0 or kind_b == 0:
                label, at = (a_end, b_end) if kind_a == 0 else (b_end, a_end)
                if now_finished >> _group_of_label(label) & 1:
                    ok = False
                    break
                changed.append((at, label))
            else:
                changed += ((a_end, LOOSE + b_end), (b_end, LOOSE + a_end))  # a loose piece
        if ok:
            results.append((now_finished, tuple(changed), pairs))
    return tuple(results)


def _edge_pieces_fit(state: SweepState, needed: int) -> bool:
    """Whether a state can still finish: at most one piece per group edge, and a piece
    on every group edge in `needed` (a bit per label: the edges no later hex can reach
    any more) unless its group is finished."""
    finished, labels = state
    taken = _FINISHED_LABELS[finished]  # edges no piece may hang from (any more)
    for label in labels:
        if 0 < label < LOOSE:
            if taken >> label & 1:
                return False
            taken |= 1 << label
    return not needed & ~taken


_UNFINISHED_LABELS = tuple(
    tuple(
        sum(1 << HOME + g | 1 << TARGET + g for g in range(count) if not finished >> g & 1)
        for finished in range(8)
    )
    for count in range(4)
)
"""By the number of groups and the finished ones' bits, the edge labels of the groups
still to finish, a bit each."""
_FINISHED_LABELS = tuple(
    sum(1 << HOME + g | 1 << TARGET + g for g in range(3) if finished >> g & 1)
    for finished in range(8)
)
"""The edge labels of the groups finished, a bit each, by the finished groups' bits."""
