"""The solver's search: every starting grimoire the set-up rules allow for a puzzle,
each played through its timeline (`meeple.botc.solver.timeline`); the worlds are the
grimoires with at least one story that tells the whole puzzle.

Set-up: each player may start as the character they claim (a good one), as the Drunk
when they claim a Townsfolk (believing it; no one else is it), or as any evil
character; a claim's `may_be` narrows that to its list; a player without a claim may
be anything on the script. No character twice unless the puzzle allows it. The team
counts are checked by meeple's own bag rules (`meeple.botc.script.allowed`, the one
source of truth with `botc bags`: the Baron's two extra Outsiders come from there).
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from meeple.botc.modifiers import PARTNERS, RULES
from meeple.botc.puzzle.model import Puzzle
from meeple.botc.script import TEAMS, Role, Script, allowed
from meeple.botc.solver.cast import CAST
from meeple.botc.solver.choosing import turns
from meeple.botc.solver.constraints import holds as constraint_holds
from meeple.botc.solver.constraints import narrowing, set_up_holds
from meeple.botc.solver.homebrew import CLAIMED_AS, character, character_id, claimed_as
from meeple.botc.solver.homebrew import RULES as HOMEBREW_RULES
from meeple.botc.solver.story import EVIL_TEAMS, Misregistration, Story, team
from meeple.botc.solver.timeline import Plan, Trace, named_herrings, plan, play, refuted_first
from meeple.botc.solver.units import Seating, Unit, Unmodelled


@dataclass(frozen=True)
class World:
    """A starting grimoire consistent with the puzzle, and the Storyteller's choices of
    one story that tells it (the first found: other choices may tell it too)."""

    players: tuple[str, ...]
    characters: tuple[str, ...]
    """Each seat's starting character (official ids; the Drunk as `drunk`)."""
    drunk_as: Mapping[str, str]
    """The Drunk's player -> the Townsfolk it believes it is."""
    red_herring: str | None
    poisoned: Mapping[int, str]
    """Night number -> the player the Poisoner chose, where it mattered."""
    demons: tuple[tuple[int, str], ...]
    """(time order, player): who became the Demon when (star-pass, Scarlet Woman)."""
    drunk: tuple[str, ...] = ()
    """Players drunk beside the Drunk: from the start (one of several Village Idiots, a
    Puzzlemaster's puzzle-drunk) or from a Sweetheart's death."""
    changes: tuple[tuple[int, str, str], ...] = ()
    """(time order, player, character): a Pit-Hag's change, or a Cerenovus's madness
    (`mad`), that a changed claim rests on."""
    goons: tuple[tuple[int, str, str, bool], ...] = ()
    """(time order, the Goon's player, the player who chose it first, whether the Goon is
    evil after): each night the Goon took its first chooser's alignment, who was drunk
    until dusk."""


@dataclass(frozen=True)
class Answer:
    """The worlds found, and whether the search stopped at a limit before the end."""

    worlds: tuple[World, ...]
    bounded: bool = False


def script_of(puzzle: Puzzle) -> Script:
    """The puzzle's script as meeple's set-up rules read it (official ids)."""
    ids = []
    for name in puzzle.script:
        known = character_id(name)
        if known is None:
            raise Unmodelled(f"the solver does not model the {name} yet")
        ids.append(known)
    roles = {key: Role(key, character(key).team, character(key).tokens) for key in ids}
    rules = {**RULES, **HOMEBREW_RULES}
    modifiers = {key: rules[key] for key in ids if key in rules}
    partners = {key: PARTNERS[key] for key in ids if key in PARTNERS}
    return Script("puzzle", roles, modifiers=modifiers, partners=partners)


def units(script: Script) -> Mapping[str, Unit]:
    """The unit of every character of the script; Unmodelled names one the solver lacks."""
    missing = [key for key in script.roles if key not in CAST]
    if missing:
        raise Unmodelled(f"the solver does not model the {character(missing[0]).name} yet")
    found = {key: CAST[key].for_script(tuple(script.roles)) for key in script.roles}
    for claimed, keys in CLAIMED_AS.items():  # a claim of the Prodigy: Solar or Lunar
        if all(key in found for key in keys):
            found[claimed] = CAST[claimed]
    deaf = [u for k, u in found.items() if not u.tells_goon and _wakes(k)]  # it may choose
    if "goon" in found and deaf:
        raise Unmodelled(f"the solver does not model the Goon beside the {deaf[0].title} yet")
    inexact = [unit for unit in found.values() if not unit.exact_with_misregistering]
    other = [unit for unit in found.values() if unit.misregisters is not None]
    if inexact and other:
        raise Unmodelled(
            f"the solver does not model the {inexact[0].title} beside the {other[0].title} yet"
        )
    return found


def _wakes(key: str) -> bool:
    """Whether the official night order lists the character (it may choose at night)."""
    return bool(character(key).first_night or character(key).other_night)


def options(puzzle: Puzzle, script: Script) -> list[list[str]]:
    """Each seat's possible starting characters, by the set-up convention, narrowed by
    the constraints that name a player's character or a character no one is."""
    narrowed = narrowing(puzzle)
    return [
        [
            key
            for key in seat
            if key not in narrowed.banned and key in narrowed.roles.get(player, (key,))
        ]
        for player, seat in zip(puzzle.players, _claimed(puzzle, script), strict=True)
    ]


def _claimed(puzzle: Puzzle, script: Script) -> list[list[str]]:
    """Each seat's possible starting characters, by the set-up convention."""
    evil = [key for key in script.roles if team(key) in EVIL_TEAMS]
    found = []
    for player in puzzle.players:
        claims = puzzle.claims_of(player)
        listed = [character_id(name) for claim in claims for name in claim.may_be]
        if listed:
            found.append([key for key in script.roles if key in listed])
            continue
        claimed = character_id(claims[0].character) if claims else None
        if claimed is None:
            found.append(list(script.roles))
            continue
        seat: list[str] = []
        if team(claimed) not in EVIL_TEAMS:
            seat += claimed_as(claimed)
            if team(claimed) == "townsfolk" and "drunk" in script.roles:
                seat.append("drunk")
                seat.append("hermit")  # with the Drunk's ability (kept if on the script)
        seat += evil + [key for key in script.roles if CAST[key].hidden]  # the Goon
        found.append([key for key in dict.fromkeys(seat) if key in script.roles])
    return found


def grimoires(puzzle: Puzzle, script: Script) -> Iterator[tuple[str, ...]]:
    """Every starting assignment the set-up rules and the claims allow, in a fixed order."""
    seats = options(puzzle, script)
    count = len(seats)
    unique = puzzle.unique_characters is not False
    claimed = [puzzle.claimed(player) for player in puzzle.players]
    check = puzzle.setup == "standard"  # `atheist`: the Storyteller broke the rules
    modifiers = [key for key in script.roles if key in script.modifiers]
    legal = {
        mods: frozenset(counts for counts, _ in allowed(script, count, mods))
        for size in range(len(modifiers) + 1)
        for mods in itertools.combinations(modifiers, size)
    }
    most = [
        max((c[i] for counts in legal.values() for c in counts), default=0)
        for i in range(len(TEAMS))
    ]
    fixed = narrowing(puzzle).counts  # `#Minion.~type == 3`: no more of a team
    cap = [fixed.get(name, count) for name in TEAMS]
    index = {name: i for i, name in enumerate(TEAMS)}
    teams = {key: index[team(key)] for key in script.roles}
    claims = tuple(character_id(name or "") for name in claimed)
    seating = Seating(tuple(script.roles), claims, unique)
    copies = {
        key: max(change.get("copies", 1) for change in rule)
        for key, rule in script.modifiers.items()
    }
    bound = [min(most[i], cap[i]) if check else cap[i] for i in range(len(TEAMS))]
    spare = {key: copies.get(key, 1) if unique else count for key in script.roles}
    # a set-up's team counts as one number (a digit per team, in base `count + 1`) and
    # its modifiers in play as bits: the last seat's check is one set lookup
    base = count + 1
    weight = [base**i for i in range(len(TEAMS))]
    bit = {key: 1 << i for i, key in enumerate(modifiers)}
    codes = {
        sum(bit[key] for key in mods): frozenset(
            sum(n * w for n, w in zip(counts, weight, strict=True))
            for counts in teams_counts
            if max(counts, default=0) <= count
        )
        for mods, teams_counts in legal.items()
    }
    choices = [
        [(role, teams[role], weight[teams[role]], bit.get(role, 0)) for role in seat]
        for seat in seats
    ]
    fitters = [key for key in script.roles if key in FITTERS]
    chosen_roles: list[str] = []
    have = [0] * len(TEAMS)
    state = [0, 0]
    """The team counts' number and the modifiers' bits of the set-up so far."""
    held = dict.fromkeys(bit, 0)
    """How many seats hold each modifier so far."""

    def fit(roles: Sequence[str]) -> bool:
        """Whether a whole set-up follows every set-up rule of its characters."""
        return all(
            CAST[role].fits(roles, seat, seating)
            for seat, role in enumerate(roles)
            if role in FITTERS
        )

    found: list[tuple[str, ...]] = []

    def last(seat: int) -> None:
        """The last seat's set-ups, each checked as it is made: team counts a bag allows
        (with the modifiers in play), and every character's set-up rule."""
        code, mask = state
        for role, at, worth, flag in choices[seat]:
            if not spare[role] or have[at] >= bound[at]:
                continue
            if check and code + worth not in codes[mask | flag]:
                continue
            roles = (*chosen_roles, role)
            if not check or not fitters or fit(roles):
                found.append(roles)

    def place(seat: int) -> None:  # appends to `found`: no chain of generators to yield through
        if seat == count - 1:
            last(seat)
            return
        for role, at, worth, flag in choices[seat]:
            if not spare[role] or have[at] >= bound[at]:
                continue
            have[at] += 1
            spare[role] -= 1
            chosen_roles.append(role)
            state[0] += worth
            if flag:
                held[role] += 1
                state[1] |= flag
            place(seat + 1)
            if flag:
                held[role] -= 1
                if not held[role]:
                    state[1] &= ~flag
            state[0] -= worth
            chosen_roles.pop()
            spare[role] += 1
            have[at] -= 1

    if count:
        place(0)
    elif not check or 0 in codes[0]:
        found.append(())
    yield from found


FITTERS = frozenset(key for key, unit in CAST.items() if type(unit).fits is not Unit.fits)
"""The characters with a set-up rule of their own (`Unit.fits`: the Drunk's...)."""


def _herrings(puzzle: Puzzle, roles: Sequence[str], named: frozenset[str]) -> list[int | None]:
    """The red herrings worth trying: each good player a reading names (`named`), and
    one other."""
    if "fortuneteller" not in roles:
        return [None]
    good = [seat for seat, role in enumerate(roles) if team(role) not in EVIL_TEAMS]
    tried: list[int | None] = [seat for seat in good if puzzle.players[seat] in named]
    other = [seat for seat in good if puzzle.players[seat] not in named]
    return tried + other[:1]


def stories(
    puzzle: Puzzle, roles: Sequence[str], plan_: Plan, trace: Trace | None = None
) -> Iterator[Story]:
    """Every story of one starting grimoire that tells the whole puzzle.

    A story asks whether a seat is the red herring (`Story.is_red_herring`) and notes
    the seats it asked; with another red herring that is none of them, every answer
    and so the whole story would be the same. So a set-up is first played with a red
    herring that is no one (never yielded): if nothing tells the puzzle so, only the
    herrings it asked about are tried, and after each failure, only the herrings that
    one asked about besides it. The players drunk from the start (one of several
    Village Idiots, a Puzzlemaster's puzzle-drunk) are tried so too, through
    `Story.is_drunk_for_good`: first no one, then only the choices that answer some
    question a failed trial asked otherwise than it."""
    table = plan_.table
    if not table.drinkers and VI not in table.cast and "fortuneteller" not in table.cast:
        yield from play(plan_, Story(roles, table.misregisters), trace)  # one story to begin
        return
    made = [
        seats
        for seat, role in enumerate(roles)
        if role in table.drinkers and (seats := table.cast[role].makes_drunk(roles, seat))
    ]
    idiots = [s for s, role in enumerate(roles) if role == VI] if VI in roles else []
    trials = [
        (drunk, extra)
        for drunk in (idiots if len(idiots) > 1 else [None])
        for extra in itertools.product(*made)
    ]
    herrings = _herrings(puzzle, roles, plan_.named)
    if len(trials) == 1 and len(herrings) == 1:  # one story to begin with (most set-ups)
        drunk, extra = trials[0]
        story = _begun(roles, table.misregisters, herrings[0], drunk, extra, set())
        yield from play(plan_, story, trace)
        return
    failed: list[tuple[frozenset[int], set[int]]] = []
    if len(trials) > 1 and trace is None:
        asked: set[int] = set()
        if next(_herring_stories(plan_, roles, herrings, None, (), asked, None), None) is None:
            failed.append((frozenset(), asked))
    for drunk, extra in trials:
        made_drunk = frozenset(extra if drunk is None else (drunk, *extra))
        if failed and any(all((s in made_drunk) == (s in was) for s in why) for was, why in failed):
            continue  # it goes as a failed trial went: every question answered alike
        asked = set()
        reached = False
        for story in _herring_stories(plan_, roles, herrings, drunk, extra, asked, trace):
            reached = True
            yield story
        if not reached and trace is None:
            failed.append((made_drunk, asked))


def _herring_stories(
    plan_: Plan,
    roles: Sequence[str],
    herrings: list[int | None],
    drunk: int | None,
    extra: Sequence[int],
    drunk_asked: set[int],
    trace: Trace | None,
) -> Iterator[Story]:
    """The stories of a set-up and its players drunk from the start that tell the
    puzzle, each red herring worth trying in turn (`stories`); every story notes in
    `drunk_asked` the seats it asked whether they are drunk for good."""
    misregisters = plan_.table.misregisters
    failed: list[tuple[int | None, set[int]]] = []
    if len(herrings) > 1 and trace is None:
        ghost = _begun(roles, misregisters, NO_ONE, drunk, extra, drunk_asked)
        if next(play(plan_, ghost), None) is None:
            failed.append((NO_ONE, ghost.herring_asked))
    for herring in herrings:
        if failed and any(h not in asked and herring not in asked for h, asked in failed):
            continue  # it goes as a red herring that told nothing went
        story = _begun(roles, misregisters, herring, drunk, extra, drunk_asked)
        reached = False
        for reached_end in play(plan_, story, trace):
            reached = True
            yield reached_end
        if not reached:
            failed.append((herring, story.herring_asked))


VI = "villageidiot"
NO_ONE = -1
"""A red herring that is no seat: the set-up's trial play (`stories`)."""


def _begun(
    roles: Sequence[str],
    misregisters: Mapping[str, Misregistration],
    herring: int | None,
    drunk: int | None,
    extra: Sequence[int],
    drunk_asked: set[int],
) -> Story:
    """A story at the start, with the red herring and the players drunk from the start:
    `drunk`, one of several Village Idiots, and `extra`, a Puzzlemaster's puzzle-drunk
    (`drunk_asked`: where its questions about them are noted)."""
    story = Story(roles, misregisters, herring)
    story.drunk_asked = drunk_asked
    if drunk is not None:
        story.drunk = frozenset({drunk})
        story.chose("drunk", drunk)
    for seat in extra:
        story.drunk = story.drunk | {seat}
        story.chose("drunk", seat)
    return story


def solve(puzzle: Puzzle, limit: int | None = None) -> Answer:
    """Every world of the puzzle (at most `limit`, saying so when it stopped there)."""
    script = script_of(puzzle)
    cast = units(script)
    plan_ = plan(puzzle, cast)
    found: list[World] = []
    fits = fitting(puzzle, script)
    with uncollected():
        for roles in grimoires(puzzle, script):
            if not fits(roles):
                continue
            if plan_.settled and refuted_first(plan_, roles):
                continue
            story = next(told(puzzle, roles, plan_), None)
            if story is None:
                continue
            if limit is not None and len(found) == limit:
                return Answer(tuple(found), bounded=True)
            found.append(world(puzzle, roles, story))
    return Answer(tuple(found))


@contextmanager
def uncollected() -> Iterator[None]:
    """Python's cycle collector paused for a search: a search makes hundreds of
    thousands of short-lived stories, each freed as soon as it is dropped (stories hold
    no reference cycles), and the collector's passes over them only cost time. The few
    cycles a search leaves (the set-up enumeration's recursive closure) wait for the
    collector's next pass after the search."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def fitting(puzzle: Puzzle, script: Script) -> Callable[[Sequence[str]], bool]:
    """Whether a set-up follows the puzzle's constraints about the set-up and its set-up
    line (`_set_up`): the set-ups the solver (and `--explain`) plays."""
    holds = set_up_holds(puzzle)
    if _set_up_may_refuse(puzzle):
        return lambda roles: holds(roles) and _set_up(puzzle, script, roles)
    return holds


def told(
    puzzle: Puzzle, roles: Sequence[str], plan_: Plan, trace: Trace | None = None
) -> Iterator[Story]:
    """The stories of a set-up that tell the whole puzzle and keep its constraints about
    the game's course."""
    for story in stories(puzzle, roles, plan_, trace):
        if constraint_holds(puzzle, roles, story):
            yield story


def _set_up(puzzle: Puzzle, script: Script, roles: Sequence[str]) -> bool:
    """Whether the grimoire follows the puzzle's set-up: the twins its players name
    (`_twins`); the set-up line `atheist` (the Storyteller broke the rules: no team
    counts) has no evil player and the Atheist in play when the script has it."""
    if not _twins(puzzle, roles):
        return False
    if puzzle.setup != "atheist":
        return True
    if not all(_good(role) for role in roles):
        return False
    return "atheist" not in script.roles or "atheist" in roles


def _set_up_may_refuse(puzzle: Puzzle) -> bool:
    """Whether `_set_up` may refuse a grimoire of the puzzle: some player names an Evil
    Twin, or its set-up line is `atheist` (else it holds of every grimoire)."""
    return puzzle.setup == "atheist" or any(claim.evil_twin is not None for claim in puzzle.claims)


def _twins(puzzle: Puzzle, roles: Sequence[str]) -> bool:
    """Whether the players who name their Evil Twin fit the grimoire: a good one tells
    the truth, and an Evil Twin in play is one of a named pair, the other one good."""
    names = list(puzzle.players)
    pairs = []
    for claim in puzzle.claims:
        if claim.evil_twin is None:
            continue
        seat = names.index(claim.player)
        twin = names.index(claim.evil_twin) if claim.evil_twin in names else None
        if _good(roles[seat]) and (twin is None or roles[twin] != "eviltwin"):
            return False
        if twin is not None:
            pairs.append((seat, twin))
    for seat in (s for s, role in enumerate(roles) if role == "eviltwin" and pairs):
        twins = [b if a == seat else a for a, b in pairs if seat in (a, b)]
        if not any(_good(roles[twin]) for twin in twins):
            return False
    return True


def _good(role: str) -> bool:
    """Whether a character is good."""
    return team(role) not in EVIL_TEAMS


def world(puzzle: Puzzle, roles: Sequence[str], story: Story) -> World:
    """The world of a starting grimoire, with the choices of one of its stories."""
    names = puzzle.players
    drunk_as = {
        names[seat]: believed
        for seat, role in enumerate(roles)
        if role == "drunk" and (believed := character_id(puzzle.claimed(names[seat]) or ""))
    }
    poisoned = {
        order // 2 + 1: names[seat] for what, order, seat in story.choices if what == "poisoned"
    }
    demons = tuple((order, names[seat]) for what, order, seat in story.choices if what == "demon")
    drunk = tuple(names[seat] for what, _, seat in story.choices if what == "drunk")
    herring = None if story.herring is None else names[story.herring]
    if herring not in named_herrings(puzzle):
        herring = None  # one good player no reading names stands for them all
    changes = tuple(
        (order, names[seat], "mad" if what == "mad" else story.roles[seat])
        for what, order, seat in story.choices
        if what in ("mad", "pithag")
    )
    goons = tuple(
        (order, names[goon], names[chooser], evil) for order, goon, chooser, evil in turns(story)
    )
    return World(
        tuple(names), tuple(roles), drunk_as, herring, poisoned, demons, drunk, changes, goons
    )
