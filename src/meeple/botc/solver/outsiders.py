"""Trouble Brewing's Outsiders, one small unit each. The Drunk's rules (it believes it
is the Townsfolk it claims, and learns anything) are the solver's, not a unit's."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.botc.solver.story import Misregistration, Story
from meeple.botc.solver.units import Seating, Unit


class Butler(Unit):
    """Votes only with its master: nothing a puzzle's worlds depend on."""

    id = "butler"
    poison_matters = False


class Drunk(Unit):
    """Believes it is a Townsfolk not in play; its ability never works."""

    id = "drunk"
    poison_matters = False

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        return seating.believes(roles, seat, ("townsfolk",))


class Recluse(Unit):
    """May register as evil, and as a Minion or Demon, even if dead (not when
    poisoned)."""

    id = "recluse"
    poison_matters = False
    misregisters = Misregistration(alignment=True, teams=("minion", "demon"))


class Saint(Unit):
    """If executed while sober, its team loses: the game would have ended."""

    id = "saint"

    def executed(self, story: Story, seat: int) -> str | None:
        return "the Saint was executed: evil wins" if story.sober(seat) else None


OUTSIDERS: tuple[type[Unit], ...] = (Butler, Drunk, Recluse, Saint)
