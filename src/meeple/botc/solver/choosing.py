"""A choice a player makes at night with their ability, as the Goon hears it: the 1st
player each night to choose a living Goon whose ability works is drunk until dusk (at
once: the choice that chose the Goon does nothing), and the Goon becomes their
alignment. A chooser drunk or poisoned still chooses (the Goon's rule does not ask).

Every unit whose ability chooses players at night tells its choices here (`chose`),
in night order; for a choice its claims do not tell it also tries each living Goon
(`goon_choices`). Units whose choices are told here say so (`Unit.tells_goon`): a
puzzle with the Goon beside another that chooses at night is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise

from meeple.botc.puzzle.model import Time
from meeple.botc.solver.story import Story

GOON = "goon"
UNTIL_DUSK = 1
"""How long the Goon's drunkenness lasts after the night it began, in steps: that
night's day."""
TURNED = ("goon_evil", "goon_good")
"""The choices that record the Goon taking its chooser's alignment."""
DRANK = "drunk_by_goon"
"""The choice that records who chose the Goon first, drunk until dusk (recorded just
after the Goon's turn, for the world's report)."""


def goons(story: Story) -> list[int]:
    """The living Goons' seats."""
    if GOON not in story.roles:
        return []
    return [seat for seat, role in enumerate(story.roles) if role == GOON and story.alive[seat]]


def chosen_tonight(story: Story, seat: int) -> bool:
    """Whether someone chose the seat with their ability tonight, as the Goon counts."""
    return any(
        at == story.now and who == seat and what[:4] == GOON for what, at, who in story.choices
    )


def first(story: Story, target: int) -> bool:
    """Whether choosing `target` now makes the chooser drunk: a living Goon whose
    ability works, that no one chose tonight."""
    return (
        story.roles[target] == GOON
        and story.alive[target]
        and not chosen_tonight(story, target)
        and story.sober(target)
    )


def chose(story: Story, chooser: int, targets: Iterable[int | None]) -> Story:
    """The story after `chooser` chose `targets` with its ability now (a fork when the
    Goon hears it, the story itself otherwise)."""
    for target in targets:
        if target is None or story.roles[target] != GOON or not story.alive[target]:
            continue
        if chosen_tonight(story, target):
            continue
        working = story.sober(target)
        story = story.fork()
        if not working:
            story.chose("goon_chosen", target)
            continue
        evil = story.evil(chooser)
        story.chose(TURNED[0] if evil else TURNED[1], target)
        story.chose(DRANK, chooser)
        story.turned = story.turned | {target} if evil else story.turned - {target}
        story.dusk = (*story.dusk, (chooser, chooser, story.now + UNTIL_DUSK))
    return story


def goon_choices(story: Story, chooser: int) -> Iterator[Story]:
    """The stories in which a choice the claims do not tell fell on a living Goon and
    the Goon heard it (each Goon; none when there is none or it changes nothing)."""
    for goon in goons(story):
        after = chose(story, chooser, (goon,))
        if after is not story:
            yield after


def evil_at(story: Story, seat: int, when: Time | None) -> bool:
    """Whether the Goon at the seat was evil at `when` (now, for None): the alignment of
    the last player whose choice it heard by then (good before any)."""
    order = story.now if when is None else when.order
    turns = [
        what for what, at, who in story.choices if who == seat and what in TURNED and at <= order
    ]
    return bool(turns) and turns[-1] == TURNED[0]


def turns(story: Story) -> Iterator[tuple[int, int, int, bool]]:
    """Each first choice of a Goon whose ability worked: (time order, the Goon's seat,
    its chooser's seat, whether the Goon is evil after it)."""
    for (what, order, goon), (_, _, chooser) in pairwise(story.choices):
        if what in TURNED:
            yield order, goon, chooser, what == TURNED[0]
