"""The Atlantis transcript as plain values: board segments, players' stacks, events.

A field is a `meeple.hexgrid.Hex`; its written name is a bijective base-26 letter
axis and a positive number (`a1`, `aa12`). `FieldRef` is a name as written in a
segment or a stack key, where an upper-case name (`B2`) stands for the seven
fields of the standard segment centred there. This module holds values and
their names only: reading text is `notation.py`, playing is `rules.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from meeple.hexgrid import Hex, neighbours
from meeple.pictures import Pictured
from meeple.registry import Registered

FORMAT_NAME = "Atlantis transcript"
VERSION = "1.0"

JSONValue = Any
"""Any value the JSON reader produces (kept verbatim for keys meeple does not interpret)."""
Extras = tuple[tuple[str, JSONValue], ...]
"""Members of a JSON object beyond the known keys, in the order written."""


def letters(number: int) -> str:
    """The letter axis in bijective base 26: 1 -> 'a', 26 -> 'z', 27 -> 'aa'."""
    digits = []
    while number > 0:
        number, rest = divmod(number - 1, 26)
        digits.append(chr(ord("a") + rest))
    return "".join(reversed(digits))


@lru_cache(maxsize=65_536)
def player_letter(player: int) -> str:
    """'A' for the first player (seat index 0), 'B' for the second, ... 'Z', then 'A27'."""
    return chr(ord("A") + player) if player < 26 else f"A{player + 1}"


@lru_cache(maxsize=65_536)
def field_name(field: Hex) -> str:
    """`Hex(2, 3)` -> 'b3' (remembered: `replay --json` names every field of every state)."""
    return f"{letters(field.x)}{field.y}"


def standard_segment(centre: Hex) -> tuple[Hex, ...]:
    """The seven fields of the standard segment: the centre, then its neighbours."""
    return (centre, *neighbours(centre))


class FieldRef(NamedTuple):
    """A field name as written; `whole` (upper case) means the standard segment around it."""

    centre: Hex
    whole: bool = False

    @property
    def fields(self) -> tuple[Hex, ...]:
        return standard_segment(self.centre) if self.whole else (self.centre,)

    def __str__(self) -> str:
        name = field_name(self.centre)
        return name.upper() if self.whole else name


@dataclass(frozen=True)
class Segment:
    """Fields of the board grouped for the one-move-per-segment rule, as written."""

    refs: tuple[FieldRef, ...]
    bare: bool = field(default=False, compare=False)
    """Written as one upper-case name (`"C3"`), not a list (`["C3"]`): the same segment
    (equal either way; QGN keeps the segment, not its spelling)."""

    @property
    def fields(self) -> tuple[Hex, ...]:
        return tuple(field for ref in self.refs for field in ref.fields)


@dataclass(frozen=True)
class Player:
    """A player: starting stacks (>0 open, <0 growing, 0 dead), name, colour, other keys."""

    stacks: tuple[tuple[FieldRef, int], ...] = ()
    name: str | None = None
    color: str | None = None
    extras: Extras = ()


class Move(NamedTuple):
    """Stones taken from `source` straight to `target`; their distance is the stone count."""

    source: Hex
    target: Hex

    def __str__(self) -> str:
        return f"{field_name(self.source)}-{field_name(self.target)}"

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class EndTurn:
    """The end of the player to move's movement phase: explosions, growth, the next player.

    Written `end` by the engine protocol; a transcript writes a turn's moves as one event.
    """

    def __str__(self) -> str:
        return "end"

    def __repr__(self) -> str:
        return str(self)


END_TURN = EndTurn()


@dataclass(frozen=True)
class Turn:
    """One player's movement phase (possibly no moves) with the event's other keys."""

    moves: tuple[Move, ...] = ()
    user: str | None = None
    time: str | None = None
    extras: Extras = ()


@dataclass(frozen=True)
class Chat:
    """A chat message between turns; it changes nothing on the board."""

    message: str
    user: str | None = None
    time: str | None = None
    extras: Extras = ()


@dataclass(frozen=True)
class OtherEvent:
    """An event of a type meeple does not know, kept to be written back unchanged."""

    type: str
    user: str | None = None
    time: str | None = None
    extras: Extras = ()


Event = Turn | Chat | OtherEvent


@dataclass(frozen=True)
class Transcript(Pictured):
    """A whole transcript: the board, the players' starting stacks and what happened."""

    game = Registered("atlantis")

    segments: tuple[Segment, ...] = ()
    players: tuple[Player, ...] = ()
    events: tuple[Event, ...] = ()
    version: str = VERSION
    user: str | None = None
    begin: str | None = None
    end: str | None = None
    extras: Extras = ()
    comments: tuple[str, ...] = field(default=(), compare=False)
    """The `//` and `/* */` comments of a hand-written JSON5 text, which canonical JSON
    cannot hold: `dump` refuses to drop them unless told to."""

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(event for event in self.events if isinstance(event, Turn))
