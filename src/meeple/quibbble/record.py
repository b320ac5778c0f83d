"""A quibbble game's record: its QGN tags and its moves, with the comments around them.

Plain values only: reading and writing QGN text is `meeple.qgn`, QGN actions <-> moves
is each game's notation (joined in `meeple.quibbble.game`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from meeple.errors import NotationError, RuleError
from meeple.pictures import Pictured
from meeple.qgn.model import split_teams
from meeple.quibbble.located import at_tag
from meeple.quibbble.numbers import read_seed

SEED_TAG = "seed"
VARIANT_TAG = "variant"


class TeamMove(Protocol):
    """What every quibbble move carries: the index (0-based) of the team that made it,
    as its QGN action is numbered. Game moves are frozen dataclasses with `team` first."""

    @property
    def team(self) -> int: ...


MoveT = TypeVar("MoveT", bound=TeamMove)


@dataclass(frozen=True)
class TeamAction:
    """A move written as one QGN action of its fields in order (`0m&1.2`): `team`, the
    class's action `letter`, then `&` and the other fields joined by dots. A game whose
    move writes more than its fields (Carcassonne's) writes its own `__str__`."""

    letter: ClassVar[str]
    team: int

    def __str__(self) -> str:
        team, *details = (getattr(self, field.name) for field in fields(self))
        return f"{team}{self.letter}&{'.'.join(map(str, details))}"


@dataclass(frozen=True)
class Record(Pictured, Generic[MoveT]):
    """One game: its QGN tags (in order, `key` and `teams` among them) and its moves.

    `comments[i]` are the QGN comments written before move i (padded with empty tuples
    to one per move); `final_comments` stand after the last move, `leading_comments`
    before or among the tags. Each game names its own subclass (the registry tells
    games apart by their record's class).
    """

    tags: Mapping[str, str]
    moves: tuple[MoveT, ...] = ()
    comments: tuple[tuple[str, ...], ...] = ()
    final_comments: tuple[str, ...] = ()
    leading_comments: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", dict(self.tags))
        padded = self.comments[: len(self.moves)]
        padded += ((),) * (len(self.moves) - len(padded))
        object.__setattr__(self, "comments", padded)

    @property
    def key(self) -> str:
        return self.tags.get("key", "")

    @property
    def teams(self) -> tuple[str, ...]:
        """The `teams` tag read as names, in seat order."""
        return tuple(split_teams(self.tags.get("teams", "")))

    @property
    def seed(self) -> int | None:
        """The `seed` tag as Go reads it (a base-10 int64), None when absent."""
        text = self.tags.get(SEED_TAG)
        if text is None:
            return None
        try:
            return read_seed(text)
        except NotationError as problem:
            raise at_tag(problem, SEED_TAG) from None

    def dealt_seed(self, missing: str) -> int:
        """The seed a game deals from (the `seed` tag); RuleError (rule `seed`) saying
        `missing` when the record has none: quibbble would deal from its clock, which no
        replay can repeat."""
        seed = self.seed
        if seed is None:
            raise RuleError(missing, rule="seed")
        return seed

    @property
    def variant(self) -> str | None:
        return self.tags.get(VARIANT_TAG)

    def played(self, moves: Sequence[MoveT]) -> Self:
        """The same game with `moves` instead of its own (comments kept where they fit)."""
        return replace(self, moves=tuple(moves))
