"""An exact answer to the route question by sweeping the board hex by hex.

The depth-first search of `meeple.flows.routes` is quick and finds the routes it proves
possible, but on a few positions (nearly full boards, mostly) it could wander for
minutes. This module answers the same question (is there one route per group, all at
once, sharing no path?) in time bounded by the board rather than by luck, with the
technique used for path puzzles: visit the
empty hexes in a fixed order and keep, for every way of crossing the hexes visited so
far, only what the rest of the board can see of it: which links across the *frontier*
(links with one end visited and one not) carry a route, and what each such route piece
is joined to. Ways that look alike from the frontier are merged, so the number of states
stays modest however many ways there are.

A piece of route crossing the frontier is labelled by what its other end holds:
- `HOME + g` or `TARGET + g`: it runs back to an off-board side of group g's home or
  target edge;
- a *loose* label shared by exactly two frontier links: both ends are still open.

Only minimal routes need considering (dropping a piece of a solution leaves a solution),
so a route never closes on itself, never joins two sides of one edge, and each group has
at most one piece hanging from each of its edges.

A single question is swept depth first (`_dive`): the same states, but gone on from one
at a time, so that where routes exist the sweep ends at the first set of them instead
of making every state at every hex first.

One sweep can also ask many placements' questions at once (`Placement`, `Race`): each
state then carries the questions it stands for, a bit each, and a hex that a placement's
tile would fill keeps that bit only on the states whose paths there are the tile's.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator
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

# What lies beyond a side of the hex being visited (a "port"):
_FRONTIER, _NEW, _SLOT, _LOOP = range(4)


def _matchings() -> list[tuple[tuple[int, int], ...]]:
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


MATCHINGS = _matchings()


State = tuple[int, tuple[int, ...]]
"""A sweep state: the groups finished (a bit each) and the labels of the frontier links."""
Pairs = tuple[tuple[int, int], ...]
Matching = tuple[Pairs, tuple[int, ...]]
"""A set of paths through a hex, and for each side the side its path joins (-1: none)."""
Changes = tuple[tuple[int, int], ...]
"""New labels by place (see _OUTSIDE)."""
Change = tuple[int, Changes, Pairs]
"""One way of crossing a hex: the groups then finished, the new labels, the paths.
Tuples of numbers only: the garbage collector stops tracking them, so the tables of
them kept for every sweep (`_CHANGES`) cost its passes nothing."""


class _Step:
    """What visiting one empty hex does to the frontier, worked out once per question."""

    def __init__(self, ports: list[tuple[int, int]], keep: list[int], rest: _Rest) -> None:
        self.ports = ports  # per side: (kind, index into the old frontier / new / label / side)
        self.keep = keep  # old frontier positions that stay, in new frontier order
        self.rest = rest  # the hexes still to visit afterwards (see _Rest)
        # the sides that must carry a route, given which incoming links carry one
        self._by_mask: dict[int, list[Matching]] | None = None
        # each link coming in from visited hexes: its side, its old frontier position
        incoming = [(side, index) for side, (kind, index) in enumerate(ports) if kind == _FRONTIER]
        self.sides = [side for side, _ in incoming]
        self.entering = [index for _, index in incoming]
        self.side_of = {index: side for side, index in incoming}
        self.blank = [0] * sum(kind == _NEW for kind, _ in ports)
        # the new frontier position of each side whose link is new on it
        self.spot = [len(keep) + index if kind == _NEW else -1 for kind, index in ports]
        # what visiting depends on in the ports: each side's kind, where an off-board side
        # or a loop leads (see _visit)
        self.shape = tuple((kind, index if kind in (_SLOT, _LOOP) else 0) for kind, index in ports)
        # each label as it reads once the frontier moves on: a loose end names its other
        # end's new position (an end whose other end the hex takes is relabelled anyway)
        moved = {p: n for n, p in enumerate(keep)}
        self.renamed = list(range(LOOSE)) + [
            LOOSE + moved.get(p, 0) for p in range(len(keep) + len(incoming))
        ]
        # what visiting does, by what the hex sees of a state (see _visit)
        self.seen: dict[tuple[int, tuple[int, ...]], tuple[Change, ...]] = {}

    def by_mask(self) -> dict[int, list[Matching]]:
        """The paths the hex may take, by the incoming sides that carry a route (worked
        out when first needed: a step whose every look `_CHANGES` holds never asks)."""
        if self._by_mask is None:
            # what the matchings depend on: each side's kind, whether an off-board side
            # may be used, and where a loop leads
            look = tuple(
                (kind, index if kind == _LOOP else bool(index) if kind == _SLOT else 0)
                for kind, index in self.ports
            )
            if look not in _ALLOWED:
                _ALLOWED[look] = _allowed(self.ports)
            self._by_mask = _ALLOWED[look]
        return self._by_mask


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
every partial way there (20 s against 10 ms on the hard position of the benchmark)."""
FIRST_BUDGET = 400
"""States the cheapest-looking sweep may create in the first round (the next a quarter
as many, and so on: the cost ranks the sweeps well, see `_CLOSED`); every round doubles
them."""


class Placement(NamedTuple):
    """A question asked of the position before a placement: can every group have its
    route once a tile lies on `cell`? Routes may then cross that hex only along the
    tile's `paths` (pairs of sides, the lower first), so the sweep asks it of the
    position as it is, with the hex held to those paths; one race asks a whole legal
    list's questions at once (`Race`)."""

    cell: int
    paths: frozenset[tuple[int, int]]


class Sweep(NamedTuple):
    """The answer of `sweep`: routes or None, and the work it took (states created, over
    every direction tried), which tests bound."""

    routes: Routes | None
    work: int


def sweep_routes(link: list[int], groups: tuple[Group, ...]) -> Routes | None:
    """One route per group, no two sharing a path (each as the empty hexes it crosses,
    in `groups` order), or None when there are none."""
    return sweep(link, groups).routes


def sweep(link: list[int], groups: tuple[Group, ...]) -> Sweep:
    """`sweep_routes` with its work: a `Race` of one question, run to its end."""
    race = Race(link, groups)
    while not race.round():
        pass
    return Sweep(race.answers[0], race.work)


class Race:
    """The route question swept from every direction at once, in two orders each
    (`_order`: plain, and closing group edges early), and, once the race looks to need
    more than one round, in the order a beam search finds (`_searched_order`); the
    cheapest-looking first (`_Plan.cost`), each sweep given a budget of states that
    falls fourfold down the ranking and doubles every round, until one finishes. Each
    sweep is exact, so the first to finish answers; the rest cost a small multiple of it.

    Given `placements`, it asks each one's question instead, all in one sweep: a state
    carries a bit for each placement whose tile allows the paths that made it, and a
    question is answered 'no' as soon as some sweep has no state left for it. Between
    rounds a caller may run other methods and `drop` the questions they settle
    (`routes._settle` does)."""

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
            if a and b and _group(a) == _group(b) and a != b:
                done |= 1 << _group(a)  # placed paths alone join the group's edges
        empty = [cell for cell in range(CELL_COUNT) if link[cell * 6] != EMPTY]
        self.asked = _Asked(placements)
        self.answers: list[Routes | None] = [None] * self.asked.count
        self.work = 0  # states created so far, over every sweep
        self._link, self._groups, self._done = link, groups, done
        self._empty, self._label_of_edge = empty, label_of_edge
        self._orders: set[tuple[int, ...]] = set()
        self._running: list[_Running] = []
        self._swept: _Swept = {}  # shared by every plan: orders often begin alike
        # from each direction, the plain greedy order and the one closing group edges early
        for closing in (None, label_of_edge):
            for direction in DIRECTIONS:
                order = sorted(empty, key=lambda cell: direction(CELLS[cell]))
                self._add(_order(order, link, closing))
        self._searched = False  # whether the searched order runs yet
        if self._running[0].cost > FIRST_BUDGET:
            self._search()  # a race of more than one round, likely
        self._budget = FIRST_BUDGET  # the cheapest-looking sweep's states this round

    def _search(self) -> None:
        """Add the sweep of the order `_searched_order` finds, once: finding it costs
        0.3 ms on average and up to a millisecond, about what a whole race costs where
        one round settles it."""
        if not self._searched:
            self._searched = True
            self._add(_searched_order(self._empty, self._link, self._label_of_edge))

    def _add(self, cells: list[int]) -> None:
        """Run a sweep visiting the hexes in the order `cells` too, ranked by its cost
        (two directions may visit the hexes alike: such an order runs once)."""
        if tuple(cells) in self._orders:
            return
        self._orders.add(tuple(cells))
        plan = _Plan(self._link, cells, self._label_of_edge)
        if self.asked.count == 1:
            sweeping = _dive(self._link, self._groups, plan, self._done)
        else:
            sweeping = _sweep(self._link, self._groups, plan, self._done, self._swept, self.asked)
        self._running.append(_Running(plan.cost, sweeping))
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
            self._search()  # a second round after all
        for rank, run in enumerate(self._running):
            try:
                while asked.open and run.spent < self._budget >> 2 * rank:
                    spent = next(run.sweep)
                    self.work += spent - run.spent
                    run.spent = spent
                    if self.work >= until >= 0:
                        return False
            except StopIteration as finished:
                found: dict[int, Routes] = finished.value
                for question, routes in found.items():
                    self.answers[question] = routes
                asked.open = 0
            if not asked.open:
                break
        self._budget *= 2
        return not asked.open


class _Asked:
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


class _Running:
    """A sweep under way, its plan's cost and the states it has created so far."""

    __slots__ = ("cost", "spent", "sweep")

    def __init__(self, cost: int, sweep: Generator[int, None, dict[int, Routes]]) -> None:
        self.cost = cost
        self.sweep = sweep
        self.spent = 0


_CLOSED = 3
_LATER = 16
"""A plan's cost (`_Plan.cost`) counts its steps in full until the step that closes its
`_CLOSED`th group edge (the last that holds one of its off-board sides), and each step
after it a `_LATER`th: on the slowest lists' questions, ranked so (with the sweeps that
close edges early in the race from the start) the sweeps created 40% fewer states than
ranked by the whole plan's cost."""


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
        more (a bit each): once it is visited, a piece must hang from each (`_alive`)."""
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
        ports: list[tuple[int, int]] = []
        new: list[int] = []
        incoming: set[int] = set()
        for side in range(6):
            end = cell * 6 + side
            other = link[end]
            link_id = min(end, other)
            if other >= OFF:
                ports.append((_SLOT, self.label_of_edge.get(EDGE_OF_END[other], 0)))
            elif other // 6 == cell:
                ports.append((_LOOP, other % 6))
            elif self.order[other // 6] < i:
                ports.append((_FRONTIER, position[link_id]))
                incoming.add(position[link_id])
            else:
                ports.append((_NEW, len(new)))
                new.append(link_id)
        keep = [p for p in range(len(frontier)) if p not in incoming]
        self._frontier = [frontier[p] for p in keep] + new
        rest = _rest(link, self.cells[i + 1 :], self._frontier, self.label_of_edge)
        return _Step(ports, keep, rest)


_Reached = dict[State, int]
"""The states after a step, each with the questions it stands for (a bit each)."""
_Came = dict[State, list[tuple[State, int, Pairs]]]
"""How the states after a step were reached: for each, the state before, the questions
that way brought it first, and the hex's paths."""
_Swept = dict[tuple[int, ...], tuple[_Reached, _Came, int]]
"""The states after visiting the hexes of an order's beginning, by that beginning, how
they were reached, and how many states that step created."""


def _sweep(
    link: list[int],
    groups: tuple[Group, ...],
    plan: _Plan,
    done: int,
    swept: _Swept | None = None,
    asked: _Asked | None = None,
) -> Generator[int, None, dict[int, Routes]]:
    """One exact sweep by `plan` from the groups `done` already: yields the states
    created so far after each hex, and returns the routes found for each question
    `asked` (by its number; none for a question it answers 'no').

    The states after the first hexes of an order depend only on which hexes those are,
    in which order (the frontier, the hexes left, the edges no later hex reaches), so
    sweeps that begin alike share them through `swept` (each counting them as its own
    work, so that sharing changes no budget, only the time)."""
    asked = _Asked(()) if asked is None else asked
    count = len(groups)
    cells = plan.cells
    full = (1 << count) - 1
    states: _Reached = {(done, ()): asked.open}
    history: list[_Came] = []  # per step: how its states were reached
    work = 0
    for i, cell in enumerate(cells):
        begun = tuple(cells[: i + 1])
        if swept is not None and begun in swept:
            states, came, created = swept[begun]
            work += created  # counted as if made here: the race's budgets stay fair
            history.append(came)
            if not states:
                return {}
            yield work
            continue
        needed = plan.needed(i, count)
        following: _Reached = {}
        came = {}
        dead: set[State] = set()
        step = plan.step(i)
        rest = step.rest
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
                    if _alive(state, needed) and rest.reaches(state, count):
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
            return {}
        if asked.count > 1:  # a question no state stands for any more is answered 'no'
            left = 0
            for bits in states.values():
                left |= bits
            asked.open &= left
        yield work
    found = {}
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
    return found


def _dive(
    link: list[int], groups: tuple[Group, ...], plan: _Plan, done: int
) -> Generator[int, None, dict[int, Routes]]:
    """`_sweep` of one question, depth first: yields the states created so far after
    each state it goes on from, and returns {0: routes} or {} for 'no'.

    It makes the states `_sweep` makes, hex by hex, but goes on from one state at a time,
    deepest first, and keeps every state it made at each depth, so none is gone on from
    twice. A 'no' costs it the states it costs `_sweep`; a 'yes' ends at the first
    finished state, where `_sweep` makes every state at every hex first (on the slowest
    lists of random games, 9,000 states for 36 'yes' answers instead of 270,000)."""
    count = len(groups)
    full = (1 << count) - 1
    cells = plan.cells
    made: list[set[State]] = [set() for _ in cells]  # per depth: the states made there
    waiting: list[list[tuple[State, Pairs]]] = [[((done, ()), ())]]  # per depth: to go on from
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
                return {0: tuple(_trace(link, group, paths) for group in groups)}
            continue
        step = plan.step(depth)
        rest, needed, seen = step.rest, needs[depth], made[depth]
        following = []
        for after, way in _visit(step, *state):
            if after not in seen:
                seen.add(after)
                work += 1
                if _alive(after, needed) and rest.reaches(after, count):
                    following.append((after, way))
        following.reverse()  # the first made is gone on from first
        waiting.append(following)
        yield work
    return {}


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


def _order(
    cells: list[int], link: list[int], label_of_edge: dict[int, int] | None = None
) -> list[int]:
    """The empty hexes in the order to visit them: each time the one that leaves the
    fewest links crossing the frontier (links of placed paths reach far, so board order
    alone can leave a wide frontier). Given `label_of_edge`, a hex that holds the last
    off-board sides left of a group edge counts three links fewer for each such edge:
    once it is visited every state must hang a piece from that edge (`_alive`), and on
    the hardest positions met most states die there (a sweep that closed the edges
    late carried 13,000 states to that hex, one that closed them early 2,000)."""
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
"""How many links fewer a hex that closes a group edge counts, in `_order`."""


BEAM = 10
"""How many beginnings of an order `_searched_order` keeps at each step: on the races of
3,000 random positions, 5 gave orders 50% dearer in all, 20 4% cheaper for 60% more
time (0.4 ms a race at 10)."""


def _searched_order(cells: list[int], link: list[int], label_of_edge: dict[int, int]) -> list[int]:
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
    first = _Beginning(0, 0, 0, 0, (), tuple(range(count)), [len(near) for near in linked])
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
            _grown(layer[b], i, total, linked, held)
            for total, b, i in heapq.nsmallest(BEAM, best.values())
        ]
    return [cells[i] for i in layer[0].order]


class _Beginning(NamedTuple):
    """The beginning of an order, in `_searched_order`: its cost, frontier width, group
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


def _grown(
    beginning: _Beginning, i: int, cost: int, linked: list[list[int]], held: list[list[int]]
) -> _Beginning:
    """`beginning` with hex `i` visited next, at `cost` in all."""
    visited = beginning.visited | 1 << i
    widen = beginning.widen.copy()
    for j in linked[i]:
        widen[j] -= 2
    closed = beginning.closed + sum(1 for mask in held[i] if not mask & ~visited)
    left = tuple(j for j in beginning.left if j != i)
    width = beginning.width + beginning.widen[i]
    return _Beginning(cost, width, closed, visited, (*beginning.order, i), left, widen)


def _group(label: int) -> int:
    return (label - HOME) % 3


def _rest(
    link: list[int], left: list[int], frontier: list[int], label_of_edge: dict[int, int]
) -> _Rest:
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
    return _Rest(tuple(comp), slots, len(number))


class _Rest:
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

    def reaches(self, state: State, count: int) -> bool:
        """Whether every group still to finish can join its edges in the rest, and every
        loose piece can lie on such a join."""
        if self.parts == 1:
            return self._reaches_in_one(state, count)
        return self._reaches_in_parts(state, count)

    def _reaches_in_parts(self, state: State, count: int) -> bool:
        """`reaches`, part by part."""
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

    def _reaches_in_one(self, state: State, count: int) -> bool:
        """`reaches` where the hexes left are one part, so every route end in it can be
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


_ALLOWED: dict[tuple[tuple[int, int | bool], ...], dict[int, list[Matching]]] = {}
"""`_allowed` by what it depends on in the ports: a few hundred kinds of hex in all."""


def _allowed(ports: list[tuple[int, int]]) -> dict[int, list[Matching]]:
    """The matchings a step may use, by the mask of incoming sides that carry a route."""
    incoming = [side for side in range(6) if ports[side][0] == _FRONTIER]
    allowed: dict[int, list[Matching]] = {}
    for size in range(len(incoming) + 1):
        for carrying in combinations(incoming, size):
            mask = sum(1 << side for side in carrying)
            allowed[mask] = []
    entering = sum(1 << side for side in incoming)
    # off-board sides no group may use, and the loops of placed paths (a route led into
    # one comes back out of it)
    barred = sum(
        1 << side for side, (kind, label) in enumerate(ports) if kind == _SLOT and not label
    )
    loops = [(side, other) for side, (kind, other) in enumerate(ports) if kind == _LOOP]
    for matching, used in _USED:
        if used & barred or any((used >> a ^ used >> b) & 1 for a, b in loops):
            continue
        allowed[used & entering].append(matching)
    return allowed


def _matching(pairs: Pairs) -> Matching:
    """`pairs` with the side each side's path joins."""
    match = [-1] * 6
    for a, b in pairs:
        match[a], match[b] = b, a
    return pairs, tuple(match)


_USED = tuple((_matching(pairs), sum(1 << a | 1 << b for a, b in pairs)) for pairs in MATCHINGS)
"""Each matching (see `Matching`) with the sides it uses, a bit each."""


def _visit(step: _Step, finished: int, labels: tuple[int, ...]) -> list[tuple[State, Pairs]]:
    """The states after visiting step's hex from the state (finished, labels).

    What visiting does depends only on the kind of hex (`_Step.shape`) and what it sees:
    the groups finished, and for each link coming in its label, or for a loose piece
    where its other end is. Many states look alike from the hex, and many hexes of one
    kind see alike, so that is worked out once per look (`_changes`)."""
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
    look = (finished, tuple(seen))
    changes = step.seen.get(look)
    if changes is None:
        key = (step.shape, finished, look[1])
        changes = _CHANGES.get(key)
        if changes is None:
            if len(_CHANGES) >= _CHANGES_KEPT:
                _CHANGES.clear()
            changes = _CHANGES[key] = _changes(step, finished, seen)
        step.seen[look] = changes
    renamed, spot = step.renamed, step.spot
    base = [renamed[labels[p]] for p in step.keep] + step.blank
    results = []
    for now_finished, changed, pairs in changes:
        new_labels = base.copy()
        for at, label in changed:
            at = spot[at] if at < _OUTSIDE else outside[at - _OUTSIDE]
            if label >= LOOSE:
                end = label - LOOSE
                label = LOOSE + (spot[end] if end < _OUTSIDE else outside[end - _OUTSIDE])
            new_labels[at] = label
        results.append(((now_finished, tuple(new_labels)), pairs))
    return results


_OUTSIDE = 1 << 10
"""In `_changes`, places from here on stand for the far ends of loose pieces that enter
the hex (the first, the second...), which `_visit` puts in place; places below it are
the sides of the hex whose links are new on the frontier."""
_CHANGES: dict[tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]], tuple[Change, ...]] = {}
"""`_changes` by the kind of hex and what it sees, for every sweep: the questions of a
legal list sweep much the same hexes."""
_CHANGES_KEPT = 200_000
"""How many looks `_CHANGES` holds before it starts afresh."""


def _changes(step: _Step, finished: int, seen: list[int]) -> tuple[Change, ...]:
    """For each way the hex's paths may carry routes from a state the hex sees as
    (finished, seen): the groups then finished, the new labels (by place: see _OUTSIDE),
    and the paths. `seen` holds each incoming link's label (LOOSE + s for a loose piece
    whose other end enters by side s), or for a loose piece whose other end stays on the
    frontier -1 - k, its far end standing at place _OUTSIDE + k."""
    # what a piece leaving the hex by each side meets: an end (`final`: (0, a group
    # edge label) or (1, a place), see _OUTSIDE) or the side it comes back in by
    # (`back`: along a loop of placed paths, or along a loose piece both of whose ends
    # enter here)
    final: list[tuple[int, int] | None] = [None] * 6
    back = [-1] * 6
    mask = 0
    for side, (kind, index) in enumerate(step.ports):
        if kind == _LOOP:
            back[side] = index
        elif kind == _SLOT:
            final[side] = (0, index)
        elif kind == _NEW:
            final[side] = (1, side)
    for side, label in zip(step.sides, seen, strict=True):
        if label:
            mask |= 1 << side
        if label >= LOOSE:
            back[side] = label - LOOSE  # on along the piece
        elif label < 0:
            final[side] = (1, _OUTSIDE - 1 - label)
        else:
            final[side] = (0, label)
    results = []
    for pairs, match in step.by_mask().get(mask, ()):
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
                g = _group(a_end)
                if a_end == b_end or g != _group(b_end) or now_finished >> g & 1:
                    ok = False
                    break
                now_finished |= 1 << g
            elif kind_a == 0 or kind_b == 0:
                label, at = (a_end, b_end) if kind_a == 0 else (b_end, a_end)
                if now_finished >> _group(label) & 1:
                    ok = False
                    break
                changed.append((at, label))
            else:
                changed += ((a_end, LOOSE + b_end), (b_end, LOOSE + a_end))  # a loose piece
        if ok:
            results.append((now_finished, tuple(changed), pairs))
    return tuple(results)


def _alive(state: State, needed: int) -> bool:
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
