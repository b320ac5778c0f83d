"""The rules of Atlantis: movement, explosions, growth, stable areas and scores.

`State` is a position between moves: the fields, whose turn it is, and what
the player to move has already done this turn (segments moved from, stones
that arrived). `play(move)` plays one move, `end_turn()` runs the explosion
and growth phases and passes the turn, `stone_moves()` lists every single move
the player to move may make now. For the engine protocol (meeple.engine) a move is
one move of stones or `end` (END_TURN): `legal_moves()` lists both, `play` takes
both. `replay` folds a transcript's turns into the state after each move and each
end of a turn, raising RuleError at the first illegal move. Decisions
where the seed is loose are in docs/formats/atlantis.md. This module reads no
text; positions of moves in a text come from the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Literal, NamedTuple

from meeple.atlantis.model import (
    END_TURN,
    EndTurn,
    Move,
    Segment,
    Transcript,
    Turn,
    field_name,
    player_letter,
)
from meeple.engine import Status
from meeple.errors import Location, RuleError
from meeple.hexgrid import Hex, hex_line, line_between, neighbours
from meeple.pictures import Pictured
from meeple.registry import Registered
from meeple.words import counted

FieldState = Literal["open", "growing", "dead"]
OPEN: FieldState = "open"
GROWING: FieldState = "growing"
DEAD: FieldState = "dead"


class Field(NamedTuple):
    """One field: open, growing or dead; whose stones lie on it and how many."""

    state: FieldState = OPEN
    owner: int | None = None
    stones: int = 0


EMPTY = Field()


@dataclass(frozen=True)
class Board:
    """The fixed geometry: which fields exist, their segments and on-board neighbours."""

    segment_of: Mapping[Hex, int]
    adjacent: Mapping[Hex, tuple[Hex, ...]]

    @classmethod
    def of(cls, transcript: Transcript) -> Board:
        return _board(transcript.segments)


@lru_cache(maxsize=64)
def _board(segments: tuple[Segment, ...]) -> Board:
    """The board of `segments`, remembered: a corpus plays many games on the same board,
    and working out its geometry costs more than replaying a short game (a Board is
    never changed, so states of different games may share one)."""
    segment_of = {
        hex_: number for number, segment in enumerate(segments) for hex_ in segment.fields
    }
    adjacent = {hex_: tuple(n for n in neighbours(hex_) if n in segment_of) for hex_ in segment_of}
    return Board(segment_of, adjacent)


@lru_cache(maxsize=65_536)
def _crossed(source: Hex, direction: int, steps: int) -> tuple[Hex, ...]:
    """The fields a move of `steps` stones from `source` passes over and lands on
    (remembered: every move of a replay is checked, then played)."""
    return tuple(hex_line(source, direction, steps)[1:])


def _starting_fields(transcript: Transcript, board: Board) -> dict[Hex, Field]:
    fields = dict.fromkeys(board.segment_of, EMPTY)
    for number, player in enumerate(transcript.players):
        for ref, count in player.stacks:
            for hex_ in ref.fields:
                if hex_ not in fields:
                    continue  # an upper-case key's fields off the board are not stacked
                if count > 0:
                    fields[hex_] = Field(OPEN, number, count)
                elif count < 0:
                    fields[hex_] = Field(GROWING, number, -count)
                else:
                    fields[hex_] = Field(DEAD, number, 0)
    return fields


_TIE_BREAK = 0.5
"""Worth added to the later of two seats (equal scores rank the later seat first)."""
_STONES_OVER = 2
"""A player's stones count up to this many times the most any rival has ..."""
_STONES_SPARE = 4
"""... plus this many."""
_WORTH_SCALE = 10.0
"""Added to the worths a lead is divided by, so small early leads count for little."""

Pick = Callable[[list[Hex]], int]
"""Chooses which of the fields ready to explode goes next (an index into the list)."""


def _open_neighbours(fields: Mapping[Hex, Field], board: Board, hex_: Hex) -> int:
    return [fields[n].state for n in board.adjacent[hex_]].count(OPEN)


def _ready(fields: Mapping[Hex, Field], board: Board, player: int, hex_: Hex) -> bool:
    """Whether `hex_` explodes: the player's stones reach its number of open neighbours."""
    here = fields[hex_]
    return (
        here.owner == player
        and here.stones > 0
        and here.state != DEAD
        and here.stones >= _open_neighbours(fields, board, hex_)
    )


def explode(
    fields: dict[Hex, Field], board: Board, player: int, pick: Pick | None = None
) -> list[Hex]:
    """Run `player`'s explosion phase on `fields` in place; the fields exploded, in order.

    `pick` chooses among the fields ready to explode (first come, first served
    if None); the seed says the order does not matter and the tests check it.
    """
    ready = [h for h, f in fields.items() if f.owner == player and _ready(fields, board, player, h)]
    waiting = set(ready)
    exploded = []
    while ready:
        hex_ = ready.pop(pick(ready) if pick else 0)
        waiting.discard(hex_)
        if not _ready(fields, board, player, hex_):
            continue
        exploded.append(hex_)
        here = fields[hex_]
        fields[hex_] = Field(GROWING if here.state == OPEN else DEAD, player, 0)
        for n in board.adjacent[hex_]:
            there = fields[n]
            if there.state == OPEN:
                fields[n] = _hit(there, player)
            if n not in waiting and _ready(fields, board, player, n):
                waiting.add(n)
                ready.append(n)
    return exploded


def _hit(there: Field, player: int) -> Field:
    """One of `player`'s stones arriving: it takes out an opponent's stone or joins the stack."""
    if there.owner is None or there.owner == player:
        return Field(OPEN, player, there.stones + 1)
    left = there.stones - 1
    return Field(OPEN, there.owner if left else None, left)


def grow(fields: dict[Hex, Field], player: int) -> None:
    """The growth phase, in place: each of the player's growing fields gains a stone."""
    for hex_, here in fields.items():
        if here.state == GROWING and here.owner == player:
            fields[hex_] = Field(GROWING, player, here.stones + 1)


@dataclass(frozen=True)
class Area:
    """A maximal connected set of open fields; stable when nothing can change it any more."""

    fields: tuple[Hex, ...]
    owners: frozenset[int]
    touches_growing: bool

    @property
    def stable(self) -> bool:
        return not self.touches_growing and len(self.owners) <= 1

    @property
    def owner(self) -> int | None:
        """The player whose stones are in a stable area (None if empty or not stable)."""
        return next(iter(self.owners)) if self.stable and self.owners else None


def areas(fields: Mapping[Hex, Field], board: Board) -> list[Area]:
    """Every area of open fields, with whose stones it holds and whether it touches growth."""
    seen: set[Hex] = set()
    found = []
    for start, here in fields.items():
        if here.state != OPEN or start in seen:
            continue
        seen.add(start)
        todo, members = [start], []
        owners: set[int] = set()
        growing = False
        while todo:
            hex_ = todo.pop()
            members.append(hex_)
            owner = fields[hex_].owner
            if owner is not None:
                owners.add(owner)
            for n in board.adjacent[hex_]:
                state = fields[n].state
                growing = growing or state == GROWING
                if state == OPEN and n not in seen:
                    seen.add(n)
                    todo.append(n)
        found.append(Area(tuple(sorted(members)), frozenset(owners), growing))
    return found


def finished(fields: Mapping[Hex, Field], board: Board) -> bool:
    """Whether every open field lies in a stable area: the end of the game.

    Equivalent to all(area.stable for area in areas(...)), but returns as soon as
    one growing field touches an open one or one area is seen to hold two players'
    stones, since this runs after every turn of a replay.
    """
    adjacent = board.adjacent
    for hex_, here in fields.items():
        if here.state == GROWING and any(fields[n].state == OPEN for n in adjacent[hex_]):
            return False
    seen: set[Hex] = set()
    for start, here in fields.items():
        if here.owner is None or here.state != OPEN or start in seen:
            continue
        owner = here.owner
        seen.add(start)
        todo = [start]
        while todo:
            for n in adjacent[todo.pop()]:
                there = fields[n]
                if there.state != OPEN or n in seen:
                    continue
                if there.owner is not None and there.owner != owner:
                    return False
                seen.add(n)
                todo.append(n)
    return True


@dataclass(frozen=True)
class State(Pictured):
    """A position: fields, turns played, and the player to move's progress this turn.

    Beyond the protocol (meeple.engine) it offers: the fields `board`, `fields`,
    `players` (names, by 0-based seat), `turns` (how many turns were played),
    `moved_from`, `arrived`, `ended` (the game had ended when this turn began; `is_over`
    also holds for a board without players) and `origin` (the set-up, for `record`);
    `seat` (the 0-based seat whose turn it is: the protocol's 1-based `to_move` minus
    1); `movable(hex)`, `stone_moves()`
    (the moves of stones alone, without `end`), `end_turn(pick)` (explosions with a
    chosen order, where `play(END_TURN)` takes the first come), `play_turn(moves)` (a
    whole turn), and `areas()`, `scores` and `ranking` (by 0-based seat).
    """

    game = Registered("atlantis")

    board: Board
    fields: Mapping[Hex, Field]
    players: tuple[str, ...]
    turns: int = 0
    moved_from: frozenset[int] = frozenset()
    """Segments the player to move has moved from this turn."""
    arrived: Mapping[Hex, int] = field(default_factory=dict)
    """Stones that moved this turn, by the field they now lie on (they cannot move again)."""
    ended: bool = False
    """Whether the game had ended when this turn began (see `finished`); `is_over` is the
    protocol's name for it."""
    history: tuple[Move | EndTurn, ...] = ()
    """The moves and turn ends from the initial state to this one."""
    origin: Transcript | None = field(default=None, compare=False, repr=False)
    """The transcript the game was set up from (its board and players), for `record`."""

    @classmethod
    def initial(cls, transcript: Transcript) -> State:
        board = Board.of(transcript)
        names = tuple(
            player.name or f"player {number + 1}"
            for number, player in enumerate(transcript.players)
        )
        fields = _starting_fields(transcript, board)
        start = replace(transcript, events=())
        return cls(board, fields, names, ended=finished(fields, board), origin=start)

    @property
    def seat(self) -> int:
        """The 0-based index of the player to move (turn i belongs to seat i mod P), as in
        `Field.owner`, `scores` and `ranking`; the protocol's `to_move` is this plus 1."""
        return self.turns % len(self.players) if self.players else 0

    # -- the movement phase ------------------------------------------------------------

    def movable(self, hex_: Hex) -> int:
        """How many of the player to move's stones on `hex_` may still move this turn."""
        here = self.fields.get(hex_, EMPTY)
        if here.owner != self.seat or here.state != OPEN:
            return 0
        return here.stones - self.arrived.get(hex_, 0)

    def violation(self, move: Move | EndTurn) -> RuleError | None:
        """The rule `move` breaks now (a RuleError naming it, without a location), or None
        if it is legal."""
        if isinstance(move, EndTurn):
            over = RuleError("the game is over: no turn can follow", rule="game-over")
            return over if self.is_over else None
        if not self.players:
            return RuleError("the transcript has no players to move", rule="no-players")
        if self.is_over:
            return RuleError(
                "the game is over: every open field is in a stable area", rule="game-over"
            )
        source, target = move
        seat = self.seat
        here = self.fields.get(source)
        if here is None:
            return RuleError(f"{field_name(source)} is not a field of the board", rule="off-board")
        if here.state != OPEN:
            return RuleError(
                f"{field_name(source)} is {here.state}: only stones on open fields move",
                rule="open-field",
            )
        if here.owner != seat:
            return RuleError(
                f"{field_name(source)} holds no stones of {self.players[seat]}",
                rule="own-stones",
            )
        line = line_between(source, target)
        if line is None:
            return RuleError("the fields do not lie on one straight line", rule="straight-line")
        direction, steps = line
        if self.board.segment_of[source] in self.moved_from:
            return RuleError(
                "one move from each segment per turn: this segment has already moved",
                rule="one-move-per-segment",
            )
        movable = self.movable(source)
        if steps > movable:
            return RuleError(
                f"{steps} steps need {steps} stones; {field_name(source)} has"
                f" {movable} that have not moved this turn",
                rule="enough-stones",
            )
        opponents = 0
        for hex_ in _crossed(source, direction, steps):
            there = self.fields.get(hex_)
            if there is None:
                return RuleError(
                    f"the move leaves the board at {field_name(hex_)}", rule="off-board"
                )
            if there.state != OPEN:
                return RuleError(
                    f"the move crosses {field_name(hex_)}, which is {there.state}",
                    rule="open-field",
                )
            if there.owner != seat:
                opponents += there.stones
        if opponents > steps:
            return RuleError(
                f"{steps} moving stones cannot remove the {opponents} opponent stones in the way",
                rule="enough-stones",
            )
        return None

    def is_legal(self, move: Move | EndTurn) -> bool:
        """Whether `play` accepts `move` now."""
        return self.violation(move) is None

    def _move_stones(self, move: Move) -> State:
        refused = self.violation(move)
        if refused is not None:
            raise refused
        direction, steps = line_between(*move) or (0, 0)
        seat = self.seat
        fields = dict(self.fields)
        source = fields[move.source]
        left = source.stones - steps
        fields[move.source] = Field(OPEN, seat if left else None, left)
        landing = steps
        for hex_ in _crossed(move.source, direction, steps):
            there = fields[hex_]
            if there.owner not in (None, seat):
                landing -= there.stones
                fields[hex_] = EMPTY
        target = fields[move.target]
        if landing:
            fields[move.target] = Field(OPEN, seat, target.stones + landing)
        arrived = dict(self.arrived)
        arrived[move.target] = arrived.get(move.target, 0) + landing
        return State(
            self.board,
            fields,
            self.players,
            self.turns,
            self.moved_from | {self.board.segment_of[move.source]},
            arrived,
            self.ended,
            (*self.history, move),
            self.origin,
        )

    def stone_moves(self) -> list[Move]:
        """Every single move of stones the player to move may make now."""
        if self.is_over:
            return []
        moves = []
        for source, here in self.fields.items():
            if here.owner != self.seat or here.state != OPEN:
                continue
            if self.board.segment_of[source] in self.moved_from:
                continue
            reach = self.movable(source)
            for direction in range(6):
                opponents = 0
                for steps in range(1, reach + 1):
                    hex_ = source.step(direction, steps)
                    there = self.fields.get(hex_)
                    if there is None or there.state != OPEN:
                        break
                    if there.owner != self.seat:
                        opponents += there.stones
                    if opponents <= steps:
                        moves.append(Move(source, hex_))
        return moves

    # -- explosion and growth --------------------------------------------------------------

    def end_turn(self, pick: Pick | None = None) -> State:
        """Explode, grow, and pass the turn to the next player."""
        fields = dict(self.fields)
        if self.players:
            explode(fields, self.board, self.seat, pick)
            grow(fields, self.seat)
        return State(
            self.board,
            fields,
            self.players,
            self.turns + 1,
            ended=finished(fields, self.board),
            history=(*self.history, END_TURN),
            origin=self.origin,
        )

    def play_turn(self, moves: Sequence[Move]) -> State:
        """A whole turn: the moves, then explosions and growth."""
        state = self
        for move in moves:
            state = state.play(move)
        return state.end_turn()

    # -- the engine protocol (meeple.engine: GameState, Evaluating, Recording) ------------

    @property
    def player_count(self) -> int:
        return len(self.players)

    def player_name(self, player: int) -> str:
        return self.players[player - 1]

    @property
    def is_over(self) -> bool:
        return self.ended or not self.players

    @property
    def to_move(self) -> int | None:
        """The player to move, 1-based; None once the game is over."""
        return None if self.is_over else self.seat + 1

    def legal_moves(self) -> list[Move | EndTurn]:
        """Every single move of stones, then `end` (a turn may end after any of them)."""
        if self.is_over:
            return []
        return [*self.stone_moves(), END_TURN]

    def play(self, move: Move | EndTurn) -> State:
        """The state after one move of stones, or after the end of the turn."""
        if isinstance(move, EndTurn):
            refused = self.violation(move)
            if refused is not None:
                raise refused
            return self.end_turn()
        return self._move_stones(move)

    @property
    def status(self) -> Status:
        return "won" if self.ended and self.players else "playing"

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, first in the ranking (equal scores rank in reverse order of moving)."""
        return (self.ranking[0] + 1,) if self.status == "won" else ()

    @property
    def result_text(self) -> str:
        """One line: whose turn it is, or the final ranking and scores."""
        if not self.players:
            return "a board without players"
        if self.ended:
            scores = self.scores
            ranking = ", ".join(
                f"{self.players[p]} ({player_letter(p)}) {scores[p]}" for p in self.ranking
            )
            return f"game over after {counted(self.turns, 'turn')}; ranking: {ranking}"
        mover = f"{self.players[self.seat]} ({player_letter(self.seat)})"
        return f"after {counted(self.turns, 'turn')}: {mover} to move"

    def move_to_text(self, move: Move | EndTurn) -> str:
        return str(move)

    def move_from_text(self, text: str) -> Move | EndTurn:
        """`b2-c3` or `end`; NotationError for anything else."""
        from meeple.atlantis.notation import parse_move

        return parse_move(text)

    def move_group(self, move: Move | EndTurn) -> str:
        return "end the turn" if isinstance(move, EndTurn) else f"from {field_name(move.source)}"

    def evaluate(self, player: int) -> float:
        """From 0 to 1: how far the player is ahead of the best rival (a one-ply heuristic
        for the bots); 1 for the winner, 0 for the others at the end.

        A player's worth is their stones (on open fields, and on growing fields, which
        will explode into their neighbours), up to twice the most any rival has plus
        four (more only explode, turning land into growing and dead fields), plus, per
        area, its size times the square of their share of the stones in it: an area held
        alone counts in full, a contested one by who holds more of it. The lead is taken
        relative to the two worths, so the judgement keeps telling positions apart when
        one side is far ahead, and equal worths favour the later seat (the ranking's tie
        rule). Mid-turn the position is judged as if the turn ended now (explosions and
        growth done): a move is worth what it brings once the turn is over, and `end`
        compares with the moves on the same footing."""
        if self.moved_from:
            return self._turn_ended.evaluate(player)
        if self.status == "won":
            return 1.0 if player in self.winners else 0.0
        worth = self._worth
        if len(worth) < 2:
            return 0.5
        me = player - 1
        rival = max(
            (index for index in range(len(worth)) if index != me),
            key=lambda index: (worth[index], index),
        )
        tie = _TIE_BREAK if me > rival else -_TIE_BREAK
        lead = (worth[me] - worth[rival] + tie) / (worth[me] + worth[rival] + _WORTH_SCALE)
        return 0.5 + lead / 2

    @cached_property
    def _turn_ended(self) -> State:
        # evaluate() judges a position mid-turn as if the turn ended there, for each player
        return self.end_turn()

    @cached_property
    def _worth(self) -> tuple[float, ...]:
        """Each player's worth for `evaluate`: their stones (on open and growing fields),
        capped by the most any rival has, plus their land (per area, its size x their
        share of its stones squared)."""
        players = len(self.players)
        stones = [0] * players
        for here in self.fields.values():
            if here.owner is not None and here.state != DEAD:
                stones[here.owner] += here.stones
        worth: list[float] = []
        for p, count in enumerate(stones):
            most = max(stones[:p] + stones[p + 1 :], default=0)
            worth.append(min(count, _STONES_OVER * most + _STONES_SPARE))
        for area in self._areas:
            held = [0] * players
            for hex_ in area.fields:
                here = self.fields[hex_]
                if here.owner is not None:
                    held[here.owner] += here.stones
            total = sum(held)
            for owner, count in enumerate(held):
                if count:
                    worth[owner] += len(area.fields) * (count / total) ** 2
        return tuple(worth)

    def record(self) -> Transcript:
        """The game so far as a transcript: one turn event per turn (moves after the last
        `end` make a turn too)."""
        if self.origin is None:
            raise ValueError("a state built without a transcript has nothing to record")
        turns: list[Turn] = []
        current: list[Move] = []
        for move in self.history:
            if isinstance(move, EndTurn):
                turns.append(Turn(tuple(current)))
                current = []
            else:
                current.append(move)
        if current:
            turns.append(Turn(tuple(current)))
        return replace(self.origin, events=(*self.origin.events, *turns))

    # -- areas, the end, scores -------------------------------------------------------------

    def areas(self) -> list[Area]:
        """Every area of open fields, with whose stones it holds and whether it is stable."""
        return list(self._areas)

    @cached_property
    def _areas(self) -> tuple[Area, ...]:
        # Scores, the ranking and `replay --json` all ask: work them out once per state.
        return tuple(areas(self.fields, self.board))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's fields in stable areas holding only that player's stones."""
        scores = [0] * len(self.players)
        for area in self._areas:
            if area.owner is not None:
                scores[area.owner] += len(area.fields)
        return tuple(scores)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Players best first; equal scores rank in reverse order of moving."""
        scores = self.scores
        return tuple(sorted(range(len(scores)), key=lambda p: (-scores[p], -p)))


Where = Callable[[int, int | None], Location]
"""The location of event `i` (move `j` of it, or the event itself if None) in the text."""


def replay(transcript: Transcript, where: Where | None = None) -> Iterator[State]:
    """The state before the first turn, then after every move and every end of a turn
    (one state per engine move); RuleError at an illegal move.

    The error's `step` is the index of the turn among the transcript's turns: the QGN
    action that holds the move (an Atlantis turn is one QGN action).
    """
    state = State.initial(transcript)
    yield state
    turns = 0
    for index, event in enumerate(transcript.events):
        if not isinstance(event, Turn):
            continue
        number = state.turns + 1
        who = state.players[state.seat] if state.players else "nobody"
        for position, move in enumerate(event.moves):
            try:
                state = state.play(move)
            except RuleError as problem:
                location = where(index, position) if where else Location()
                message = f"turn {number} ({who}), move {position + 1} {move}: {problem.message}"
                raise RuleError(
                    message, location, step=turns, rule=problem.rule, part=position
                ) from None
            yield state
        if not event.moves and state.is_over:
            location = where(index, None) if where else Location()
            reason = "the game is over" if state.players else "the transcript has no players"
            message = f"turn {number}: {reason}, so no turn can follow"
            raise RuleError(message, location, step=turns, rule="game-over")
        state = state.end_turn()
        turns += 1
        yield state


def final(thing: Transcript | State) -> State:
    """A transcript's final position (RuleError at an illegal move), or a replayed state
    as it is."""
    if isinstance(thing, Transcript):
        *_, thing = replay(thing)
    return thing


def state_json(state: State) -> Mapping[str, Any]:
    """One state of `meeple replay --json` (the shape is in docs/formats/atlantis.md)."""
    from meeple.atlantis.model import field_name

    fields = [
        {
            "field": field_name(hex_),
            "state": here.state,
            "owner": here.owner,
            "stones": here.stones,
        }
        for hex_, here in sorted(state.fields.items())
    ]
    areas = [
        {
            "fields": [field_name(h) for h in area.fields],
            "stable": area.stable,
            "owner": area.owner,
        }
        for area in state.areas()
    ]
    return {
        "players": list(state.players),
        "turn": state.turns,
        "to_move": None if state.is_over else state.seat,
        "over": state.ended,
        "fields": fields,
        "areas": areas,
        "scores": state.scores,
        "ranking": state.ranking,
    }
