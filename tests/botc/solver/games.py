"""Random Trouble Brewing games played night by night, told as puzzles: the soundness
property's worlds, made without the solver.

A legal bag (meeple's `random_bags`) is seated at random; the Drunk believes a
Townsfolk not in play; a Fortune Teller's red herring is a random good player. Each
night the Poisoner poisons a random player (tonight and tomorrow), the Monk protects
one, the Imp (from night 2) kills a random unprotected player, or itself now and then
(a random living Minion becomes the Imp); each day a random player is executed, never
the Demon nor a sober Saint, while enough live that the game goes on. A sober good
player's information is true, with the Recluse and the Spy registering as themselves;
a drunk or poisoned one's, and every evil player's, is random words of the same shape.
Evil players claim a random good character. The Slayer never shoots and the Virgin is
never nominated: those claims carry nothing.

With a Mathematician (`mathematician=True`: the script without the Recluse and the
Spy, beside whom the solver refuses it, and a Mathematician in every bag), a good
drunk or poisoned player learns, at random, what a sober one would or something a
sober one could not; the Mathematician, told last each night, learns how many did
the second since dawn, with the Soldier the Demon killed drunk or poisoned
(docs/formats/botc.md, "the Mathematician's count"), counted without the solver.

With `demon="fanggu"` the Fang Gu stands in for the Imp (one more Outsider): the first
Outsider it attacks becomes the evil Fang Gu and the Fang Gu dies instead. With
`demon="vigormortis"` (one Outsider fewer; no Recluse nor Spy, beside whom the solver
refuses it) a Minion it kills keeps its ability and poisons one of its nearest
Townsfolk, while the Vigormortis lives sober; a dead Poisoner never picks it. With
`sweetheart=True` the Sweetheart stands in for the Butler: when it dies sober, a random
player is drunk for the rest of the game. With `tealady=True` the Tea Lady stands in
for the Mayor: its two good living neighbours cannot die (the Imp spares them; one
executed survives, a `survived execution` of the timeline). With `sects=True` the
script also has Sects & Violets' Clockmaker (the Demon's distance to its nearest
Minion), Oracle (the dead evil, from night 2), Seamstress (once, on a random night, two
other players alike or not) and Dreamer (each night a player, its character and one of
the other alignment). With `goon=True` every bag has the Goon and the script the Sailor,
without the characters who choose at night unheard by the Goon (the Fortune Teller, Monk,
Ravenkeeper, Butler, Poisoner): each night a living Sailor chooses a living player first
(told in its claim), then the Imp; the first to choose the living Goon is drunk until
dusk and the Goon takes their alignment (the Imp's kill then fails); else a sober
Sailor's choice makes it or the chosen drunk until dusk, and a sober Sailor cannot die.
A quiet night is told (`night death of nobody`), so the puzzle reaches each night's turn;
a Goon evil at the end claims a good character that learns nothing.

The Drunk believing the Librarian, the only Outsider, has nothing true to learn: "no
Outsiders" is false, for it is one.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from meeple.botc.characters import official
from meeple.botc.modifiers import RULES
from meeple.botc.puzzle.model import (
    Aligned,
    Choice,
    Claim,
    Dream,
    Event,
    Info,
    Number,
    Puzzle,
    Reading,
    Seen,
    Shown,
    Time,
)
from meeple.botc.script import Role, Script, load_script
from meeple.botc.setup import random_bags

TEAMS = ("townsfolk", "outsider", "minion", "demon")
EVIL = ("minion", "demon")
FIRST_NIGHT = ("washerwoman", "librarian", "investigator", "chef", "clockmaker")
SHOWS = {"washerwoman": "townsfolk", "librarian": "outsider", "investigator": "minion"}
EACH_NIGHT = ("empath", "fortuneteller", "dreamer")
SECTS = ("clockmaker", "oracle", "seamstress", "dreamer")
"""Sects & Violets' Townsfolk added to the script with `sects=True`."""
DEAF_TO_GOON = ("fortuneteller", "monk", "ravenkeeper", "butler", "poisoner")
"""Trouble Brewing's characters who choose at night unheard by the Goon (the solver
refuses them beside it): left out with `goon=True`."""
QUIET = ("virgin", "slayer", "soldier", "mayor", "saint", "recluse", "goon")
"""Good characters whose claims carry nothing here: an evil Goon's claim."""
NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def team(role: str) -> str:
    return official()[role].team


def seed_id(role: str) -> str:
    return official()[role].alias


@dataclass
class Game:
    """The truth of one game: starting roles, current roles, life, poison, choices."""

    starting: list[str]
    roles: list[str]
    alive: list[bool]
    believed: dict[int, str]
    herring: int | None
    rng: random.Random
    poisoned: int | None = None
    protected: int | None = None
    executed: int | None = None
    misfired: set[int] | None = None
    """The good players whose abilities misfired since dawn (None: no one counts)."""
    turned: set[int] = dataclasses.field(default_factory=set)
    """Players turned evil (the Outsider a Fang Gu jumped to)."""
    vigor: dict[int, int | None] = dataclasses.field(default_factory=dict)
    """Minions the Vigormortis killed -> the Townsfolk each poisons."""
    drunk: set[int] = dataclasses.field(default_factory=set)
    """Players drunk for good (the Sweetheart's)."""
    characters: tuple[str, ...] = ()
    """The script's characters (what a Dreamer may be shown)."""
    used: set[int] = dataclasses.field(default_factory=set)
    """Players whose once-per-game ability is spent (a Seamstress's)."""
    tonight: set[int] = dataclasses.field(default_factory=set)
    """Players drunk until dusk (a Sailor's choice, the Goon's first chooser)."""
    goon_chosen: bool = False
    """Whether someone chose the Goon tonight (only the first is made drunk)."""

    def choose(self, chooser: int, target: int) -> bool:
        """The chooser chose `target` with its ability: True when it was the Goon's
        first chooser tonight (the chooser drunk until dusk, the Goon its alignment)."""
        if self.roles[target] != "goon" or not self.alive[target] or self.goon_chosen:
            return False
        self.goon_chosen = True
        self.tonight.add(chooser)
        if self.evil(chooser):
            self.turned.add(target)
        else:
            self.turned.discard(target)
        return True

    def saved(self, seat: int) -> bool:
        lady = self.roles.index("tealady") if "tealady" in self.roles else None
        if lady is None or not self.alive[lady] or not self.sober(lady):
            return False
        beside = _neighbours(self, lady)
        return seat in beside and not any(self.evil(other) for other in beside)

    def dies(self, seat: int) -> None:
        if self.roles[seat] == "sweetheart" and self.sober(seat):
            self.drunk.add(self.rng.randrange(len(self.roles)))
        self.alive[seat] = False

    def evil(self, seat: int) -> bool:
        return seat in self.turned or team(self.starting[seat]) in EVIL

    def sober(self, seat: int) -> bool:
        poisoner = self.roles.index("poisoner") if "poisoner" in self.roles else None
        poisoned = self.poisoned == seat and poisoner is not None and self.active(poisoner)
        kept = seat in self.vigor.values() and self.vigor_works()
        drunk = self.roles[seat] == "drunk" or seat in self.drunk or seat in self.tonight
        return not drunk and not poisoned and not kept

    def vigor_works(self) -> bool:
        vigormortis = self.roles.index("vigormortis") if "vigormortis" in self.roles else None
        return vigormortis is not None and self.alive[vigormortis] and self.sober(vigormortis)

    def active(self, seat: int) -> bool:
        return self.alive[seat] or (seat in self.vigor and self.vigor_works())

    def living(self) -> list[int]:
        return [seat for seat, alive in enumerate(self.alive) if alive]


def _neighbours(game: Game, seat: int) -> list[int]:
    count = len(game.roles)
    found = []
    for step in (-1, 1):
        other = (seat + step) % count
        while other != seat and not game.alive[other]:
            other = (other + step) % count
        if other != seat and other not in found:
            found.append(other)
    return found


def _true(game: Game, seat: int, role: str, when: Time, names: list[str]) -> Info | None:
    """What a sober player of `role` learns at `when`, None if nothing."""
    rng = game.rng
    others = [s for s in range(len(names)) if s != seat]
    if role in SHOWS:
        holders = [s for s in others if team(game.roles[s]) == SHOWS[role]]
        if not holders:
            # the Drunk believing the Librarian is an Outsider in play: "none" is false
            none = not any(team(r) == "outsider" for r in game.roles)
            return Shown(None, (), when) if role == "librarian" and none else None
        holder = rng.choice(holders)
        other = rng.choice([s for s in others if s != holder])
        pair = [names[holder], names[other]]
        rng.shuffle(pair)
        return Shown(seed_id(game.roles[holder]), tuple(pair), when)
    if role == "chef":
        count = len(names)
        pairs = sum(game.evil(i) and game.evil((i + 1) % count) for i in range(count))
        return Number(pairs, when=when)
    if role == "empath":
        return Number(sum(game.evil(s) for s in _neighbours(game, seat)), when=when)
    if role == "fortuneteller":
        left, right = rng.sample(range(len(names)), 2)
        yes = any(team(game.roles[s]) == "demon" or s == game.herring for s in (left, right))
        return Reading(names[left], names[right], yes, when)
    if role == "undertaker" and game.executed is not None:
        return Seen(names[game.executed], seed_id(game.roles[game.executed]), when)
    if role == "ravenkeeper":
        chosen = rng.randrange(len(names))
        return Seen(names[chosen], seed_id(game.roles[chosen]), when)
    return _true_sects(game, seat, role, when, names)


def _true_sects(game: Game, seat: int, role: str, when: Time, names: list[str]) -> Info | None:
    """What a sober Clockmaker, Oracle, Seamstress or Dreamer learns (everyone
    registering as themselves)."""
    rng = game.rng
    others = [s for s in range(len(names)) if s != seat]
    if role == "clockmaker":
        return Number(_distance(game), when=when)
    if role == "oracle":
        dead = [s for s in range(len(names)) if not game.alive[s]]
        return Number(sum(game.evil(s) for s in dead), when=when)
    if role == "seamstress":
        left, right = rng.sample(others, 2)
        return Aligned((names[left], names[right]), game.evil(left) == game.evil(right), when)
    if role == "dreamer":
        chosen = rng.choice(others)
        truly = game.roles[chosen]
        evil = team(truly) in EVIL
        other = rng.choice([r for r in game.characters if (team(r) in EVIL) != evil])
        shown = [seed_id(truly), seed_id(other)]
        rng.shuffle(shown)
        return Dream(names[chosen], tuple(shown), when)
    return None


def _distance(game: Game) -> int:
    """The steps from the Demon to its nearest Minion, either way round."""
    count = len(game.roles)
    demons = [s for s, r in enumerate(game.roles) if team(r) == "demon"]
    minions = [s for s, r in enumerate(game.roles) if team(r) == "minion"]
    return min(min((d - m) % count, (m - d) % count) for d in demons for m in minions)


def _random(game: Game, role: str, when: Time, names: list[str], roles: list[str]) -> Info | None:
    """Words of the shape `role` learns, said at random."""
    rng = game.rng
    if role in SHOWS:
        pair = rng.sample(names, 2)
        shown = [r for r in roles if team(r) == SHOWS[role]] or roles
        return Shown(seed_id(rng.choice(shown)), tuple(pair), when)
    if role in ("chef", "empath", "clockmaker", "oracle"):
        return Number(rng.randrange(3), when=when)
    if role == "seamstress":
        return Aligned(tuple(rng.sample(names, 2)), rng.random() < 0.5, when)
    if role == "dreamer":
        good = [r for r in roles if team(r) not in EVIL]
        evil = [r for r in roles if team(r) in EVIL]
        return Dream(
            rng.choice(names), (seed_id(rng.choice(good)), seed_id(rng.choice(evil))), when
        )
    if role == "fortuneteller":
        left, right = rng.sample(names, 2)
        return Reading(left, right, rng.random() < 0.5, when)
    if role in ("undertaker", "ravenkeeper"):
        return Seen(rng.choice(names), seed_id(rng.choice(roles)), when)
    return None


def _false(game: Game, seat: int, role: str, when: Time, names: list[str]) -> Info | None:
    """Words of the shape `role` learns that a sober player could not have learned."""
    rng = game.rng
    others = [s for s in range(len(names)) if s != seat]
    if role in SHOWS:
        shown = [r for r in game.roles if team(r) == SHOWS[role]]
        if not shown:
            return (
                None if role != "librarian" else Shown("butler", tuple(rng.sample(names, 2)), when)
            )
        character = rng.choice(shown)
        pair = rng.sample([s for s in others if game.roles[s] != character], 2)
        return Shown(seed_id(character), (names[pair[0]], names[pair[1]]), when)
    true = _true(game, seat, role, when, names)
    if isinstance(true, Aligned) and true.same is not None:
        return Aligned(true.among, not true.same, when)
    if isinstance(true, Dream) and true.player is not None:
        truly = game.roles[names.index(true.player)]
        good = [r for r in game.characters if team(r) not in EVIL and r != truly]
        evil = [r for r in game.characters if team(r) in EVIL and r != truly]
        return Dream(true.player, (seed_id(rng.choice(good)), seed_id(rng.choice(evil))), when)
    if isinstance(true, Number):
        return Number(true.count + 1, when=when)
    if isinstance(true, Reading):
        return Reading(true.left, true.right, not true.yes, when)
    if isinstance(true, Seen) and true.player is not None:
        seen = names.index(true.player)
        wrong = [r for r in game.starting + game.roles if r != game.roles[seen]]
        return Seen(true.player, seed_id(rng.choice(wrong)), when)
    return None


def _with_mathematician(script: Script) -> Script:
    """The script with the Mathematician, without the Recluse and the Spy."""
    roles = {key: role for key, role in script.roles.items() if key not in ("recluse", "spy")}
    return _with_townsfolk(dataclasses.replace(script, roles=roles), ("mathematician",))


def _with_townsfolk(script: Script, added: tuple[str, ...]) -> Script:
    """The script with more characters."""
    roles = dict(script.roles)
    for key in added:
        known = official()[key]
        roles[key] = Role(key, known.team, known.tokens)
    return dataclasses.replace(script, roles=roles)


def _with_demon(script: Script, demon: str, swap: tuple[str, str] | None = None) -> Script:
    """The script with another Demon in the Imp's place, and its set-up rule (or, with
    `swap`, another character in one's place)."""
    old, demon = swap or ("imp", demon)
    roles = {key: role for key, role in script.roles.items() if key != old}
    known = official()[demon]
    roles[demon] = Role(demon, known.team, known.tokens)
    modifiers = {key: rule for key, rule in script.modifiers.items() if key != old}
    if demon in RULES:
        modifiers[demon] = RULES[demon]
    return dataclasses.replace(script, roles=roles, modifiers=modifiers)


def game_puzzle(
    rng: random.Random,
    players: int,
    nights: int,
    mathematician: bool = False,
    demon: str = "imp",
    sweetheart: bool = False,
    tealady: bool = False,
    sects: bool = False,
    goon: bool = False,
) -> tuple[Puzzle, tuple[str, ...]]:
    """A random game of `players` over `nights` nights, as a puzzle, and its truth."""
    script = load_script("trouble-brewing")
    if demon != "imp":
        script = _with_demon(script, demon)
    if sweetheart:
        script = _with_demon(script, "imp", ("butler", "sweetheart"))
    if tealady:
        script = _with_demon(script, "imp", ("mayor", "tealady"))
    if demon == "vigormortis" or tealady:  # the solver refuses them beside the Recluse
        kept = {key: role for key, role in script.roles.items() if key not in ("recluse", "spy")}
        script = dataclasses.replace(script, roles=kept)
    if mathematician:
        script = _with_mathematician(script)
    if sects:
        script = _with_townsfolk(script, SECTS)
    if goon:
        kept = {key: role for key, role in script.roles.items() if key not in DEAF_TO_GOON}
        script = _with_townsfolk(dataclasses.replace(script, roles=kept), ("sailor", "goon"))
    roles = list(next(random_bags(script, players, 1, rng)).roles)
    while goon and "goon" not in roles:
        roles = list(next(random_bags(script, players, 1, rng)).roles)
    if mathematician and "mathematician" not in roles:
        good = [i for i, role in enumerate(roles) if team(role) == "townsfolk"]
        roles[rng.choice(good)] = "mathematician"
    rng.shuffle(roles)
    names = list(NAMES[:players])
    townsfolk = [r for r in script.roles if team(r) == "townsfolk"]
    believed = {
        seat: rng.choice([r for r in townsfolk if r not in roles])
        for seat, role in enumerate(roles)
        if role == "drunk"
    }
    good = [s for s, r in enumerate(roles) if team(r) not in EVIL]
    herring = rng.choice(good) if "fortuneteller" in roles else None
    game = Game(list(roles), list(roles), [True] * players, believed, herring, rng)
    game.characters = tuple(script.roles)
    if mathematician:
        game.misfired = set()
    claimed = {}
    for seat, role in enumerate(roles):
        if seat in believed:
            claimed[seat] = believed[seat]
        elif team(role) in EVIL:
            claimed[seat] = rng.choice([r for r in script.roles if team(r) not in EVIL])
        else:
            claimed[seat] = role
    learned: dict[int, list[Info]] = {seat: [] for seat in range(players)}
    timeline = []
    all_roles = list(script.roles)

    def tell(seat: int, when: Time, died_tonight: bool = False) -> None:
        role = claimed[seat]
        wakes = (
            (role in FIRST_NIGHT and when.number == 1)
            or role in EACH_NIGHT
            or (role == "undertaker" and when.number > 1 and game.executed is not None)
            or (role == "ravenkeeper" and died_tonight)
            or (role == "mathematician")
            or (role == "oracle" and when.number > 1)
            or (role == "seamstress" and seat not in game.used and rng.random() < 0.5)
        )
        if not wakes or (not game.alive[seat] and not died_tonight):
            return
        sober_good = not game.evil(seat) and seat not in believed and game.sober(seat)
        counted = game.misfired
        if role == "mathematician":
            count = len(counted) if sober_good and counted is not None else rng.randrange(3)
            item: Info | None = Number(count, when=when)
        elif sober_good:
            item = _true(game, seat, role, when, names)
        elif counted is None or game.evil(seat):
            item = _random(game, role, when, names, all_roles)
        elif rng.random() < 0.5:
            item = _true(game, seat, role, when, names)
        else:
            item = _false(game, seat, role, when, names)
            if item is not None:
                counted.add(seat)
        if item is not None:
            learned[seat].append(item)
            if role == "seamstress":
                game.used.add(seat)

    demons = [s for s, role in enumerate(roles) if role == "vigormortis"]
    for night in range(1, nights + 1):
        when = Time("night", night)
        game.tonight = set()
        game.goon_chosen = False
        _sail(game, claimed, learned, when, names)
        game.poisoned = None
        poisoner = _holder(game, "poisoner")
        if poisoner is not None and game.active(poisoner) and game.sober(poisoner):
            choices = [s for s in range(players) if game.alive[poisoner] or s not in demons]
            game.poisoned = rng.choice(choices)
        monk = _holder(game, "monk")
        game.protected = None
        if monk is not None and game.alive[monk] and game.sober(monk) and night > 1:
            game.protected = rng.choice([s for s in range(players) if s != monk])
        if game.misfired is not None:
            game.misfired = set()
        killed = _night_kill(game, night) if night > 1 else None
        if killed is None and goon and night > 1:  # the puzzle reaches tonight's Goon
            timeline.append(Event("night_death", when, ()))
        elif killed is not None:
            timeline.append(Event("night_death", when, (names[killed],)))
            soldier = "soldier" in (game.roles[killed], believed.get(killed))
            if game.misfired is not None and soldier and not game.sober(killed):
                game.misfired.add(killed)
        for seat in sorted(range(players), key=lambda s: claimed[s] == "mathematician"):
            tell(seat, when, died_tonight=seat == killed)
        game.executed = None
        if night == nights:
            break
        living = game.living()
        candidates = [
            s
            for s in living
            if team(game.roles[s]) != "demon"
            and not (game.roles[s] in ("saint", "sailor") and game.sober(s))
        ]
        if len(living) > 4 and candidates and rng.random() < 0.8:
            victim = rng.choice(candidates)
            game.executed = victim
            kind = "survived_execution" if game.saved(victim) else "execution"
            if kind == "execution":
                game.dies(victim)
            timeline.append(Event(kind, Time("day", night), (names[victim],)))
    for seat, role in enumerate(roles):
        if role == "goon" and game.evil(seat):  # an evil Goon says anything: here a quiet claim
            claimed[seat] = rng.choice(QUIET)
    claims = tuple(
        Claim(names[seat], seed_id(claimed[seat]), None, tuple(learned[seat]))
        for seat in range(players)
    )
    puzzle = Puzzle(
        tuple(names),
        tuple(seed_id(r) for r in script.roles),
        claims,
        timeline=tuple(timeline),
    )
    return puzzle, tuple(roles)


def _sail(
    game: Game,
    claimed: dict[int, str],
    learned: dict[int, list[Info]],
    when: Time,
    names: list[str],
) -> None:
    """Tonight's Sailor choices, first in the night: a living Sailor's choice (the Goon's
    first chooser, or else it or the chosen drunk until dusk), anyone else claiming the
    Sailor a living player at random."""
    rng = game.rng
    for seat, role in claimed.items():
        if role != "sailor" or not game.alive[seat]:
            continue
        target = rng.choice(game.living())
        learned[seat].append(Choice((names[target],), when=when))
        if game.roles[seat] != "sailor" or game.choose(seat, target) or not game.sober(seat):
            continue
        game.tonight.add(rng.choice([seat, target]))


def _holder(game: Game, role: str) -> int | None:
    return game.roles.index(role) if role in game.roles else None


def _night_kill(game: Game, night: int) -> int | None:
    """The Imp's kill tonight (None: no one died)."""
    rng = game.rng
    imp = next(s for s, r in enumerate(game.roles) if team(r) == "demon" and game.alive[s])
    living = game.living()
    if not game.sober(imp) or len(living) <= 3:
        return None
    minions = [s for s in living if team(game.roles[s]) == "minion"]
    if game.roles[imp] == "imp" and minions and rng.random() < 0.15:
        game.alive[imp] = False
        game.roles[rng.choice(minions)] = "imp"
        return imp
    targets = [
        s
        for s in living
        if s != imp
        and s != game.protected
        and not (game.roles[s] == "soldier" and game.sober(s))
        and not game.saved(s)
        and not (game.roles[s] == "sailor" and game.sober(s))
    ]
    if not targets:
        return None
    victim = rng.choice(targets)
    if game.choose(imp, victim):
        return None  # the Imp chose the Goon first: drunk at once, no kill
    if game.roles[imp] == "fanggu" and team(game.roles[victim]) == "outsider" and not game.turned:
        game.roles[victim] = "fanggu"  # the Fang Gu's jump: it dies instead
        game.turned.add(victim)
        victim = imp
    if game.roles[imp] == "vigormortis" and team(game.roles[victim]) == "minion":
        near = [_nearest_townsfolk(game, victim, step) for step in (-1, 1)]
        game.vigor[victim] = rng.choice(near)
    game.dies(victim)
    return victim


def _nearest_townsfolk(game: Game, seat: int, step: int) -> int | None:
    count = len(game.roles)
    others = ((seat + step * k) % count for k in range(1, count))
    return next((s for s in others if team(game.roles[s]) == "townsfolk"), None)
