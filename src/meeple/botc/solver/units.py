"""What every character's unit may say about the solver's stories, and its defaults.

A unit is one character's rules as the puzzles read them: what it learns and when
(`holds`, `woke`), what it does at night (`night`) or by day (`hear`, for a Slayer's
shot or a Virgin's nomination), who it keeps alive (`shields`), how it registers
(`misregisters`), what its death does (`executed`, `catches_demon`), and when it
misfires, for the Mathematician (`Story.worked_abnormally`, `Table.misfiring`). Each
character is one small subclass that overrides only what its ability changes;
`meeple.botc.solver.cast` lists them. Defaults: a character that learns nothing, does
nothing and registers as itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from meeple.botc.puzzle.model import Info, Puzzle, Roles, Time
from meeple.botc.solver.homebrew import character, character_id, claimed_as
from meeple.botc.solver.nightkills import (
    KILLS,
    POISONS,
    Bound,
    Night,
    kills_at_most,
    kills_none,
    marking,
)
from meeple.botc.solver.story import Misregistration, Story
from meeple.errors import MeepleError

FIRST_NIGHT = Time("night", 1)


class Unmodelled(MeepleError):
    """The puzzle names a character, event or sentence the solver does not model yet."""


@dataclass(frozen=True)
class Table:
    """What every unit may consult besides the story: the players' names in seat order,
    the units of the puzzle's characters, and the night deaths the timeline records."""

    names: tuple[str, ...]
    cast: Mapping[str, Unit]
    night_deaths: Mapping[int, tuple[int, ...]]
    said: Mapping[int, tuple[Info, ...]]
    """Everything each seat's claims say (a Juggler's count reads its guesses)."""
    puzzle: Puzzle
    """The puzzle itself (a Savant's statements are its sentences)."""
    heard: tuple[int, ...] = ()
    """The seats whose claims say they heard a Widow's call."""
    changed: tuple[tuple[int, str, Time], ...] = ()
    """(seat, character, time): a later claim of another character than the player's
    claim before (a good player says so only when it became that character, or is mad
    about it: `timeline.changed_claims`)."""
    asked_poisoned: tuple[int, ...] = ()
    """The seats a constraint asks whether they were poisoned (a Poisoner's choice is
    tried on each, even where poison changes nothing else)."""
    tallied: bool = False
    """Whether a claim counts the abilities that worked abnormally (a Mathematician's):
    the timeline then records them in each story (`Story.worked_abnormally`)."""
    told_at: Mapping[int, frozenset[int]] | None = None
    """Each seat's times (`Time.order`) its claims' items are dated (None: not known)."""

    def _overriding(self, method: str) -> frozenset[str]:
        """The characters of the cast whose unit has a `method` of its own."""
        return frozenset(key for key, unit in self.cast.items() if overrides(unit, method))

    @cached_property
    def frees_storyteller(self) -> bool:
        """Whether a unit of the cast may free the Storyteller (the Atheist)."""
        return any(unit.frees_storyteller for unit in self.cast.values())

    @cached_property
    def falsifies(self) -> bool:
        """Whether a unit of the cast falsifies information (the Vortox)."""
        return any(unit.falsifies for unit in self.cast.values())

    @cached_property
    def guards(self) -> frozenset[str]:
        """The characters of the cast whose ability may keep a player from dying
        (`Unit.saves`): the only ones a death asks."""
        return self._overriding("saves")

    @cached_property
    def shared_kills(self) -> bool:
        """Whether a unit of the cast may kill at night beside the Demon (`Unit.kills`)."""
        return any(unit.kills for unit in self.cast.values())

    @cached_property
    def shielders(self) -> frozenset[str]:
        """The characters of the cast that may keep a player from the Demon tonight
        (`Unit.shields`): the only ones an attack asks."""
        return self._overriding("shields")

    @cached_property
    def wards(self) -> frozenset[str]:
        """The characters of the cast that may keep the Demon's victim alive on a quiet
        night (`Unit.guards`: the Soldier, the Monk)."""
        return frozenset(key for key, unit in self.cast.items() if unit.guards)

    @cached_property
    def witnesses(self) -> frozenset[str]:
        """The characters of the cast whose ability acts on another's death
        (`Unit.sees_death`): the only ones a death tells."""
        return self._overriding("sees_death")

    @cached_property
    def learned_by(self) -> tuple[tuple[tuple[Time | None, Info], ...], ...]:
        """Everything each seat's player learned, over all their claims, with its time
        (`Puzzle.learned`, once a search: units ask it at every night)."""
        return tuple(self.puzzle.learned(name) for name in self.names)

    @cached_property
    def claimed_ids(self) -> tuple[str | None, ...]:
        """Each seat's claimed character (its first claim's id; None without one)."""
        return tuple(character_id(self.puzzle.claimed(name) or "") for name in self.names)

    @cached_property
    def seats(self) -> Mapping[str, int]:
        """Each player's seat, by name."""
        return {name: seat for seat, name in enumerate(self.names)}

    @cached_property
    def misregisters(self) -> Mapping[str, Misregistration]:
        """How each character of the cast that may register otherwise does."""
        return {key: unit.misregisters for key, unit in self.cast.items() if unit.misregisters}

    @cached_property
    def drinkers(self) -> frozenset[str]:
        """The characters of the cast that make a player drunk from the start
        (`Unit.makes_drunk`: the Puzzlemaster)."""
        return self._overriding("makes_drunk")

    @cached_property
    def quiet(self) -> frozenset[str]:
        """The characters of the cast whose night leaves a story as it was: no `night`
        of their own (or one only a Goon hears, without the Goon), and no nightly choice
        a count of abnormal abilities reads."""
        deaf = "goon" not in self.cast
        return frozenset(
            key
            for key, unit in self.cast.items()
            if (not overrides(unit, "night") or (deaf and unit.night_for_goon))
            and not (self.tallied and unit.chooses)
        )

    @cached_property
    def quiet_first_night(self) -> frozenset[str]:
        """The characters of the cast whose first night leaves a story as it was: the
        quiet ones, and those whose `night` rests then (`rests_first_night`)."""
        rests = self._night_marks(RESTS)
        return self.quiet | frozenset(
            key
            for key, unit in self.cast.items()
            if rests[key] and not (self.tallied and unit.chooses)
        )

    @cached_property
    def poisoners_first_night(self) -> Mapping[str, int]:
        """The characters of the cast whose first night changes a story only by
        poisoning some players at most, and how many (`poisons_first_night`)."""
        found = self._night_marks(POISONS)
        return {key: most for key, most in found.items() if most is not None}

    @cached_property
    def kill_bounds(self) -> Mapping[str, Bound | None]:
        """Each character's most players its night can kill (`kills_at_most`; none for a
        quiet one), None where not known."""
        found = self._night_marks(KILLS)
        return {key: kills_none if key in self.quiet else found[key] for key in self.cast}

    def _night_marks(self, mark: str) -> dict[str, Any]:
        """Each character's `mark` on its unit's `night` (None: not marked;
        meeple.botc.solver.nightkills)."""
        return {key: getattr(type(unit).night, mark, None) for key, unit in self.cast.items()}

    @cached_property
    def _actors(self) -> dict[tuple[str, ...], list[tuple[float, int]]]:
        return {}

    def actors(self, roles: Sequence[str]) -> list[tuple[float, int]]:
        """The seats whose characters act at night, in night order (as (order, seat);
        kept for each grimoire: every night of every story asks)."""
        key = tuple(roles)
        found = self._actors.get(key)
        if found is None:
            order = self._night_orders
            found = [(at, seat) for seat, role in enumerate(roles) if (at := order[role])]
            found.sort()
            self._actors[key] = found
        return found

    @cached_property
    def talkers(self) -> frozenset[str]:
        """The characters of the cast whose player may claim anything (`says_anything`:
        the Lunatic)."""
        return frozenset(key for key, unit in self.cast.items() if unit.says_anything)

    @cached_property
    def widowed(self) -> bool:
        """Whether a Widow may call tonight or a claim says one was heard."""
        return bool(self.heard) or "widow" in self.cast

    @cached_property
    def _night_orders(self) -> dict[str, float]:
        return {key: unit.night_order for key, unit in self.cast.items()}

    def seat(self, name: str | None) -> int | None:
        """The seat of a player named in a claim (None for no one or a stranger)."""
        return None if name is None else self.seats.get(name)

    def misfiring(self, story: Story, seat: int, character: str) -> bool:
        """Whether the seat uses `character`'s ability and it cannot work now because of
        another character's: it has it but is drunk or poisoned, or it is the Drunk who
        believes it is that character (docs/formats/botc.md, "the Mathematician's
        count")."""
        if story.has(seat, character):
            return not story.sober(seat)
        if story.roles[seat] != "drunk":
            return False
        return self.claimed_ids[seat] == character


RESTS = "rests_first_night"


def rests_first_night(night: Night) -> Night:
    """Marks a unit's `night` that leaves every story as it was on night 1 (the
    timeline skips it then, as it skips a quiet character). The mark is on the method
    itself: a subclass whose own `night` overrides it is not marked."""
    return marking(RESTS, True)(night)


def overrides(unit: Unit, method: str) -> bool:
    """Whether the unit's character changes `Unit`'s default `method`."""
    return getattr(type(unit), method) is not getattr(Unit, method)


@dataclass(frozen=True)
class Seating:
    """What a set-up rule of a unit may consult: the script's characters, each seat's
    claimed character (official ids, None for no claim) and whether characters may
    repeat."""

    script: tuple[str, ...]
    claims: tuple[str | None, ...]
    unique: bool

    def believes(self, roles: Sequence[str], seat: int, teams: tuple[str, ...]) -> bool:
        """Whether the seat may believe it is a character of `teams` not in play: the one
        it claims, or, with no claim, one of the script's (in play too, when characters
        may repeat)."""
        claimed = self.claims[seat]
        if claimed is None:
            return any(
                character(key).team in teams and (key not in roles or not self.unique)
                for key in self.script
            )
        free = any(key not in roles for key in claimed_as(claimed))
        return character(claimed).team in teams and (free or not self.unique)


class Unit:
    """A character's rules; the defaults are a character with no ability."""

    id: ClassVar[str] = ""
    night_order: ClassVar[float] = 0
    """Its place among the units that act at night (0: it does not; the Philosopher's
    0.5 comes before the Poisoner's 1)."""
    learns_at: ClassVar[Time | None] = FIRST_NIGHT
    """When what it learned happened, where the claim does not say."""
    each_night: ClassVar[bool] = False
    """Its claim's items with no time happened on nights 1, 2, 3, ... in order."""
    poison_matters: ClassVar[bool] = True
    """Whether poisoning it can help tell a puzzle (the solver tries the Poisoner's
    choice only on such seats, and on no seat: a seat where it changes nothing). Not
    for a character without an ability, nor one whose poisoning only takes choices
    away (the Recluse, the Spy)."""
    misregisters: ClassVar[Misregistration | None] = None
    says_anything: ClassVar[bool] = False
    """Whether a player of this character may claim anything, good or not (the Lunatic
    believes it is the Demon)."""
    falsifies: ClassVar[bool] = False
    """Whether, alive and sober, it makes every Townsfolk's information false (the
    Vortox), and a day without an execution end the game."""
    exact_with_misregistering: ClassVar[bool] = True
    """Whether the solver models it exactly beside a character that may register
    otherwise (the No Dashii's Townsfolk neighbours are not: a puzzle with both is
    refused)."""
    executions_unmodelled: ClassVar[bool] = False
    """Whether the solver refuses a puzzle with it and an execution (executing the Evil
    Twin's good twin would end the game; who the twin is the solver does not track)."""
    standard_setup_unmodelled: ClassVar[bool] = False
    """Whether the solver refuses a puzzle with it on the script and the standard
    set-up (the Kazali's Minions, chosen on the first night, are seated from the start:
    only a puzzle that says `setup: none` reads so)."""
    frees_storyteller: ClassVar[bool] = False
    """Whether, in play, the Storyteller may break the rules: nothing anyone learned
    is checked (the Atheist)."""
    wakes_as_listed: ClassVar[bool] = True
    """Whether its entries in the official night order are wakings through its ability
    (not the Legion's, a reminder for the Storyteller; nor the Scarlet Woman's, who
    wakes as the Demon she became): `wakes`' default."""
    kills: ClassVar[bool] = False
    """Whether its ability may kill at night beside the Demon's (the Gossip, the
    Gambler, the Acrobat): then a Demon need not be who killed a night's dead."""
    kills_only_the_living: ClassVar[bool] = False
    """Whether its kills follow the house rule "no night kill on a dead player" where the
    puzzle states it; a puzzle with the rule and a Demon or a unit that `kills` without
    this is refused."""
    dies_as_starting_demon: ClassVar[tuple[str, ...]] = ()
    """The timeline's deaths (`execution`, `nomination_death`) at which a player who
    started as this Demon may die where the puzzle states the house rule "no execution
    or nomination death of a starting demon" (the Legion's execution, the Zombuul's
    every such death: its game may go on); at any other, it did not start so."""
    spares_starting_demons: ClassVar[tuple[str, ...]] = ()
    """The timeline's deaths at which, with this character on the script, a player who
    started as any Demon may die under that house rule (the Riot's nomination deaths;
    jthemphill's solver, whose convention the rule is, also spares every execution with
    a Mastermind on a script with the bag's set-up: the Mastermind's unit, when it has
    one, says so here)."""
    untimed_ignored: ClassVar[bool] = False
    """Whether its claim's items with no time tell nothing (a Gossip's statement with
    no day: docs/formats/botc.md, "an untimed Gossip statement"), rather than being
    refused."""
    acts: ClassVar[bool] = False
    """Whether its claims are actions (`hear`) rather than information (`holds`)."""
    guards: ClassVar[bool] = False
    """Whether it may keep a player from the Demon (the Soldier, the Monk): on a night
    without a death the Demon may have chosen its ward, and its kill failed."""
    chooses: ClassVar[bool] = False
    """Whether, drunk or poisoned, its nightly choice perhaps misfired (the Poisoner's,
    the Witch's): whether it chose anyone its ability would have changed is the
    Storyteller's to say, as Clockchecker reads it (the timeline records the maybe for
    the Mathematician)."""
    tells_goon: ClassVar[bool] = False
    """Whether every player it makes choose at night is told to the Goon
    (`meeple.botc.solver.choosing`), or it chooses none: a puzzle with the Goon beside
    a unit that does not is refused."""
    night_for_goon: ClassVar[bool] = False
    """Whether its `night` changes a story only through a Goon's (`choosing`): without
    the Goon in the cast, it wakes to nothing (the Chambermaid's)."""
    hidden: ClassVar[bool] = False
    """Whether any claimant may be it (the Goon, turned evil, may claim anything)."""
    asks_after: ClassVar[bool] = False
    """Whether its night's choices after the first are made only after the stories of
    the first were played to the end, and read what they asked (the Poisoner's:
    `Story.asked`): the timeline plays its night one story at a time."""
    informs_only: ClassVar[bool] = False
    """Whether its ability only tells its player something at night, checked through
    its claims' items and nothing else (the Chef, the Empath): poisoning it changes
    nothing on a night and day its claims say nothing of."""
    settled_first_night: ClassVar[bool] = False
    """Whether what it learns on night 1 reads only the set-up as the night begins (who
    sits where, as what, registering how, who lives): no choice of that night changes
    it but its own player's poisoning, and another's poisoning only takes a
    registration away (`timeline.refuted_first`: the Chef, the Empath)."""
    tallies: ClassVar[bool] = False
    """Whether what it learns counts the abilities that worked abnormally since dawn
    (the Mathematician): its items are checked after every other item of their step."""

    @property
    def title(self) -> str:
        """The character's name (`Fortune Teller`)."""
        return character(self.id).name

    def for_script(self, script: Sequence[str]) -> Unit:
        """The unit as the script's other characters shape it (the Hermit has the
        abilities of the script's Outsiders); by default itself."""
        return self

    def makes_drunk(self, roles: Sequence[str], seat: int) -> tuple[int, ...]:
        """The seats one of which the character makes drunk from the start, for the
        whole game (the Puzzlemaster: any player); none by default."""
        return ()

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        """Whether a set-up with the character at `seat` follows its set-up rule (the
        Drunk believes a Townsfolk not in play)."""
        return True

    def woke(self, story: Story, seat: int, when: Time) -> str | None:
        """Why the seat could have learned nothing at `when` even drunk or poisoned (the
        Ravenkeeper wakes only on the night it dies), None if it could."""
        return None

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        """Whether the seat woke on night `number` through this character's ability (what
        a Chambermaid counts): by default while alive, on the nights the official night
        order lists the character (`first_night`, `other_night`). A character whose
        entry there is conditional or a Storyteller's reminder overrides it."""
        facts = character(self.id)
        listed = facts.first_night if number == 1 else facts.other_night
        return self.wakes_as_listed and story.alive[seat] and listed > 0

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Why `item` is not what a sober player of this character learns in this story
        (what they would have learned), None when it is."""
        return None

    def binds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Why `item` cannot be so in this story whatever the claimant is, for what a
        good player other than the claimant says in it (a Nightwatchman's chosen player
        who confirms it); None when it can."""
        return None

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Why `item` is not false information (the Vortox's) in this story, None when
        it is: by default, when its character's rule would refuse it with everyone
        registering as what they are."""
        true = self.holds(story.plain(), seat, item, table) is None
        return "it is true, not false" if true else None

    def wakings(self, story: Story, seat: int, number: int, table: Table) -> tuple[bool, ...]:
        """Each way the seat may have woken through its ability on night `number`: by
        default the one `wakes` says (the Drunk who claims nothing may believe a
        character that wakes or one that does not)."""
        return (self.wakes(story, seat, number, table),)

    def hear(self, story: Story, seat: int, item: Info, table: Table) -> Iterator[Story]:
        """The stories after an action the seat claims (a Slayer's shot), whatever the
        seat really is; by default nothing happens."""
        yield story

    causes: ClassVar[str] = ""
    """The kind of timeline death its ability may cause by day (`slayer_shot`)."""

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        """The stories in which the seat's ability killed `victim` today, a death the
        timeline records without the claim that tells it."""
        return iter(())

    @kills_at_most(kills_none)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        """The stories after the seat's own action on night `number`."""
        yield story

    def shields(self, story: Story, seat: int, victim: int, table: Table) -> bool:
        """Whether the seat keeps `victim` from the Demon tonight."""
        return False

    def saves(self, story: Story, seat: int, victim: int, executed: bool) -> bool:
        """Whether the seat's ability keeps `victim` from dying now, by any cause (the
        Tea Lady's) or by execution (`executed`: the Devil's Advocate's)."""
        return False

    def dies(self, story: Story, seat: int, table: Table) -> Iterator[Story]:
        """The stories after the seat's death (already marked dead), before what the
        death of a Demon does: the Sweetheart makes a player drunk."""
        yield story

    def sees_death(self, story: Story, seat: int, dead: int, executed: bool) -> None:
        """What the seat's ability does when another player dies (`dead`, by execution
        when `executed`), on the story the death forked: the Minstrel makes everyone
        drunk; by default nothing."""

    def disowns(self, story: Story, seat: int, table: Table) -> str | None:
        """Why the seat's player could not have made its claims in this story, asked at
        the puzzle's end (a good Goon claims only the Goon), None when it could."""
        return None

    def executed(self, story: Story, seat: int) -> str | None:
        """Why the game would have ended when the seat was executed, None if it goes on."""
        return None

    def catches_demon(self, story: Story, seat: int, living: int) -> bool:
        """Whether the seat becomes the Demon when the Demon dies with `living` alive."""
        return False


def picks(table: Table, seat: int, number: int) -> tuple[list[Roles], list[Roles]]:
    """The characters the seat's claims say it chose (a Philosopher's, a Courtier's
    pick): all of them, and those of night `number`."""
    said = [(when, item) for when, item in table.learned_by[seat] if isinstance(item, Roles)]
    tonight = Time("night", number)
    return [item for _, item in said], [item for when, item in said if when == tonight]


def until_used(story: Story, seat: int, number: int, table: Table) -> bool:
    """Whether a once-per-game character woke on night `number`: alive, and no earlier
    night than the first its claims date (it is woken each night until it uses its
    ability; a claim that names no night has not used it)."""
    nights = [
        when.number
        for when, _ in table.learned_by[seat]
        if when is not None and when.phase == "night"
    ]
    return story.alive[seat] and number <= min(nights, default=number)


class Once(Unit):
    """A character that chooses once per game, at night (the Philosopher, the Courtier):
    it wakes each night until it does, and its claims say when."""

    learns_at = None

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return until_used(story, seat, number, table)


class Inert(Unit):
    """A character whose ability no puzzle's worlds depend on: it learns nothing, does
    nothing the solver models, and poisoning it changes nothing."""

    poison_matters = False
