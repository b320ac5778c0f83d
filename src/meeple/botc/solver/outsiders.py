"""Trouble Brewing's Outsiders and the others the solver models, one small unit each.
The Drunk's rules (it believes it is the Townsfolk it claims, and learns anything) are
the solver's, not a unit's."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from meeple.botc.puzzle.model import Choice, Info, PuzzleGuess
from meeple.botc.solver.choosing import evil_at
from meeple.botc.solver.deaths import dies_of_itself, kill
from meeple.botc.solver.homebrew import character_id
from meeple.botc.solver.nightkills import kills_at_most, kills_one_alive
from meeple.botc.solver.story import Misregistration, Story, team
from meeple.botc.solver.units import Inert, Seating, Table, Unit, Unmodelled


class Butler(Inert):
    """Votes only with its master: nothing a puzzle's worlds depend on."""

    id = "butler"


class Drunk(Unit):
    """Believes it is a Townsfolk not in play; its ability never works."""

    id = "drunk"
    poison_matters = False

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        return seating.believes(roles, seat, ("townsfolk",))

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        """When the Townsfolk it believes it is would (as the Storyteller wakes it)."""
        unit = table.cast.get(table.claimed_ids[seat] or "")
        return unit is not None and unit is not self and unit.wakes(story, seat, number, table)

    def wakings(self, story: Story, seat: int, number: int, table: Table) -> tuple[bool, ...]:
        if table.puzzle.claimed(table.names[seat]) is None:
            return (False, True) if story.alive[seat] else (False,)
        return super().wakings(story, seat, number, table)


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

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        """Each night but the first, to choose whom it "kills" (its first night's
        entry shows it Minions, not its ability)."""
        return number > 1 and story.alive[seat]


class Mutant(Inert):
    """Good, and may claim any character (a claim's may-be list lets it sit there):
    what it claims is never its own ability; its madness is a rule of talk, not one a
    puzzle's worlds depend on."""

    id = "mutant"


HERMIT_ABILITIES = ("butler", "drunk", "recluse", "saint")
"""The Outsiders whose abilities the solver's Hermit may have."""


class Hermit(Unit):
    """Has the abilities of the script's other Outsiders: with the Drunk's it believes
    it is a Townsfolk not in play (claims it, learns anything), with the Recluse's it
    may register as evil and as a Minion or Demon, with the Saint's its sober execution
    ends the game (each ability works on its own, as Clockchecker reads the combination).
    One Outsider fewer or none at set-up (meeple.botc.modifiers). A script with another
    Outsider is refused as not modelled."""

    id = "hermit"
    outsiders: ClassVar[tuple[str, ...]] = ()

    def for_script(self, script: Sequence[str]) -> Unit:
        others = tuple(key for key in script if team(key) == "outsider" and key != self.id)
        unknown = [key for key in others if key not in HERMIT_ABILITIES]
        if unknown:
            raise Unmodelled(f"the solver does not model a Hermit with the {unknown[0]}'s ability")
        fields = {"outsiders": others, "poison_matters": "saint" in others}
        if "recluse" in others:
            fields["misregisters"] = Recluse.misregisters
        shaped: type[Hermit] = type("Hermit", (Hermit,), fields)
        return shaped()

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        if "drunk" in seating.script:
            return seating.believes(roles, seat, ("townsfolk",))
        return seating.claims[seat] in (None, self.id)

    def executed(self, story: Story, seat: int) -> str | None:
        if "saint" in self.outsiders and story.sober(seat):
            return "the Hermit (a Saint) was executed: evil wins"
        return None


class Puzzlemaster(Unit):
    """One player (any, the Puzzlemaster too) is drunk from the start for the whole
    game, even after the Puzzlemaster dies. A guess of who it is shows the Demon when
    right, a player who is not the Demon when wrong."""

    id = "puzzlemaster"
    learns_at = None

    def makes_drunk(self, roles: Sequence[str], seat: int) -> tuple[int, ...]:
        return tuple(range(len(roles)))

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        guessed = table.seat(item.player) if isinstance(item, PuzzleGuess) else None
        shown = table.seat(item.demon) if isinstance(item, PuzzleGuess) else None
        if guessed is None or shown is None:
            return None
        if story.is_drunk_for_good(guessed):
            if story.may_be_team(shown, "demon"):
                return None
            return f"{table.names[guessed]} is the puzzle-drunk: the Demon would have been shown"
        if story.must_be_team(shown, "demon"):
            return f"{table.names[guessed]} is not the puzzle-drunk: the Demon would not be shown"
        return None


class Sweetheart(Unit):
    """When it dies (sober), one player is drunk from then on, for the rest of the game:
    the solver tries each player whose drunkenness can matter, and none (a player where
    it changes nothing)."""

    id = "sweetheart"

    def dies(self, story: Story, seat: int, table: Table) -> Iterator[Story]:
        yield story
        if not story.sober(seat):
            return
        for target, role in enumerate(story.roles):
            unit = table.cast.get(role)
            if unit is not None and unit.poison_matters and not story.is_drunk_for_good(target):
                drunk = story.fork()
                drunk.drunk = drunk.drunk | {target}
                drunk.chose("drunk", target)
                yield drunk


OUTSIDERS: tuple[type[Unit], ...] = (
    Butler,
    Drunk,
    Recluse,
    Saint,
    Klutz,
    Lunatic,
    Mutant,
    Hermit,
    Puzzlemaster,
)


class Golem(Unit):
    """Once, nominating a player who is not the Demon, kills them (a death, not an
    execution). The timeline's nomination death by the Golem's player is its doing: a
    sober Golem, the nominee not registering as the Demon. Whether it nominated before
    is not checked."""

    id = "golem"
    causes = "nomination_death"

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        nominated = any(
            event.kind == self.causes
            and event.when.order == story.now
            and table.names[victim] in event.players
            and event.caller in (None, table.names[seat])
            for event in table.puzzle.timeline
        )
        demon = story.must_be_team(victim, "demon")
        if nominated and story.working(seat, self.id) and not demon:
            yield from kill(story.fork(), victim, table)


class Tinker(Unit):
    """Might die at any time: a night death the timeline records may be its own (the
    Storyteller's choice), while it is sober. A day death other than an execution is
    not modelled (the timeline's day deaths name their cause)."""

    id = "tinker"
    tells_goon = True
    night_order = 12
    """After the Demons and the Gossip."""
    kills = True
    wakes_as_listed = False
    """Its night-order entry is the Storyteller's reminder."""

    @kills_at_most(kills_one_alive)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        yield story
        if story.alive[seat] and story.sober(seat):
            yield from dies_of_itself(story, seat, number, table)


def _moonchild_kills(story: Story, seat: int) -> int:
    """A Moonchild kills one player on the night after the day it chose them."""
    return int(any(what == "moonchild" and at == story.now - 1 for what, at, _ in story.choices))


class Moonchild(Unit):
    """When it learns that it died, publicly chooses a living player (its claim says
    whom and when: `day 3: chose Drew`); that night, a player who registers as good
    dies, while the Moonchild was sober when it chose. A claimed choice while it lives
    is not a Moonchild's; a dead Moonchild whose claims tell no choice is refused as
    not modelled."""

    id = "moonchild"
    tells_goon = True
    night_order = 12.5
    learns_at = None
    acts = True
    kills = True
    wakes_as_listed = False
    """Its night-order entry is the Storyteller's reminder."""

    def hear(self, story: Story, seat: int, item: Info, table: Table) -> Iterator[Story]:
        chosen = table.seat(item.players[0]) if isinstance(item, Choice) and item.players else None
        if story.roles[seat] != self.id or chosen is None:
            yield story
            return
        after = story.fork()
        after.chose("moonchild" if after.sober(seat) else "moonchild_drunk", chosen)
        yield after

    @kills_at_most(_moonchild_kills)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        said = [(what, at, who) for what, at, who in story.choices if what[:9] == "moonchild"]
        if not said:
            told = any(isinstance(item, Choice) for item in table.said.get(seat, ()))
            if not story.alive[seat] and not told:
                raise Unmodelled("the solver models a Moonchild's choice only as its claims tell")
            yield story
            return
        if story.alive[seat]:
            return  # it chose while alive: not the Moonchild's choice
        what, at, chosen = said[-1]
        if what != "moonchild" or at != story.now - 1 or not story.alive[chosen]:
            yield story
            return
        if True in story.may_be_evil(chosen):
            yield story
        if False in story.may_be_evil(chosen):
            for after in kill(story.fork(), chosen, table):
                if after.alive[chosen] or chosen in table.night_deaths.get(number, ()):
                    yield after


class Goon(Unit):
    """Each night, the 1st player to choose it with their ability is drunk until dusk,
    and it becomes their alignment (`meeple.botc.solver.choosing`, which every unit
    that chooses at night tells). Any claimant may be the Goon: turned evil it may
    claim anything, while a good Goon claims only the Goon (each claim as it was made:
    at the puzzle's end, or at its time)."""

    id = "goon"
    poison_matters = False
    """Poisoning it only takes its turns away, which a Poisoner's choice need not try."""
    says_anything = True
    """Its claims are checked at the end (`disowns`), not item by item."""
    hidden = True
    tells_goon = True

    def disowns(self, story: Story, seat: int, table: Table) -> str | None:
        name = table.names[seat]
        for claim in table.puzzle.claims_of(name):
            if character_id(claim.character) == self.id or evil_at(story, seat, claim.when):
                continue
            return f"{name} is a good Goon, yet claims the {claim.character}"
        return None

    def dies(self, story: Story, seat: int, table: Table) -> Iterator[Story]:
        """Dead, it turns no more: a good Goon that claims another character is refused
        now rather than at the end."""
        if self.disowns(story, seat, table) is None:
            yield story


OUTSIDERS_MISC: tuple[type[Unit], ...] = (Golem,)
"""Issue 40's Outsiders of branch g40/misc (kept apart for merging)."""
MOONRISE_OUTSIDERS: tuple[type[Unit], ...] = (Tinker, Moonchild, Goon)
"""Bad Moon Rising's Outsiders of A Clean Sweep (branch g40/sweep)."""
FANG_GU_OUTSIDERS: tuple[type[Unit], ...] = (Sweetheart,)
"""The Outsiders of the Fang Gu's puzzles (branch g40/fanggu)."""
