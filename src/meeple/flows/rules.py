"""The rules of Flows (shared/rules/flows.md): placing tiles, flows, victory, legality.

`State` is an immutable position: `apply(move)` returns the next one or raises RuleError
saying which rule the move breaks; `legal_placements(tile)` lists every placement the
rules allow. Rule errors carry no location: `replay` (in `meeple.flows.format`) places
them on the record's line.

The legal-placement rule, as implemented (docs/formats/flows.md gives the reasons):
players on the same axis of the board (P1 and P2, P3 and P4, P5 and P6) need the same
connection, one chain of paths joining their two edges, so each axis in play is one
*route group*. A route is a chain from an off-board side of one of the group's edges to
an off-board side of the other over placed tiles' paths and empty hexes, an empty hex
joining any two of its sides. Unless a placement completes some group's chain (a win),
afterwards every group must have a route (R1), and no two groups may both need one same
*link* (R2): a link is one boundary between two hexes, or one chain of placed paths,
between two open ends; it can carry one connection only, so two groups whose every
route crosses it are forced to share one route.

This module does not read or write text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple

from meeple.errors import RuleError
from meeple.flows.board import (
    CELL_INDEX,
    CELLS,
    EDGE_NAMES,
    HOME_EDGE,
    MAX_PLAYERS,
    NEIGHBOUR,
    SLOT_EDGES,
    label_of_hex,
    opposite_edge,
    opposite_side,
    target_edge,
)
from meeple.flows.model import ORIENTATIONS, TILE_TYPES, TILES_PER_TYPE, Move, side_pairing
from meeple.hexgrid import Hex

MIN_PLAYERS = 2
EMPTY = -1
CELL_COUNT = len(CELLS)
OFF = CELL_COUNT * 6
"""Ids 0..OFF-1 name the sides of hexes (cell * 6 + side); OFF + that id names the
off-board side beyond it."""

# PAIRING[tile * 6 + rotation][side] = the side that side's path leads to.
PAIRING: tuple[tuple[int, ...], ...] = tuple(
    side_pairing(tile, rotation) for tile in range(TILE_TYPES) for rotation in range(6)
)
# EDGE_MASK[OFF + slot]: bit e set when that off-board side lies on edge e.
_EDGE_MASK: tuple[int, ...] = (0,) * OFF + tuple(
    sum(1 << edge for edge in SLOT_EDGES[cell][side])
    for cell in range(CELL_COUNT)
    for side in range(6)
)
# EDGE_SLOTS[e]: the off-board side ids on edge e.
EDGE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        OFF + cell * 6 + side
        for cell in range(CELL_COUNT)
        for side in range(6)
        if edge in SLOT_EDGES[cell][side]
    )
    for edge in range(6)
)
_EDGE_SLOT_SETS = tuple(frozenset(slots) for slots in EDGE_SLOTS)
_OFF_SLOTS = tuple(sorted(set().union(*_EDGE_SLOT_SETS)))


def seat_order(players: int) -> tuple[int, ...]:
    """Who places on each turn of a round: P1 ... Pn; with five, P5 also takes P6's turn."""
    if players == 5:
        return (1, 2, 3, 4, 5, 5)
    return tuple(range(1, players + 1))


def axis_of(player: int) -> int:
    """The board axis a player's home and target edges lie on (0, 1 or 2)."""
    return HOME_EDGE[player] % 3


def partner(player: int, players: int) -> int | None:
    """The player sitting opposite as a partner (four to six players), if any."""
    if players < 4:
        return None
    other = player + 1 if player % 2 else player - 1
    return other if other <= players else None


def team_of(player: int, players: int) -> tuple[int, ...]:
    """The players who win together with `player` (a team, or the player alone)."""
    mate = partner(player, players)
    return (player,) if mate is None else tuple(sorted((player, mate)))


class PathFlow(NamedTuple):
    """A path of a placed tile (between sides `a` < `b`) and the players whose flow runs on it."""

    hex: Hex
    a: int
    b: int
    players: tuple[int, ...]


class Flow(NamedTuple):
    """The paths a player's flow covers and the off-board sides it reaches."""

    player: int
    paths: tuple[tuple[Hex, int, int], ...]
    ends: tuple[tuple[Hex, int], ...]
    reached: bool


class Occupied(RuleError):
    """A move onto a hex that already holds a tile; `by_move` is the index of that move."""

    def __init__(self, move: Move, earlier: Move, by_move: int) -> None:
        self.move, self.earlier, self.by_move = move, earlier, by_move
        super().__init__(self.explain(f"move {by_move + 1}"))

    def explain(self, where: str) -> str:
        """The message, naming the earlier move by `where` (a move number or a line)."""
        hex_ = self.move.hex
        return (
            f"{_label(self.move)} is internal ({hex_.x},{hex_.y}), already filled by"
            f" {_label(self.earlier._replace(hex=hex_))} on {where}: a tile goes on an empty hex"
        )


@dataclass(frozen=True)
class State:
    """A Flows position: the board, the bag, whose turn it is, and how the game stands.

    `board[i]` is `tile * 6 + rotation` of the tile on `CELLS[i]`, or EMPTY. `placed_by[i]`
    is the index of the move that put it there. `winners` is empty while the game is on.
    """

    players: int = 2
    board: tuple[int, ...] = (EMPTY,) * CELL_COUNT
    placed_by: tuple[int, ...] = (EMPTY,) * CELL_COUNT
    bag: tuple[int, ...] = (TILES_PER_TYPE,) * TILE_TYPES
    moves: tuple[Move, ...] = ()
    winners: tuple[int, ...] = ()
    stuck: int | None = None
    """The tile type the player to move drew and could not place, if that ended the game."""

    @classmethod
    def start(cls, players: int = 2) -> State:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RuleError(f"Flows is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        return cls(players=players)

    # -- how the game stands ---------------------------------------------------------

    @property
    def to_move(self) -> int:
        order = seat_order(self.players)
        return order[len(self.moves) % len(order)]

    @property
    def over(self) -> bool:
        return bool(self.winners)

    def tile_at(self, hex_: Hex) -> tuple[int, int] | None:
        """(tile type, rotation) on a hex, or None when it is empty."""
        code = self.board[CELL_INDEX[hex_]]
        return None if code == EMPTY else divmod(code, 6)

    @property
    def result(self) -> str:
        """One line: who won, a tie, or who is to move."""
        if not self.winners:
            return f"in play: P{self.to_move} to move"
        if self.stuck is not None:
            winner = self.winners[0]
            return f"P{winner} wins: the drawn T{self.stuck} has no legal placement"
        units = sorted({team_of(player, self.players) for player in self.winners})
        names = [" and ".join(f"P{p}" for p in unit) for unit in units]
        if len(units) > 1:
            return "tie: " + ", ".join(names) + " complete on the same placement"
        verb = "win together" if len(units[0]) > 1 else "wins"
        return f"{names[0]} {verb}"

    # -- flows -------------------------------------------------------------------------

    @cached_property
    def flows(self) -> tuple[Flow, ...]:
        """Every player's flow, P1 first."""
        return tuple(self._flow(player) for player in range(1, self.players + 1))

    def _flow(self, player: int) -> Flow:
        paths: set[tuple[int, int, int]] = set()
        ends: set[tuple[int, int]] = set()
        for slot in EDGE_SLOTS[HOME_EDGE[player]]:
            cell, side = divmod(slot - OFF, 6)
            while self.board[cell] != EMPTY:
                out = PAIRING[self.board[cell]][side]
                paths.add((cell, min(side, out), max(side, out)))
                nxt = NEIGHBOUR[cell][out]
                if nxt < 0:
                    ends.add((cell, out))
                    break
                cell, side = nxt, opposite_side(out)
        target = target_edge(player)
        return Flow(
            player,
            tuple((CELLS[c], a, b) for c, a, b in sorted(paths)),
            tuple((CELLS[c], s) for c, s in sorted(ends)),
            any(target in SLOT_EDGES[c][s] for c, s in ends),
        )

    def path_flows(self) -> list[PathFlow]:
        """Every path of every placed tile with the players whose flow runs along it."""
        carried: dict[tuple[Hex, int, int], list[int]] = {}
        for flow in self.flows:
            for path in flow.paths:
                carried.setdefault(path, []).append(flow.player)
        found = []
        for cell, code in enumerate(self.board):
            if code == EMPTY:
                continue
            pairing = PAIRING[code]
            for a in range(6):
                b = pairing[a]
                if a < b:
                    key = (CELLS[cell], a, b)
                    found.append(PathFlow(CELLS[cell], a, b, tuple(carried.get(key, ()))))
        return found

    # -- moves -------------------------------------------------------------------------

    def apply(self, move: Move) -> State:
        """The position after `move`; RuleError naming the rule it breaks."""
        reason = self._basic_problem(move)
        if reason is not None:
            raise reason
        cell = CELL_INDEX[move.hex]
        code = move.tile * 6 + move.rotation
        problem = _Network(self).problem(cell, code)
        if problem is not None:
            raise RuleError(f"illegal placement of {_describe(move)}: {problem}")
        return self._placed(move, cell, code)

    def _basic_problem(self, move: Move) -> RuleError | None:
        if self.over:
            return RuleError(f"the game is over ({self.result}): no more moves")
        if not 1 <= move.player <= self.players:
            return RuleError(f"there is no P{move.player} in a {self.players}-player game")
        if move.player != self.to_move:
            return RuleError(f"it is P{self.to_move}'s turn, not P{move.player}'s")
        cell = CELL_INDEX.get(move.hex)
        if cell is None or not 0 <= move.tile < TILE_TYPES or not 0 <= move.rotation < 6:
            return RuleError(f"{move} is not a placement on the board")
        if self.board[cell] != EMPTY:
            by = self.placed_by[cell]
            return Occupied(move, self.moves[by], by)
        if self.bag[move.tile] == 0:
            return RuleError(
                f"no T{move.tile} is left in the bag: all {TILES_PER_TYPE} have been placed"
            )
        return None

    def _placed(self, move: Move, cell: int, code: int) -> State:
        bag = list(self.bag)
        bag[move.tile] -= 1
        after = State(
            players=self.players,
            board=(*self.board[:cell], code, *self.board[cell + 1 :]),
            placed_by=(*self.placed_by[:cell], len(self.moves), *self.placed_by[cell + 1 :]),
            bag=tuple(bag),
            moves=(*self.moves, move),
        )
        winners = tuple(flow.player for flow in after.flows if flow.reached)
        return replace(after, winners=winners) if winners else after

    def legal_placements(self, tile: int) -> list[Move]:
        """Every placement of a tile of type `tile` the player to move may make.

        Empty when the game is over or no tile of that type is left.
        """
        if self.over or not 0 <= tile < TILE_TYPES or self.bag[tile] == 0:
            return []
        network = _Network(self)
        player = self.to_move
        found: list[Move] = []
        for cell in range(CELL_COUNT):
            if self.board[cell] != EMPTY:
                continue
            rotations = network.legal_rotations(cell, tile)
            found.extend(Move(player, CELLS[cell], tile, rotation) for rotation in rotations)
        return found

    def is_legal(self, move: Move) -> bool:
        try:
            self.apply(move)
        except RuleError:
            return False
        return True

    def no_placement(self, tile: int) -> State:
        """The player to move drew `tile` and cannot place it anywhere: they win at once."""
        if self.over:
            raise RuleError(f"the game is over ({self.result})")
        if self.bag[tile] == 0:
            raise RuleError(f"no T{tile} is left in the bag to draw")
        if self.legal_placements(tile):
            raise RuleError(f"T{tile} has a legal placement, so P{self.to_move} must place it")
        return State(
            players=self.players,
            board=self.board,
            placed_by=self.placed_by,
            bag=self.bag,
            moves=self.moves,
            winners=(self.to_move,),
            stuck=tile,
        )

    def axes(self) -> tuple[int, ...]:
        """The board axes in play: one route group each."""
        return tuple(sorted({axis_of(player) for player in range(1, self.players + 1)}))


def _label(move: Move) -> str:
    return f"P{move.player}{label_of_hex(move.player, move.hex)}"


def _describe(move: Move) -> str:
    hex_ = move.hex
    return f"T{move.tile}{ORIENTATIONS[move.rotation]} on {_label(move)} ({hex_.x},{hex_.y})"


def group_name(axis: int, players: int) -> str:
    """The players of a route group and the edges they must join, for messages."""
    members = [p for p in range(1, players + 1) if axis_of(p) == axis]
    names = " and ".join(f"P{p}" for p in members)
    return f"{names} ({EDGE_NAMES[axis]} to {EDGE_NAMES[opposite_edge(axis)]})"


class _Network:
    """The open ends of a position and the links between them, for the route rule.

    `link[x]` pairs every side of an empty hex and every off-board side with the open
    end at the other end of its link: straight across a boundary, or along a chain of
    placed paths. A placement on an empty hex only re-pairs the ends its sides reached.
    """

    def __init__(self, state: State) -> None:
        self.board = state.board
        self.players = state.players
        self.axes = state.axes()
        self.link = _links(state.board)
        self._base: dict[int, tuple[list[int], set[int]] | None] = {
            axis: _route(self.link, {}, axis, EMPTY, EMPTY) for axis in self.axes
        }

    def legal_rotations(self, cell: int, tile: int) -> list[int]:
        if self._safe_everywhere(cell):
            return list(range(6))
        verdicts: dict[tuple[int, ...], bool] = {}
        rotations = []
        for rotation in range(6):
            code = tile * 6 + rotation
            pairing = PAIRING[code]
            if pairing not in verdicts:
                verdicts[pairing] = self.problem(cell, code) is None
            if verdicts[pairing]:
                rotations.append(rotation)
        return rotations

    def _safe_everywhere(self, cell: int) -> bool:
        """Whether every tile in every orientation is legal on `cell`.

        True when, with `cell` walled off, every group still has a route and no two groups
        share a bridge link: placing a tile only adds links to that network, and added
        links never create a bridge.
        """
        routes: dict[int, tuple[list[int], set[int]]] = {}
        for axis in self.axes:
            base = self._base[axis]
            if base is not None and cell not in base[1]:
                routes[axis] = base
                continue
            walled = _route(self.link, {}, axis, cell, EMPTY)
            if walled is None:
                return False
            routes[axis] = walled
        return _shared_bridge(self.link, {}, routes, cell) is None

    def problem(self, cell: int, code: int) -> str | None:
        """Why placing `code` on empty `cell` breaks the route rule, or None if it does not."""
        override = _rejoin(self.link, cell, PAIRING[code])
        if self._completes(override):
            return None
        routes: dict[int, tuple[list[int], set[int]]] = {}
        for axis in self.axes:
            route = _route(self.link, override, axis, cell, EMPTY)
            if route is None:
                return f"{group_name(axis, self.players)} would have no route left"
            routes[axis] = route
        shared = _shared_bridge(self.link, override, routes, cell)
        if shared is not None:
            first, second = shared
            return (
                f"{group_name(first, self.players)} and {group_name(second, self.players)}"
                " would be forced to share one route"
            )
        return None

    def _completes(self, override: dict[int, int]) -> bool:
        for end, other in override.items():
            if end < OFF or other < OFF:
                continue
            mine, theirs = _EDGE_MASK[end], _EDGE_MASK[other]
            for axis in self.axes:
                near, far = 1 << axis, 1 << opposite_edge(axis)
                if (mine & near and theirs & far) or (mine & far and theirs & near):
                    return True
        return False


def _enter(board: tuple[int, ...], cell: int, side: int) -> int:
    """The open end reached going into `cell` through `side` and along placed paths."""
    while board[cell] != EMPTY:
        out = PAIRING[board[cell]][side]
        nxt = NEIGHBOUR[cell][out]
        if nxt < 0:
            return OFF + cell * 6 + out
        cell, side = nxt, opposite_side(out)
    return cell * 6 + side


def _links(board: tuple[int, ...]) -> list[int]:
    link = [EMPTY] * (2 * OFF)
    for cell in range(CELL_COUNT):
        if board[cell] != EMPTY:
            continue
        for side in range(6):
            end = cell * 6 + side
            if link[end] != EMPTY:
                continue
            nxt = NEIGHBOUR[cell][side]
            other = OFF + end if nxt < 0 else _enter(board, nxt, opposite_side(side))
            link[end], link[other] = other, end
    for slot in _OFF_SLOTS:
        if link[slot] == EMPTY:
            cell, side = divmod(slot - OFF, 6)
            other = _enter(board, cell, side)
            link[slot], link[other] = other, slot
    return link


def _rejoin(link: list[int], cell: int, pairing: tuple[int, ...]) -> dict[int, int]:
    """The new pairs of open ends once a tile with `pairing` fills empty `cell`.

    A side's link may come straight back to another side of the same hex; following the
    tile's paths and such loops from an outer end always reaches another outer end.
    """
    low = cell * 6
    ends = link[low : low + 6]
    override: dict[int, int] = {}
    seen = 0
    for side in range(6):
        if seen >> side & 1 or low <= ends[side] < low + 6:
            continue
        seen |= 1 << side
        out = pairing[side]
        seen |= 1 << out
        while low <= ends[out] < low + 6:
            back = ends[out] - low
            out = pairing[back]
            seen |= 1 << back | 1 << out
        override[ends[side]] = ends[out]
        override[ends[out]] = ends[side]
    return override


def _route(
    link: list[int], override: dict[int, int], axis: int, walled: int, removed: int
) -> tuple[list[int], set[int]] | None:
    """A route of the group on `axis`: (its link ids, its cells), or None if there is none.

    Breadth first over empty hexes (each joins any two of its sides), never entering
    `walled` and never using the link whose id is `removed`. A link's id is the smaller
    of its two end ids.
    """
    sinks = _EDGE_SLOT_SETS[opposite_edge(axis)]
    parent: dict[int, tuple[int, int]] = {}
    queue: list[int] = []
    get = override.get
    for slot in EDGE_SLOTS[axis]:
        other = get(slot, link[slot])
        if other >= OFF:
            if other in sinks and min(slot, other) != removed:
                return [min(slot, other)], set()
            continue
        nxt = other // 6
        if nxt == walled or nxt in parent or other == removed:
            continue
        parent[nxt] = (EMPTY, other)
        queue.append(nxt)
    for cell in queue:
        for end in range(cell * 6, cell * 6 + 6):
            other = get(end, link[end])
            ident = end if end < other else other
            if ident == removed:
                continue
            if other >= OFF:
                if other in sinks:
                    return _trace(parent, cell, ident)
                continue
            nxt = other // 6
            if nxt == walled or nxt in parent:
                continue
            parent[nxt] = (cell, ident)
            queue.append(nxt)
    return None


def _trace(parent: dict[int, tuple[int, int]], cell: int, last: int) -> tuple[list[int], set[int]]:
    links, cells = [last], {cell}
    while True:
        before, ident = parent[cell]
        links.append(ident)
        if before == EMPTY:
            return links, cells
        cell = before
        cells.add(cell)


def _shared_bridge(
    link: list[int],
    override: dict[int, int],
    routes: dict[int, tuple[list[int], set[int]]],
    walled: int,
) -> tuple[int, int] | None:
    """Two groups that every route of both runs through one same link, if any.

    Such a link lies on every route, so on the two found routes: only their common links
    need testing, each by looking for routes without it.
    """
    axes = sorted(routes)
    for i, first in enumerate(axes):
        for second in axes[i + 1 :]:
            common = set(routes[first][0]) & set(routes[second][0])
            for ident in sorted(common):
                if _route(link, override, first, walled, ident) is None and (
                    _route(link, override, second, walled, ident) is None
                ):
                    return first, second
    return None
