"""Trouble Brewing's Outsiders, one small unit each. The Drunk's rules (it believes it
is the Townsfolk it claims, and learns anything) are the solver's, not a unit's."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.botc.puzzle.model import Choice, Info
from meeple.botc.solver.story import Misregistration, Story
from meeple.botc.solver.units import Inert, Seating, Table, Unit


class Butler(Inert):
    """Votes only with its master: nothing a puzzle's worlds depend on."""

    id = "butler"


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


class Klutz(Unit):
    """When it learns it died, chooses a living player: if evil, good loses. The solver
    checks a claimed choice (the game went on: the chosen player was good)."""

    id = "klutz"
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.players[0]) if isinstance(item, Choice) and item.players else None
        if chosen is not None and story.may_be_evil(chosen) == (True,):
            return f"{table.names[chosen]} is evil: good would have lost"
        return None


class Lunatic(Unit):
    """Believes it is the Demon: it claims what a Demon would and says anything (its
    "kills" are the real Demon's choice to make); it registers as itself."""

    id = "lunatic"
    poison_matters = False
    says_anything = True


OUTSIDERS: tuple[type[Unit], ...] = (Butler, Drunk, Recluse, Saint, Klutz, Lunatic)
