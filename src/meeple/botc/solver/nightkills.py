"""How many players a unit's night can kill: a mark on the `night` method, read before
the night's actors act, so that a night whose dead can no longer all die is given up
early (`meeple.botc.solver.timeline`). A night without the mark may kill any number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from meeple.botc.solver.story import Story

KILLS = "kills_at_most"
Night = TypeVar("Night", bound=Callable[..., Iterator[Story]])
Bound = Callable[[Story, int], int]
"""The most players a unit's night can kill in a story, for the unit at a seat."""


def kills_at_most(bound: Bound) -> Callable[[Night], Night]:
    """Marks a unit's `night` with the most players it can kill (`bound(story, seat)`,
    asked before it acts). The bound reads only what a night cannot raise: who is
    alive, the choices of the steps before, the time. Like `rests_first_night`, the
    mark is on the method: a subclass with a `night` of its own is not marked (how
    many it kills is then not known)."""

    return marking(KILLS, bound)


POISONS = "poisons_first_night"


def poisons_first_night(most: int) -> Callable[[Night], Night]:
    """Marks a unit's `night` that on night 1 changes a story only by poisoning `most`
    players at most, besides recording its choices (the Poisoner's, the Widow's and the
    Pukka's one; the Witch's curse, the Devil's Advocate's and the Snake Charmer's
    choice of a player who is not the Demon none: `timeline.refuted_first`). Like
    `kills_at_most`, the mark is on the method itself."""

    return marking(POISONS, most)


def marking(mark: str, value: object) -> Callable[[Night], Night]:
    """A decorator setting `mark` on a unit's `night` to `value`."""

    def marked(night: Night) -> Night:
        setattr(night, mark, value)
        return night

    return marked


def kills_none(story: Story, seat: int) -> int:
    """A night that kills no one."""
    return 0


def kills_one_alive(story: Story, seat: int) -> int:
    """A night that kills at most one player, and only while its seat is alive."""
    return int(story.alive[seat])
