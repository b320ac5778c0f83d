"""The rules of carcassonne as quibbble plays them (games/carcassonne: state.go, board.go,
tile.go, structure.go, deck.go, builder.go).

The 71 tiles are shuffled from the record's seed and each team draws one, the first
team first; the start tile lies at (0,0). On its turn a team places the tile it holds,
turned as it likes, beside the tiles on the board with every side matching; then it
places one of its 7 tokens on that tile (a knight in a city, a thief on a road, a farmer
on a field, a monk in a cloister) where no token already claims the structure, or
passes. quibbble passes for it when it has no token left or nothing to claim. Then the
structures the tile finished score for the teams with most tokens in them (who get the
tokens back), the team draws its next tile, and the next team plays; a tile that fits
nowhere is put back and another drawn. When every tile is played the unfinished
structures and the fields score, and most points wins (every team level on most ties).
Each decision, and the file it comes from, is in docs/formats/carcassonne.md.

quibbble's own searches are reproduced as they run, their quirks with them (a road or
city is walked tile by tile, squares are told apart by `fmt.Sprintf("%d%d", x, y)`), so
that every record replays as quibbble's game replays it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self, Unpack

from meeple.carcassonne import notation
from meeple.carcassonne.model import (
    ACROSS,
    ACROSS_FARM,
    CITY,
    CLOCKWISE,
    CLOISTER,
    COUNTERCLOCKWISE,
    DECK,
    FARM,
    FARMER,
    KNIGHT,
    MONK,
    ROAD,
    SIDE_NAMES,
    SIDES,
    START,
    STEP,
    STRUCTURES,
    SUPPLY,
    THIEF,
    TOKEN_OF,
    TOKENS,
    Claim,
    Move,
    Place,
    Record,
    Skip,
    Tile,
    Token,
)
from meeple.errors import RuleError
from meeple.gorand import GoRand
from meeple.qgn.model import Action
from meeple.quibbble import Bridge, DealtState, TeamsState, Turn, distinct_teams
from meeple.quibbble.bridge import from_seed
from meeple.quibbble.state import team_to_move
from meeple.registry import Registered

Square = tuple[int, int]
Board = Mapping[Square, Tile]


def neighbour(x: int, y: int, side: str) -> Square:
    dx, dy = STEP[side]
    return x + dx, y + dy


def _key(x: int, y: int) -> str:
    """How quibbble's searches name a square (board.go: `fmt.Sprintf("%d%d", x, y)`, so
    (1,11) and (11,1) are one square to them)."""
    return f"{x}{y}"


# Structures, as board.go finds them.
@dataclass
class Node:
    """A tile of a structure and the sides (farm sides for a field) it takes part by."""

    x: int
    y: int
    sides: list[str]


@dataclass
class Structure:
    """A city, road or field (`c`, `r`, `f`), whether it is finished, and its tiles."""

    kind: str
    complete: bool
    nodes: list[Node] = field(default_factory=list)

    def squares(self) -> set[Square]:
        return {(node.x, node.y) for node in self.nodes}


def _city_sides(tile: Tile, side: str) -> list[str]:
    """The other city sides a city side leads to (tile.go `connectedCitySides`)."""
    if not tile.connected:
        return []
    return [s for s in SIDES if s != side and tile.side(s) == CITY]


def _road_sides(tile: Tile, side: str) -> list[str]:
    """The other end of a road entering by `side`; none at a crossing (tile.go)."""
    others = [s for s in SIDES if s != side and tile.side(s) == ROAD]
    return others if len(others) == 1 else []


def _half(side: str, ab: str) -> str:
    return side + ab


def _other(ab: str) -> str:
    return "b" if ab == "a" else "a"


def _farm_sides(tile: Tile, farm_side: str) -> list[str]:
    """The farm sides of `tile` one field reaches from `farm_side` (tile.go
    `connectedFarmSides`), as quibbble lists them."""
    side, ab = farm_side[0], farm_side[1]
    out: list[str] = []
    if tile.centre == CLOISTER:
        out.append(_half(side, _other(ab)))
        for s in (CLOCKWISE[side], COUNTERCLOCKWISE[side], ACROSS[side]):
            out += [_half(s, "a"), _half(s, "b")]
        return out
    here = tile.side(side)
    cw, ccw, across = CLOCKWISE[side], COUNTERCLOCKWISE[side], ACROSS[side]
    if here == FARM:
        out.append(_half(side, _other(ab)))
        if tile.side(cw) == ROAD:
            out.append(_half(cw, "a"))
        elif tile.side(cw) == FARM:
            out += [_half(cw, "a"), _half(cw, "b")]
        if tile.side(ccw) == ROAD:
            out.append(_half(ccw, "b"))
        elif tile.side(ccw) == FARM:
            out += [_half(ccw, "a"), _half(ccw, "b")]
        if (tile.side(cw) == ROAD and tile.side(ccw) == ROAD) or (
            tile.side(cw) == CITY and tile.side(ccw) == CITY and tile.connected
        ):
            return out
        if tile.side(cw) == ROAD and tile.side(across) == ROAD:
            out.append(_half(across, "b"))
        elif tile.side(ccw) == ROAD and tile.side(across) == ROAD:
            out.append(_half(across, "a"))
        elif tile.side(across) in (ROAD, FARM):
            out += [_half(across, "a"), _half(across, "b")]
    elif here == ROAD:
        near, blocked = (ccw, cw) if ab == "a" else (cw, ccw)
        if tile.side(near) == ROAD:
            out.append(_half(near, _other(ab)))
            return out
        if tile.side(near) == FARM:
            out += [_half(near, "a"), _half(near, "b")]
        if tile.side(across) == ROAD:
            out.append(_half(across, _other(ab)))
            return out
        if tile.side(across) == FARM:
            out += [_half(across, "a"), _half(across, "b")]
        if tile.side(blocked) == ROAD:
            out.append(_half(blocked, _other(ab)))
        elif tile.side(blocked) == FARM:
            out += [_half(blocked, "a"), _half(blocked, "b")]
    return out


def _walk(board: Board, x: int, y: int, side: str, kind: str) -> Structure | None:
    """The city or road through `side` of the tile at (x, y) (board.go `generateCity`,
    depth first, and `generateRoad`, breadth first); None if that side is not one."""
    start = board.get((x, y))
    if start is None or start.side(side) != kind:
        return None
    city = kind == CITY
    complete = True
    seen: list[Node] = []
    visited = {_key(x, y)}
    waiting: list[tuple[int, int, str]] = [(x, y, side)]
    while waiting:
        fx, fy, fside = waiting.pop(0)
        tile = board[(fx, fy)]
        leads = _city_sides(tile, fside) if city else _road_sides(tile, fside)
        node = Node(fx, fy, [*leads, fside])
        seen.append(node)
        for s in list(node.sides):
            ax, ay = neighbour(fx, fy, s)
            if (ax, ay) not in board:
                complete = False
            elif _key(ax, ay) in visited:
                # The same city or road met again by another of a tile's sides.
                for other in seen:
                    if (other.x, other.y) == (ax, ay) and ACROSS[s] not in other.sides:
                        other.sides.append(ACROSS[s])
            else:
                entry = (ax, ay, ACROSS[s])
                if city:
                    waiting.insert(0, entry)
                else:
                    waiting.append(entry)
                visited.add(_key(ax, ay))
        if not waiting and (not city or not tile.connected):
            for s in SIDES:
                if tile.side(s) != kind:
                    continue
                ax, ay = neighbour(fx, fy, s)
                met = any((o.x, o.y) == (ax, ay) and ACROSS[s] in o.sides for o in seen)
                if met and s not in node.sides:
                    node.sides.append(s)
    return Structure(kind, complete, seen)


def city(board: Board, x: int, y: int, side: str) -> Structure | None:
    return _walk(board, x, y, side, CITY)


def road(board: Board, x: int, y: int, side: str) -> Structure | None:
    return _walk(board, x, y, side, ROAD)


def farm(board: Board, x: int, y: int, farm_side: str) -> Structure | None:
    """The field through half-side `farm_side` of the tile at (x, y) (board.go
    `generateFarm`); None if that side is a city."""
    start = board.get((x, y))
    if start is None or start.side(farm_side[0]) not in (FARM, ROAD):
        return None
    seen: list[Node] = []
    visited = {_key(x, y) + farm_side}
    waiting = [(x, y, farm_side)]
    while waiting:
        fx, fy, fside = waiting.pop(0)
        tile = board[(fx, fy)]
        if tile.side(fside[0]) == CITY:  # quibbble's search would fail here; never met
            return None
        halves = [*_farm_sides(tile, fside), fside]
        known = next((n for n in seen if _key(n.x, n.y) == _key(fx, fy)), None)
        if known is None:
            seen.append(Node(fx, fy, list(halves)))
        else:
            known.sides += [h for h in halves if h not in known.sides]
        for half in halves:
            ax, ay = neighbour(fx, fy, half[0])
            # quibbble marks the neighbour visited by this tile's half, not its own.
            mark = _key(ax, ay) + half
            if (ax, ay) in board and mark not in visited:
                waiting.append((ax, ay, ACROSS_FARM[half]))
                visited.add(mark)
    return Structure(FARM, False, seen)


def neighbours_of_cloister(board: Board, x: int, y: int) -> int:
    """How many of the eight squares round (x, y) hold a tile (board.go)."""
    return sum(
        (x + dx, y + dy) in board for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
    )


def tokens_in(tokens: Iterable[Token], structure: Structure) -> list[Token]:
    """The tokens standing in a structure (state.go `tokensInStructure`)."""
    kind = TOKEN_OF[structure.kind]
    return [
        token
        for token in tokens
        for node in structure.nodes
        if token.kind == kind
        and (node.x, node.y) == (token.x, token.y)
        and token.side in node.sides
    ]


def majority(inside: Sequence[Token]) -> list[int]:
    """The teams with most tokens in a structure, who all score it (state.go
    `pointsWinners`)."""
    tally: dict[int, int] = {}
    for token in inside:
        tally[token.team] = tally.get(token.team, 0) + 1
    most = max(tally.values(), default=0)
    return sorted(team for team, count in tally.items() if count == most)


def city_points(board: Board, structure: Structure) -> int:
    """2 a tile and 2 a shield for a finished city, 1 and 1 for an unfinished one."""
    each = 2 if structure.complete else 1
    return sum(each + (each if board[(n.x, n.y)].banner else 0) for n in structure.nodes)


def road_points(structure: Structure) -> int:
    """1 a tile, finished or not."""
    return len(structure.nodes)


def farm_points(board: Board, field: Structure, cities: Sequence[Structure]) -> int:
    """3 for each finished city the field touches (structure.go `scoreFarm`: a city
    finished twice over, by two sides of one tile, counts twice)."""
    points = 0
    for town in cities:
        if not town.complete:
            continue
        if any(_touches(board, f, c) for f in field.nodes for c in town.nodes):
            points += 3
    return points


def _touches(board: Board, field_node: Node, city_node: Node) -> bool:
    if (field_node.x, field_node.y) != (city_node.x, city_node.y):
        return False
    tile = board[(city_node.x, city_node.y)]
    touching: list[str] = []
    for side in city_node.sides:
        cw, ccw, across = CLOCKWISE[side], COUNTERCLOCKWISE[side], ACROSS[side]
        right, left, facing = tile.side(cw), tile.side(ccw), tile.side(across)
        if right == ROAD:
            touching.append(_half(cw, "a"))
        elif right == FARM:
            touching += [_half(cw, "a"), _half(cw, "b")]
        if left == ROAD:
            touching.append(_half(ccw, "b"))
        elif left == FARM:
            touching += [_half(ccw, "a"), _half(ccw, "b")]
        if (right, left) in ((ROAD, ROAD), (CITY, ROAD), (ROAD, CITY)):
            continue
        if facing == FARM:
            touching += [_half(across, "a"), _half(across, "b")]
        elif facing == ROAD and right == ROAD:
            touching.append(_half(across, "b"))
        elif facing == ROAD and left == ROAD:
            touching.append(_half(across, "a"))
    return any(half in field_node.sides for half in touching)


def _fits(board: Board, x: int, y: int, tile: Tile) -> bool:
    return all(
        (other := board.get(neighbour(x, y, side))) is None
        or other.side(ACROSS[side]) == tile.side(side)
        for side in SIDES
    )


def empty_squares(board: Board) -> list[Square]:
    """The empty squares beside the tiles on the board, top row first."""
    squares = {neighbour(x, y, side) for x, y in board for side in SIDES} - set(board)
    return sorted(squares, key=lambda s: (-s[1], s[0]))


def playable(board: Board, order: Sequence[Square], tile: Tile | None) -> bool:
    """Whether quibbble finds a place for `tile` (board.go `playable`): its list of empty
    squares names them as its searches do, so two squares one name merges are one place,
    with the sides of both around it."""
    if tile is None:
        return False
    spaces: dict[str, tuple[Square, dict[str, Tile]]] = {}
    for x, y in order:
        for side in SIDES:
            at = neighbour(x, y, side)
            if at not in board and _key(*at) not in spaces:
                spaces[_key(*at)] = (at, {})
    for x, y in order:
        for side in SIDES:
            at = neighbour(x, y, side)
            if at not in board:
                spaces[_key(*at)][1][ACROSS[side]] = board[(x, y)]
    for turned in (tile.turned(k) for k in range(4)):
        for _, around in spaces.values():
            if all(t.side(ACROSS[s]) == turned.side(s) for s, t in around.items()):
                return True
    return False


def deal(seed: int, teams: int) -> tuple[list[Tile], list[Tile | None], GoRand]:
    """The deck left, each team's tile and the random source after quibbble deals from
    `seed` (deck.go `newDeck`, state.go `newState`).

    The 71 tiles are laid out kind by kind (models.go order), then shuffled by deck.go's
    own loop: for every position i in turn, swap it with position `rand.Intn(71)`. Tiles
    are drawn from the end of the deck, the first team's first.
    """
    rng = GoRand(seed)
    deck = [kind for kind, amount in DECK for _ in range(amount)]
    _shuffle(deck, rng)
    hands: list[Tile | None] = [deck.pop() for _ in range(teams)]
    return deck, hands, rng


def _shuffle(deck: list[Tile], rng: GoRand) -> None:
    """deck.go `Shuffle`."""
    for i in range(len(deck)):
        j = rng.intn(len(deck))
        if i != j:
            deck[i], deck[j] = deck[j], deck[i]


TOKEN_WORTH = (4.0, 3.5, 3.0, 2.5, 2.0, 1.5, 1.0)
"""What a token in a team's supply is worth to the evaluation, in points, while the deck
is full: the last one left most, the seventh least (a team with none can claim nothing,
and quibbble's AI, with its tokens spent early, is left with structures that never
finish)."""

RETURN_WORTH = 2.0
"""What a token on the board is worth to its team, in points, times the chance its
structure is finished and gives it back while tiles are left."""

TOKEN_HORIZON = 20
"""Tiles left in the deck below which a token in the supply, and a structure's chance to
be finished or to grow, count less and less (nothing once the deck is empty)."""

CLOSING = 0.85
"""The chance a city or road with one open side is finished while the deck is full; each
further open side multiplies it by `OPEN_SIDE`."""

OPEN_SIDE = 0.7

CLOISTER_FILL = 0.75
"""The share of a cloister's empty neighbouring squares expected to be filled while the
deck is full."""

FIELD_CITY = 3
"""What a field scores at the end for each finished city it touches."""


def _open_sides(board: Board, structure: Structure) -> int:
    """How many sides of a city's or road's tiles lead to an empty square."""
    return sum(neighbour(n.x, n.y, s) not in board for n in structure.nodes for s in n.sides)


def _closing(board: Board, structure: Structure, early: float) -> float:
    """The chance an unfinished city or road is finished before the deck runs out."""
    return early * CLOSING * OPEN_SIDE ** max(0, _open_sides(board, structure) - 1)


def _cities_near(state: State, field: Structure) -> list[Structure]:
    """The unfinished cities on a field's tiles that the field touches (as `farm_points`
    tells touching)."""
    board = state.board
    found: list[Structure] = []
    seen: set[tuple[int, int, str]] = set()
    for node in field.nodes:
        tile = board[(node.x, node.y)]
        for side in SIDES:
            if tile.side(side) != CITY or (node.x, node.y, side) in seen:
                continue
            town = state.structure(CITY, node.x, node.y, side)
            assert town is not None
            seen.update((n.x, n.y, s) for n in town.nodes for s in n.sides)
            if not town.complete and any(
                _touches(board, f, c) for f in field.nodes for c in town.nodes
            ):
                found.append(town)
    return found


class State(DealtState[Move]):
    """A carcassonne position (the engine protocol, meeple.engine): the tiles placed and
    their order, the tokens on them, each team's tile in hand, supply and points, the
    deck as dealt from the seed and the random source that reshuffles it."""

    game = Registered("carcassonne")

    def __init__(
        self,
        teams: Sequence[str],
        seed: int,
        board: Mapping[Square, Tile] | None = None,
        order: tuple[Square, ...] | None = None,
        hands: tuple[Tile | None, ...] = (),
        last: tuple[Square | None, ...] = (),
        tokens: tuple[Token, ...] = (),
        supply: tuple[int, ...] = (),
        scores: tuple[int, ...] = (),
        deck: tuple[Tile, ...] = (),
        rng: GoRand | None = None,
        finished: tuple[Structure, ...] = (),
        walks: dict[tuple[str, int, int, str], Structure | None] | None = None,
        **turn: Unpack[Turn[Move]],
    ) -> None:
        super().__init__(teams, seed, **turn)
        self.board: dict[Square, Tile] = dict(board) if board is not None else {(0, 0): START}
        self.order = order if order is not None else tuple(self.board)
        """The squares in the order their tiles were laid (quibbble's searches go by it)."""
        self.hands = hands or (None,) * len(self.teams)
        self.last = last or (None,) * len(self.teams)
        self.tokens = tokens
        self.supply = supply or (SUPPLY,) * len(self.teams)
        self.scores = scores or (0,) * len(self.teams)
        self.deck = deck
        self.rng = rng if rng is not None else GoRand(seed)
        self.finished = finished
        """The cities finished so far, each as often as quibbble counted it (fields
        score by them at the end)."""
        self.walks = walks if walks is not None else {}
        """The structures found on this board so far (`structure`), shared with the
        positions a token move leads to, whose board is the same: a search judges every
        token of a placement, and the walks, fields most, were most of the time."""

    def __eq__(self, other: object) -> bool:
        """Equal games hold the same values; their random sources, made by the same seed
        and moves, are then equal too."""
        if type(other) is not type(self):
            return False
        mine, theirs = dict(vars(self)), dict(vars(other))
        for name in ("rng", "walks"):
            mine.pop(name), theirs.pop(name)
        return mine == theirs

    __hash__ = TeamsState.__hash__

    @classmethod
    def initial(cls, teams: Sequence[str] = ("red", "blue"), seed: int = 0) -> Self:
        """The start tile at (0,0) and one tile for each team, dealt from `seed` as
        quibbble deals them; the first team places first. The teams are two to four
        distinct names (builder.go `Min`, `Max`); RuleError otherwise."""
        teams = distinct_teams(teams, "carcassonne", 2, 4)
        deck, hands, rng = deal(seed, len(teams))
        return cls(teams, seed, hands=tuple(hands), deck=tuple(deck), rng=rng)

    # What is where.
    def structure(self, kind: str, x: int, y: int, side: str) -> Structure | None:
        """The city, road or field (`c`, `r`, `f`) through `side` (a half-side for a
        field) of the tile at (x, y), as `city`, `road` and `farm` find it; None if that
        side is not one. Each is walked once a board (`walks`)."""
        key = (kind, x, y, side)
        walks = self.walks
        if key in walks:
            return walks[key]
        walk = city if kind == CITY else road if kind == ROAD else farm
        found = walks[key] = walk(self.board, x, y, side)
        return found

    @property
    def placing(self) -> bool:
        """Whether the team to move must place a tile (else a token, or pass)."""
        return not self.is_over and self.hands[self.seat] is not None

    def record(self) -> Record:
        """The record of the moves so far (meeple.engine.Recording)."""
        return Record(self.tags(), self.history)

    def tags(self) -> dict[str, str]:
        """quibbble's tags for carcassonne: key, teams and seed (carcassonne.go)."""
        return {**super().tags(), "seed": str(self.seed)}

    def waiting_for(self) -> str:
        return "must place a tile" if self.placing else "must place a token"

    def evaluate(self, player: int) -> float:
        """How well `player` (1-based) stands: 0.5, moved by its lead over 100 in the
        points it can expect (`projected`)."""
        if self.is_over:
            return (1.0 / len(self.winners)) if player in self.winners else 0.0
        worth = self.projected()
        mine = worth[player - 1]
        best = max(p for seat, p in enumerate(worth) if seat != player - 1)
        return min(1.0, max(0.0, 0.5 + (mine - best) / 100))

    def projected(self) -> tuple[float, ...]:
        """Each team's expected points: those banked, and for every structure its tokens
        hold (as most tokens in it) what it scores at the end, raised by the chance it
        grows or is finished while tiles are left: a city doubles when finished, a road
        or city with fewer open sides is likelier finished, a cloister fills its empty
        neighbours, a field scores 3 a finished city it touches and 3 times the chance
        for each unfinished one; plus what its tokens are worth, those in its supply
        (`TOKEN_WORTH`) and those a structure may give back (`RETURN_WORTH`)."""
        board = self.board
        early = min(1.0, len(self.deck) / TOKEN_HORIZON)
        worth = [float(points) for points in self.scores]
        counted: set[Token] = set()
        for token in self.tokens:
            if token in counted:
                continue
            if token.kind == MONK:
                around = neighbours_of_cloister(board, token.x, token.y)
                filled = around + (8 - around) * early * CLOISTER_FILL
                worth[token.team] += 1 + filled + RETURN_WORTH * early * around / 8
                continue
            kind = {KNIGHT: CITY, THIEF: ROAD, FARMER: FARM}[token.kind]
            found = self.structure(kind, token.x, token.y, token.side)
            if found is None:  # never met: a token stands on its structure
                continue
            inside = tokens_in(self.tokens, found)
            counted.update(inside)
            if token.kind == FARMER:
                value = float(farm_points(board, found, self.finished))
                value += sum(
                    FIELD_CITY * _closing(board, town, early) for town in _cities_near(self, found)
                )
                back = 0.0
            else:
                back = _closing(board, found, early)
                if token.kind == KNIGHT:
                    value = city_points(board, found) * (1 + back)
                else:
                    value = road_points(found) + back
            for team in majority(inside):
                worth[team] += value
            for held in inside:
                worth[held.team] += RETURN_WORTH * back
        for team, supply in enumerate(self.supply):
            worth[team] += early * sum(TOKEN_WORTH[:supply])
        return tuple(worth)

    # Moves.
    def legal_moves(self) -> list[Move]:
        """Every move quibbble accepts: each way the tile in hand fits on each empty
        square (top row first), or after a placement, a pass and every token the tile
        takes."""
        if self.is_over:
            return []
        held = self.hands[self.seat]
        if held is not None:
            return [
                Place(self.seat, x, y, turned)
                for turned in held.turns()
                for x, y in empty_squares(self.board)
                if _fits(self.board, x, y, turned)
            ]
        spot = self.last[self.seat]
        assert spot is not None
        x, y = spot
        candidates: list[Move] = [Skip(self.seat), Claim(self.seat, x, y, MONK)]
        for side in SIDES:
            candidates += [
                Claim(self.seat, x, y, KNIGHT, side),
                Claim(self.seat, x, y, THIEF, side),
            ]
            candidates += [Claim(self.seat, x, y, FARMER, side + ab) for ab in "ab"]
        return [move for move in candidates if self._violation(move) is None]

    def _violation(self, move: Move) -> RuleError | None:
        name = self.teams[move.team]
        if isinstance(move, Place):
            return self._place_violation(move, name)
        if self.hands[move.team] is not None:
            return RuleError(
                f"{name} must place its tile before it places a token or passes", rule="phase"
            )
        if isinstance(move, Skip):
            return None
        return self._claim_violation(move, name)

    def _place_violation(self, move: Place, name: str) -> RuleError | None:
        held = self.hands[move.team]
        if held is None:
            return RuleError(
                f"{name} has placed its tile and must place a token or pass (o&t)", rule="phase"
            )
        if not held.same_tile(move.tile):
            return RuleError(
                f"{name} holds the tile {held}, not {move.tile} (turned any way)",
                rule="tile",
                part=2,
            )
        where = f"({move.x},{move.y})"
        if (move.x, move.y) in self.board:
            return RuleError(f"{where} already holds a tile", rule="occupied", part=0)
        for x, y in self.order:
            side = next((s for s in SIDES if neighbour(move.x, move.y, s) == (x, y)), None)
            if side is None:
                continue
            theirs = self.board[(x, y)].side(ACROSS[side])
            if theirs != move.tile.side(side):
                message = (
                    f"the {SIDE_NAMES[side]} side of {move.tile} on {where} is a"
                    f" {STRUCTURES[move.tile.side(side)]}, but the tile at ({x},{y}) has a"
                    f" {STRUCTURES[theirs]} there"
                )
                return RuleError(message, rule="sides", part=0)
        if not any(neighbour(move.x, move.y, s) in self.board for s in SIDES):
            return RuleError(f"{where} is not beside a tile on the board", rule="adjacent", part=0)
        return None

    def _claim_violation(self, move: Claim, name: str) -> RuleError | None:
        spot = self.last[move.team]
        assert spot is not None
        if (move.x, move.y) != spot:
            message = (
                f"{name} may place a token only on the tile it has just placed,"
                f" at {spot[0]},{spot[1]}"
            )
            return RuleError(message, rule="token-square", part=1)
        tile = self.board[spot]
        if move.token == MONK and tile.centre != CLOISTER:
            return RuleError(
                f"the tile {tile} at {spot[0]},{spot[1]} has no cloister",
                rule="cloister",
                part=3,
            )
        if self.supply[move.team] <= 0:
            return RuleError(f"{name} has no token left", rule="supply", part=3)
        if move.token == MONK:
            return None
        wanted = {KNIGHT: CITY, THIEF: ROAD, FARMER: FARM}[move.token]
        found = self.structure(wanted, *spot, move.side)
        if found is None:
            on = SIDE_NAMES[move.side[0]]
            message = (
                f"a {TOKENS[move.token]} stands on a {STRUCTURES[wanted]}, and the {on} side of"
                f" {tile} is a {STRUCTURES[tile.side(move.side[0])]}"
            )
            return RuleError(message, rule="token-side", part=4)
        inside = tokens_in(self.tokens, found)
        if inside:
            owners = " and ".join(dict.fromkeys(self.teams[t.team] for t in inside))
            message = f"that {STRUCTURES[wanted]} is already claimed by {owners}"
            return RuleError(message, rule="claimed", part=4)
        return None

    def _after(self, move: Move) -> Self:
        play = _Turn.of(self)
        if isinstance(move, Place):
            play.board[(move.x, move.y)] = move.tile
            play.order.append((move.x, move.y))
            play.hands[move.team] = None
            play.last[move.team] = (move.x, move.y)
            if play.supply[move.team] == 0 or not play.offers_claim():
                play.end_turn()
        else:
            if isinstance(move, Claim):
                play.supply[move.team] -= 1
                play.tokens.append(Token(move.x, move.y, move.team, move.token, move.side))
            play.end_turn()
        return type(self)(
            self.teams,
            self.seed,
            play.board,
            tuple(play.order),
            tuple(play.hands),
            tuple(play.last),
            tuple(play.tokens),
            tuple(play.supply),
            tuple(play.scores),
            tuple(play.deck),
            play.rng,
            tuple(play.finished),
            None if isinstance(move, Place) else self.walks,
            seat=play.seat,
            winners=tuple(play.winners),
            history=(*self.history, move),
        )

    def _typed(self, text: str) -> Action | None:
        """A move typed without its letter is a tile placement on a tile turn and a
        token action on a token turn (`t` passes, `f 1 0 k t` places a knight)."""
        action = super()._typed(text)
        if action is None or self.placing or text.strip()[:1] in notation.LETTERS:
            return action
        return action._replace(action=notation.PLACE_TOKEN)

    def move_group(self, move: Move) -> str:
        """Placements by the square, tokens by their kind."""
        if isinstance(move, Place):
            return f"tile on {move.x},{move.y}"
        if isinstance(move, Claim):
            return TOKENS[move.token]
        return "pass"


@dataclass
class _Turn:
    """The mutable working copy of a position while one move is played through."""

    board: dict[Square, Tile]
    order: list[Square]
    hands: list[Tile | None]
    last: list[Square | None]
    tokens: list[Token]
    supply: list[int]
    scores: list[int]
    deck: list[Tile]
    rng: GoRand
    finished: list[Structure]
    seat: int
    team_count: int
    winners: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, state: State) -> _Turn:
        return cls(
            dict(state.board), list(state.order), list(state.hands), list(state.last),
            list(state.tokens), list(state.supply), list(state.scores), list(state.deck),
            state.rng, list(state.finished), state.seat, len(state.teams),
        )  # fmt: skip

    def offers_claim(self) -> bool:
        """Whether quibbble's list of token actions holds more than the pass (state.go
        `actions`), as PlaceTile asks before it passes for the team."""
        spot = self.last[self.seat]
        assert spot is not None
        tile = self.board[spot]
        if tile.centre == CLOISTER:
            return True
        for side in SIDES:
            here = tile.side(side)
            if here == ROAD:
                found = [road(self.board, *spot, side)]
                found += [farm(self.board, *spot, side + ab) for ab in "ab"]
            elif here == CITY:
                found = [city(self.board, *spot, side)]
            else:
                found = [farm(self.board, *spot, side + "a")]
            if any(s is not None and not tokens_in(self.tokens, s) for s in found):
                return True
        return False

    def _score(self, structure: Structure, points: int) -> list[Token]:
        inside = tokens_in(self.tokens, structure)
        for team in majority(inside):
            self.scores[team] += points
        for token in inside:
            self.supply[token.team] += 1
        gone = set(inside)
        self.tokens = [t for t in self.tokens if t not in gone]
        return inside

    def end_turn(self) -> None:
        """The rest of quibbble's PlaceToken once the token is placed or passed: score
        what the tile finished, draw, and pass the turn (state.go)."""
        x, y = spot = self.last[self.seat] or (0, 0)
        tile = self.board[spot]
        cities = [s for s in SIDES if tile.side(s) == CITY]
        if tile.connected:
            cities = cities[:1]
        for side in cities:
            town = city(self.board, x, y, side)
            assert town is not None
            if town.complete:
                self.finished.append(town)
                if tokens_in(self.tokens, town):
                    self._score(town, city_points(self.board, town))
        roads = [s for s in SIDES if tile.side(s) == ROAD]
        if len(roads) <= 2:
            roads = roads[:1]
        for side in roads:
            way = road(self.board, x, y, side)
            assert way is not None
            if way.complete and tokens_in(self.tokens, way):
                self._score(way, road_points(way))
        for dx, dy in (
            (0, 0),
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ):
            at = (x + dx, y + dy)
            near = self.board.get(at)
            if near is None or near.centre != CLOISTER:
                continue
            if neighbours_of_cloister(self.board, *at) == 8:
                monk = next((t for t in self.tokens if t.kind == MONK and (t.x, t.y) == at), None)
                if monk is not None:
                    self.scores[monk.team] += 9
                    self.supply[monk.team] += 1
                    self.tokens.remove(monk)
        if self.deck:
            self.hands[self.seat] = self.deck.pop()
        if not any(hand is not None for hand in self.hands):
            self.score_and_end()
            return
        self.seat = (self.seat + 1) % self.team_count
        if playable(self.board, self.order, self.hands[self.seat]):
            return
        if not self.deck:
            self.score_and_end()
            return
        # The tile fits nowhere: draw until one fits, put the others back and reshuffle.
        tried = [self.hands[self.seat]]
        for _ in range(len(self.deck)):
            drawn = self.deck.pop()
            if playable(self.board, self.order, drawn):
                self.hands[self.seat] = drawn
                self.deck += [t for t in tried if t is not None]
                self.rng = self.rng.copy()
                _shuffle(self.deck, self.rng)
                return
            tried.append(drawn)
        self.score_and_end()

    def score_and_end(self) -> None:
        """The final scoring (state.go `scoreAndClean`): token by token in the order they
        were placed, each unfinished city, road, cloister and field scores for the teams
        with most tokens in it; then most points wins."""
        while self.tokens:
            first = self.tokens[0]
            if first.kind == MONK:
                self.scores[first.team] += neighbours_of_cloister(self.board, first.x, first.y) + 1
                self.supply[first.team] += 1
                self.tokens.pop(0)
                continue
            if first.kind == KNIGHT:
                town = city(self.board, first.x, first.y, first.side)
                assert town is not None
                self._score(town, city_points(self.board, town))
            elif first.kind == THIEF:
                way = road(self.board, first.x, first.y, first.side)
                assert way is not None
                self._score(way, road_points(way))
            else:
                field_ = farm(self.board, first.x, first.y, first.side)
                assert field_ is not None
                self._score(field_, farm_points(self.board, field_, self.finished))
            if self.tokens and self.tokens[0] == first:
                # quibbble would search forever for a token its structure does not hold.
                self.tokens.pop(0)
        best = max(self.scores)
        self.winners = [seat for seat, points in enumerate(self.scores) if points == best]


start_of = from_seed(
    State.initial,
    "carcassonne deals its tiles from the seed tag, and this record has none"
    " (quibbble would deal from its clock, which no replay can repeat)",
)
"""The dealt game of a record: its teams and its seed (required: see
docs/formats/carcassonne.md)."""


BRIDGE = State.bridge = Bridge[Move, Record, State](
    "carcassonne", Record, notation.read_action, notation.write_action, start_of, notation.LETTERS
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal move."""


def state_json(state: State) -> Mapping[str, Any]:
    """The tiles in the order placed, the tokens, each team's tile, supply and points."""
    return {
        "board": [{"x": x, "y": y, "tile": state.board[(x, y)].text} for x, y in state.order],
        "tokens": [
            {
                "x": t.x,
                "y": t.y,
                "team": state.teams[t.team],
                "token": t.token_name,
                "side": t.side,
            }
            for t in state.tokens
        ],
        "hands": {
            name: None if tile is None else tile.text
            for name, tile in zip(state.teams, state.hands, strict=True)
        },
        "supply": dict(zip(state.teams, state.supply, strict=True)),
        "scores": dict(zip(state.teams, state.scores, strict=True)),
        "deck": len(state.deck),
        "turn": team_to_move(state),
        "phase": None if state.is_over else ("tile" if state.placing else "token"),
    }
