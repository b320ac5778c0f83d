"""The rules of Flows (shared/rules/flows.md): placing tiles, flows, victory, legality.

`State` is an immutable position: `play(move)` returns the next one or raises RuleError
saying which rule the move breaks; `legal_placements(tile)` lists every placement the
rules allow. A move's rule error carries no location: `replay_text` places it on the
record's line.

The legal-placement rule itself (route groups, routes, links) is in `routes`.

It reads a record's text only to replay it (`replay_text`), through `notation`.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from typing import NamedTuple

from meeple.engine import Status, violation_by_playing
from meeple.errors import DEFAULT_SOURCE, Location, NotationError, RuleError, line_ends
from meeple.flows import notation
from meeple.flows.board import (
    CELL_INDEX,
    CELLS,
    EDGE_NAMES,
    MAX_PLAYERS,
    NEIGHBOUR,
    default_home_edges,
    label_of_hex,
    opposite_edge,
    opposite_player,
    opposite_side,
    seated_label_of_hex,
    seating_problem,
)
from meeple.flows.links import (
    CELL_COUNT,
    EDGE_OF_END,
    EDGE_SLOTS,
    EMPTY,
    OFF,
    PAIRING,
    Group,
    groups_of,
    links_of,
    rejoin,
)
from meeple.flows.model import (
    ORIENTATIONS,
    QUORTEXTT,
    TILE_TYPES,
    TILES_PER_TYPE,
    Entry,
    Move,
    NoPlacement,
    Record,
)
from meeple.flows.reach import Reaches, chain_cells
from meeple.flows.routes import PlacementRule
from meeple.garbage import cycles_uncollected
from meeple.hexgrid import Hex
from meeple.pictures import Pictured
from meeple.registry import Registered

MIN_PLAYERS = 2
_ROUTES = "_known_routes"  # where a state keeps its position's routes (State._placement_rule)
_LINK = "_link"  # where it keeps its links, worked out from the position before (State._links)
# State.evaluate: a tile less to place is worth 1 of lead, each extra shortest way in
# (up to _WAYS_COUNTED) _WAYS_BONUS, the move _TEMPO; the lead goes through a logistic.
_WAYS_BONUS = 0.4
_WAYS_COUNTED = 2
_TEMPO = 0.5
_STEEPNESS = 0.8


def seat_order(home_edges: tuple[int, ...], first: int = 1) -> tuple[int, ...]:
    """Who places on each turn of a round: P1 ... Pn; with five players the one without a
    partner also takes the missing partner's turn, at the end of the round. A game whose
    first player is not P1 (`first`) starts the same cycle at that player's turn."""
    players = tuple(range(1, len(home_edges) + 1))
    if len(home_edges) == 5:
        alone = next(p for p in players if opposite_player(home_edges, p) is None)
        players = (*players, alone)
    start = players.index(first)
    return players[start:] + players[:start]


def partner(player: int, home_edges: tuple[int, ...]) -> int | None:
    """The player seated opposite as a partner (four to six players), if any.

    With two or three players nobody has a partner: rivals seated face to face (a
    seating a record may name) need the same chain, and complete it together: a tie.
    """
    return opposite_player(home_edges, player) if len(home_edges) >= 4 else None


def team_of(player: int, home_edges: tuple[int, ...]) -> tuple[int, ...]:
    """The players who win together with `player` (a team, or the player alone)."""
    mate = partner(player, home_edges)
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
        super().__init__(self.explain(f"move {by_move + 1}"), rule="occupied-hex")

    def __reduce__(self) -> tuple[type[Occupied], tuple[Move, Move, int], dict[str, object]]:
        # copied and pickled (process pools) with its own arguments, then its state
        return (Occupied, (self.move, self.earlier, self.by_move), self.__dict__)

    def retold(self, place: Callable[[int], str]) -> Occupied:
        told = copy.copy(self)
        told.message = self.explain(place(self.by_move))
        return told

    def explain(self, where: str) -> str:
        """The message, naming the earlier move by `where` (a move number or a line)."""
        hex_ = self.move.hex
        return (
            f"{_label(self.move)} is internal ({hex_.x},{hex_.y}), already filled by"
            f" {_label(self.earlier._replace(hex=hex_))} on {where}: a tile goes on an empty hex"
        )


class _StateFields(NamedTuple):
    """The fields of `State` (a NamedTuple cannot take a mixin such as `Pictured` itself,
    nor cache; a dataclass would bring `dataclasses` to `meeple check`:
    docs/architecture.md)."""

    player_count: int = 2
    home_edges: tuple[int, ...] = default_home_edges(2)
    """Each player's home edge (`board.EDGE_NAMES`), P1 first; the target is opposite."""
    board: tuple[int, ...] = (EMPTY,) * CELL_COUNT
    placed_by: tuple[int, ...] = (EMPTY,) * CELL_COUNT
    bag: tuple[int, ...] = (TILES_PER_TYPE,) * TILE_TYPES
    placements: tuple[Move, ...] = ()
    winners: tuple[int, ...] = ()
    stuck: int | None = None
    """The tile type the player to move drew and could not place, if that ended the game."""
    first: int = 1
    """The player who moved first; turns then go in number order (`seat_order`)."""


class State(_StateFields, Pictured):
    """A Flows position: the board, the bag, whose turn it is, and how the game stands.

    `board[i]` is `tile * 6 + rotation` of the tile on `CELLS[i]`, or EMPTY. `placed_by[i]`
    is the index of the move that put it there. `winners` is empty while the game is on.

    Beyond the protocol (meeple.engine) it offers: the fields `home_edges` (where each
    player sits), `board`, `placed_by`, `bag`, `placements` (`history` adds a drawn tile
    that fit nowhere), `stuck` (that tile) and `first` (who moved first); `seat` (the
    0-based seat whose turn it is by the seat order, even once over), `seating`, `groups`
    (route groups), `home_edge(p)`, `target_edge(p)`, `at(hex)` (the tile on a hex),
    `flows` and `path_flows()` (for pictures and JSON), and `legal_placements(tile)` (the
    placements of one tile type, as `legal_moves_after` but without the win a tile that
    fits nowhere brings), and
    `where_for(move, player)` (a placement's hex in another player's labels, engine.Framed),
    and `guesses(draw)` (each placement's worth without playing it, engine.Guessing).
    """

    game = Registered("flows")

    @classmethod
    def initial(
        cls, player_count: int = 2, home_edges: tuple[int, ...] | None = None, first: int = 1
    ) -> State:
        """The empty board and full bag of a game of `player_count` players; `home_edges`
        (P1 first) when not the default seating; `first` when P1 does not move first."""
        if not MIN_PLAYERS <= player_count <= MAX_PLAYERS:
            raise RuleError(
                f"Flows is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {player_count}",
                rule="player-count",
            )
        if not 1 <= first <= player_count:
            raise RuleError(
                f"P{first} cannot move first: there is no P{first} in a {player_count}-player game",
                rule="turn-order",
            )
        if home_edges is None:
            home_edges = default_home_edges(player_count)
        if len(home_edges) != player_count:
            raise RuleError(
                f"{len(home_edges)} seats named for {player_count} players", rule="player-count"
            )
        problem = seating_problem(home_edges)
        if problem is not None:
            raise RuleError(problem, rule="seating")
        return cls(player_count=player_count, home_edges=tuple(home_edges), first=first)

    def home_edge(self, player: int) -> int:
        return self.home_edges[player - 1]

    def target_edge(self, player: int) -> int:
        return opposite_edge(self.home_edges[player - 1])

    @property
    def seating(self) -> str:
        """Where everyone sits, as a record's header names it: `P1 bottom, P2 upper-right`."""
        return ", ".join(f"P{p} {EDGE_NAMES[edge]}" for p, edge in enumerate(self.home_edges, 1))

    @property
    def groups(self) -> tuple[Group, ...]:
        """The route groups: the players who need one same chain across the board."""
        return groups_of(self.home_edges)

    # -- how the game stands ---------------------------------------------------------

    @property
    def seat(self) -> int:
        """The 0-based seat whose turn it is by the seat order, even once the game is
        over (P1 sits in seat 0)."""
        order = seat_order(self.home_edges, self.first)
        return order[len(self.placements) % len(order)] - 1

    @property
    def _mover(self) -> int:
        """The player whose turn it is (`seat` + 1), even once the game is over."""
        return self.seat + 1

    def at(self, hex_: Hex) -> tuple[int, int] | None:
        """(tile type, rotation) on a hex, or None when it is empty."""
        code = self.board[CELL_INDEX[hex_]]
        return None if code == EMPTY else divmod(code, 6)

    @property
    def result_text(self) -> str:
        """One line: who won, a tie, or who is to move."""
        if not self.winners:
            return f"in play: P{self._mover} to move"
        if self.stuck is not None:
            winner = self.winners[0]
            return f"P{winner} wins: the drawn T{self.stuck} has no legal placement"
        units = sorted({team_of(player, self.home_edges) for player in self.winners})
        names = [" and ".join(f"P{p}" for p in unit) for unit in units]
        if len(units) > 1:
            return "tie: " + ", ".join(names) + " complete on the same placement"
        verb = "win together" if len(units[0]) > 1 else "wins"
        return f"{names[0]} {verb}"

    # -- flows -------------------------------------------------------------------------

    @cached_property
    def flows(self) -> tuple[Flow, ...]:
        """Every player's flow, P1 first."""
        return tuple(self._flow(player) for player in range(1, self.player_count + 1))

    def _flow(self, player: int) -> Flow:
        paths: set[tuple[int, int, int]] = set()
        ends: set[tuple[int, int]] = set()
        for slot in EDGE_SLOTS[self.home_edge(player)]:
            cell, side = divmod(slot - OFF, 6)
            while self.board[cell] != EMPTY:
                out = PAIRING[self.board[cell]][side]
                paths.add((cell, min(side, out), max(side, out)))
                nxt = NEIGHBOUR[cell][out]
                if nxt < 0:
                    ends.add((cell, out))
                    break
                cell, side = nxt, opposite_side(out)
        target = self.target_edge(player)
        return Flow(
            player,
            tuple((CELLS[c], a, b) for c, a, b in sorted(paths)),
            tuple((CELLS[c], s) for c, s in sorted(ends)),
            any(EDGE_OF_END[OFF + c * 6 + s] == target for c, s in ends),
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

    def _place(self, move: Move) -> State:
        """The position after `move`; RuleError naming the rule it breaks."""
        reason = self._basic_problem(move)
        if reason is not None:
            raise reason
        cell = CELL_INDEX[move.hex]
        code = move.tile * 6 + move.rotation
        rule = self._placement_rule
        routes = rule.place(cell, code)  # known already for a listed placement
        if routes is None:
            problem = rule.problem(cell, code)
            raise RuleError(f"illegal placement of {_describe(move)}: {problem}", rule="placement")
        link = rule.links_after(cell, code)
        after = self._placed(move, cell, code, link)
        if len(routes) == len(self.groups):  # a win leaves none: the game is over
            object.__setattr__(after, _ROUTES, routes)
            object.__setattr__(after, _LINK, link)
        return after

    @cached_property
    def _placement_rule(self) -> PlacementRule:
        """The placement rule on this position, with the routes the move that made it left (an
        attribute, not a field: a state built any other way searches for its own). Kept,
        so a placement listed by `legal_placements` is not searched again when played."""
        return PlacementRule(self.board, self.groups, getattr(self, _ROUTES, None), self._links)

    @cached_property
    def _links(self) -> list[int]:
        """The position's links (`meeple.flows.links`): from the move that made it, if
        `play` left them, else worked out from the board."""
        given: list[int] | None = getattr(self, _LINK, None)
        return links_of(self.board) if given is None else given

    def _basic_problem(self, move: Move) -> RuleError | None:
        if self.is_over:
            return RuleError(
                f"the game is over ({self.result_text}): no more moves", rule="game-over"
            )
        if not 1 <= move.player <= self.player_count:
            return RuleError(
                f"there is no P{move.player} in a {self.player_count}-player game",
                rule="turn-order",
            )
        if move.player != self._mover:
            return RuleError(
                f"it is P{self._mover}'s turn, not P{move.player}'s", rule="turn-order"
            )
        cell = CELL_INDEX.get(move.hex)
        if cell is None or not 0 <= move.tile < TILE_TYPES or not 0 <= move.rotation < 6:
            return RuleError(f"{move} is not a placement on the board", rule="off-board")
        if self.board[cell] != EMPTY:
            by = self.placed_by[cell]
            return Occupied(move, self.placements[by], by)
        if self.bag[move.tile] == 0:
            return RuleError(
                f"no T{move.tile} is left in the bag: all {TILES_PER_TYPE} have been placed",
                rule="bag-empty",
            )
        return None

    def _placed(self, move: Move, cell: int, code: int, link: list[int]) -> State:
        """The position after `move` (legal), given its links: a player has won when a
        side of their home edge is linked (along placed paths) to one of their target's,
        which is where their flow runs (`flows` walks the same paths)."""
        bag = list(self.bag)
        bag[move.tile] -= 1
        after = State(
            player_count=self.player_count,
            home_edges=self.home_edges,
            board=(*self.board[:cell], code, *self.board[cell + 1 :]),
            placed_by=(*self.placed_by[:cell], len(self.placements), *self.placed_by[cell + 1 :]),
            bag=tuple(bag),
            placements=(*self.placements, move),
            first=self.first,
        )
        winners = tuple(
            player
            for player, home in enumerate(self.home_edges, start=1)
            if any(
                link[slot] >= OFF and EDGE_OF_END[link[slot]] == opposite_edge(home)
                for slot in EDGE_SLOTS[home]
            )
        )
        return after._replace(winners=winners) if winners else after

    def legal_placements(self, tile: int) -> list[Move]:
        """Every placement of a tile of type `tile` the player to move may make.

        Empty when the game is over or no tile of that type is left.
        """
        if self.is_over or not 0 <= tile < TILE_TYPES or self.bag[tile] == 0:
            return []
        if tile not in self._found:
            self._list((tile,))
        return list(self._found[tile])

    def _list(self, tiles: tuple[int, ...]) -> None:
        """Work out the legal placements of each of `tiles` (in the bag) into `_found`:
        all at once, so the route rule's hardest questions are swept together."""
        player = self._mover
        cells = tuple(cell for cell in range(CELL_COUNT) if self.board[cell] == EMPTY)
        for tile, by_cell in self._placement_rule.legal_placements(cells, tiles).items():
            self._found[tile] = tuple(
                Move(player, CELLS[cell], tile, rotation)
                for cell, rotations in zip(cells, by_cell, strict=True)
                for rotation in rotations
            )

    @cached_property
    def _found(self) -> dict[int, tuple[Move, ...]]:
        # Legal placements already listed, by tile type (in order): a search asks a
        # position for them again and again (the verdicts behind them stay in _placement_rule).
        return {}

    def violation(self, move: Move | NoPlacement) -> RuleError | None:
        """The rule `move` breaks now (a RuleError naming it, without a location), or None."""
        return violation_by_playing(self, move)

    def is_legal(self, move: Move | NoPlacement) -> bool:
        """Whether `play` accepts `move` now."""
        return self.violation(move) is None

    def _no_placement(self, tile: int) -> State:
        """The player to move drew `tile` and cannot place it anywhere: they win at once."""
        if self.is_over:
            raise RuleError(f"the game is over ({self.result_text})", rule="game-over")
        if self.bag[tile] == 0:
            raise RuleError(f"no T{tile} is left in the bag to draw", rule="bag-empty")
        if self.legal_placements(tile):
            raise RuleError(
                f"T{tile} has a legal placement, so P{self._mover} must place it", rule="must-place"
            )
        return State(
            player_count=self.player_count,
            home_edges=self.home_edges,
            board=self.board,
            placed_by=self.placed_by,
            bag=self.bag,
            placements=self.placements,
            winners=(self._mover,),
            stuck=tile,
            first=self.first,
        )

    # -- the engine protocol (meeple.engine: GameState, Drawing, Evaluating, Recording) ---

    def player_name(self, player: int) -> str:
        return f"P{player}"

    @property
    def to_move(self) -> int | None:
        """The player to place a tile; None once the game is over."""
        return None if self.is_over else self._mover

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def status(self) -> Status:
        if not self.is_over:
            return "playing"
        units = {team_of(player, self.home_edges) for player in self.winners}
        return "tie" if len(units) > 1 else "won"

    @property
    def history(self) -> tuple[Move | NoPlacement, ...]:
        """The placements so far, and the tile that fit nowhere if that ended the game."""
        if self.stuck is None:
            return self.placements
        return (*self.placements, NoPlacement(self.winners[0], self.stuck))

    def legal_moves(self) -> list[Move | NoPlacement]:
        """The legal moves for every tile that may be drawn, tile type by tile type.

        The cycle collector waits until they are listed (`cycles_uncollected`): listing
        makes no reference cycles, and a pass over the caller's heap in the middle of it
        (5-12 ms in the benchmark's process, finding nothing) is the caller's to pay."""
        found: list[Move | NoPlacement] = []
        with cycles_uncollected():
            missing = tuple(t for t, count in enumerate(self.bag) if count and t not in self._found)
            if missing and not self.is_over:  # every tile type's at once (see `_list`)
                self._list(missing)
            for draw, _ in self.draws():
                found += self.legal_moves_after(draw)
        return found

    def draws(self) -> list[tuple[str, float]]:
        """The tile types the player to move may draw (`T0`-`T3`), as likely as the bag says."""
        if self.is_over:
            return []
        left = sum(self.bag)
        return [(f"T{tile}", count / left) for tile, count in enumerate(self.bag) if count]

    def legal_moves_after(self, draw: str) -> list[Move | NoPlacement]:
        """The placements of the drawn tile type; if it fits nowhere, the win it brings."""
        tile = int(draw.removeprefix("T"))
        if self.is_over or not 0 <= tile < TILE_TYPES or not self.bag[tile]:
            return []
        return [*self.legal_placements(tile)] or [NoPlacement(self._mover, tile)]

    def play(self, move: Move | NoPlacement) -> State:
        """The position after `move`; RuleError naming the rule it breaks."""
        if isinstance(move, NoPlacement):
            if move.player != self._mover and not self.is_over:
                raise RuleError(
                    f"it is P{self._mover}'s turn, not P{move.player}'s", rule="turn-order"
                )
            return self._no_placement(move.tile)
        return self._place(move)

    def move_to_text(self, move: Move | NoPlacement) -> str:
        return str(move)

    def move_from_text(self, text: str) -> Move | NoPlacement:
        """`P1A1T0N`, or `P1T2-` for a drawn tile that fits nowhere; NotationError otherwise."""
        from meeple.flows.notation import parse_engine_move

        return parse_engine_move(text)

    def move_group(self, move: Move | NoPlacement) -> str:
        return f"T{move.tile}"

    def where_for(self, move: Move | NoPlacement, player: int) -> str:
        """The hex of a placement as `player` labels it (engine.Framed); "" for a pass."""
        return label_of_hex(player, move.hex) if isinstance(move, Move) else ""

    def evaluate(self, player: int) -> float:
        """From 0 to 1: how much nearer `player`'s (team's) flow is to its target than the
        nearest rival unit's (a one-ply heuristic: won 1, lost or tied-out 0).

        Nearness is `meeple.flows.reach`: the tiles a flow still needs, less a little for
        each extra empty hex it can take a shortest chain through (one tile blocks one
        of them); the unit to move gets a tempo. The lead goes through a logistic curve.
        """
        if self.is_over:
            return 1.0 if player in self.winners else 0.0
        return _judged(self._nearness, self.home_edges, self._mover, player)

    @cached_property
    def _nearness(self) -> dict[int, float]:
        """Minus the tiles each player's flow still needs, plus its extra ways forward."""
        return self._nearness_of(self._reaches)

    @cached_property
    def _reaches(self) -> Reaches:
        """The position's links as masks, for the nearness of it and of guessed moves."""
        return Reaches(self._links)

    def _nearness_of(
        self, reaches: Reaches, players: Iterable[int] | None = None
    ) -> dict[int, float]:
        """The nearness of `players` (all by default) given the links."""
        found = {}
        for player in range(1, self.player_count + 1) if players is None else players:
            needed, ways = reaches.reach(self.home_edge(player), self.target_edge(player))
            found[player] = -needed + _WAYS_BONUS * min(ways - 1, _WAYS_COUNTED)
        return found

    def guesses(self, draw: str | None) -> list[tuple[Move, tuple[float, ...]]]:
        """The placements of the drawn tile type (`T0`-`T3`) on every empty hex, each with
        what `evaluate` gives every player after it (P1 first), without playing them.

        The route rule is not checked, so `play` may refuse some (the `Guessing` protocol
        of meeple.engine); a tile that fits nowhere is not among them. Only placements on
        a hex of some flow's shortest chain (`reach.chain_cells`) are judged one by one:
        anywhere else a tile changes no flow's tiles needed, so such placements share the
        judgement of the position with the turn passed on.
        """
        tile = int(draw.removeprefix("T")) if draw else -1
        if self.is_over or not 0 <= tile < TILE_TYPES or not self.bag[tile]:
            return []
        link = self._links
        order = seat_order(self.home_edges, self.first)
        after_turn = order[(len(self.placements) + 1) % len(order)]
        players = range(1, self.player_count + 1)
        nearness = self._nearness
        unchanged = tuple(_judged(nearness, self.home_edges, after_turn, p) for p in players)
        player = self._mover
        judged: dict[tuple[int, tuple[int, ...]], tuple[float, ...]] = {}
        judgements: dict[tuple[float, ...], tuple[float, ...]] = {}
        found: list[tuple[Move, tuple[float, ...]]] = []
        for cell in range(CELL_COUNT):
            if self.board[cell] != EMPTY:
                continue
            on_chain = cell in self._chain_cells[0]
            for rotation in range(6):
                values = unchanged
                if on_chain:
                    pairing = PAIRING[tile * 6 + rotation]
                    key = (cell, pairing)
                    if key not in judged:
                        judged[key] = self._guessed(link, cell, pairing, after_turn, judgements)
                    values = judged[key]
                found.append((Move(player, CELLS[cell], tile, rotation), values))
        return found

    @cached_property
    def _chain_cells(self) -> tuple[set[int], dict[int, set[int]]]:
        """The hexes on some flow's shortest chain, and each player's."""
        link = self._links
        each = {
            player: chain_cells(link, self.home_edge(player), self.target_edge(player))
            for player in range(1, self.player_count + 1)
        }
        return set().union(*each.values()), each

    def _guessed(
        self,
        link: list[int],
        cell: int,
        pairing: tuple[int, ...],
        after_turn: int,
        judgements: dict[tuple[float, ...], tuple[float, ...]],
    ) -> tuple[float, ...]:
        """Every player's `evaluate` after a tile of `pairing` fills `cell` (the links
        changed as `play` would change them, no position built); `judgements` holds
        those worked out so far, by the flows' nearness."""
        # only the flows whose shortest chains pass `cell` can come nearer or go further
        changed = [p for p, cells in self._chain_cells[1].items() if cell in cells]
        after = self._reaches.after(cell, rejoin(link, cell, pairing))
        nearness = {**self._nearness, **self._nearness_of(after, changed)}
        # placements often leave the flows alike: each nearness is judged once
        key = tuple(nearness[p] for p in range(1, self.player_count + 1))
        if key not in judgements:
            judgements[key] = self._judgement(nearness, after_turn)
        return judgements[key]

    def _judgement(self, nearness: dict[int, float], after_turn: int) -> tuple[float, ...]:
        """Every player's `evaluate` given the flows' `nearness`, `after_turn` to move."""
        players = range(1, self.player_count + 1)
        winners = [p for p in players if nearness[p] >= 0]  # no tile left to place
        if winners:
            tie = len({team_of(p, self.home_edges) for p in winners}) > 1
            share = 1.0 / len(winners) if tie else 1.0
            return tuple(share if p in winners else 0.0 for p in players)
        return tuple(_judged(nearness, self.home_edges, after_turn, p) for p in players)

    def record(self) -> Record:
        """The game so far as a record (a tile that fit nowhere leaves a comment)."""
        players = f"{self.player_count}-player"
        if self.home_edges != default_home_edges(self.player_count):
            players += f", seats: {self.seating}"
        entries = [Entry(move) for move in self.placements]
        if self.stuck is not None:
            entries.append(Entry(None, self.result_text))
        return Record(tuple(entries), header=players, unfinished=not self.is_over, first=self.first)


def _judged(
    nearness: dict[int, float], home_edges: tuple[int, ...], turn: int, player: int
) -> float:
    """`State.evaluate` of a game in play, from the players' nearness and whose turn it is."""
    mine = team_of(player, home_edges)
    own = max(nearness[p] for p in mine)
    rivals = [nearness[p] for p in nearness if p not in mine]
    lead = own - max(rivals, default=own)
    lead += _TEMPO if turn in mine else -_TEMPO
    return 1 / (1 + math.exp(-_STEEPNESS * lead))


def _label(move: Move) -> str:
    return f"P{move.player}{label_of_hex(move.player, move.hex)}"


def _describe(move: Move) -> str:
    hex_ = move.hex
    return f"T{move.tile}{ORIENTATIONS[move.rotation]} on {_label(move)} ({hex_.x},{hex_.y})"


# -- a record replayed, its rule errors located on its lines --------------------------

QUORTEXTT_UNPAIRED = 5
"""The player count quortextt plays without partners and meeple's rules with them."""


def players_of(record: Record) -> int:
    """The header's player count (or its seats), or else the highest player number moving
    (at least 2)."""
    declared = notation.declared_players(record.header)
    if declared is not None:
        return declared
    home_edges = notation.declared_seats(record.header)
    if home_edges is not None:
        return len(home_edges)
    return max([MIN_PLAYERS, *(move.player for move in record.moves)])


def start_of(record: Record) -> State:
    """The empty board of a record's game, seated as its header says (or by its dialect's
    default), with the record's first player to move.

    quortextt plays five players without partners, one turn each a round; the rules of
    play pair four of them and give the fifth the missing partner's turns, another game:
    such a record is refused rather than replayed into a different result.
    """
    players = players_of(record)
    home_edges = notation.declared_seats(record.header)
    if record.dialect == QUORTEXTT and MIN_PLAYERS <= players <= MAX_PLAYERS:
        if players == QUORTEXTT_UNPAIRED:
            raise RuleError(
                "quortextt plays five players without partners, one turn each a round;"
                " meeple's rules pair four of them and give the fifth the missing"
                " partner's turns (docs/formats/flows.md), so this game cannot be replayed",
                rule="seating",
            )
        home_edges = home_edges or notation.dialect_seats(players, QUORTEXTT)
    return State.initial(players, home_edges, record.first)


def replay_text(
    text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None
) -> Iterator[State]:
    """Every state of the record in `text` (read in `dialect`, by default the header's or
    the detected one); errors located in `text`."""
    text = line_ends(text)
    parsed = notation.parse_located(text, source, dialect)
    yield from replay_parsed(parsed, text, source)


def replay_parsed(parsed: notation.Parsed, text: str, source: str) -> Iterator[State]:
    """Every state of a record parsed from `text`; rule errors located in `text`."""
    record, offsets = parsed.record, parsed.move_offsets
    try:
        state = start_of(record)
    except (RuleError, NotationError) as problem:
        raise RuleError.at(text, 0, problem.message, source, problem.rule) from None
    yield state
    for step, (move, offset) in enumerate(zip(record.moves, offsets, strict=True)):
        try:
            after = state.play(move)
        except Occupied as problem:
            told = problem.retold(lambda index: f"line {Location.of(text, offsets[index]).line}")
            told.message = _in_dialect(told.message, record, state, move)
            raise told.moved_to(Location.of(text, offset, source)).at_step(step) from None
        except RuleError as problem:
            message = _in_dialect(problem.message, record, state, move)
            raise RuleError.at(text, offset, message, source, problem.rule).at_step(step) from None
        state = after
        yield state


def _in_dialect(message: str, record: Record, state: State, move: Move) -> str:
    """A rule's message with the moves it names in the record's own labels: the rules
    name hexes in the seed's frames, which a quortextt record does not use."""
    if record.dialect != QUORTEXTT or not 1 <= move.player <= state.player_count:
        return message
    edge = state.home_edges[move.player - 1]
    seed_tile = f"T{move.tile}{ORIENTATIONS[move.rotation]} on "
    message = message.replace(
        seed_tile, f"T{move.tile}{ORIENTATIONS[(move.rotation - edge) % 6]} on "
    )
    for player in range(1, state.player_count + 1):
        seed = f"P{player}{label_of_hex(player, move.hex)}"
        seated = f"P{player}{seated_label_of_hex(state.home_edges[player - 1], move.hex)}"
        message = re.sub(rf"\b{seed}\b", seated, message)
    return message


def replay(record: Record) -> Iterator[State]:
    """Every state of a record, the initial one first; RuleError (located in the record as
    `dump` writes it) at the first illegal move."""
    yield from replay_text(notation.dump(record))
