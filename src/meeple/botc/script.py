"""Role data of a script (Trouble Brewing) and the checks a grimoire or bag is put through.

Two kinds of checks, both returning `Finding`s that point at the text:

- naming conventions of the notation (capitalised players, lower-case roles and
  tokens): lint findings, always on;
- the script's setup: unknown roles, a role in play twice, team counts that do
  not fit the player count (the Baron's +2 outsiders included), reminder tokens
  whose prefix names no role in play or whose name is not one of that role's.
  These are warnings: a grimoire that breaks them is still a grimoire.

The Drunk is shown a townsfolk role, so the grimoire writes that role and marks
the seat with `drunk:is_the_drunk`; such a seat counts as the Drunk. This module
does not parse: it reads models and the places their parts were written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, TypeVar

from meeple.botc.characters import SETUP_COUNTS, official, official_id
from meeple.botc.choices import SCRIPTS as SCRIPTS
from meeple.botc.model import Bag, BagDifference, Grimoire, Placed, ReminderToken, Seat
from meeple.botc.modifiers import DUPLICATE, PARTNERS, RULES
from meeple.botc.scriptfile import ScriptFile
from meeple.botc.scriptfile import parse as parse_script
from meeple.errors import DEFAULT_SOURCE, Finding

TEAMS = ("townsfolk", "outsider", "minion", "demon")
DRUNK_TOKEN = ReminderToken("is_the_drunk", "drunk")
MARIONETTE_TOKEN = ReminderToken("is_the_marionette", "marionette")
MONSTA_TOKEN = ReminderToken("is_the_demon", "lilmonsta")
"""On the minion babysitting Lil' Monsta, who sits at no seat."""
_BELIEVERS = (DRUNK_TOKEN, MARIONETTE_TOKEN)

_PLAYER_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*\Z")
_LOWER = re.compile(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*\Z")  # homebrew ids keep their hyphens
V = TypeVar("V")


class Aliased(dict[str, V]):
    """A mapping by official id that also answers to meeple's underscored aliases
    (`fortune_teller` finds `fortuneteller`)."""

    def canonical(self, name: str) -> str:
        """The key `name` stands for: itself, or the official id it is an alias of."""
        if dict.__contains__(self, name):
            return name
        known = official_id(name)
        return known if known is not None and dict.__contains__(self, known) else name

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and dict.__contains__(self, self.canonical(name))

    def __getitem__(self, name: str) -> V:
        return dict.__getitem__(self, self.canonical(name))

    def get(self, name: str, default: Any = None) -> Any:
        return dict.get(self, self.canonical(name), default)


@dataclass(frozen=True)
class Role:
    """A character of a script: its team and the names of its reminder tokens."""

    name: str
    team: str
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class Script:
    """A script's roles, how many of each team a game of N players starts with, and the
    set-up rules of its characters (meeple.botc.modifiers)."""

    name: str
    roles: Mapping[str, Role]
    setup_counts: Mapping[int, Mapping[str, int]] = field(default_factory=lambda: SETUP_COUNTS)
    modifiers: Mapping[str, tuple[Mapping[str, int], ...]] = field(default_factory=dict)
    """Set-up modifiers: each character's alternatives (the Baron has one, +2 outsiders;
    the Godfather two, one outsider more or one fewer). See meeple.botc.modifiers."""
    partners: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Characters that bring others into the bag (the Huntsman the Damsel)."""
    standing: tuple[str, ...] = ()
    """Characters not in the bag whose set-up rule applies to every bag (the Sentinel)."""
    unruled: tuple[str, ...] = ()
    """Homebrew characters that say they change set-up, with no rule meeple knows."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "roles", Aliased(self.roles))
        object.__setattr__(self, "modifiers", Aliased(self.modifiers))
        object.__setattr__(self, "partners", Aliased(self.partners))

    def canonical(self, role: str) -> str:
        """The script's own spelling of `role` (an alias gives its official id)."""
        roles = self.roles
        return roles.canonical(role) if isinstance(roles, Aliased) else role

    def expected_counts(self, players: int, in_play: Sequence[str]) -> dict[str, int] | None:
        """Team counts at setup for `players` with these roles in play, each modifier taking
        its first alternative; None off the table (meeple.botc.setup knows every one)."""
        base = self.setup_counts.get(players)
        if base is None:
            return None
        changes = [
            self.modifiers[role][0] for role in dict.fromkeys(in_play) if role in self.modifiers
        ]
        changes += [self.modifiers[role][0] for role in self.standing]
        return apply_changes(base, players, changes)

    def owners(self, token: str, in_play: Sequence[str]) -> list[str]:
        """The roles in play that have a reminder token called `token`."""
        return [r for r in in_play if r in self.roles and token in self.roles[r].tokens]


def apply_changes(
    base: Mapping[str, int], players: int, changes: Iterable[Mapping[str, int]]
) -> dict[str, int]:
    """Team counts after set-up changes: outsiders, minions and demons changed or set,
    townsfolk the rest of the players (and of any characters held by no player)."""
    counts = {team: base.get(team, 0) for team in TEAMS}
    size = players
    for change in changes:
        for key, amount in change.items():
            if key == "seats":
                size += amount
            elif key.endswith("="):
                counts[key[:-1]] = amount
            elif key != "townsfolk":
                counts[key] = counts.get(key, 0) + amount
    counts["townsfolk"] = size - sum(counts[team] for team in TEAMS if team != "townsfolk")
    return counts


def script_of(file: ScriptFile, name: str = "") -> Script:
    """The rules of a Script Tool script: its characters, their set-up rules."""
    characters = file.characters()
    roles = {key: Role(key, c.team, c.tokens) for key, c in characters.items()}
    in_bag = [key for key, c in characters.items() if c.team in TEAMS]
    modifiers = {key: RULES[key] for key in in_bag if key in RULES and characters[key].official}
    modifiers.update(
        {key: DUPLICATE for key in in_bag if characters[key].duplicable and key not in modifiers}
    )
    partners = {
        key: PARTNERS[key] for key in in_bag if key in PARTNERS and characters[key].official
    }
    for key, needed in partners.items():
        modifiers.setdefault(key, ({},))
        for partner in needed:
            if partner in roles:
                modifiers.setdefault(partner, ({},))
    standing = tuple(
        key for key, c in characters.items() if c.team not in TEAMS and c.official and key in RULES
    )
    modifiers.update({key: RULES[key] for key in standing})
    unruled = tuple(
        key for key, c in characters.items() if c.setup and not c.official and key not in RULES
    )
    return Script(file.name or name, roles, SETUP_COUNTS, modifiers, partners, standing, unruled)


def bundled(name: str) -> ScriptFile:
    """The bundled script called `name` (ValueError for a script meeple does not have)."""
    if name not in SCRIPTS:
        raise ValueError(f"unknown script {name!r} (known: {', '.join(SCRIPTS)})")
    from importlib import resources  # on first use: it imports tempfile, shutil, lzma

    text = resources.files("meeple.botc").joinpath(f"data/scripts/{name}.json").read_text("utf-8")
    return parse_script(text, name)


@cache
def load_script(name: str = "trouble-brewing") -> Script:
    """The bundled script called `name` (ValueError for a script meeple does not have)."""
    script = script_of(bundled(name))
    return replace(script, name=name)


@cache
def team_of(role: str) -> str:
    """The team of a role: an official character's, or a bundled script's ("" if none)."""
    known = official_id(role)
    return official()[known].team if known is not None else ""


def effective_role(seat: Seat) -> str:
    """The role a seat really has: the Drunk's and the Marionette's seats show the character
    its player believes and carry `drunk:is_the_drunk` or `marionette:is_the_marionette`."""
    for marker in _BELIEVERS:
        if any(_is(token, marker) for token in seat.tokens):
            assert marker.role is not None
            return marker.role
    return seat.role


def _is(token: ReminderToken, marker: ReminderToken) -> bool:
    """Whether `token` is `marker`, written with its prefix (either spelling) or bare."""
    if token.name != marker.name:
        return False
    return token.role is None or official_id(token.role) == marker.role


def roles_in_play(grimoire: Grimoire) -> list[str]:
    """The characters in play: each seat's (see `effective_role`), then Lil' Monsta when a
    seat babysits it (`lilmonsta:is_the_demon`): in play, held by no player."""
    found = [effective_role(seat) for seat in grimoire.seats]
    if any(_is(token, MONSTA_TOKEN) for seat in grimoire.seats for token in seat.tokens):
        found.append("lilmonsta")
    return found


# -- naming conventions -------------------------------------------------------------------


def convention_findings(
    placed: Placed, text: str, source: str = DEFAULT_SOURCE
) -> Iterator[Finding]:
    """Lints: players start with a capital letter; roles and tokens are lower case."""

    def lint(offset: int, message: str) -> Finding:
        return Finding.at(text, offset, message, source, "lint")

    for number, (seat, place) in enumerate(
        zip(placed.grimoire.seats, placed.places, strict=True), 1
    ):
        if not _PLAYER_NAME.match(seat.player):
            yield lint(place.player, f"seat {number}: player names start with a capital letter")
        if not _LOWER.match(seat.role):
            yield lint(
                place.role, f"seat {number} ({seat.player}): roles are written in lower case"
            )
        for token, offset in zip(seat.tokens, place.tokens, strict=True):
            parts = [token.name] if token.role is None else [token.role, token.name]
            if not all(_LOWER.match(part) for part in parts):
                yield lint(
                    offset,
                    f"seat {number} ({seat.player}): reminder tokens are written in lower case",
                )


def bag_convention_findings(
    roles: Sequence[tuple[str, int]], text: str, source: str = DEFAULT_SOURCE
) -> Iterator[Finding]:
    """Lints for a bag's roles, given in text order with their offsets."""
    for role, offset in roles:
        if not _LOWER.match(role):
            yield Finding.at(text, offset, "roles are written in lower case", source, "lint")


# -- the script's setup -------------------------------------------------------------------


def script_findings(
    placed: Placed, script: Script, text: str, source: str = DEFAULT_SOURCE
) -> Iterator[Finding]:
    """Warnings for every way the grimoire departs from the script's setup."""

    def warn(offset: int, message: str) -> Finding:
        return Finding.at(text, offset, message, source, "warning")

    seats = placed.grimoire.seats
    in_play = roles_in_play(placed.grimoire)
    # The Drunk believes the role it shows, and the storyteller puts out that role's tokens.
    token_roles = in_play + [seat.role for seat in seats]
    first_at: dict[str, int] = {}
    for number, (seat, place) in enumerate(zip(seats, placed.places, strict=True), 1):
        label = f"seat {number} ({seat.player})"
        role = in_play[number - 1]
        key = script.canonical(role)
        if seat.role not in script.roles:
            yield warn(place.role, f"{label}: {unknown_role(seat.role, script)}")
        elif key in first_at and not _duplicable(script, key):
            yield warn(
                place.role, f"{label}: the {role} is already in play at seat {first_at[key]}"
            )
        first_at.setdefault(key, number)
        for token, offset in zip(seat.tokens, place.tokens, strict=True):
            problem = _token_problem(token, script, token_roles)
            if problem:
                yield warn(offset, f"{label}: {problem}")
    start = len(text) - len(text.lstrip())
    problems = _count_problems(in_play, script, len(seats))
    yield from (warn(start, problem) for problem in problems)
    teams = [script.roles[r].team if r in script.roles else "" for r in in_play[: len(seats)]]
    for number, (role, place) in enumerate(zip(in_play, placed.places, strict=False), 1):
        if script.canonical(role) == "lordoftyphon":
            problem = _line_problem(teams, number - 1)
            if problem:
                yield warn(place.role, f"seat {number} ({seats[number - 1].player}): {problem}")


def bag_script_findings(
    roles: Sequence[tuple[str, int]], script: Script, text: str, source: str = DEFAULT_SOURCE
) -> Iterator[Finding]:
    """Warnings for a bag (roles in text order with offsets): unknown, repeated, miscounted."""
    seen: set[str] = set()
    for role, offset in roles:
        if role not in script.roles:
            message = unknown_role(role, script)
        elif script.canonical(role) in seen and not _duplicable(script, script.canonical(role)):
            message = f"the {role} is in the bag twice"
        else:
            message = ""
        seen.add(script.canonical(role))
        if message:
            yield Finding.at(text, offset, message, source, "warning")
    start = len(text) - len(text.lstrip())
    for problem in _count_problems([role for role, _ in roles], script):
        yield Finding.at(text, start, problem, source, "warning")


def _token_problem(token: ReminderToken, script: Script, in_play: Sequence[str]) -> str:
    if token.role is None:
        if script.owners(token.name, in_play):
            return ""
        tokens = [t for r in in_play if r in script.roles for t in script.roles[r].tokens]
        hint = _hint(token.name, tokens)
        return f"no role in play has a reminder token called {token.name!r}{hint}"
    role = script.roles.get(token.role)
    if role is None:
        return f"token prefix {unknown_role(token.role, script)}"
    if script.canonical(token.role) not in {script.canonical(r) for r in in_play}:
        return f"token {str(token)!r}: the {token.role} is not in play"
    if token.name not in role.tokens:
        known = ", ".join(role.tokens) or "none"
        hint = _hint(token.name, role.tokens)
        return f"the {token.role} has no reminder token {token.name!r}{hint} (it has: {known})"
    return ""


def unknown_role(role: str, script: Script) -> str:
    """`'chfe' is not a role of trouble-brewing; did you mean 'chef'?`"""
    return f"{role!r} is not a role of {script.name}{_hint(role, spellings(role, script))}"


def spellings(role: str, script: Script) -> list[str]:
    """The script's ids, as meeple's underscored aliases when `role` is written that way."""
    if "_" not in role:
        return list(script.roles)
    known = official()
    return [known[r].alias if r in known else r for r in script.roles]


def _hint(name: str, known: Iterable[str]) -> str:
    """`; did you mean 'x'?` with the closest known names, or nothing."""
    import difflib  # only for a misspelt name

    close = difflib.get_close_matches(name, list(dict.fromkeys(known)), n=2, cutoff=0.6)
    return f"; did you mean {' or '.join(map(repr, close))}?" if close else ""


def _line_problem(teams: Sequence[str], lord: int) -> str:
    """Why the evil seats are not a line round the table with the Lord of Typhon (at `lord`)
    in its middle (either middle seat of an even line); "" when they are."""
    evil = [team in ("minion", "demon") for team in teams]
    count = len(evil)
    starts = [i for i in range(count) if evil[i] and not evil[i - 1]]
    if not starts:  # every seat evil: a line with no ends
        return ""
    if len(starts) > 1:
        return "the Lord of Typhon's evil players sit in one line, with good players around it"
    length = sum(evil)
    place = (lord - starts[0]) % count
    if place not in {(length - 1) // 2, length // 2}:
        return (
            "the Lord of Typhon sits in the middle of the evil line;"
            f" this is seat {place + 1} of {length}"
        )
    return ""


# -- the team counts a script allows (meeple.botc.setup counts bags with them) --------


Counts = tuple[int, ...]
"""Team counts in TEAMS order: townsfolk, outsiders, minions, demons."""

Copies = tuple[int, ...]
"""How many times each modifier character is in the bag, in the order they are named."""


def allowed(script: Script, players: int, modifiers: Sequence[str]) -> set[tuple[Counts, Copies]]:
    """Every team count a game of `players` may start with when these modifiers are in
    play (and the script's standing ones, such as the Sentinel), each with how many times
    each of the named modifiers is in the bag (the Village Idiot 1 to 3 times). A count
    includes the characters held by no player (Lil' Monsta), so it may add up to more
    than `players`.

    The alternatives are applied one character at a time and equal partial results merged,
    so that characters with many alternatives (Legion, Kazali, Xaan) do not multiply."""
    base = script.setup_counts.get(players)
    if base is None:
        return set()
    named = [name for name in dict.fromkeys(modifiers) if name in script.modifiers]
    standing = [name for name in script.standing if name not in named]
    start = tuple(base.get(team, 0) for team in TEAMS)
    states: set[tuple[Counts, int, Copies]] = {(start, players, ())}
    for index, name in enumerate([*named, *standing]):
        in_bag = index < len(named)
        states = {
            stepped
            for state in states
            for change in script.modifiers[name]
            if (stepped := _step(state, change, players, in_bag)) is not None
        }
    found = set()
    for counts, size, copies in states:
        final = (size - sum(counts[1:]), *counts[1:])
        if min(final) >= 0:
            found.add((final, copies))
    return found


def _step(
    state: tuple[Counts, int, Copies], change: Mapping[str, int], players: int, in_bag: bool
) -> tuple[Counts, int, Copies] | None:
    """One alternative applied (see meeple.botc.modifiers); None when it cannot apply."""
    counts, size, copies = state
    new = list(counts)
    for key, amount in change.items():
        if key == "seats":
            size += amount
        elif key.endswith("="):
            new[TEAMS.index(key[:-1])] = amount
        elif key in TEAMS and key != "townsfolk":
            new[TEAMS.index(key)] += amount
    many = change.get("copies", 1)
    if change.get("majority") and not players < 2 * many < 2 * players:
        return None
    return tuple(new), size, (*copies, many) if in_bag else copies


def _duplicable(script: Script, key: str) -> bool:
    """Whether the character may be in play more than once (the Village Idiot, Legion)."""
    return any(change.get("copies", 1) > 1 for change in script.modifiers.get(key, ()))


def _count_problems(
    in_play: Sequence[str], script: Script, players: int | None = None
) -> Iterator[str]:
    """The team counts of the characters in play against every count the script allows
    (a Godfather's either alternative; Lil' Monsta in play beside `players` seats)."""
    players = len(in_play) if players is None else players
    if players not in script.setup_counts:
        low, high = min(script.setup_counts), max(script.setup_counts)
        yield f"{script.name} seats {low} to {high} players, not {players}"
        return
    keys = [script.canonical(role) for role in in_play if role in script.roles]
    modifiers = [key for key in dict.fromkeys(keys) if key in script.modifiers]
    copies = tuple(keys.count(key) for key in modifiers)
    options = allowed(script, players, modifiers)
    fitting = sorted({counts for counts, given in options if given == copies}) or sorted(
        {counts for counts, _ in options}
    )
    teams = Counter(script.roles[key].team for key in keys)
    found = tuple(teams.get(team, 0) for team in TEAMS)
    if found in fitting or not fitting:
        return
    shown = " or ".join(_teams(dict(zip(TEAMS, counts, strict=True))) for counts in fitting[:2])
    more = f" (or {len(fitting) - 2} other counts)" if len(fitting) > 2 else ""
    because = f" (with the {', the '.join(modifiers)})" if modifiers else ""
    this = _teams(dict(zip(TEAMS, found, strict=True)))
    foreign = [role for role in dict.fromkeys(in_play) if role not in script.roles]
    if foreign:
        many = "character" if len(foreign) == 1 else "characters"
        not_on = f"{len(foreign)} {many} not on {script.name} ({', '.join(foreign)})"
        this = f"{this}, and {not_on}" if keys else not_on
    yield f"{players} players start with {shown}{more}{because}; this has {this}"


def _teams(counts: Mapping[str, int]) -> str:
    return ", ".join(_count(counts.get(team, 0), team) for team in TEAMS)


def _count(number: int, team: str) -> str:
    plural = "" if number == 1 or team == "townsfolk" else "s"
    return f"{number} {team}{plural}"


def bag_findings(
    placed: Placed, bag: Bag, text: str, source: str = DEFAULT_SOURCE
) -> Iterator[Finding]:
    """Warnings where the grimoire's roles (the Drunk's seat as the Drunk) differ from a bag."""
    left = bag.counts()
    for number, (seat, place) in enumerate(
        zip(placed.grimoire.seats, placed.places, strict=True), 1
    ):
        role = effective_role(seat)
        if left[role] > 0:
            left[role] -= 1
        else:
            message = f"seat {number} ({seat.player}): the {role} is not in the bag"
            yield Finding.at(text, place.role, message, source, "warning")
    unseated = roles_in_play(placed.grimoire)[len(placed.grimoire.seats) :]
    for role in unseated:  # Lil' Monsta, babysat
        left[role] -= min(1, left[role])
    start = len(text) - len(text.lstrip())
    for role in sorted(left.elements()):
        yield Finding.at(text, start, f"the bag's {role} is at no seat", source, "warning")


def bag_difference(bag: Bag, grimoire: Grimoire) -> BagDifference:
    """How the grimoire's roles (the Drunk's seat counting as the Drunk) differ from the bag."""
    return bag.compare(roles_in_play(grimoire))


def bundled_name(script: ScriptFile) -> str:
    """The bundled script with the same characters as `script` (order, `_meta` and the
    spelling of ids aside); ConversionError naming the closest one otherwise."""
    from meeple.errors import ConversionError

    mine = set(script.characters())
    best, differs = SCRIPTS[0], len(mine) + 200
    for name in SCRIPTS:
        theirs = set(bundled(name).characters())
        if theirs == mine:
            return name
        if len(theirs ^ mine) < differs:
            best, differs = name, len(theirs ^ mine)
    raise ConversionError(
        f"the script is not one meeple bundles ({', '.join(SCRIPTS)}); the closest, {best},"
        f" differs in {differs} characters"
    )


def script_named(name: str) -> Script:
    """A bundled script by name, or the Script Tool script in the file at path `name`.

    OptionError (a usage mistake) when it is neither, or when the file is not a script.
    """
    if name in SCRIPTS:
        return load_script(name)
    return _script_file(name)


@cache
def _script_file(path: str) -> Script:
    from pathlib import Path

    file, _ = script_file(path)
    return script_of(file, Path(path).name.removesuffix(".json").removesuffix(".script"))


@cache
def script_file(path: str) -> tuple[ScriptFile, str]:
    """The Script Tool script in the file at `path`, with its text, read once however many
    checks ask for it (a pipe gives its text to one read only).

    OptionError (a usage mistake) when the file cannot be read or is not a script.
    """
    from pathlib import Path

    from meeple.errors import NotationError, OptionError, decode

    known = ", ".join(SCRIPTS)
    try:
        data = Path(path).read_bytes()
    except OSError:
        raise OptionError(
            f"--script takes a script's name ({known}) or a script file, not {path!r}"
        ) from None
    try:
        text = decode(data, path)
        return parse_script(text, path), text
    except NotationError as problem:
        raise OptionError(f"--script: {problem}") from None
