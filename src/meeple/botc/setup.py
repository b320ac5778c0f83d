"""Legal bags and set-ups: which bags of characters a script allows for N players.

A bag is legal for N players when it holds N characters of the script, each once
unless its rule lets it repeat (the Village Idiot, Legion: a bag is a multiset), and
its team counts are the script's base counts for N players changed by the set-up
modifiers of the characters in it (the Baron's +2 outsiders; a modifier with
alternatives, such as the Godfather's -1 or +1 outsider, may take either). Counting
needs no search: a bag's team counts are fixed by which modifier characters it holds
(and how many times) and which alternative they take, and for each such choice the
rest of the bag is any choice of the right number of the other characters of each
team. So `count_bags` is a sum of products of binomials over the (few) subsets of
modifier characters; `random_bags` draws one of those choices with probability
proportional to how many bags it holds, then the other characters uniformly, which
makes every legal bag equally likely; `all_bags` lists them in a fixed order.

`bag_problems` says, in a storyteller's words, which rule a given bag breaks;
`seat` turns a bag and the players' names into a grimoire (the Drunk and the
Marionette shown a character not in play, the Fortune Teller's red herring on a good
player, the Evil Twin's good twin, Lil' Monsta babysat by a minion, the Lord of
Typhon's evil line).

This module reads role data (meeple.botc.script); it does not parse text.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from meeple.botc.characters import official, official_id
from meeple.botc.model import Bag, Grimoire, ReminderToken, Seat
from meeple.botc.script import (
    DRUNK_TOKEN,
    MARIONETTE_TOKEN,
    MONSTA_TOKEN,
    TEAMS,
    Copies,
    Counts,
    Script,
    allowed,
    unknown_role,
)

PickTeam = Callable[[list[str], int], list[str]]
"""Chooses n of a team's characters: `random.Random.sample`, for one."""

RED_HERRING = ReminderToken("red_herring", "fortune_teller")
TWIN = ReminderToken("twin", "evil_twin")
"""On the Evil Twin's good twin: the trace's win rules find the twin by it."""
GOOD_TEAMS = ("townsfolk", "outsider")


@dataclass(frozen=True)
class Makeup:
    """One way bags for N players are made up: these modifier characters, these counts.

    The bags of a makeup hold exactly `modifiers` among the script's modifier
    characters, `counts` characters of each team in all, and any choice of the
    script's other characters for the rest. Different makeups share no bag.
    """

    modifiers: tuple[str, ...]
    counts: Counts
    size: int
    """How many bags the makeup holds."""
    copies: Copies = ()
    """How many times each of `modifiers` is in the bag (1 each when not given)."""

    @property
    def characters(self) -> list[str]:
        """The modifier characters, each as many times as the bag holds it."""
        return _copied(self.modifiers, self.copies or (1,) * len(self.modifiers))


def _by_team(script: Script, roles: Sequence[str]) -> Counts:
    found = Counter(script.roles[role].team for role in roles)
    return tuple(found[team] for team in TEAMS)


def _plain(script: Script) -> dict[str, list[str]]:
    """The characters of each team that change no counts, sorted."""
    return {
        team: sorted(
            name
            for name, role in script.roles.items()
            if role.team == team and name not in script.modifiers
        )
        for team in TEAMS
    }


def allowed_counts(script: Script, players: int, modifiers: Sequence[str]) -> set[Counts]:
    """Every team count a game of `players` may start with when these modifiers are in
    play (see `allowed`)."""
    return {counts for counts, _ in allowed(script, players, modifiers)}


def _partnered(script: Script, chosen: Sequence[str]) -> bool:
    """Whether every partner a chosen character brings (the Huntsman's Damsel) is chosen."""
    return all(partner in chosen for name in chosen for partner in script.partners.get(name, ()))


def _own(script: Script, chosen: Sequence[str], copies: Copies) -> Counts:
    """The team counts of the modifier characters, each as many times as it is in the bag."""
    return _by_team(script, _copied(chosen, copies))


def _copied(chosen: Sequence[str], copies: Copies) -> list[str]:
    return [name for name, many in zip(chosen, copies, strict=True) for _ in range(many)]


def makeups(script: Script, players: int) -> list[Makeup]:
    """Every makeup of legal bags for `players` players, in a fixed order."""
    plain = _plain(script)
    found = []
    special = sorted(name for name in script.modifiers if name not in script.standing)
    for size in range(len(special) + 1):
        for chosen in itertools.combinations(special, size):
            if not _partnered(script, chosen):
                continue
            for counts, copies in sorted(allowed(script, players, chosen)):
                own = _own(script, chosen, copies)
                rest = [need - have for need, have in zip(counts, own, strict=True)]
                if min(rest) < 0:
                    continue
                bags = math.prod(
                    math.comb(len(plain[team]), n) for team, n in zip(TEAMS, rest, strict=True)
                )
                if bags:
                    found.append(Makeup(chosen, counts, bags, copies))
    return found


def why_no_bags(script: Script, players: int) -> str:
    """Why the script has no legal bag for `players` players, in a storyteller's words:
    the team (and the set-up rules that fix its count) with too few characters to fill it."""
    plain = _plain(script)
    head = f"{script.name or 'the script'} has no legal bag for {players} players"
    short = []
    for index, team in enumerate(TEAMS):
        wanted = set()
        have = len(plain[team]) + sum(1 for name in script.modifiers if _team(script, name) == team)
        for counts in allowed_counts(script, players, []):
            wanted.add(counts[index])
        if wanted and min(wanted) > have:
            short.append(
                f"{players} players have {_plural(sorted(wanted), team)} and the script has {have}"
            )
    if short:
        return f"{head}: {'; '.join(short)}"
    return f"{head}: no choice of its characters gives the team counts that its set-up rules allow"


def count_bags(script: Script, players: int) -> int:
    """How many legal bags of `players` characters the script has (exact)."""
    return sum(makeup.size for makeup in makeups(script, players))


def _fill(script: Script, makeup: Makeup, pick: PickTeam) -> Bag:
    plain = _plain(script)
    roles = makeup.characters
    own = _by_team(script, roles)
    for team, need, have in zip(TEAMS, makeup.counts, own, strict=True):
        roles += pick(plain[team], need - have)
    return Bag.of(roles)


def random_bags(script: Script, players: int, count: int, rng: random.Random) -> Iterator[Bag]:
    """`count` legal bags, each drawn uniformly among all legal bags (independently)."""
    found = makeups(script, players)
    if not found:
        return
    weights = list(itertools.accumulate(makeup.size for makeup in found))
    for _ in range(count):
        (makeup,) = rng.choices(found, cum_weights=weights)
        yield _fill(script, makeup, rng.sample)


def all_bags(script: Script, players: int) -> Iterator[Bag]:
    """Every legal bag for `players`, each once, makeup by makeup."""
    plain = _plain(script)
    for makeup in makeups(script, players):
        own = _by_team(script, makeup.characters)
        groups = [
            itertools.combinations(plain[team], need - have)
            for team, need, have in zip(TEAMS, makeup.counts, own, strict=True)
        ]
        for parts in itertools.product(*groups):
            yield Bag.of([*makeup.characters, *itertools.chain.from_iterable(parts)])


# -- checking a bag -------------------------------------------------------------------------


class BrokenRule(NamedTuple):
    """A set-up rule a bag breaks: the message, and the role it concerns (None: the whole
    bag) at its `occurrence` in the bag (0 the first, 1 the second)."""

    message: str
    role: str | None = None
    occurrence: int = 0


def bag_problems(script: Script, roles: Sequence[str], players: int | None = None) -> list[str]:
    """Every rule a bag breaks for `players` (default: as many players as roles)."""
    return [broken.message for broken in broken_rules(script, roles, players)]


def broken_rules(
    script: Script, roles: Sequence[str], players: int | None = None
) -> list[BrokenRule]:
    """Every rule a bag breaks for `players`, each with the role it concerns."""
    players = len(roles) if players is None else players
    if players not in script.setup_counts:
        low, high = min(script.setup_counts), max(script.setup_counts)
        return [BrokenRule(f"{script.name} seats {low} to {high} players, not {players}")]
    problems = []
    keys = [script.canonical(role) for role in roles]
    written = dict(zip(keys, roles, strict=True))
    unknown = [role for role in dict.fromkeys(roles) if role not in script.roles]
    problems += [BrokenRule(unknown_role(role, script), role) for role in unknown]
    times = Counter(keys)
    modifiers = [key for key in dict.fromkeys(keys) if key in script.modifiers]
    options = allowed(script, players, modifiers)
    for index, key in enumerate(modifiers):
        possible = sorted({copies[index] for _, copies in options})
        if max(possible, default=1) > 1 and times[key] not in possible:
            problems.append(
                BrokenRule(
                    _copies_problem(script, key, players, possible, times[key]), written[key]
                )
            )
    problems += [
        BrokenRule(
            f"the {written[key]} is in the bag twice: each character once",
            written[key],
            1 if list(roles).count(written[key]) > 1 else 0,
        )
        for key, n in times.items()
        if n > 1 and key in script.roles and not _duplicable(script, key)
    ]
    copies = tuple(times[key] for key in modifiers)
    fitting = {counts for counts, given in options if given == copies}
    sizes = {sum(counts) for counts, _ in options} or {players}
    if len(roles) not in sizes:
        need = " or ".join(map(str, sorted(sizes)))
        extra = [m for m in modifiers if any("seats" in c for c in script.modifiers[m])]
        held = f" (with the {_title(extra[0])}, held by no player)" if extra else ""
        message = f"{players} players need {need} characters{held}; this bag has {len(roles)}"
        problems.insert(0, BrokenRule(message))
    for key in dict.fromkeys(keys):
        for partner in script.partners.get(key, ()):
            if partner not in keys:
                message = f"the {_title(key)} brings the {_title(partner)} into the bag"
                problems.append(BrokenRule(message, written[key]))
    if unknown or len(roles) not in sizes or not fitting:
        return problems
    found = _by_team(script, keys)
    if found in fitting:
        return problems
    counts = _count_problems(script, players, modifiers, fitting, found)
    return problems + [BrokenRule(message) for message in counts]


def _duplicable(script: Script, key: str) -> bool:
    """Whether the bag may hold the character more than once (the Village Idiot, Legion)."""
    return any(change.get("copies", 1) > 1 for change in script.modifiers.get(key, ()))


def _copies_problem(script: Script, key: str, players: int, possible: list[int], has: int) -> str:
    most = any(change.get("majority") for change in script.modifiers[key])
    why = " (most players, not all)" if most else ""
    return (
        f"{players} players have the {_title(key)} {_span(possible)} times in the bag{why};"
        f" this bag has it {has} {'time' if has == 1 else 'times'}"
    )


def _span(numbers: list[int]) -> str:
    """`1 to 3`, or `1 or 3` when they are not a run."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    return " or ".join(map(str, numbers))


def _count_problems(
    script: Script, players: int, modifiers: list[str], allowed: set[Counts], found: Counts
) -> list[str]:
    base = tuple(script.setup_counts[players].get(team, 0) for team in TEAMS)
    wrong = [i for i in range(len(TEAMS)) if found[i] not in {c[i] for c in allowed}]
    # Townsfolk make up the rest: name them only when no other team explains the bag.
    wrong = [i for i in wrong if TEAMS[i] != "townsfolk"] or wrong
    problems = []
    for i in wrong:
        team = TEAMS[i]
        options = sorted({counts[i] for counts in allowed})
        movers = [
            m
            for m in [*modifiers, *script.standing]
            if any(team in change or f"{team}=" in change for change in script.modifiers[m])
        ]
        have = f"{players} players have {_plural(options, team)}; this bag has {found[i]}"
        if movers:
            changes = sorted({counts[i] - base[i] for counts in allowed})
            need = " or ".join(_change(change, team) for change in changes)
            who = " and ".join(f"{_article(m)} {_title(m)}" for m in movers)
            have = f"with {who} ({need}), {have}"
        problems.append(f"{have}{_off(found[i], options)}")
    return problems


def _off(found: int, options: list[int]) -> str:
    """`, 1 too many` or `, 2 too few` against the allowed counts (nothing between them)."""
    if found > options[-1]:
        return f", {found - options[-1]} too many"
    if found < options[0]:
        return f", {options[0] - found} too few"
    return ""


def _change(amount: int, team: str) -> str:
    if amount == 0:
        return f"no change in {_team_word(2, team)}"
    word = "more" if amount > 0 else "fewer"
    return f"{abs(amount)} {word} {_team_word(abs(amount), team)}"


def _plural(options: list[int], team: str) -> str:
    return " or ".join(map(str, options)) + " " + _team_word(options[-1], team)


def _team_word(number: int, team: str) -> str:
    return team if number == 1 or team == "townsfolk" else f"{team}s"


def _title(role: str) -> str:
    known = official_id(role)
    if known is not None:
        return official()[known].name
    return " ".join(word.capitalize() for word in role.split("_"))


def _article(role: str) -> str:
    return "an" if role[0] in "aeiou" else "a"


# -- seating a bag --------------------------------------------------------------------------


def seat(script: Script, bag: Bag, players: Sequence[str], rng: random.Random) -> Grimoire:
    """A grimoire with the bag's characters dealt to `players` in seat order.

    The Drunk's player is shown a townsfolk that is not in the bag and carries the
    `drunk:is_the_drunk` token, the Marionette's a good character not in the bag and
    `marionette:is_the_marionette` (beside the demon); a Fortune Teller's red herring goes
    on a good player; Lil' Monsta takes no seat, a minion babysits it
    (`lil_monsta:is_the_demon`); one of two or three Village Idiots carries
    `village_idiot:drunk`; the Evil Twin's twin, a good player, carries `evil_twin:twin`;
    with the Lord of Typhon the evil players sit in a line, the Lord in the middle.
    ValueError when the names and the bag do not fit (a count, a name twice, no
    townsfolk left for the Drunk, no minion to babysit Lil' Monsta).
    """
    roles = list(bag.roles)
    unseated = [role for role in roles if _held_by_no_player(script, role)]
    for role in unseated:
        roles.remove(role)
    if len(players) != len(roles):
        held = f" ({len(unseated)} held by no player)" if unseated else ""
        raise ValueError(f"{len(players)} names for a bag of {len(bag)} characters{held}")
    repeated = [name for name, n in Counter(players).items() if n > 1]
    if repeated:
        raise ValueError(f"{repeated[0]!r} is named twice: every player once")
    rng.shuffle(roles)
    keys = [script.canonical(role) for role in roles]
    if "lordoftyphon" in keys:
        roles = _in_a_line(script, roles, rng)
        keys = [script.canonical(role) for role in roles]
    demons = [i for i, role in enumerate(roles) if _team(script, role) == "demon"]
    puppets = [i for i, key in enumerate(keys) if key == "marionette"]
    if puppets and demons:
        roles = _beside(roles, puppets[0], demons[0], rng)
        keys = [script.canonical(role) for role in roles]
    seats = [Seat(name, role) for name, role in zip(players, roles, strict=True)]
    in_play = {script.canonical(role) for role in bag.roles}
    for key, marker, teams in (
        ("drunk", DRUNK_TOKEN, ("townsfolk",)),
        ("marionette", MARIONETTE_TOKEN, GOOD_TEAMS),
    ):
        if key not in keys:
            continue
        free = [
            name
            for name, role in script.roles.items()
            if role.team in teams and name not in in_play and name not in ("drunk", "villageidiot")
        ]
        if not free:
            raise ValueError(
                f"every good character is in play: the {_title(key)} has none to be shown"
            )
        at = keys.index(key)
        shown = rng.choice(sorted(free))
        seats[at] = Seat(players[at], shown, tokens=(replace(marker, role=roles[at]),))
        in_play.add(shown)
    idiots = [i for i, key in enumerate(keys) if key == "villageidiot"]
    if len(idiots) > 1:
        at = rng.choice(idiots[1:])
        seats[at] = _with_token(seats[at], ReminderToken("drunk", roles[at]))
    good = [i for i, role in enumerate(roles) if _team(script, role) in GOOD_TEAMS]
    for key, token in (("fortuneteller", RED_HERRING), ("eviltwin", TWIN)):
        if key in keys and good:
            at = rng.choice(good)
            seats[at] = _with_token(seats[at], replace(token, role=roles[keys.index(key)]))
    for role in unseated:
        minions = [i for i, role_ in enumerate(roles) if _team(script, role_) == "minion"]
        if not minions:
            raise ValueError(f"the {_title(role)} needs a minion to babysit it")
        at = rng.choice(minions)
        seats[at] = _with_token(seats[at], replace(MONSTA_TOKEN, role=role))
    return Grimoire(tuple(seats))


def _held_by_no_player(script: Script, role: str) -> bool:
    """Lil' Monsta: in play, at no seat (its rule adds a character held by no player)."""
    rule = script.modifiers.get(role, ())
    return bool(rule) and all(change.get("seats", 0) > 0 for change in rule)


def _in_a_line(script: Script, roles: list[str], rng: random.Random) -> list[str]:
    """The roles with the evil ones in a line round the table and the Lord of Typhon in its
    middle (either middle place when the line is even); the good ones fill the rest."""
    evil = [r for r in roles if _team(script, r) in ("minion", "demon")]
    good = [r for r in roles if r not in evil]
    (lord,) = [r for r in evil if script.canonical(r) == "lordoftyphon"][:1]
    others = [r for r in evil if r != lord]
    middle = rng.choice(sorted({len(others) // 2, (len(others) + 1) // 2}))
    line = [*others[:middle], lord, *others[middle:]]
    start = rng.randrange(len(roles))
    ring = line + good
    return ring[-start:] + ring[:-start] if start else ring


def _beside(roles: list[str], mover: int, anchor: int, rng: random.Random) -> list[str]:
    """The roles with the one at `mover` swapped with a neighbour of `anchor` (the
    Marionette neighbours the demon); the players keep their seats."""
    count = len(roles)
    neighbours = sorted({(anchor - 1) % count, (anchor + 1) % count} - {anchor})
    if mover in neighbours or not neighbours:
        return roles
    target = rng.choice(neighbours)
    moved = list(roles)
    moved[mover], moved[target] = roles[target], roles[mover]
    return moved


def _team(script: Script, role: str) -> str:
    known = script.roles.get(role)
    return known.team if known else ""


def _with_token(seat_: Seat, token: ReminderToken) -> Seat:
    return replace(seat_, tokens=(*seat_.tokens, token))
