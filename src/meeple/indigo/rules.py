"""The rules of indigo as quibbble plays them (games/indigo: state.go, board.go,
tile.go, builder.go; the deal from pkg/collection/collection.go).

The deck of 54 tiles is shuffled from the record's seed and each team is dealt one
tile (two in the `large_hands` variant). On its turn a team places a tile from its
hand, turned as it likes, on an empty hex; the gems next to it then travel along the
paths until they face an empty hex, leave by a gateway (scoring for its owners) or meet
another gem (both out of play). The team draws a new tile while the deck lasts. The
game ends when no gem is left in play: most points wins, then most gems; teams still
level all win (quibbble's tie). Each decision, and the file it comes from, is in
docs/formats/indigo.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Self, Unpack

from meeple.errors import RuleError
from meeple.gorand import GoRand
from meeple.indigo import notation
from meeple.indigo.model import (
    CENTRE,
    COPIES,
    EDGES,
    GATEWAY_HEXES,
    GEMS,
    HEXES,
    POINTS,
    ROWS,
    TILES,
    TREASURES,
    TURNS,
    VARIANTS,
    WRITINGS,
    Gateway,
    Gem,
    Place,
    Record,
    gateways,
    on_board,
    pairs,
)
from meeple.quibbble import Bridge, DealtState, Turn, at_tag, distinct_teams
from meeple.quibbble.state import team_to_move
from meeple.registry import Registered

Hex = tuple[int, int]
Travel = tuple[tuple[Gem, ...], list[Gem]] | RuleError
"""The gems after a placement and those it brought to a gateway, or why quibbble's game
cannot move them (`State._travel`)."""
_WORKED_OUT = frozenset({"_waiting", "_travels"})
"""What a state works out when first asked and keeps: no part of the position."""

# Where each edge leads (board.go `getAdjacent`): rows above the middle lean one way,
# rows below the other; the middle row takes a and b from above, d and e from below.
_ABOVE = {"a": (-1, -1), "b": (-1, 0), "c": (0, 1), "d": (1, 1), "e": (1, 0), "f": (0, -1)}
_BELOW = {"a": (-1, 0), "b": (-1, 1), "c": (0, 1), "d": (1, 0), "e": (1, -1), "f": (0, -1)}
_MIDDLE = ROWS // 2


def neighbour(row: int, column: int, edge: str) -> Hex:
    """The hex across `edge` of the hex at (`row`, `column`) (it may be off the board)."""
    steps = _ABOVE if row < _MIDDLE or (row == _MIDDLE and edge not in "de") else _BELOW
    down, across = steps[edge]
    return row + down, column + across


def opposite(edge: str) -> str:
    """The edge of the next hex that touches `edge` (board.go `edgeToEdge`)."""
    return EDGES[(EDGES.index(edge) + 3) % 6]


def destination(paths: str, edge: str) -> str | None:
    """Where a gem entering a tile by `edge` leaves it (tile.go `GetDestination`), or None
    where quibbble finds no way on: the central treasure, or a corner treasure entered
    by its third edge (the one its own gem sat on; quibbble's engine fails there)."""
    at = paths.find(edge)
    if at < 0:
        return None
    other = at + 1 if at % 2 == 0 else at - 1
    return paths[other] if other < len(paths) else None


def deal(
    seed: int, teams: int, hand_size: int
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The deck left and each team's hand after quibbble deals from `seed`.

    The 54 tiles are added kind by kind (models.go order), then shuffled by
    pkg/collection's `Shuffle`: for every position i in turn, swap it with the position
    `rand.Intn(54)` draws (not Go's own `rand.Shuffle`). Hands are drawn from the top,
    the first team's tiles first (state.go `newState`).
    """
    deck = [tile for tile, copies in zip(TILES, COPIES, strict=True) for _ in range(copies)]
    rng = GoRand(seed)
    for i in range(len(deck)):
        j = rng.intn(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    hands = tuple(tuple(deck[team * hand_size : (team + 1) * hand_size]) for team in range(teams))
    return tuple(deck[teams * hand_size :]), hands


class State(DealtState[Place]):
    """An indigo position (the engine protocol, meeple.engine): the tiles placed, the
    gems, the deck and hands as dealt from the seed, and each team's points."""

    game = Registered("indigo")

    def __init__(
        self,
        teams: Sequence[str],
        seed: int,
        variant: str = "classic",
        placed: Mapping[Hex, str] | None = None,
        gems: tuple[Gem, ...] = GEMS,
        deck: tuple[str, ...] = (),
        hands: tuple[tuple[str, ...], ...] = (),
        points: tuple[int, ...] = (),
        gem_counts: tuple[int, ...] = (),
        round_: int = 0,
        **turn: Unpack[Turn[Place]],
    ) -> None:
        super().__init__(teams, seed, **turn)
        self.variant = variant
        self.placed: dict[Hex, str] = dict(placed or {})
        self.gems = gems
        self.deck = deck
        self.hands = hands or tuple(() for _ in self.teams)
        self.points = points or (0,) * len(self.teams)
        self.gem_counts = gem_counts or (0,) * len(self.teams)
        self.round = round_
        self.gateways: tuple[Gateway, ...] = _gateways(len(self.teams))
        self._waiting: frozenset[Hex] | None = None
        self._travels: dict[Place, Travel] = {}

    def __eq__(self, other: object) -> bool:
        """Equal positions: the same values, whatever either has worked out already."""
        if type(other) is not type(self):
            return False
        mine = {k: v for k, v in vars(self).items() if k not in _WORKED_OUT}
        return mine == {k: v for k, v in vars(other).items() if k not in _WORKED_OUT}

    __hash__ = DealtState.__hash__

    @classmethod
    def initial(
        cls, teams: Sequence[str] = ("red", "blue"), seed: int = 0, variant: str = "classic"
    ) -> Self:
        """The board with its treasures and gems, the tiles dealt from `seed` as quibbble
        deals them; the first team places first. The teams are two to four distinct names
        (builder.go `Min`, `Max`); RuleError otherwise."""
        teams = distinct_teams(teams, "indigo", 2, 4)
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise RuleError(f"indigo has no variant {variant!r} (it has {known})", rule="variant")
        deck, hands = deal(seed, len(teams), VARIANTS[variant])
        return cls(teams, seed, variant, deck=deck, hands=hands)

    # What is where.
    def at(self, row: int, column: int) -> str | None:
        """The paths of the tile on (`row`, `column`) (a treasure's edges, `s` for the
        central one), or None for an empty hex."""
        return TREASURES.get((row, column)) or self.placed.get((row, column))

    def gems_in_play(self) -> int:
        return sum(gem.in_play for gem in self.gems)

    def record(self) -> Record:
        """The record of the placements so far (meeple.engine.Recording)."""
        return Record(self.tags(), self.history)

    def tags(self) -> dict[str, str]:
        """quibbble's tags for indigo: key, teams, seed and variant (indigo.go)."""
        return {**super().tags(), "seed": str(self.seed), "variant": self.variant}

    def waiting_for(self) -> str:
        return "must place a tile"

    def evaluate(self, player: int) -> float:
        """How well `player` (1-based) stands: 0.5, moved by its lead in points (the
        score quibbble's own AI plays for, ai.go) over 38, twice every gem's worth."""
        if self.is_over:
            return (1.0 / len(self.winners)) if player in self.winners else 0.0
        return _lead(self.points, player)

    # Moves.
    def legal_moves(self) -> list[Place]:
        """Every placement quibbble accepts, in quibbble's order (state.go `actions`):
        hex by hex, the team's tiles in hand order, each turned 0 to 5 times."""
        if self.is_over:
            return []
        faced = self._faced()
        moves = []
        kinds = dict.fromkeys(self.hands[self.seat])
        for row, column in HEXES:
            if self.at(row, column) is not None:
                continue
            for kind in kinds:
                for paths in TURNS[kind]:
                    move = Place(self.seat, paths, row, column)
                    if self._blocks_gateway(move) is not None:
                        continue
                    if (row, column) in faced and isinstance(self._travelled(move), RuleError):
                        continue
                    moves.append(move)
        return moves

    def _violation(self, move: Place) -> RuleError | None:
        kind = WRITINGS.get(move.tile)
        if kind is None:
            return RuleError(_unknown_tile(move.tile), rule="tile", part=0)
        if kind not in self.hands[move.team]:
            held = " and ".join(self.hands[move.team]) or "no tile"
            name = self.teams[move.team]
            message = f"{name} does not hold the tile {move.tile} (its hand: {held})"
            return RuleError(message, rule="hand", part=0)
        where = f"({move.row},{move.column})"
        if not on_board(move.row, move.column):
            message = f"{where} is off the board (rows 0 to 8, of 5 to 9 hexes)"
            return RuleError(message, rule="bounds", part=1)
        if (move.row, move.column) in TREASURES:
            return RuleError(f"{where} holds a treasure tile", rule="treasure", part=1)
        if (move.row, move.column) in self.placed:
            return RuleError(f"{where} already holds a tile", rule="occupied", part=1)
        blocked = self._blocks_gateway(move)
        if blocked is not None:
            return blocked
        if (move.row, move.column) in self._faced():
            travelled = self._travelled(move)
            if isinstance(travelled, RuleError):
                return travelled
        return None

    def guesses(self, draw: str | None) -> list[tuple[Place, tuple[float, ...]]]:
        """Every legal placement (`legal_moves`) with what `evaluate` (or, where it ends
        the game, the result) gives every player after it, seat 1 first, without playing
        it (meeple.engine.Guessing): a placement where no gem waits changes no points, so
        most share the judgement of this position; the others are judged by their
        gems' walk. Indigo draws nothing hidden: `draw` is not read."""
        if self.is_over:
            return []
        players = range(1, len(self.teams) + 1)
        unchanged = tuple(self.evaluate(player) for player in players)
        faced = self._faced()
        found = []
        for move in self.legal_moves():
            values = unchanged
            if (move.row, move.column) in faced:
                gems, points, counts = self._outcome(move)
                values = _judged(gems, points, counts, players)
            found.append((move, values))
        return found

    def _outcome(self, move: Place) -> tuple[tuple[Gem, ...], list[int], list[int]]:
        """The gems after `move`, and each team's points and gems scored."""
        gems: tuple[Gem, ...] = self.gems
        scored: list[Gem] = []
        if (move.row, move.column) in self._faced():
            # elsewhere no gem moves: each waits at an empty hex (most placements of a search)
            travelled = self._travelled(move)
            assert not isinstance(travelled, RuleError)
            gems, scored = travelled
        points, counts = list(self.points), list(self.gem_counts)
        for gem in scored:
            for owner in self._gateway(gem.gateway).owners:
                points[owner] += POINTS[gem.colour]
                counts[owner] += 1
        return gems, points, counts

    def _after(self, move: Place) -> Self:
        gems, points, counts = self._outcome(move)
        hands = list(self.hands)
        hand = list(hands[move.team])
        hand.remove(WRITINGS[move.tile])
        deck = self.deck
        if deck:
            hand.append(deck[0])
            deck = deck[1:]
        hands[move.team] = tuple(hand)
        seat = (self.seat + 1) % len(self.teams)
        round_ = self.round + (seat == 0)
        winners: tuple[int, ...] = ()
        if not any(gem.in_play for gem in gems):
            winners = _winners(points, counts)
        return type(self)(
            self.teams,
            self.seed,
            self.variant,
            {**self.placed, (move.row, move.column): move.tile},
            gems,
            deck,
            tuple(hands),
            tuple(points),
            tuple(counts),
            round_,
            seat=seat,
            winners=winners,
            history=(*self.history, move),
        )

    def move_group(self, move: Place) -> str:
        """Moves are listed by the tile placed, as quibbble writes it unturned."""
        return WRITINGS.get(move.tile, move.tile)

    # Gateways and gems.
    def _gateway(self, edges: str) -> Gateway:
        return next(gateway for gateway in self.gateways if gateway.edges == edges)

    def _blocks_gateway(self, move: Place) -> RuleError | None:
        """A tile may not join a gateway hex's two outer edges (board.go `place`); quibbble
        looks for the pair written in the gateway's order (`ab`, not `ba`)."""
        edges = _GATEWAY_AT.get((move.row, move.column))
        if edges is None:
            return None
        written = _PAIRS.get(move.tile) or {move.tile[i : i + 2] for i in range(0, 6, 2)}
        for gateway in self.gateways:
            if gateway.edges == edges and edges in written:
                message = (
                    f"{move.tile} on ({move.row},{move.column}) joins edges"
                    f" {gateway.edges[0]} and {gateway.edges[1]}, blocking the gateway"
                )
                return RuleError(message, rule="gateway", part=0)
        return None

    def _faced(self) -> frozenset[Hex]:
        """The empty hexes a gem waits at (placing there moves it); worked out once."""
        if self._waiting is None:
            faced: set[Hex] = set()
            for gem in self.gems:
                if not gem.in_play:
                    continue
                if gem.edge == CENTRE:
                    faced.update(neighbour(_MIDDLE, _MIDDLE, edge) for edge in EDGES)
                else:
                    faced.add(neighbour(gem.row, gem.column, gem.edge))
            self._waiting = frozenset(faced)
        return self._waiting

    def _travelled(self, move: Place) -> Travel:
        """`_travel`, worked out once a move: listing the moves, checking one and playing
        it each need it."""
        found = self._travels.get(move)
        if found is None:
            found = self._travels[move] = self._travel(move)
        return found

    def _travel(self, move: Place) -> Travel:
        """The gems after `move`'s tile is laid, and those it brought to a gateway; a
        RuleError if one would go where quibbble's game cannot move it.

        As board.go `moveGems`: gems move in quibbble's order, one step per pass, passes
        repeated until none moves; in the first pass one gem (the first still there)
        leaves the central treasure if the tile touches it. A gem about to enter by the
        edge another gem sits at stops, and both are out of play.
        """
        at: Hex | None = (move.row, move.column)
        gems = list(self.gems)
        tiles: dict[Hex, str] = {**TREASURES, **self.placed, (move.row, move.column): move.tile}
        first: list[int] | None = None
        while True:
            moved = []
            centre_left = False
            for index in range(len(gems)):
                gem = gems[index]
                if gem.collided or gem.gateway:  # out of play
                    continue
                if gem.edge == CENTRE:
                    if centre_left or at is None:
                        continue
                    side = _CENTRE_SIDES.get(at)
                    if side is None:
                        continue
                    centre_left = True
                    (row, column), entry = at, opposite(side)
                    paths = move.tile
                else:
                    (row, column), entry = _ACROSS[gem.row, gem.column, gem.edge]
                    found = tiles.get((row, column))  # off the board: none
                    if found is None:
                        continue
                    paths = found
                met = next(
                    (
                        i
                        for i, g in enumerate(gems)
                        if g.edge == entry and g.row == row and g.column == column
                    ),
                    None,
                )
                if met is not None:
                    gems[index] = replace(gem, collided=True)
                    gems[met] = replace(gems[met], collided=True)
                    continue
                leaves = destination(paths, entry)
                if leaves is None:
                    return _stuck(gem, row, column, entry)
                gateway = _GATEWAY_AT.get((row, column), "")
                reached = gateway if leaves in gateway else ""
                gems[index] = Gem(gem.colour, row, column, leaves, gem.collided, reached)
                moved.append(index)
            if first is None:
                first = moved
            if not moved:
                break
            at = None
        return tuple(gems), [gems[i] for i in first if gems[i].gateway]


_ACROSS: dict[tuple[int, int, str], tuple[Hex, str]] = {
    (row, column, edge): (neighbour(row, column, edge), opposite(edge))
    for row, column in HEXES
    for edge in EDGES
}
"""Each hex's edge -> the hex across it and the edge there that touches it."""
_CENTRE_SIDES = {neighbour(_MIDDLE, _MIDDLE, edge): edge for edge in EDGES}
"""The hexes around the central treasure (where its gems wait) -> the edge facing each."""
_GATEWAY_AT = {hex_: edges for edges, hexes in GATEWAY_HEXES.items() for hex_ in hexes}
"""The gateway edges (`ab`...) of each gateway hex."""
_PAIRS: dict[str, frozenset[str]] = {
    paths: frozenset(paths[i : i + 2] for i in range(0, 6, 2))
    for writings in TURNS.values()
    for paths in writings
}
"""Each way a tile is written -> its three paths as written (`af`, `bc`, `de`)."""

_GATEWAYS = {teams: gateways(teams) for teams in (2, 3, 4)}


def _gateways(teams: int) -> tuple[Gateway, ...]:
    """The gateways of a game of `teams` teams (made once for each number)."""
    found = _GATEWAYS.get(teams)
    return gateways(teams) if found is None else found


def _lead(points: Sequence[int], player: int) -> float:
    """`State.evaluate` of a game still on, from each team's points."""
    mine = points[player - 1]
    best = max(p for seat, p in enumerate(points) if seat != player - 1)
    return min(1.0, max(0.0, 0.5 + (mine - best) / 38))


def _judged(
    gems: Sequence[Gem], points: Sequence[int], counts: Sequence[int], players: range
) -> tuple[float, ...]:
    """What `State.evaluate` gives each of `players` in the position with these gems and
    scores (a winner's share of 1 once no gem is in play)."""
    if any(gem.in_play for gem in gems):
        return tuple(_lead(points, player) for player in players)
    winners = _winners(points, counts)
    return tuple(1.0 / len(winners) if player - 1 in winners else 0.0 for player in players)


def _stuck(gem: Gem, row: int, column: int, entry: str) -> RuleError:
    if (row, column) == (_MIDDLE, _MIDDLE):
        where = "onto the central treasure tile"
    else:
        where = f"into the treasure tile at ({row},{column}) by its edge {entry}"
    message = (
        f"the {gem.colour} gem at ({gem.row},{gem.column}) would travel {where}, where"
        " quibbble's game has no path for it (its engine fails)"
    )
    return RuleError(message, rule="treasure-path")


def _unknown_tile(paths: str) -> str:
    same = next((w for w in WRITINGS if pairs(w) == pairs(paths)), None)
    hint = f"; quibbble writes that tile {same}" if same else ""
    return f"{paths} is no indigo tile as quibbble writes one{hint}"


def _winners(points: Sequence[int], counts: Sequence[int]) -> tuple[int, ...]:
    """Most points, then most gems among those level; the rest still level all win
    (state.go: quibbble's tie)."""
    best = max(points)
    level = [seat for seat, p in enumerate(points) if p == best]
    most = max(counts[seat] for seat in level)
    return tuple(seat for seat in level if counts[seat] == most)


def start_of(record: Record) -> State:
    """The dealt board of a record's game: its teams, its seed (required: see
    docs/formats/indigo.md) and its variant (classic when the tag is absent)."""
    seed = record.dealt_seed(
        "indigo deals its tiles from the seed tag, and this record has none (quibbble"
        " would deal from its clock, which no replay can repeat)"
    )
    variant = record.variant if record.variant is not None else "classic"
    try:
        return State.initial(record.teams, seed, variant)
    except RuleError as problem:
        raise (at_tag(problem, "variant") if problem.rule == "variant" else problem) from None


BRIDGE = State.bridge = Bridge[Place, Record, State](
    "indigo", Record, notation.read_action, notation.write_action, start_of, notation.PLACE
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal move."""


def state_json(state: State) -> Mapping[str, Any]:
    """The tiles (treasures as their edges), the gems, hands, points and who moves."""
    from meeple.indigo.model import HEXES

    return {
        "tiles": {f"{r},{c}": state.at(r, c) for r, c in HEXES if state.at(r, c)},
        "gems": [
            {
                "colour": gem.colour,
                "row": gem.row,
                "column": gem.column,
                "edge": gem.edge,
                "collided": gem.collided,
                "gateway": gem.gateway or None,
            }
            for gem in state.gems
        ],
        "hands": dict(zip(state.teams, (list(hand) for hand in state.hands), strict=True)),
        "points": dict(zip(state.teams, state.points, strict=True)),
        "gem_counts": dict(zip(state.teams, state.gem_counts, strict=True)),
        "deck": len(state.deck),
        "round": state.round,
        "turn": team_to_move(state),
    }
