"""The rules of tsuro as quibbble plays them (games/tsuro: state.go, deck.go, hand.go,
token.go, tile.go, board.go, builder.go, tsuro.go).

The deal comes from the record's `seed` through Go's math/rand (`meeple.gorand`), in
quibbble's order: the 35 tiles shuffled (deck.go's own swap loop, one `Intn(35)` a
tile), then for each team three tiles from the top (the end) of the deck and a token on
a random notch of the edge (`Intn(8)` for the notch, `Intn(6)` for the side, drawn
again while the square is another token's). In `open_tiles` one hand of three is dealt
first and every team plays from it. The same generator keeps shuffling the deck for
the rest of the game: each time a team is out its hand goes back into the deck, which
is shuffled again. That shuffle is done when the deck is next looked at, not when the
team is out: most positions an alpha-beta search reaches that way end the game there, and
never need the deck's order (two thirds of a search's time went to those shuffles and
the copies of the generator they need).

A team's first tile goes on its token's square, later ones on the square its token
faces; the tile must be in its hand, turned any way. Every token that has been placed
then follows its paths as far as laid tiles lead, stopping at a token it meets. A
token that looks off the board or meets another is out. quibbble forbids no move that
puts the mover out. After a placement the team that placed (or the dragon, the first
team left waiting for a tile when the deck ran out) draws, then the next teams in turn,
while each lacks tiles and the deck has some. The game ends when one team is left,
when none is (those alive before the placement tie), or when all 35 tiles are laid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self, TypeVar, Unpack

from meeple.engine import Status
from meeple.errors import RuleError
from meeple.gorand import GoRand
from meeple.quibbble import Bridge, DealtState, TeamsState, Turn, at_tag, distinct_teams
from meeple.quibbble.state import team_to_move
from meeple.registry import Registered
from meeple.tsuro import notation
from meeple.tsuro.model import (
    FACING,
    NOTCHES,
    SIZE,
    SPELLINGS,
    STEP,
    TILES,
    Place,
    Record,
    Token,
    destination,
    rotations,
)
from meeple.words import counted

CLASSIC = "classic"
LONGEST_PATH = "longest_path"
MOST_CROSSINGS = "most_crossings"
OPEN_TILES = "open_tiles"
SOLO = "solo"
VARIANTS = (CLASSIC, LONGEST_PATH, MOST_CROSSINGS, OPEN_TILES, SOLO)
"""quibbble's variants (models.go), spelled as its `variant` tag spells them."""

SCORED = (LONGEST_PATH, MOST_CROSSINGS)
_EDGES = (
    sum(1 << (row * SIZE) for row in range(SIZE)),
    sum(1 << (row * SIZE + SIZE - 1) for row in range(SIZE)),
)
"""The squares of the leftmost and of the rightmost column, as bits (`_grown`)."""
_FULL = (1 << (SIZE * SIZE)) - 1


def _grown(squares: int) -> int:
    """`squares` (bits, as `State.empty`) with every square side by side with one of them:
    a whole board's flood fill in a few integer operations a step."""
    left, right = _EDGES
    return (
        squares
        | ((squares << 1) & ~left)
        | ((squares >> 1) & ~right)
        | ((squares << SIZE) & _FULL)
        | (squares >> SIZE)
    )


HAND = 3
MIN_TEAMS, MAX_TEAMS = 2, 8


@dataclass(frozen=True)
class Laid:
    """A tile on the board: its paths as placed, and the paths tokens have travelled on
    it (`trails`: the path as travelled, `DA`, and the team that travelled it)."""

    paths: str
    trails: tuple[tuple[str, int], ...] = ()

    def crossings(self, team: int) -> int:
        """How many pairs of `team`'s trails on this tile cross (most_crossings)."""
        mine = [path for path, owner in self.trails if owner == team]
        return sum(crosses(a, b) for i, a in enumerate(mine) for b in mine[i + 1 :])


def crosses(one: str, other: str) -> bool:
    """Whether two paths of a tile cross: one ends strictly between the other's ends
    around the tile and one outside (quibbble's `crossing` table, tile.go)."""
    low, high = sorted(NOTCHES.index(notch) for notch in one)
    inside = [low < NOTCHES.index(notch) < high for notch in other]
    ends = set(one) & set(other)
    return not ends and inside[0] != inside[1]


Board = tuple[Laid | None, ...]
"""The 36 squares row by row."""
EMPTY: Board = (None,) * (SIZE * SIZE)

StateT = TypeVar("StateT", bound="State")


class State(DealtState[Place]):
    """A tsuro position (the engine protocol, meeple.engine)."""

    game = Registered("tsuro")

    def __init__(
        self,
        teams: Sequence[str],
        variant: str,
        seed: int,
        rng: GoRand,
        deck: tuple[str, ...],
        hands: tuple[tuple[str, ...], ...],
        tokens: tuple[Token, ...],
        board: Board = EMPTY,
        alive: tuple[bool, ...] = (),
        placed: tuple[bool, ...] = (),
        dragon: int | None = None,
        points: tuple[int, ...] = (),
        ended: bool = False,
        returned: tuple[tuple[str, ...], ...] = (),
        empty: int | None = None,
        **turn: Unpack[Turn[Place]],
    ) -> None:
        super().__init__(teams, seed, **turn)
        count = len(self.teams)
        self.variant = variant
        self._rng = rng
        self._deck = deck
        self._returned = returned
        """Hands of teams put out, each to go back into the deck followed by a shuffle,
        in order, not done yet (`deck` and `rng` do them when first asked)."""
        self.hands = hands
        self.tokens = tokens
        self.board = board
        if empty is None:
            empty = sum(1 << index for index, laid in enumerate(board) if laid is None)
        self.empty = empty
        """The squares without a tile, as bits (square `row * 6 + column` is bit that)."""
        self.alive = alive or (True,) * count
        self.placed = placed or (False,) * count
        """Teams that have placed their first tile and are still in (quibbble's
        `playedFirstTurn`): only their tokens move."""
        self.dragon = dragon
        self.points = points or (0,) * count
        self.ended = ended
        """Whether quibbble has ended the game (its winners set, a failed solo game
        included)."""

    @property
    def deck(self) -> tuple[str, ...]:
        """The tiles left to draw; the last is drawn first."""
        if self._returned:
            self._settle()
        return self._deck

    @property
    def rng(self) -> GoRand:
        """A copy of the generator, as far as the deal and the reshuffles have drawn from
        it (states share theirs until a shuffle draws: drawing from a copy is safe)."""
        if self._returned:
            self._settle()
        return self._rng.copy()

    def _settle(self) -> None:
        """Put the hands of teams out back into the deck, shuffling after each."""
        self._rng, deck = _returned_to_deck(self._rng, self._deck, self._returned)
        self._deck = tuple(deck)
        self._returned = ()

    def __eq__(self, other: object) -> bool:
        """Equal positions: the generator is left out, as the seed and the moves played
        (both compared) decide it."""
        if type(other) is not type(self):
            return False
        assert isinstance(other, State)
        self._settle()
        other._settle()
        mine = {k: v for k, v in vars(self).items() if k != "_rng"}
        return mine == {k: v for k, v in vars(other).items() if k != "_rng"}

    __hash__ = TeamsState.__hash__

    @classmethod
    def initial(
        cls, teams: Sequence[str] = ("red", "blue"), seed: int = 0, variant: str = CLASSIC
    ) -> Self:
        """The game quibbble deals from `seed` (state.go `newState`) to 2 to 8 distinct team
        names (builder.go); RuleError otherwise."""
        teams = distinct_teams(teams, "tsuro", MIN_TEAMS, MAX_TEAMS)
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise RuleError(f"tsuro has no variant {variant!r} (it has {known})", rule="variant")
        rng = GoRand(seed)
        deck = list(TILES)
        _shuffle(deck, rng)
        tokens: list[Token] = []
        hands: list[tuple[str, ...]] = []
        shared: tuple[str, ...] = ()
        if variant == OPEN_TILES:
            shared = tuple(deck.pop() for _ in range(HAND))
        for _ in teams:
            hands.append(
                shared if variant == OPEN_TILES else tuple(deck.pop() for _ in range(HAND))
            )
            tokens.append(_unique_token(tokens, rng))
        return cls(teams, variant, seed, rng, tuple(deck), tuple(hands), tuple(tokens))

    # What the position holds.
    def at(self, row: int, column: int) -> Laid | None:
        """The tile on (`row`, `column`), or None."""
        return self.board[row * SIZE + column]

    def target(self, team: int) -> tuple[int, int]:
        """The square `team` must place on: its token's before its first tile, then the
        square its token faces."""
        token = self.tokens[team]
        return token.faces() if self.placed[team] else (token.row, token.column)

    # How the game stands.
    @property
    def is_over(self) -> bool:
        return self.ended or self.stuck

    @property
    def stuck(self) -> bool:
        """Whether the team to move can place nothing though quibbble has not ended the
        game: its hand is empty, or its square already holds a tile (another team laid
        one on its starting square). quibbble's game cannot go on from here."""
        if self.ended:
            return False
        row, column = self.target(self.seat)
        on_board = 0 <= row < SIZE and 0 <= column < SIZE
        return not self.hands[self.seat] or not on_board or self.at(row, column) is not None

    @property
    def status(self) -> Status:
        if not self.is_over:
            return "playing"
        if not self.winner_seats:
            return "lost"
        if self.variant == SOLO or len(self.winner_seats) == 1:
            return "won"
        return "tie"

    @property
    def result_text(self) -> str:
        """quibbble's own message (state.go `message`), or why the game is stuck."""
        if self.stuck:
            name = self.teams[self.seat]
            why = "has no tile" if not self.hands[self.seat] else "has no square to place on"
            return f"{name} {why}: quibbble's game cannot go on (no winner)"
        if not self.ended:
            return f"{self.teams[self.seat]} must place a tile"
        if self.variant == SOLO:
            saved = len(self.winner_seats)
            if saved == len(self.teams):
                return "you saved all the tokens"
            return f"you saved {counted(saved, 'token')}"
        names = [self.teams[seat] for seat in self.winner_seats]
        return f"{names[0]} wins" if len(names) == 1 else f"{', '.join(names)} tie"

    def waiting_for(self) -> str:
        return "must place a tile"

    def evaluate(self, player: int) -> float:
        """How well `player` (1-based) stands: 0.5, moved by its room over its best rival's
        (`room`), a board's worth of squares apart being a whole point; a finished game
        is worth its share of the win."""
        if self.is_over:
            return (1.0 / len(self.winners)) if player in self.winners else 0.0
        rooms = [self.room(team) for team in range(len(self.teams))]
        mine = rooms.pop(player - 1)
        rival = max(rooms, default=0)
        return min(1.0, max(0.0, 0.5 + (mine - rival) / (2 * SIZE * SIZE)))

    def room(self, team: int) -> int:
        """The empty squares `team`'s token can still reach: those joined, side by side,
        to the square it must place on (quibbble's AI scores a position by the same
        count); none once it is out."""
        if not self.alive[team]:
            return 0
        row, column = self.target(team)
        if not (0 <= row < SIZE and 0 <= column < SIZE):
            return 0
        empty = self.empty
        reached = (1 << (row * SIZE + column)) & empty
        while reached:
            grown = _grown(reached) & empty
            if grown == reached:
                break
            reached = grown
        return reached.bit_count()

    def record(self) -> Record:
        """The record of the placements so far, with its seed and variant."""
        return Record(self.tags(), self.history)

    def tags(self) -> dict[str, str]:
        return {**super().tags(), "variant": self.variant, "seed": str(self.seed)}

    # Moves.
    def legal_moves(self) -> list[Place]:
        if self.is_over:
            return []
        row, column = self.target(self.seat)
        return [
            Place(self.seat, row, column, spelling)
            for tile in self.hands[self.seat]
            for spelling in rotations(tile)
        ]

    def violation(self, move: Place) -> RuleError | None:
        if not self.ended and 0 <= move.team < len(self.teams) and not self.alive[move.team]:
            name = self.teams[move.team]
            return RuleError(f"{name} is out of the game", rule="eliminated")
        if self.stuck:
            return RuleError(self.result_text, rule="stuck")
        return super().violation(move)

    def _violation(self, move: Place) -> RuleError | None:
        name = self.teams[move.team]
        row, column = self.target(move.team)
        if (move.row, move.column) != (row, column):
            if self.placed[move.team]:
                message = f"{name} must place on ({row},{column}), the square its token faces"
                rule = "front-square"
            else:
                message = f"{name}'s first tile goes on its token's square ({row},{column})"
                rule = "start-square"
            return RuleError(f"{message}, not ({move.row},{move.column})", rule=rule)
        tile = SPELLINGS.get(move.paths)
        if tile is None:
            return RuleError(f"{move.paths!r} is no tile", rule="tile", part=2)
        hand = self.hands[move.team]
        if tile not in hand:
            held = ", ".join(hand) or "nothing"
            return RuleError(
                f"{name}'s hand does not hold {move.paths} (it holds {held})",
                rule="hand",
                part=2,
            )
        return None  # the square is free: a taken one leaves the game stuck

    def _after(self, move: Place) -> Self:
        play = _Play(self)
        play.place(move)
        return play.state(type(self), (*self.history, move))


class _Play:
    """One placement worked out on mutable copies of a state (state.go `Place`). The
    board's squares are copied, not its tiles: a tile a token travels is replaced."""

    def __init__(self, state: State) -> None:
        self.before = state
        self.variant = state.variant
        self.rng = state._rng  # copied before a shuffle draws from it (`settle`)
        self.deck = list(state._deck)
        self.returned = list(state._returned)
        if state.variant == OPEN_TILES:
            # one hand for all, as quibbble's teams share one *hand
            shared = list(state.hands[0])
            self.hands = [shared for _ in state.hands]
        else:
            self.hands = [list(hand) for hand in state.hands]
        self.tokens = list(state.tokens)
        self.board = list(state.board)
        self.empty = state.empty
        self.alive = list(state.alive)
        self.placed = list(state.placed)
        self.dragon = state.dragon
        self.points = list(state.points)
        self.seat = state.seat
        self.winners: list[int] | None = None
        self.count = len(state.teams)

    def place(self, move: Place) -> None:
        self.hands[move.team].remove(SPELLINGS[move.paths])
        square = move.row * SIZE + move.column
        self.board[square] = Laid(move.paths)
        self.empty &= ~(1 << square)
        self.placed[move.team] = True
        self.move_tokens()
        if self.variant in SCORED:
            self.score()
        self.update_alive()
        self.draw()
        if self.winners is None:
            self.seat = self.next_seat(self.seat)

    def move_tokens(self) -> None:
        """Every placed token one step along its path, again until none moves. quibbble
        walks the tokens in its map's (random) order; meeple in team order. The order
        decides only who marks a path two tokens meet on, never who is out."""
        moved = True
        while moved:
            moved = False
            for team in range(self.count):
                if self.placed[team] and self.step(team):
                    moved = True

    def step(self, team: int) -> bool:
        token = self.tokens[team]
        square = token.row * SIZE + token.column
        laid = self.board[square]
        assert laid is not None  # a placed token is on a tile
        if all(owner != team for _, owner in laid.trails):
            # the team's first tile: through it from the token's notch
            end = destination(laid.paths, token.notch)
            self.board[square] = _travelled(laid, token.notch + end, team)
            self.tokens[team] = Token(token.row, token.column, end)
            return True
        down, right = STEP[token.notch]
        row, column = token.row + down, token.column + right
        if not (0 <= row < SIZE and 0 <= column < SIZE):
            return False
        ahead = self.board[row * SIZE + column]
        if ahead is None or self.collided(team):
            return False
        start = FACING[token.notch]
        end = destination(ahead.paths, start)
        self.board[row * SIZE + column] = _travelled(ahead, start + end, team)
        self.tokens[team] = Token(row, column, end)
        return True

    def collided(self, team: int) -> bool:
        """Whether `team`'s token is on another's notch or faces it across a square edge
        (every token counts, those of teams already out included)."""
        token = self.tokens[team]
        row, column = token.faces()
        facing = FACING[token.notch]
        for other, met in enumerate(self.tokens):
            if other == team:
                continue
            if met.row == token.row and met.column == token.column and met.notch == token.notch:
                return True
            if met.row == row and met.column == column and met.notch == facing:
                return True
        return False

    def score(self) -> None:
        points = [0] * self.count
        for laid in self.board:
            if laid is None:
                continue
            for team in range(self.count):
                if self.variant == LONGEST_PATH:
                    points[team] += sum(owner == team for _, owner in laid.trails)
                else:
                    points[team] += laid.crossings(team)
        self.points = points

    def update_alive(self) -> None:
        alive_before = [team for team in range(self.count) if self.alive[team]]
        for team in range(self.count):
            if self.placed[team] and (self.tokens[team].on_edge() or self.collided(team)):
                self.lose(team)
        alive = [team for team in range(self.count) if self.alive[team]]
        full = self.empty.bit_count() == SIZE * SIZE - len(TILES)
        if self.variant in (CLASSIC, OPEN_TILES):
            if not alive:
                self.winners = alive_before
            elif len(alive) == 1 or full:
                self.winners = alive
        elif self.variant in SCORED:
            best = max(self.points)
            leaders = [team for team in range(self.count) if self.points[team] == best]
            if not alive or full or (len(alive) == 1 and leaders == alive):
                self.winners = leaders
        elif not alive:  # solo: every token lost
            self.winners = []
        elif full:
            self.winners = alive

    def lose(self, team: int) -> None:
        """`team` is out: its hand goes back into the deck, which is shuffled again
        (when the deck is next needed: `settle`)."""
        self.alive[team] = False
        self.placed[team] = False
        self.returned.append(tuple(self.hands[team]))
        self.hands[team].clear()
        if not any(self.alive):
            return
        following = self.next_seat(self.seat)
        if self.dragon == team and len(self.hands[following]) < HAND:
            self.dragon = following

    def settle(self) -> None:
        """The hands of teams out back into the deck, shuffled after each."""
        if self.returned:
            self.rng, self.deck = _returned_to_deck(self.rng, self.deck, self.returned)
            self.returned = []

    def draw(self) -> None:
        """The placer (or the dragon) and the teams after it fill their hands."""
        if self.winners is not None:
            return
        self.settle()
        current = self.seat if self.dragon is None else self.dragon
        while self.alive[current] and self.deck and len(self.hands[current]) < HAND:
            self.hands[current].append(self.deck.pop())
            current = self.next_seat(current)
        waiting = not self.deck and len(self.hands[current]) < HAND
        self.dragon = current if waiting else None

    def next_seat(self, team: int) -> int:
        """The next team after `team` still in (quibbble's `getNextTurn`)."""
        for offset in range(1, self.count + 1):
            following = (team + offset) % self.count
            if self.alive[following]:
                return following
        return team

    def state(self, kind: type[StateT], history: tuple[Place, ...]) -> StateT:
        before = self.before
        winners = self.winners
        return kind(
            before.teams,
            before.variant,
            before.seed,
            self.rng,
            tuple(self.deck),
            tuple(tuple(hand) for hand in self.hands),
            tuple(self.tokens),
            tuple(self.board),
            tuple(self.alive),
            tuple(self.placed),
            self.dragon,
            tuple(self.points),
            ended=winners is not None,
            returned=tuple(self.returned),
            empty=self.empty,
            seat=self.seat,
            winners=() if winners is None else tuple(winners),
            history=history,
        )


def _travelled(laid: Laid, path: str, team: int) -> Laid:
    """`laid` with `path` (as travelled) marked as `team`'s: a path travelled before the
    same way keeps its place among the trails and takes the new team."""
    trails = dict(laid.trails)
    trails[path] = team
    return Laid(laid.paths, tuple(trails.items()))


def _returned_to_deck(
    rng: GoRand, deck: Sequence[str], returned: Sequence[tuple[str, ...]]
) -> tuple[GoRand, list[str]]:
    """A new generator and deck after each returned hand was put back into `deck` and
    the deck shuffled (`rng` itself is not drawn from: states share it)."""
    rng = rng.copy()
    settled = list(deck)
    for hand in returned:
        settled.extend(hand)
        _shuffle(settled, rng)
    return rng, settled


def _shuffle(deck: list[str], rng: GoRand) -> None:
    """deck.go's `Shuffle`: for each position, swap it with one drawn by `Intn`."""
    size = len(deck)
    for index in range(size):
        other = rng.intn(size)
        if other != index:
            deck[index], deck[other] = deck[other], deck[index]


def _random_token(rng: GoRand) -> Token:
    """token.go `randomToken`: a notch, then a side (the square along that edge)."""
    notch = NOTCHES[rng.intn(8)]
    side = rng.intn(SIZE)
    if notch in "AB":
        return Token(0, side, notch)
    if notch in "CD":
        return Token(side, SIZE - 1, notch)
    if notch in "EF":
        return Token(SIZE - 1, side, notch)
    return Token(side, 0, notch)


def _unique_token(tokens: Sequence[Token], rng: GoRand) -> Token:
    """A token on a square no other token is on (drawn again until so)."""
    while True:
        token = _random_token(rng)
        if all((token.row, token.column) != (t.row, t.column) for t in tokens):
            return token


def start_of(record: Record) -> State:
    """The deal of a record's game: its teams, `seed` and `variant` (classic if none)."""
    seed = record.seed
    if seed is None:
        raise at_tag(
            RuleError(
                "a tsuro record needs a seed tag: quibbble deals the tiles and tokens from"
                " it (without one it deals from the clock, which no replay can repeat)",
                rule="seed",
            ),
            "key",
        )
    variant = record.variant
    try:
        return State.initial(record.teams, seed, CLASSIC if variant is None else variant)
    except RuleError as problem:
        raise at_tag(problem, problem.rule or "key") from None


BRIDGE = State.bridge = Bridge[Place, Record, State](
    "tsuro", Record, notation.read_action, notation.write_action, start_of, notation.PLACE
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal placement."""


def state_json(state: State) -> Mapping[str, Any]:
    """The board as rows of tiles (their paths, or null), each team's token, hand and
    whether it is in, the tiles left, the dragon, points in scored variants, and who
    moves."""
    from meeple.tsuro.model import SIZE

    teams = state.teams
    return {
        "variant": state.variant,
        "board": [
            [None if (laid := state.at(r, c)) is None else laid.paths for c in range(SIZE)]
            for r in range(SIZE)
        ],
        "tokens": {
            teams[t]: {"row": token.row, "column": token.column, "notch": token.notch}
            for t, token in enumerate(state.tokens)
        },
        "hands": {teams[t]: list(hand) for t, hand in enumerate(state.hands)},
        "alive": [teams[t] for t in range(len(teams)) if state.alive[t]],
        "tiles_remaining": len(state.deck),
        "dragon": None if state.dragon is None else teams[state.dragon],
        "points": dict(zip(teams, state.points, strict=True)),
        "turn": team_to_move(state),
    }
