"""The Flows placement rule: which placements leave every player a route to victory.

The rule (rules of play, ../shared/rules/flows.md, "Legal placement"): unless a
placement wins, it must leave every player, or team, a route to victory that could
still be completed, a chain from their flow to their target edge over placed tiles'
paths and empty hexes, where an empty hex may later hold any tile in any orientation;
and no two players or teams may be forced to share one route.

As this module asks it (docs/formats/flows.md, "The legal-placement rule", gives the
reasons):
- Players whose home edges lie on one axis need the same chain, joining that axis's two
  edges, so each axis in play is one *route group* (`links.Group`: a team, a lone
  player, or two rivals seated face to face by a header).
- A *route* of a group runs from an off-board side of one of its edges to an off-board
  side of the other, along placed paths and through empty hexes. Between two open ends
  (a side of an empty hex, an off-board side) runs one *link* (`links.links_of`): the
  boundary of two empty hexes, or a chain of placed paths; a link carries one route.
- A placement that does not win is legal when, on the board after it, there is one
  route per group, all at once, no two using one link, and no empty hex crossed by
  more than one straight path (no tile has two; any other set of paths fits some tile).

`PlacementRule` answers that for every placement of a position, the quickest way first.
Every way below is exact: it answers only when it has found routes (which prove 'yes')
or a proof of 'no'; when it cannot tell, the next way is asked, and the last, the sweep
of `meeple.flows.sweep`, always answers.
- *Routes already known* (`_surviving_routes`): a set of routes of the position (found
  once, or handed on by the move that made it, or met while listing) that avoids the
  hex, or crosses it only along the new tile's paths, is still a set of routes after
  the placement: 'yes' at once.
- *Rerouting* (`_rerouted`): only the groups whose known routes the tile cuts are
  searched for again, around the other groups' routes; routes found prove 'yes'.
- *One question for several tiles* (`_question_of`): routes may end at any off-board
  side of their edges, so tiles on one hex that differ only in which off-board sides of
  one edge they lead to pose the same question, asked once.
- *Cuts* (`meeple.flows.cuts`): across any cut of the board there must be a link for
  each group whose edges it separates; a cut with too few proves 'no'.
- *A short depth-first search* (`_RouteSearch`), group after group and each route hex by
  hex, with a budget of steps (`SEARCH_STEPS`) for each rotation of the groups' order:
  routes found prove 'yes', a search that tried every way proves 'no'; one that spends
  its steps first proves nothing and hands the question on. Its memories (`_SharedFacts`: the way
  last found to a group's target, the dead ends of failed walks) only skip work whose
  outcome they already know.
- *The sweep* (`_answer_exactly`, `meeple.flows.sweep`): exact, and bounded by the
  board; the questions of a legal list left open are first swept together, then one at
  a time.

Positions are given as plain boards (`tile * 6 + rotation` per cell, or EMPTY); this
module knows nothing of turns, bags or records. What each way saves, with the figures
and how to measure them, is in docs/formats/flows.md ("How the rule is computed").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from meeple.flows.board import opposite_edge, opposite_side
from meeple.flows.cuts import refuted
from meeple.flows.links import (
    CELL_COUNT,
    EDGE_OF_END,
    EDGE_SLOTS,
    OFF,
    PAIRING,
    Group,
    Passage,
    Routes,
    links_of,
    rejoin,
    relinked,
)
from meeple.flows.sweep import Placement, Sweeps
from meeple.garbage import cycles_uncollected

Exit = tuple[int, int, bool, int]
"""A way on for a route entering a hex: (the bit of the link it leaves by, the end that
link leads to, whether it crosses the hex straight, the side it leaves by)."""
Exits = list[list[Exit] | None]
"""The ways on for a route entering at each end (None: not worked out yet)."""


class PlacementRule:
    """The placement rule on one position: the position condensed into links between
    open ends, and the sets of routes known for it.

    `link[x]` pairs every side of an empty hex and every off-board side with the end at
    the other end of its link: straight across a boundary, or along a chain of placed
    paths. `routes` is one set of routes of the position as it is (None if it has none).
    `known_routes`, when given, is such a set already known (the one `place` gave for
    the move that made the position), so the position is not searched again; `link`,
    its links if known.
    """

    def __init__(
        self,
        board: tuple[int, ...],
        groups: tuple[Group, ...],
        known_routes: Routes | None = None,
        link: list[int] | None = None,
    ) -> None:
        self.groups = groups
        self.link = links_of(board) if link is None else link  # never changed: shared
        # exits[end]: the ways on for a route entering at `end` (see _RouteSearch), shared
        self.exits = _no_exits()
        self.routes: Routes | None = None
        self.crossings: Crossings = {}
        # Every set of routes of this position met so far (the first found, and the routes of
        # each placement found legal, taken back through the placed tile), indexed: by
        # the empty hexes one of them avoids, and by how each crosses the others.
        # Only kept once a legal list is asked for: one placement checked gains nothing.
        self._listing = False
        self._avoiding: dict[int, Routes] = {}
        self._crossing: dict[int, dict[tuple[tuple[int, int], ...], Routes]] = {}
        self._known: list[tuple[Routes, Crossings]] = []  # the same, in the order met
        self._refused: set[int] = set()  # hexes where some tile's question was 'no'
        self._routes_sought = False
        self._after_placement: dict[tuple[int, tuple[int, ...]], Routes | None] = {}
        self._answered: dict[tuple[int, ...], Routes | None] = {}  # see _question_of
        if known_routes is not None:
            self._routes_sought = True
            self._set_routes(known_routes)

    def _set_routes(self, routes: Routes | None) -> None:
        self.routes = routes
        self.crossings = _crossings(routes or ())

    def _index_routes(self, routes: Routes) -> None:
        """Index one more set of routes of this position (see `_surviving_routes`)."""
        crossings = _crossings(routes)
        self._known.append((routes, crossings))
        for cell in range(CELL_COUNT):
            if self.link[cell * 6] < 0:
                continue  # filled
            found = crossings.get(cell)
            if found is None:
                self._avoiding.setdefault(cell, routes)
            elif cell not in self._avoiding:
                pairs = tuple(sorted((side_in, side_out) for _, side_in, side_out in found))
                self._crossing.setdefault(cell, {}).setdefault(pairs, routes)

    def _surviving_routes(self, cell: int, pairing: tuple[int, ...]) -> Routes | None:
        """A set of routes met so far that a tile of `pairing` on `cell` leaves running:
        one that avoids the hex, or crosses it only along the tile's paths."""
        if self.routes is not None and all(
            pairing[side_in] == side_out for _, side_in, side_out in self.crossings.get(cell, ())
        ):
            return self.routes
        found = self._avoiding.get(cell)
        if found is not None:
            return found
        for crossings, routes in self._crossing.get(cell, {}).items():
            if all(pairing[side_in] == side_out for side_in, side_out in crossings):
                return routes
        return None

    def _find_routes_once(self) -> None:
        """Find the position's routes, once: worth it for a legal list, not for one placement."""
        if self._routes_sought:
            return
        self._routes_sought = True
        self._set_routes(find_routes(self.link, self.groups, exits=self.exits))

    def legal_rotations(self, cell: int, tile: int) -> list[int]:
        """The rotations of `tile` the route rule allows on empty `cell`."""
        return self.legal_placements((cell,), (tile,))[tile][0]

    def legal_placements(
        self, cells: tuple[int, ...], tiles: tuple[int, ...]
    ) -> dict[int, list[list[int]]]:
        """For each of `tiles`, the rotations the route rule allows on each of the empty
        `cells` (in their order).

        Each placement is first tried the quick ways (routes met so far, rerouting, the
        cut conditions, short searches) one after another, so that the routes each
        finds help the next; the questions they leave open are then swept together,
        in one `meeple.flows.sweep.Sweeps`. The cycle collector waits until the
        list is made (`cycles_uncollected`): it makes no reference cycles, and a pass
        over a long-lived heap in the middle of it would find nothing."""

        def asked() -> Iterator[tuple[int, tuple[int, ...]]]:
            # as the quick ways go: a hex that routes met so far avoid takes any tile
            for tile in tiles:
                for cell in cells:
                    if self.routes is None or cell not in self._avoiding:
                        yield from {(cell, PAIRING[tile * 6 + r]): None for r in range(6)}

        with cycles_uncollected():
            self._find_routes_once()
            if self.routes is not None and not self._listing:
                self._listing = True
                self._index_routes(self.routes)
            self._work_out(asked())
        every = list(range(6))
        return {
            tile: [
                list(every)
                if self.routes is not None and cell in self._avoiding
                else [
                    r
                    for r in every
                    if self._after_placement[cell, PAIRING[tile * 6 + r]] is not None
                ]
                for cell in cells
            ]
            for tile in tiles
        }

    def place(self, cell: int, code: int) -> Routes | None:
        """Routes of the position after placing `code` on empty `cell` (its routes
        over the hexes still empty; no routes if the placement wins), or None if the route
        rule forbids the placement."""
        return self._after(cell, PAIRING[code])

    def links_after(self, cell: int, code: int) -> list[int]:
        """The links once `code` fills empty `cell` (a new list: this one is kept)."""
        return relinked(self.link, cell, rejoin(self.link, cell, PAIRING[code]))

    def problem(self, cell: int, code: int) -> str:
        """Why placing `code` on empty `cell` breaks the route rule (`place` said None)."""
        link = self.links_after(cell, code)
        for group in self.groups:
            if find_routes(link, (group,)) is None:
                return f"{group.name} would have no route left"
        for i, first in enumerate(self.groups):
            for second in self.groups[i + 1 :]:
                if find_routes(link, (first, second)) is None:
                    return f"{first.name} and {second.name} would be forced to share one route"
        names = ", ".join(group.name for group in self.groups)
        return f"{names} could not all reach their targets without sharing a path"

    def _after(self, cell: int, pairing: tuple[int, ...]) -> Routes | None:
        """Routes of the position after a tile of `pairing` goes on `cell`, or None
        (worked out once: a legal list asks first, playing the move asks again)."""
        if (cell, pairing) not in self._after_placement:
            self._work_out([(cell, pairing)])
        return self._after_placement[cell, pairing]

    def _work_out(self, asked: Iterable[tuple[int, tuple[int, ...]]]) -> None:
        """Fill in `_after_placement` for each placement `asked` (a hex and a tile's pairing): the
        quick ways first, one placement after another, then the exact methods for the
        questions they leave open, together (`_answer_exactly`)."""
        left: dict[tuple[int, ...], list[_OpenQuestion]] = {}  # by question, the placements asking
        for cell, pairing in asked:
            if (cell, pairing) in self._after_placement:
                continue
            found = self._answer_quickly(cell, pairing, left)
            if isinstance(found, _OpenQuestion):
                self._refused.add(cell)  # (see _answer_quickly)
                left.setdefault(found.question, []).append(found)
            else:
                self._after_placement[cell, pairing] = found
        if not left:
            return
        questions = [same[0] for same in left.values()]  # each asked by its first placement

        def learn(question: int, routes: Routes, still: list[int]) -> dict[int, Routes]:
            for placed in left[questions[question].question]:
                self._index_routes_after(placed.cell, placed.pairing, routes)
            found = {}
            for other in still:  # routes met so far may now run along its tile's paths
                cell, pairing = questions[other].cell, questions[other].pairing
                running = self._surviving_routes(cell, pairing)
                if running is not None:
                    found[other] = _without(running, cell)
            return found

        answers = _answer_exactly(self.link, self.groups, questions, learn)
        for asking, found in zip(questions, answers, strict=True):
            self._answered[asking.question] = found
            for placed in left[asking.question]:  # (their hexes refused when left open)
                self._after_placement[placed.cell, placed.pairing] = found

    def _answer_quickly(
        self,
        cell: int,
        pairing: tuple[int, ...],
        left: dict[tuple[int, ...], list[_OpenQuestion]],
    ) -> Routes | _OpenQuestion | None:
        """Routes of the position after a tile of `pairing` goes on `cell` or None, if the quick
        ways settle it; else the question it leaves open (`left`: those left so far)."""
        running = self._surviving_routes(cell, pairing)
        if running is not None:  # routes met so far still run, along the new tile's paths
            return _without(running, cell)
        override = rejoin(self.link, cell, pairing)
        if self._wins(override):
            return ()
        link = relinked(self.link, cell, override)
        exits = list(self.exits)  # the ways on from each end, but where the tile changed them
        for end in override:
            if end < OFF:
                low = end - end % 6
                exits[low : low + 6] = [None] * 6
        # first try to reroute only the groups the tile cuts from routes met so far
        # (the first found first), keeping the others' routes
        candidates = self._reroute_candidates(cell, pairing)
        for cut, kept in candidates[:1]:
            found = _rerouted(link, self.groups, cut, kept, exits)
            if found is not None:
                self._index_routes_after(cell, pairing, found)
                return found
        question = _question_of(link)
        if question in self._answered:
            found = self._answered[question]
            if found is not None:
                self._index_routes_after(cell, pairing, found)
            return found
        if question in left:
            return _OpenQuestion(cell, pairing, question, link)
        if refuted(link, self.groups):  # a cut too narrow: the quickest way_found of "none"
            self._answered[question] = None
            return None
        for cut, kept in candidates[1:REROUTES]:
            found = _rerouted(link, self.groups, cut, kept, exits)
            if found is not None:
                self._index_routes_after(cell, pairing, found)
                return found
        # a hex where some tile's question was 'no', or left open by the quick ways,
        # mostly answers 'no' again: no searches
        if cell not in self._refused:
            order = list(range(len(self.groups)))
            found = _first_answer(_searches(link, self.groups, exits), SEARCH_STEPS, (), order)
            if found is not UNSETTLED:
                self._answered[question] = found
                if found is None:
                    self._refused.add(cell)
                else:
                    self._index_routes_after(cell, pairing, found)
                return found
        return _OpenQuestion(cell, pairing, question, link)

    def _index_routes_after(self, cell: int, pairing: tuple[int, ...], after: Routes) -> None:
        """Remember routes found for the position after a placement, as routes of this
        one (while listing: they may serve the next placements)."""
        if self._listing:
            self._index_routes(self._routes_before(cell, pairing, after))

    def _routes_before(self, cell: int, pairing: tuple[int, ...], after: Routes) -> Routes:
        """Routes of the position after a tile of `pairing` went on `cell`, as routes of
        this position: where a link of theirs ran through the tile, they cross the hex
        along its paths."""
        link = self.link
        found = []
        for group, route in zip(self.groups, after, strict=True):
            if not route:  # placed paths join the edges: find the side they start from
                target = opposite_edge(group.edge)
                for slot in EDGE_SLOTS[group.edge]:
                    passages, end = _through_hex(link, cell, pairing, link[slot])
                    if end >= OFF and EDGE_OF_END[end] == target:
                        found.append(tuple(passages))
                        break
                else:
                    raise AssertionError("a route with no empty hex joins no edges")
                continue
            first_cell, first_in, _ = route[0]
            before, _ = _through_hex(link, cell, pairing, link[first_cell * 6 + first_in])
            passages = [(c, b, a) for c, a, b in reversed(before)]
            for here, following in zip(route, (*route[1:], None), strict=True):
                passages.append(here)
                between, reached = _through_hex(link, cell, pairing, link[here[0] * 6 + here[2]])
                passages += between
                assert following is None or reached == following[0] * 6 + following[1]
            found.append(tuple(passages))
        return tuple(found)

    def _reroute_candidates(
        self, cell: int, pairing: tuple[int, ...]
    ) -> list[tuple[list[int], Routes]]:
        """Up to REROUTES sets of routes met so far that a tile of `pairing` on `cell`
        cuts for some groups but not all, fewest groups cut first (the first found first of
        equals): the groups cut, and the others' routes as they run once it is placed."""
        if self._listing:
            known = self._known
        else:
            known = [(self.routes, self.crossings)] if self.routes else []
        ranked = []
        for routes, crossings in known:
            cut = {
                g
                for g, side_in, side_out in crossings.get(cell, ())
                if pairing[side_in] != side_out
            }
            if len(cut) < len(routes):
                ranked.append((len(cut), cut, routes))
        ranked.sort(key=lambda candidate: candidate[0])  # stable: the order met on a tie
        found: dict[tuple[tuple[int, ...], Routes], None] = {}
        for _, cut, routes in ranked:
            kept = tuple(
                tuple(p for p in route if p[0] != cell)
                for g, route in enumerate(routes)
                if g not in cut
            )
            found[tuple(sorted(cut)), kept] = None
            if len(found) == REROUTES:
                break
        return [(list(cut), kept) for cut, kept in found]

    def _wins(self, override: dict[int, int]) -> bool:
        """Whether the new pairs of ends join some group's two edges (a win)."""
        for end, other in override.items():
            mine, theirs = EDGE_OF_END[end], EDGE_OF_END[other]
            if mine < 0 or theirs < 0 or theirs != opposite_edge(mine):
                continue
            if any(group.edge % 3 == mine % 3 for group in self.groups):
                return True
        return False


def _question_of(link: list[int]) -> tuple[int, ...]:
    """What the route question asks of links `link`: where each side of an empty hex
    leads, an off-board side named by its edge only. Routes run through empty hexes and
    may end at any off-board side of their edges, so tiles on one hex that differ only
    in which sides of one edge they lead to (four tiles, often, on a rim hex) pose one
    question, and a list asks it once."""
    return tuple(other if other < OFF else OFF + EDGE_OF_END[other] for other in link[:OFF])


class _OpenQuestion(NamedTuple):
    """A question the quick ways left open: the placement asking it (a hex and a tile's
    pairing; none for a question asked of a position as it is), the question (see
    `_question_of`), and the links after the placement."""

    cell: int
    pairing: tuple[int, ...]
    question: tuple[int, ...]
    link: list[int]


Crossings = dict[int, list[tuple[int, int, int]]]
"""How a set of routes crosses each empty hex: (group, side in, side out) per crossing."""


def _crossings(routes: Routes) -> Crossings:
    crossings: Crossings = {}
    for group, route in enumerate(routes):
        for cell, side_in, side_out in route:
            crossings.setdefault(cell, []).append((group, side_in, side_out))
    return crossings


def _rerouted(
    link: list[int], groups: tuple[Group, ...], cut: list[int], kept: Routes, exits: Exits
) -> Routes | None:
    """Routes for every group, the `kept` routes of the groups not `cut` unchanged, if
    the quick searches find the cut ones (None: none found, which proves nothing)."""
    rerouted = find_routes(link, tuple(groups[i] for i in cut), kept, exits)
    if rerouted is None or rerouted is UNSETTLED:
        return None
    new = dict(zip(cut, rerouted, strict=True))
    others = iter(kept)
    return tuple(new[i] if i in new else next(others) for i in range(len(groups)))


REROUTES = 3
"""How many sets of routes met so far a placement's question tries to reroute from
before the sweep (`PlacementRule._reroute_candidates`): the first found alone mends few
'yes' answers the sweep would take long for; many more cost the 'no' answers dear."""
SEARCH_STEPS = 30
"""Steps each order of the groups gets before the sweep takes the question over."""
DEAD_ENDS_KEPT = 8
"""How many failed walks `_RouteSearch._can_reach_target` remembers per group and start
(the latest): the bound keeps a long search from scanning thousands."""
TOGETHER = 400
"""States per question the sweep of a list's open questions all at once
(`_answer_exactly`) may create before they are asked one at a time: with more it wastes
time where most answers are 'yes', with less it leaves 'no' answers to the costlier
sweeps of one question each."""
UNSETTLED: Routes = (((-1, -1, -1),),)
"""What find_routes returns, given routes to keep, when its search gave up (the sweep
cannot keep routes, so the caller asks the whole question instead)."""


_SIDES: tuple[tuple[int, ...], ...] = tuple(
    tuple(side for side in range(6) if mask >> side & 1) for mask in range(64)
)
"""The sides in a mask of sides."""
_ALL_BUT = tuple(63 & ~(1 << side) for side in range(6))
"""The sides a route entering by a side may leave by."""
_ALL_BUT_ACROSS = tuple(63 & ~(1 << side) & ~(1 << opposite_side(side)) for side in range(6))
"""The same in a hex that a route already crosses straight."""


class _OutOfSteps(Exception):
    """A search spent its steps."""


def find_routes(
    link: list[int],
    groups: tuple[Group, ...],
    fixed: Routes = (),
    exits: Exits | None = None,
) -> Routes | None:
    """One route per group in `groups` (those of `fixed` kept as they are), None when
    there are none, or UNSETTLED when a search with `fixed` routes gave up.

    Depth-first search is quick where it is lucky, so the groups are first tried in
    several orders (`_group_orders`) with a small step budget. Whatever that leaves open goes
    to the cut conditions (`meeple.flows.cuts`), then to the sweep (`meeple.flows.sweep`),
    which settles it exactly. Both are exact, so the answer never depends on a budget,
    only the time taken does.
    """
    order = list(range(len(groups)))
    if exits is None:
        exits = _no_exits()
    searches = _searches(link, groups, exits)
    found = _first_answer(searches, SEARCH_STEPS, fixed, order)
    if found is not UNSETTLED or fixed:
        return found
    if refuted(link, groups):
        return None
    return _answer_exactly(link, groups, [_OpenQuestion(-1, (), (), link)])[0]


Learn = Callable[[int, Routes, list[int]], dict[int, Routes]]
"""Told the routes found for one question, the routes they give some of the questions
still open (by number)."""


def _answer_exactly(
    link: list[int],
    groups: tuple[Group, ...],
    asking: list[_OpenQuestion],
    learn: Learn | None = None,
) -> list[Routes | None]:
    """The answer to each question left open (routes of the position it asks about), by
    the exact methods.

    Several placements' questions are first swept all at once on `link` (`Sweeps`), for
    `TOGETHER` states a question: that settles most 'no' answers of a list for the
    price of one or two. Then the questions still open are asked one after another,
    each swept on its own (depth first, so a 'yes' ends at its first routes), of the
    position after its placement. Routes found are passed to `learn`, which may answer
    later questions with them; and between the rounds of each question's sweep, the
    sweep of them all goes on, with half as many states as the ones of one question."""
    answers: list[Routes | None] = [None] * len(asking)
    left = list(range(len(asking)))  # the questions still open, in order
    together: Sweeps | None = None

    def answer(question: int, routes: Routes | None) -> None:
        settled = [(question, routes)]
        if routes is not None and learn is not None:  # what these routes answer too
            settled += learn(question, routes, [q for q in left if q != question]).items()
        for settling, found in settled:
            answers[settling] = found
            left.remove(settling)
            if together is not None:
                together.drop(settling)

    def sweep_together(states: int) -> None:
        assert together is not None
        while together.open and together.work < states:
            together.round(until=states)
        for question in list(left):
            # (one answered here may teach the answer of a later one: `answer`)
            if question in left and not together.open >> question & 1:
                found = together.answers[question]
                cell = asking[question].cell
                answer(question, None if found is None else _without(found, cell))

    # the sweep holds many states at once and makes no reference cycles: the cycle
    # collector's passes over them all (tens of milliseconds each) find nothing
    with cycles_uncollected():
        head = 0  # the states of the sweep of them all, before one at a time
        if len(asking) > 1:
            placements = tuple(
                Placement(q.cell, frozenset((a, b) for a, b in enumerate(q.pairing) if a < b))
                for q in asking
            )
            together = Sweeps(link, groups, placements)
            sweep_together(TOGETHER * len(asking))
            head = together.work
        alone = 0  # the states of the sweeps of one question so far
        while left:
            question = left[0]
            sweeps = Sweeps(asking[question].link, groups)
            while left and left[0] == question:
                if sweeps.round():
                    answer(question, sweeps.answers[0])
                    break
                if together is not None:
                    sweep_together(head + (alone + sweeps.work) // 2)
            alone += sweeps.work
    return answers


def _without(routes: Routes, cell: int) -> Routes:
    """Routes that cross `cell` along a tile's paths as routes once that tile is placed."""
    return tuple(tuple(p for p in route if p[0] != cell) for route in routes)


def _first_answer(
    searches: list[tuple[list[int], _RouteSearch]], budget: int, fixed: Routes, order: list[int]
) -> Routes | None:
    """The first answer of the searches given `budget` steps each (routes in `order`, or
    None for none), or UNSETTLED when every one spent its steps."""
    for group_order, search in searches:
        search.budget = budget
        try:
            found = search.routes(fixed)
        except _OutOfSteps:
            continue
        if found is None:
            return None
        by_group = dict(zip(group_order, found, strict=True))
        return tuple(by_group[i] for i in order)
    return UNSETTLED


def _searches(
    link: list[int], groups: tuple[Group, ...], exits: Exits
) -> list[tuple[list[int], _RouteSearch]]:
    """A search for each order of the groups (`_group_orders`), with the order; they share the
    ways on from each end (`exits`) and what each learns of a group (`_SharedFacts`)."""
    shared = _SharedFacts()
    return [
        (group_order, _RouteSearch(link, tuple(groups[i] for i in group_order), exits, shared))
        for group_order in _group_orders(list(range(len(groups))))
    ]


class _SharedFacts:
    """What searches of one set of links learn of each group, by its edge, and share:
    hexes' distances to its target, the dead ends of its failed walks (by where they began),
    and the ways on found from ends (see `_RouteSearch`)."""

    def __init__(self) -> None:
        self.distances: dict[int, list[int]] = {}
        self.dead_ends: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.way_on: dict[int, dict[int, tuple[int, int]]] = {}


def _group_orders(order: list[int]) -> list[list[int]]:
    """`order` and its rotations: each group first once. (Three groups have six orders;
    the other three cost a 'no' as many steps again and rarely find a route the
    rotations miss.)"""
    return [order[i:] + order[:i] for i in range(len(order))]


class _RouteSearch:
    """An exact search for one route per group, the routes sharing no link.

    Depth first, group after group, each route grown hex by hex towards its target
    (nearest first). After every step each group still to finish must be able to reach
        its target over the links left, or the branch is dropped. A branch that failed is
    remembered (the group, where its route stands, the links used and the hexes crossed
    straight), so it is never searched twice.
    """

    def __init__(
        self,
        link: list[int],
        groups: tuple[Group, ...],
        exits: Exits | None = None,
        shared: _SharedFacts | None = None,
    ) -> None:
        self.link = link
        self.groups = groups
        self.budget = -1  # steps left before giving up (_OutOfSteps); -1: no limit
        self.targets = [frozenset(EDGE_SLOTS[opposite_edge(group.edge)]) for group in groups]
        shared = _SharedFacts() if shared is None else shared  # (shared: `_searches`)
        self.edges = [group.edge for group in groups]
        # per group, each hex's distance to its target
        self.distance = []
        for group, targets in zip(groups, self.targets, strict=True):
            if group.edge not in shared.distances:
                shared.distances[group.edge] = _distances(link, targets)
            self.distance.append(shared.distances[group.edge])
        # sources[g]: where group g's route may begin (the end its first link leads to, and
        # that link's bit), nearest its target first
        self.sources: list[list[tuple[int, int]]] = []
        for group, targets, distance in zip(groups, self.targets, self.distance, strict=True):
            starts = []
            for slot in EDGE_SLOTS[group.edge]:
                other = link[slot]
                far = (-1 if other in targets else -2) if other >= OFF else distance[other // 6]
                if far >= -1:
                    starts.append((far, other, 1 << min(slot, other)))
            self.sources.append([(other, bit) for _, other, bit in sorted(starts)])
        # exits[end]: for a route entering at `end`, each way on: (the link's bit, the
        # end it leads to, whether it crosses the hex straight, the side it leaves by)
        self.exits = _no_exits() if exits is None else exits
        # the branches that failed: (group, where its route stands, links used, hexes
        # crossed straight)
        self.failed: set[tuple[int, ...]] = set()
        # per group, the last way `_can_reach_target` found from its edge: its links and the
        # hexes it crosses straight (while none is used or crossed straight, it holds)
        self.way_found: list[tuple[int, int] | None] = [None] * len(groups)
        # per group, for each end on a way `_can_reach_target` found, the same of the way on
        # from that end: the route growing along it need not be checked again
        self.way_on = [shared.way_on.setdefault(edge, {}) for edge in self.edges]
        # per group's edge and where its walk began (-1: its edge), what stopped each
        # walk that failed: the links used it met and the hexes crossed straight it
        # entered (while all of them are used and crossed straight, it fails again)
        self.dead_ends = shared.dead_ends

    def routes(self, fixed: Routes = ()) -> Routes | None:
        """One route per group (those of `fixed` kept as they are), or None."""
        used = straight = 0
        for route in fixed:
            for cell, side_in, side_out in route:
                used |= self._bit(cell * 6 + side_in) | self._bit(cell * 6 + side_out)
                if side_out == opposite_side(side_in):
                    straight |= 1 << cell
        if not all(self._can_reach_target(g, -1, used, straight) for g in range(len(self.groups))):
            return None
        return self._routes_from_edge(0, used, straight)

    def _bit(self, end: int) -> int:
        return 1 << min(end, self.link[end])

    def _exits(self, end: int) -> list[Exit]:
        found = self.exits[end]
        if found is None:
            cell, side_in = divmod(end, 6)
            link, first = self.link, cell * 6
            across = first + opposite_side(side_in)
            found = []
            for out in range(first, first + 6):
                if out != end:
                    other = link[out]
                    found.append((1 << min(out, other), other, out == across, out - first))
            self.exits[end] = found
        return found

    def _can_reach_target(self, group: int, end: int, used: int, straight: int) -> bool:
        """Whether group `group`'s route can still reach its target over the links not
        `used`, on from `end` (or, for -1, from its own edge), leaving the hexes crossed
        `straight` so far unable to take another straight path; the route may meet itself.

        Depth first over hexes, nearest the target first (a route usually exists, and
        this finds it without visiting the board): a hex entered by a side may be left
        by any other side (but the one across, in a hex crossed straight already), so
        each of its sides is tried once, when some entry first allows it. Hexes from
        which no link at all leads to the target are never entered. From the group's
        own edge, the way found is kept as its `way_found`; from each end on the way, the
        way on is kept `way_on`. A walk that fails keeps its dead ends (`dead_ends`): a later
        check from the same start that finds them all still standing fails at once."""
        dead_ends = self.dead_ends.get((self.edges[group], end))
        if dead_ends is not None:
            for blocked, crossed in dead_ends:
                if not (blocked & ~used or crossed & ~straight):
                    return False  # what stopped an earlier walk stops this one
        goal = opposite_edge(self.edges[group])
        link, distance = self.link, self.distance[group]
        blocked = 0  # the links used that the walk met
        entered = [0] * CELL_COUNT  # per hex: the sides it was entered by (a bit each)
        left = [0] * CELL_COUNT  # per hex: the sides tried as ways out
        stack: list[int] = []
        # how each end was first reached: the end entered before and the side left by,
        # or -1 and the bit of the link from the edge (0 for `end`)
        via: dict[int, tuple[int, int]] = {}
        if end < 0:
            for other, bit in self.sources[group]:  # off-board ones are already joined
                if used & bit:
                    blocked |= bit
                    continue
                if other >= OFF:
                    self.way_found[group] = (bit, 0)
                    return True
                stack.append(other)
                via.setdefault(other, (-1, bit))
            stack.reverse()  # the nearest source on top
        else:
            stack.append(end)
            via[end] = (-1, 0)
        while stack:
            here = stack.pop()
            cell, side = divmod(here, 6)
            if entered[cell] >> side & 1:
                continue
            entered[cell] |= 1 << side
            ways = _ALL_BUT[side] if not straight >> cell & 1 else _ALL_BUT_ACROSS[side]
            ways &= ~left[cell]
            if not ways:
                continue
            left[cell] |= ways
            first = cell * 6
            near = distance[cell]
            closer = []
            for out in _SIDES[ways]:
                out += first
                other = link[out]
                if used >> (out if out < other else other) & 1:
                    blocked |= 1 << (out if out < other else other)  # as _bit gives it
                    continue
                if other >= OFF:
                    if EDGE_OF_END[other] == goal:
                        way = self._way(group, via, here, out)
                        if end < 0:
                            self.way_found[group] = way
                        return True
                    continue
                far = distance[other // 6]
                if far < 0 or entered[other // 6] >> other % 6 & 1:
                    continue
                if other not in via:
                    via[other] = (here, out)
                if far < near:
                    closer.append(other)
                else:
                    stack.append(other)
            stack += closer
        crossed = 0  # the hexes crossed straight that the walk entered
        for cell in range(CELL_COUNT):
            if entered[cell] and straight >> cell & 1:
                crossed |= 1 << cell
        dead_ends = self.dead_ends.setdefault((self.edges[group], end), [])
        dead_ends.append((blocked, crossed))
        if len(dead_ends) > DEAD_ENDS_KEPT:
            del dead_ends[0]
        return False

    def _way(
        self, group: int, via: dict[int, tuple[int, int]], here: int, out: int
    ) -> tuple[int, int]:
        """The links of the way `_can_reach_target` found, ending by leaving `here` through
        `out`, and the hexes it crosses straight (bit masks); the same from each end on
        it is kept in `way_on`."""
        way_on = self.way_on[group]
        links, crossed = self._bit(out), 0
        while True:
            if out % 6 == opposite_side(here % 6):
                crossed |= 1 << here // 6
            way_on[here] = links, crossed
            before, out = via[here]
            if before < 0:
                return links | out, crossed  # `out`: the bit of the link from the edge
            links |= self._bit(out)
            here = before

    def _later_group_cut_off(self, group: int, used: int, straight: int) -> bool:
        """Whether a group after `group` cannot reach its target any more (its way found
        last time settles it when that way is still free)."""
        for later in range(group + 1, len(self.groups)):
            way_found = self.way_found[later]
            if way_found is not None and not (used & way_found[0] or straight & way_found[1]):
                continue
            if not self._can_reach_target(later, -1, used, straight):
                return True
        return False

    def _routes_from_edge(self, group: int, used: int, straight: int) -> Routes | None:
        """Routes for groups `group`... given the links `used` and hexes crossed `straight`."""
        if group == len(self.groups):
            return ()
        key = (group, -1, used, straight)
        if key in self.failed:
            return None
        for other, bit in self.sources[group]:
            if used & bit:
                continue
            if other >= OFF:  # already joined by placed paths
                rest = self._routes_from_edge(group + 1, used | bit, straight)
                if rest is not None:
                    return ((), *rest)
                continue
            found = self._routes_from(group, other, used | bit, straight)
            if found is not None:
                return found
        self.failed.add(key)
        return None

    def _routes_from(self, group: int, end: int, used: int, straight: int) -> Routes | None:
        """Routes with group `group`'s route standing at `end`, a side of an empty hex."""
        key = (group, end, used, straight)
        if key in self.failed:
            return None
        self.budget -= 1
        if self.budget == 0:
            raise _OutOfSteps
        found = None
        way_on = self.way_on[group].get(end)  # a way on found before, if still free
        free = way_on is not None and not (used & way_on[0] or straight & way_on[1])
        if (
            free or self._can_reach_target(group, end, used, straight)
        ) and not self._later_group_cut_off(group, used, straight):
            found = self._routes_on(group, end, used, straight)
        if found is None:
            self.failed.add(key)
        return found

    def _routes_on(self, group: int, end: int, used: int, straight: int) -> Routes | None:
        """Routes on from `end`, trying each way out of its hex, nearest the target first."""
        cell, side_in = divmod(end, 6)
        targets, distance = self.targets[group], self.distance[group]
        crossed = 1 << cell
        steps: list[tuple[int, int, int, int, int]] = []
        for bit, other, across, side_out in self._exits(end):
            if used & bit:
                continue
            now_straight = straight
            if across:
                if straight & crossed:
                    continue  # no tile carries two straight paths
                now_straight |= crossed
            if other >= OFF:
                if other in targets:
                    rest = self._routes_from_edge(group + 1, used | bit, now_straight)
                    if rest is not None:
                        return (((cell, side_in, side_out),), *rest)
                continue
            far = distance[other // 6]
            if far >= 0:
                steps.append((far, side_out, other, bit, now_straight))
        steps.sort()
        for _, side_out, other, bit, now_straight in steps:
            grown = self._routes_from(group, other, used | bit, now_straight)
            if grown is not None:
                return (((cell, side_in, side_out), *grown[0]), *grown[1:])
        return None


def _through_hex(
    link: list[int], cell: int, pairing: tuple[int, ...], end: int
) -> tuple[list[Passage], int]:
    """Following a link that arrives at `end`: the crossings of `cell` along a tile of
    `pairing` (while the links lead back into it), and the end reached beyond."""
    passages: list[Passage] = []
    while end < OFF and end // 6 == cell:
        side_in = end % 6
        side_out = pairing[side_in]
        passages.append((cell, side_in, side_out))
        end = link[cell * 6 + side_out]
    return passages, end


def _no_exits() -> Exits:
    return [None] * OFF


def _distances(link: list[int], targets: frozenset[int]) -> list[int]:
    """For each cell, how many empty hexes a route crosses from it to `targets` at least
    (-1 where none is reachable), ignoring what other routes use."""
    distance = [-1] * CELL_COUNT
    frontier: list[int] = []
    for slot in targets:
        other = link[slot]
        if other < OFF and distance[other // 6] < 0:
            distance[other // 6] = 0
            frontier.append(other // 6)
    for cell in frontier:  # grows while it is read: breadth first
        for end in range(cell * 6, cell * 6 + 6):
            other = link[end]
            if other < OFF and distance[other // 6] < 0:
                distance[other // 6] = distance[cell] + 1
                frontier.append(other // 6)
    return distance
