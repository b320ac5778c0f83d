"""The Blood on the Clocktower grimoire as values: seats, reminder tokens, life states, bags.

A `Grimoire` is the storyteller's record of the table: an ordered ring of
`Seat`s, clockwise. A `Bag` is the multiset of roles a game is set up from.
`SeatPlaces` says where a seat's parts were written in a text, so that checks
can point at them. This module does no parsing and no drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum


class Life(Enum):
    """The three states of a player: alive, dead with a ghost vote, dead with it spent."""

    ALIVE = "alive"
    DEAD = "dead"
    VOTE_USED = "dead, ghost vote used"

    @property
    def dead(self) -> bool:
        return self is not Life.ALIVE


@dataclass(frozen=True)
class ReminderToken:
    """A reminder token in front of a seat: `role:name` (`washerwoman:townsfolk`) or bare `name`."""

    name: str
    role: str | None = None

    def __str__(self) -> str:
        return self.name if self.role is None else f"{self.role}:{self.name}"

    @classmethod
    def from_text(cls, text: str) -> ReminderToken:
        """`role:name` or `name` (no validation: the notation does that)."""
        role, colon, name = text.partition(":")
        return cls(name, role) if colon else cls(text)


@dataclass(frozen=True)
class Seat:
    """One player at the table: name, role, reminder tokens in order, and life state."""

    player: str
    role: str
    tokens: tuple[ReminderToken, ...] = ()
    life: Life = Life.ALIVE


@dataclass(frozen=True)
class Grimoire:
    """The seats of a game in clockwise order (the first seat is where the text starts)."""

    seats: tuple[Seat, ...] = ()

    def __len__(self) -> int:
        return len(self.seats)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.player for seat in self.seats)

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(seat.role for seat in self.seats)

    def seat_of(self, player: str) -> Seat | None:
        """The seat of `player`, if seated."""
        return next((seat for seat in self.seats if seat.player == player), None)


@dataclass(frozen=True)
class BagDifference:
    """How a grimoire's roles differ from a bag: roles only in the bag, roles only at the table."""

    missing: Bag
    extra: Bag

    @property
    def same(self) -> bool:
        return not self.missing.roles and not self.extra.roles


@dataclass(frozen=True)
class Bag:
    """A multiset of roles, kept sorted so that two bags with the same roles are equal."""

    roles: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", tuple(sorted(self.roles)))

    @classmethod
    def of(cls, roles: Iterable[str]) -> Bag:
        return cls(tuple(roles))

    def __len__(self) -> int:
        return len(self.roles)

    def counts(self) -> Counter[str]:
        return Counter(self.roles)

    def compare(self, roles: Iterable[str]) -> BagDifference:
        """What separates this bag from `roles` (for example a grimoire's roles)."""
        mine, theirs = self.counts(), Counter(roles)
        return BagDifference(
            missing=Bag.of((mine - theirs).elements()), extra=Bag.of((theirs - mine).elements())
        )


@dataclass(frozen=True)
class SeatPlaces:
    """Offsets in a text where a seat's player name, role and each token were written."""

    player: int
    role: int
    tokens: tuple[int, ...] = ()


@dataclass(frozen=True)
class Placed:
    """A grimoire read from a text, with where each seat was written in it."""

    grimoire: Grimoire
    places: tuple[SeatPlaces, ...]
