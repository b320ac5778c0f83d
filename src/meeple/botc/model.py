"""The Blood on the Clocktower grimoire as values: seats, reminder tokens, life states, bags.

A `Grimoire` is the storyteller's record of the table: an ordered ring of
`Seat`s, clockwise. A `Bag` is the multiset of roles a game is set up from.
`SeatPlaces` says where a seat's parts were written in a text, so that checks
can point at them. This module does no parsing and no drawing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum

from meeple.pictures import Pictured
from meeple.registry import Registered


class Life(Enum):
    """The three states of a player: alive, dead with a ghost vote, dead with it spent."""

    ALIVE = "alive"
    DEAD = "dead"
    VOTE_USED = "dead, ghost vote used"

    @property
    def dead(self) -> bool:
        return self is not Life.ALIVE


BOTC_SAT_ABBREVIATIONS: dict[str, str] = {
    "bar": "baron",
    "but": "butler",
    "ch": "chef",
    "dr": "drunk",
    "em": "empath",
    "ft": "fortune_teller",
    "inv": "investigator",
    "lib": "librarian",
    "poi": "poisoner",
    "sw": "scarlet_woman",
    "ww": "washerwoman",
}
"""botc-sat's short reminder prefixes (its roles' suggested abbreviations, Trouble Brewing
data), each with the role id it stands for. Its `imp` abbreviates to itself."""

ABBREVIATION_OF = {
    spelling: short
    for short, role in BOTC_SAT_ABBREVIATIONS.items()
    for spelling in (role, role.replace("_", ""))
}
"""Each role botc-sat abbreviates, in the seed's spelling and the Script Tool's, with its
short prefix."""
# A reminder token with a short prefix: after '(' or ',' in the line and the art, after
# '+' or '-' too in a trace's token changes.
_SHORT_PREFIX = re.compile(rf"[(,][+-]?(?:{'|'.join(BOTC_SAT_ABBREVIATIONS)}):")


def written_short(text: str) -> bool:
    """Whether a line or picture writes a reminder with botc-sat's short prefix (`ft:`)."""
    return _SHORT_PREFIX.search(text) is not None


# Seats and tokens are made by the thousand (a grimoire is read in microseconds), so their
# __init__ is written out: a frozen dataclass's generated one sets every field through
# object.__setattr__, which took half the time of reading a line. It fills the instance
# dict as that does, and the dataclass still makes eq, hash, repr and frozenness.


@dataclass(frozen=True, init=False)
class ReminderToken:
    """A reminder token in front of a seat: `role:name` (`washerwoman:townsfolk`) or bare `name`."""

    name: str
    role: str | None = None

    def __init__(self, name: str, role: str | None = None) -> None:
        fields = self.__dict__
        fields["name"] = name
        fields["role"] = role

    def __str__(self) -> str:
        return self.name if self.role is None else f"{self.role}:{self.name}"

    @classmethod
    def from_text(cls, text: str) -> ReminderToken:
        """`role:name` or `name` (no validation: the notation does that); botc-sat's short
        prefixes (`ww:townsfolk`) are read as the role they stand for."""
        role, colon, name = text.partition(":")
        return cls(name, BOTC_SAT_ABBREVIATIONS.get(role, role)) if colon else cls(text)

    def abbreviated(self) -> ReminderToken:
        """This token with botc-sat's short prefix (`ww:townsfolk`), where it has one."""
        short = ABBREVIATION_OF.get(self.role) if self.role else None
        return self if short is None else ReminderToken(self.name, short)

    def respelled(self, spell: Callable[[str], str]) -> ReminderToken:
        """This token with its role prefix spelled by `spell`."""
        return self if self.role is None else ReminderToken(self.name, spell(self.role))


@dataclass(frozen=True, init=False)
class Seat:
    """One player at the table: name, role, reminder tokens in order, and life state."""

    player: str
    role: str
    tokens: tuple[ReminderToken, ...] = ()
    life: Life = Life.ALIVE

    def __init__(
        self,
        player: str,
        role: str,
        tokens: tuple[ReminderToken, ...] = (),
        life: Life = Life.ALIVE,
    ) -> None:
        fields = self.__dict__
        fields["player"] = player
        fields["role"] = role
        fields["tokens"] = tokens
        fields["life"] = life


@dataclass(frozen=True)
class Grimoire(Pictured):
    """The seats of a game in clockwise order (the first seat is where the text starts)."""

    game = Registered("botc")
    seats: tuple[Seat, ...] = ()

    def __len__(self) -> int:
        return len(self.seats)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.player for seat in self.seats)

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(seat.role for seat in self.seats)

    def abbreviated(self) -> Grimoire:
        """The same seats with botc-sat's short reminder prefixes, for writing its dialect."""
        return self._each_seat(str, ReminderToken.abbreviated)

    def respelled(self, spell: Callable[[str], str]) -> Grimoire:
        """The same seats with every role and token prefix spelled by `spell` (the seed's
        `fortune_teller` or the Script Tool's `fortuneteller`: characters.spelled)."""
        return self._each_seat(spell, lambda token: token.respelled(spell))

    def _each_seat(
        self, role: Callable[[str], str], token: Callable[[ReminderToken], ReminderToken]
    ) -> Grimoire:
        return Grimoire(
            tuple(
                Seat(s.player, role(s.role), tuple(map(token, s.tokens)), s.life)
                for s in self.seats
            )
        )

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
class Bag(Pictured):
    """A multiset of roles, kept sorted so that two bags with the same roles are equal."""

    game = Registered("botc")
    roles: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", tuple(sorted(self.roles)))

    @classmethod
    def of(cls, roles: Iterable[str]) -> Bag:
        return cls(tuple(roles))

    def __len__(self) -> int:
        return len(self.roles)

    def respelled(self, spell: Callable[[str], str]) -> Bag:
        """The same bag with every role spelled by `spell` (characters.spelled)."""
        return Bag.of(map(spell, self.roles))

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
