"""`QuibbbleGame`: what every one of quibbble's games is to meeple, written once.

quibbble records its games only as QGN (`[key "<game>"]`), so each has one notation, QGN
itself (`QuibbbleNotation`), and the same work around its rules, done here through its
bridge (meeple.quibbble.bridge): read, write and replay records, start a new game of so
many teams, draw a record by drawing its last state.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import meeple.game
from meeple.errors import DEFAULT_SOURCE, RuleError
from meeple.game import COLOR, Bridged, Document, Drawn, Form, Game, Layered, Sniff

if TYPE_CHECKING:  # the registry imports this module for every command: it stays light
    from meeple.quibbble.bridge import Bridge
    from meeple.quibbble.record import Record, TeamMove
    from meeple.quibbble.state import TeamsState

MoveT = TypeVar("MoveT", bound="TeamMove")
RecordT = TypeVar("RecordT", bound="Record[Any]")
StateT = TypeVar("StateT", bound="TeamsState[Any]")


class QuibbbleNotation(Drawn, Bridged):
    """QGN as one of quibbble's games writes it (`[key "<game>"]`): a `.qgn` file is
    detected as `qgn` (first in detection order) and played as the game its key names;
    this notation sniffs only texts that name its game (`--format` reads one directly)."""

    extensions = (".qgn",)
    options = (COLOR,)
    qgn_keyed = True
    step_noun = "action"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        assert isinstance(game, QuibbbleGame)
        assert game.name.isalnum(), game.name  # a pattern of its own, needing no escapes
        self.quibbble = game
        self.name = game.name
        self.title = game.title
        self._names_me = Sniff(rf'(?s).*?\[\s*key\s+"{game.name}"\s*\]')

    def sniff(self, text: str) -> bool:
        return self._names_me(text)

    def form(self) -> Form:
        return Form(self.quibbble.parse, self.quibbble.dump)

    def models(self) -> tuple[type, ...]:
        return (self.quibbble.bridge.record,)

    def owns(self, obj: object) -> bool:
        """Whether `obj` is a record of this game (known by its class's `game`, so no
        game's rules are imported to tell another game's objects apart)."""
        if getattr(type(obj), "game", None) is not self.game:
            return False
        from meeple.quibbble.record import Record

        return isinstance(obj, Record)

    def writes_exactly(self, obj: object) -> bool:
        return self.owns(obj)

    def replay(self, document: Document) -> Iterable[Any]:
        return self.quibbble.replay(document)


class Layers(meeple.game.Layers, Generic[MoveT, RecordT, StateT]):
    """A quibbble game's layers (meeple.game.Layers): its pictures draw a state, and its
    rules' bridge to QGN also reads, writes and replays its records."""

    __slots__ = ()
    qgn: Bridge[MoveT, RecordT, StateT]


class QuibbbleGame(Layered, Generic[MoveT, RecordT, StateT]):
    """One of quibbble's games (meeple.game.Game). A subclass sets `name` (its QGN key),
    `title` and `move_help`, where they differ from the defaults `teams`, `deals` and
    `noun`, and overrides `layers` (and `clock_seed` where quibbble's clock is not in
    seconds). Its module's `GAME` is an instance for the package's own functions (the
    registry holds another, and either will do: a game keeps no state of its own).
    """

    title: str
    """The notation's title, for `meeple formats`."""
    teams: tuple[str, ...] = ("red", "blue")
    """The teams of a game started without a record, in seat order (quibbble names
    teams after colours)."""
    min_teams: int = 2
    noun: str = ""
    """The game's name in messages (`tic-tac-toe`), when it is not `name`."""
    deals: bool = True
    """Whether a new game is dealt from a seed (its record's `seed` tag)."""
    notation_kinds = (QuibbbleNotation,)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.qgn_key = cls.name  # quibbble's key is the game's name

    # What each game supplies.

    def layers(self) -> Layers[MoveT, RecordT, StateT]:
        raise NotImplementedError

    def clock_seed(self) -> int:
        """quibbble's seed for a game started without one: the clock, in seconds."""
        return int(time.time())

    # What every quibbble game does alike.

    @property
    def max_teams(self) -> int:
        """The most teams a new game seats: one for each name of `teams`."""
        return len(self.teams)

    @cached_property
    def bridge(self) -> Bridge[MoveT, RecordT, StateT]:
        return self.layers().qgn

    def initial(self, player_count: int | None = None, seed: int | None = None) -> StateT:
        """A new game of `player_count` teams (2 by default), the first of `teams`, dealt from
        `seed` exactly as quibbble deals it where the game deals (without one, from the
        clock as quibbble does; the record keeps the seed either way)."""
        count = 2 if player_count is None else player_count
        if not self.min_teams <= count <= self.max_teams:
            from meeple.quibbble.state import team_span

            span = team_span(self.min_teams, self.max_teams)
            game = self.noun or self.name
            raise RuleError(f"{game} is for {span} teams, not {count}", rule="teams")
        tags = {"key": self.name, "teams": ", ".join(self.teams[:count])}
        if self.deals:
            tags["seed"] = str(self.clock_seed() if seed is None else seed)
        bridge = self.bridge
        return bridge.initial(bridge.record(tags))

    def parse(self, text: str, source: str = DEFAULT_SOURCE) -> RecordT:
        """A QGN text of this game as its record (NotationError located in `text`)."""
        return self.bridge.parse(text, source)

    def dump(self, record: RecordT) -> str:
        """The record's canonical QGN text."""
        return self.bridge.dump(record)

    def replay(self, document: Document) -> Iterable[StateT]:
        """The game after each move of a parsed QGN document, the start first."""
        return self.bridge.states(document.model, document.text, document.source)

    def state(self, thing: RecordT | StateT) -> StateT:
        """A state as it is; a record as the state after its last move."""
        from meeple.quibbble.record import Record

        return self.bridge.final(thing) if isinstance(thing, Record) else thing

    def render(self, thing: Any, color: bool = False, **options: Any) -> str:
        """An ASCII picture of a record's last state, or of a state."""
        return self.layers().render(self.state(thing), color)

    def svg(self, thing: Any, **options: Any) -> str:
        """An SVG picture of a record's last state, or of a state."""
        return self.layers().svg(self.state(thing))
