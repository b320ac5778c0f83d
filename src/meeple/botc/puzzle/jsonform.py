"""jthemphill/botc-solvers' puzzle JSON read into a `Puzzle` and written back, and its
`.solutions.json` answers read into `Solution`s.

The JSON (its schema is src/schema/puzzleDoc.ts there) is an object: `title`,
`players` (seat order), `script` (display names: "Fortune Teller"), `setup`,
`uniqueCharacters`, `constraints` (`{"expression": sentence}`), `timeline` (events with
`timing` "night_2" or "day_1", `type`, `players`, `caller`, `sourceActedBeforeDeath`) and
`claims`, each claim an object with `type` (the claimed character), `name` (the player),
`timing`, `possibleActualRoles`, `heardWidowCall`, `knownEvilTwin`, `info` (sentences)
and the keys its character carries, listed in `CARRIES`: either on the claim itself (an
Empath's `count`, at the claim's time) or as a list of items with their own `timing` (a
Fortune Teller's `checks`). Characters are written as their display names and read into
meeple's ids (`fortune_teller`); claim types spell two of them without a space
(`FortuneTeller`, `VillageIdiot`).

What the JSON says the model keeps; what it may say two ways is read as one and written
one way: `role` and `minionRole` of an Investigator (written `role`), a Noble's
`oneEvilAmong` and `among` with `evilCount` (written `oneEvilAmong`, with `evilCount`
unless 1), a false flag and its absence, `setup: "standard"` and its absence.

House rules (meeple's `house rule:` lines) have no key in jthemphill's schema; meeple
writes them in one of its own, `meepleHouseRules` (a list of `model.HOUSE_RULES`, empty
too), which jthemphill's reader ignores. A file with that key is read with exactly its
rules; a file without it was written for jthemphill's solver, and means what that
solver reads it to mean: it gets the rules of that solver's conventions where its
timeline gives them something to govern (`writers_rules`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NoReturn

from meeple.botc.characters import official, official_id
from meeple.botc.puzzle import model as m
from meeple.botc.puzzle.model import (
    CURSE_NEEDS_LIVING_WITCH,
    EVENTS,
    HOUSE_RULES,
    NO_DEMON_EXECUTED,
    SETUPS,
    Claim,
    Event,
    Info,
    Puzzle,
    Sentence,
    Solution,
    Time,
)
from meeple.botc.puzzle.sentences import SentenceError, parse_sentence
from meeple.errors import DEFAULT_SOURCE, Finding, NotationError
from meeple.jsontext import Members, Path, decode, locate

_TIMING = re.compile(r"(night|day)_([1-9][0-9]{0,3})\Z")
_NOT_IN_ID = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_REQUIRED: Any = object()
_TYPE_SPELLING = {"fortune_teller": "FortuneTeller", "village_idiot": "VillageIdiot"}


# -- characters and times -------------------------------------------------------------


def character_id(name: str) -> str:
    """meeple's id for a character's display name or claim type: "Fortune Teller",
    "FortuneTeller" and "fortune_teller" are all `fortune_teller`; a homebrew character
    is its name in lower case with underscores (`lunar_prodigy`)."""
    known = official_id(_NOT_IN_ID.sub("", name.lower()))
    if known is not None:
        return official()[known].alias
    return _NOT_IN_ID.sub("_", name.lower().replace("'", "")).strip("_")


def character_name(character: str) -> str:
    """A character's display name: the official one, or a homebrew id in title case."""
    known = official_id(character)
    if known is not None:
        return official()[known].name
    return " ".join(word.capitalize() for word in character.split("_"))


def timing(time: Time) -> str:
    """A time as the JSON writes it: `night_1`, `day_2`."""
    return f"{time.phase}_{time.number}"


# -- what each claim type carries -------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One JSON key and the item field it fills: `kind` says how the value reads."""

    key: str
    attribute: str
    kind: str
    """player, players, one_player (a name, a 1-tuple in the item), role, roles,
    one_role, count, flag, times, sentence, sentences, direction."""
    default: Any = _REQUIRED
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Carries:
    """Items of one class a claim type carries: on the claim's own keys (`listed` None),
    or under the key `listed`: a list of objects with their own `timing` (`shape`
    "items"), a map from player to character (`shape` "map": a Juggler's guesses), a
    list of pairs of players (`shape` "pairs"), or one object (`shape` "object")."""

    info: type[Info]
    parts: tuple[Part, ...]
    listed: str | None = None
    shape: str = "items"
    fixed: tuple[tuple[str, Any], ...] = ()
    required: bool = False
    """The list is written even when empty (the schema requires it)."""


def _one(info: type[Info], *parts: Part, fixed: tuple[tuple[str, Any], ...] = ()) -> Carries:
    return Carries(info, parts, fixed=fixed)


def _items(
    info: type[Info], key: str, *parts: Part, shape: str = "items", required: bool = False
) -> Carries:
    return Carries(info, parts, key, shape, required=required)


_AMONG = Part("among", "among", "players")
_ROLE = Part("role", "role", "role", None)
_PLAYER = Part("player", "player", "player")
_CHOSEN = Part("player", "players", "one_player")
_COUNT = Part("count", "count", "count")
_PAIR = (Part("left", "left", "player"), Part("right", "right", "player"))
_CHOICES = _items(m.Choice, "choices", _CHOSEN)

CARRIES: Mapping[str, tuple[Carries, ...]] = {
    "washerwoman": (_one(m.Shown, _ROLE, _AMONG),),
    "librarian": (_one(m.Shown, _ROLE, Part("among", "among", "players", ())),),
    "investigator": (_one(m.Shown, Part("role", "role", "role", None, ("minionRole",)), _AMONG),),
    "chef": (_one(m.Number, _COUNT),),
    "empath": (_one(m.Number, _COUNT),),
    "oracle": (_one(m.Number, _COUNT),),
    "clockmaker": (_one(m.Number, Part("distance", "count", "count")),),
    "mathematician": (_items(m.Number, "malfunctions", _COUNT),),
    "legionary": (
        _items(m.Number, "counts", _COUNT, Part("alivePlayers", "alive", "players", None)),
    ),
    "juggler": (
        _items(m.Guess, "guesses", shape="map", required=True),
        _one(m.Number, Part("correctCount", "count", "count")),
    ),
    "fortune_teller": (
        _items(m.Reading, "checks", *_PAIR, Part("yes", "yes", "flag"), required=True),
    ),
    "chambermaid": (_items(m.Woke, "checks", *_PAIR, _COUNT),),
    "undertaker": (_one(m.Seen, Part("player", "player", "player", None), _ROLE),),
    "ravenkeeper": (_one(m.Seen, Part("player", "player", "player", None), _ROLE),),
    "grandmother": (_one(m.Seen, Part("grandchild", "player", "player", None), _ROLE),),
    "dreamer": (
        _one(m.Dream, Part("player", "player", "player", None), Part("roles", "roles", "roles")),
    ),
    "gambler": (_items(m.Guess, "guesses", _PLAYER, Part("role", "role", "role")),),
    "puzzlemaster": (
        _items(m.PuzzleGuess, "guesses", _PLAYER, Part("learnedDemon", "demon", "player")),
    ),
    "prodigy": (
        _items(
            m.ProdigyCheck,
            "checks",
            Part("chosen", "chosen", "player"),
            Part("learned", "learned", "player"),
            required=True,
        ),
    ),
    "exorcist": (_CHOICES,),
    "sailor": (_CHOICES,),
    "devils_advocate": (_CHOICES,),
    "godfather": (_one(m.Roles, Part("outsiderRoles", "roles", "roles")), _CHOICES),
    "innkeeper": (_items(m.Choice, "choices", Part("players", "players", "players")),),
    "acrobat": (_items(m.Choice, "choices", _CHOSEN, Part("died", "died", "flag")),),
    "princess": (_items(m.Choice, "nominations", _CHOSEN),),
    "klutz": (_one(m.Choice, Part("chosen", "players", "one_player")),),
    "moonchild": (_one(m.Choice, Part("chosen", "players", "one_player")),),
    "assassin": (_one(m.Choice, Part("target", "players", "one_player")),),
    "professor": (_one(m.Choice, Part("target", "players", "one_player")),),
    "steward": (
        _one(m.Alignment, Part("goodPlayer", "player", "player"), fixed=(("good", True),)),
    ),
    "village_idiot": (
        _items(m.Alignment, "checks", _PLAYER, Part("good", "good", "flag"), required=True),
    ),
    "snake_charmer": (
        _items(m.DemonCheck, "checks", _PLAYER, Part("demon", "demon", "flag"), required=True),
    ),
    "knight": (
        _one(m.DemonAmong, Part("noDemonAmong", "among", "players"), fixed=(("yes", False),)),
    ),
    "sage": (_one(m.DemonAmong, Part("demonAmong", "among", "players"), fixed=(("yes", True),)),),
    "noble": (
        _one(
            m.EvilAmong,
            Part("oneEvilAmong", "among", "players", aliases=("among",)),
            Part("evilCount", "count", "count", 1),
        ),
    ),
    "seamstress": (_one(m.Aligned, _AMONG, Part("aligned", "same", "flag", None)),),
    "philosopher": (
        _one(m.Roles, Part("role", "roles", "one_role")),
        _items(
            m.Aligned, "seamstress", _AMONG, Part("aligned", "same", "flag", None), shape="object"
        ),
    ),
    "courtier": (
        _one(
            m.Roles, Part("role", "roles", "one_role"), Part("drunkTimings", "drunk", "times", ())
        ),
    ),
    "shugenja": (_one(m.Direction, Part("evilDirection", "clockwise", "direction")),),
    "town_crier": (
        _items(
            m.Nominations,
            "checks",
            Part("nominators", "players", "players"),
            Part("minionNominated", "yes", "flag"),
            required=True,
        ),
    ),
    "flowergirl": (
        _items(
            m.Nominations,
            "votes",
            Part("voters", "players", "players"),
            Part("demonVoted", "yes", "flag"),
        ),
    ),
    "balloonist": (
        _items(m.DifferentTypes, "differentCharacterTypePairs", shape="pairs", required=True),
    ),
    "slayer": (
        _one(
            m.Shot,
            Part("target", "target", "player", None),
            Part("killed", "killed", "flag", None),
            Part("gameContinued", "game_continued", "flag", None),
        ),
    ),
    "virgin": (
        _one(
            m.Nominated,
            Part("nominator", "nominator", "player", None),
            Part("executed", "executed", "flag", None),
        ),
    ),
    "nightwatchman": (
        _one(
            m.Watched,
            Part("chosen", "chosen", "player", None),
            Part("learned", "learned", "flag", None),
            Part("confirmedByChosen", "confirmed", "flag", None),
        ),
    ),
    "gossip": (_items(m.Statement, "statements", Part("expression", "sentence", "sentence")),),
    "savant": (
        _items(m.Options, "statements", Part("options", "sentences", "sentences"), required=True),
    ),
}
"""What each claimed character's claim carries, by meeple id; a character not listed
carries nothing but the keys every claim has."""

_INFO_PARTS = (
    Part("expression", "sentence", "sentence", None),
    Part("role", "role", "role", None),
)
_CLAIM_KEYS = (
    "type",
    "name",
    "timing",
    "possibleActualRoles",
    "heardWidowCall",
    "knownEvilTwin",
    "info",
)
HOUSE_RULES_KEY = "meepleHouseRules"
"""meeple's key for a puzzle's house rules, at the top level after `uniqueCharacters`
(beside the other puzzle-wide conventions); its presence marks a file meeple wrote."""
_PUZZLE_KEYS = (
    "title",
    "players",
    "script",
    "setup",
    "uniqueCharacters",
    HOUSE_RULES_KEY,
    "constraints",
    "timeline",
    "claims",
)
_EVENT_KEYS = ("timing", "type", "players", "caller", "sourceActedBeforeDeath")


def writers_rules(timeline: tuple[Event, ...]) -> tuple[str, ...]:
    """The house rules under which jthemphill's solver reads a puzzle with this timeline
    (its conventions, which its JSON does not spell out: docs/formats/botc.md, "house
    rules"), each where the timeline has an event it governs: NO_DEMON_EXECUTED with an
    execution or a nomination death, CURSE_NEEDS_LIVING_WITCH with a witch curse told
    with its nominator (and not as acted before death)."""
    executes = any(event.kind in ("execution", "nomination_death") for event in timeline)
    curses = any(
        event.kind == "witch_curse" and event.caller is not None and not event.acted_before_death
        for event in timeline
    )
    return (
        *((NO_DEMON_EXECUTED,) if executes else ()),
        *((CURSE_NEEDS_LIVING_WITCH,) if curses else ()),
    )


def notes(puzzle: Puzzle, text: str, source: str = DEFAULT_SOURCE) -> list[Finding]:
    """A note at the timeline of a file read under its writer's solver's house rules
    (`writers_rules`: the file has no `meepleHouseRules`), naming them."""
    data = decode(text, source)
    if not puzzle.house_rules or (isinstance(data, Members) and HOUSE_RULES_KEY in dict(data)):
        return []
    rules = ", ".join(repr(rule) for rule in puzzle.house_rules)
    message = (
        f"read under jthemphill's solver's conventions, as the file has no {HOUSE_RULES_KEY!r}:"
        f" house rules {rules}; give the key (a list, empty too) to say which hold"
    )
    return [Finding.at(text, locate(text, ("timeline",), True), message, source, "note")]


def carried(character: str) -> tuple[Carries, ...]:
    """What a claim of this character carries (nothing but the common keys if unlisted)."""
    return CARRIES.get(character, ())


# -- reading --------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Puzzle:
    """The puzzle in a JSON text; NotationError at the value that does not fit."""
    return _Reader(text, source).puzzle()


def looks_like(text: str) -> bool:
    """A JSON object with a puzzle's `claims` and `players` keys."""
    head = text[:65536]
    return (
        text.lstrip("\ufeff \t\r\n").startswith("{")
        and re.search(r'"claims"\s*:', head) is not None
        and re.search(r'"players"\s*:\s*\[', head) is not None
    )


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.data = decode(text, source)
        self.players: tuple[str, ...] = ()

    def fail(self, path: Path, message: str, key: bool = False, extra: int = 0) -> NoReturn:
        offset = locate(self.text, path, key) + extra
        raise NotationError.at(self.text, offset, message, self.source)

    def object(self, value: Any, path: Path, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, Members):
            self.fail(path, f"expected {what}, a JSON object")
        seen: dict[str, Any] = {}
        for index, (key, item) in enumerate(value):
            if key in seen:
                self.fail((*path, index), f"{key!r} is given twice", key=True)
            if key not in keys:
                self.fail(
                    (*path, index), f"unknown key {key!r} in {what}: expected {_listed(keys)}", True
                )
            seen[key] = item
        return seen

    def array(self, value: Any, path: Path, what: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, f"expected {what}, a JSON array")
        return value

    def string(self, value: Any, path: Path, what: str) -> str:
        if not isinstance(value, str):
            self.fail(path, f"expected {what}, a string")
        return value

    def flag(self, value: Any, path: Path, what: str) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"expected {what}: true or false")
        return value

    def player(self, value: Any, path: Path, what: str = "a player's name") -> str:
        name = self.string(value, path, what)
        if name not in self.players:
            self.fail(
                path, f"expected one of the players ({', '.join(self.players)}), found {name!r}"
            )
        return name

    def time(self, value: Any, path: Path) -> Time:
        text = self.string(value, path, "a timing such as night_1 or day_2")
        found = _TIMING.match(text)
        if found is None:
            self.fail(path, f"expected a timing such as night_1 or day_2, found {text!r}")
        return Time("night" if found.group(1) == "night" else "day", int(found.group(2)))

    def sentence(self, value: Any, path: Path) -> Sentence:
        text = self.string(value, path, "a sentence")
        try:
            return Sentence(text, parse_sentence(text))
        except SentenceError as error:
            self.fail(path, error.message, extra=1 + error.offset)

    def names(self, value: Any, path: Path, read: Callable[[Any, Path], Any]) -> tuple[Any, ...]:
        return tuple(
            read(item, (*path, i)) for i, item in enumerate(self.array(value, path, "a list"))
        )

    def value(self, part: Part, value: Any, path: Path) -> Any:
        kind = part.kind
        if kind == "player":
            return self.player(value, path)
        if kind == "one_player":
            return (self.player(value, path),)
        if kind == "players":
            return self.names(value, path, self.player)
        if kind == "role":
            return character_id(self.string(value, path, "a character's name"))
        if kind == "one_role":
            return (character_id(self.string(value, path, "a character's name")),)
        if kind == "roles":
            return self.names(
                value, path, lambda v, p: character_id(self.string(v, p, "a character"))
            )
        if kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**6:
                self.fail(path, f"expected {part.key}: a whole number, 0 or more")
            return value
        if kind == "flag":
            return self.flag(value, path, part.key)
        if kind == "times":
            return self.names(value, path, self.time)
        if kind == "sentence":
            return self.sentence(value, path)
        if kind == "sentences":
            return self.names(value, path, self.sentence)
        # direction
        if value not in ("clockwise", "anticlockwise"):
            self.fail(path, "expected evilDirection: clockwise or anticlockwise")
        return value == "clockwise"

    def item(
        self, carries: Carries, found: Mapping[str, Any], path: Path, when: Time | None
    ) -> Info:
        values: dict[str, Any] = dict(carries.fixed)
        for part in carries.parts:
            key = next((k for k in (part.key, *part.aliases) if k in found), None)
            if key is None:
                if part.default is _REQUIRED:
                    self.fail(path, f"expected the key {part.key!r}")
                values[part.attribute] = part.default
            else:
                values[part.attribute] = self.value(part, found[key], (*path, key))
        return carries.info(**values, when=when)

    def listed(self, carries: Carries, value: Any, path: Path) -> list[Info]:
        if carries.shape == "map":
            if not isinstance(value, Members):
                self.fail(path, "expected the guesses: an object from player to character")
            return [
                m.Guess(
                    self.player(name, (*path, i), "a player's name"),
                    self.value(_ROLE, role, (*path, i)),
                )
                for i, (name, role) in enumerate(value)
            ]
        if carries.shape == "pairs":
            pairs = self.array(value, path, "a list of pairs of players")
            items: list[Info] = []
            for i, pair in enumerate(pairs):
                if not isinstance(pair, list) or len(pair) != 2:
                    self.fail((*path, i), "expected a pair of players: [left, right]")
                items.append(
                    m.DifferentTypes(
                        self.player(pair[0], (*path, i, 0)), self.player(pair[1], (*path, i, 1))
                    )
                )
            return items
        objects = [value] if carries.shape == "object" else self.array(value, path, "a list")
        items = []
        for i, raw in enumerate(objects):
            here = path if carries.shape == "object" else (*path, i)
            keys = (*(k for part in carries.parts for k in (part.key, *part.aliases)), "timing")
            found = self.object(raw, here, f"an item of {carries.listed}", keys)
            when = self.time(found["timing"], (*here, "timing")) if "timing" in found else None
            items.append(self.item(carries, found, here, when))
        return items

    def claim(self, raw: Any, path: Path) -> Claim:
        if not isinstance(raw, Members):
            self.fail(path, "expected a claim, a JSON object")
        kind = dict(raw).get("type")
        if not isinstance(kind, str):
            self.fail(path, "expected the claim's type: the character claimed")
        character = character_id(kind)
        carries = carried(character)
        keys = [*_CLAIM_KEYS]
        for each in carries:
            keys.extend(
                (each.listed,)
                if each.listed
                else (k for p in each.parts for k in (p.key, *p.aliases))
            )
        found = self.object(raw, path, f"a {kind} claim", tuple(keys))
        if "name" not in found:
            self.fail(path, "expected the key 'name': the player who claims")
        player = self.player(found["name"], (*path, "name"))
        when = self.time(found["timing"], (*path, "timing")) if "timing" in found else None
        learned: list[Info] = []
        for each in carries:
            if each.listed is not None:
                if each.listed in found:
                    learned.extend(self.listed(each, found[each.listed], (*path, each.listed)))
            elif any(k in found for p in each.parts for k in (p.key, *p.aliases)):
                learned.append(self.item(each, found, path, None))
        if character == "librarian" and not learned:
            # jthemphill's Librarian without a role learned that no one is an Outsider
            # (its `learnedInfo`), `among` or not: Puzzle 54's "You" says only that.
            learned.append(m.Shown(None, ()))
        may_be = found.get("possibleActualRoles", [])
        statements = self.array(found.get("info", []), (*path, "info"), "a list of statements")
        return Claim(
            player,
            character,
            when,
            tuple(learned),
            self.value(
                Part("possibleActualRoles", "", "roles"), may_be, (*path, "possibleActualRoles")
            ),
            self.flag(
                found.get("heardWidowCall", False), (*path, "heardWidowCall"), "heardWidowCall"
            ),
            None
            if "knownEvilTwin" not in found
            else self.player(found["knownEvilTwin"], (*path, "knownEvilTwin")),
            tuple(self.statement(item, (*path, "info", i)) for i, item in enumerate(statements)),
        )

    def statement(self, raw: Any, path: Path) -> m.Statement:
        found = self.object(raw, path, "a statement", ("timing", "role", "expression"))
        when = self.time(found["timing"], (*path, "timing")) if "timing" in found else None
        info = self.item(Carries(m.Statement, _INFO_PARTS), found, path, when)
        assert isinstance(info, m.Statement)
        return info

    def event(self, raw: Any, path: Path) -> Event:
        found = self.object(raw, path, "a timeline event", _EVENT_KEYS)
        for key in ("timing", "type", "players"):
            if key not in found:
                self.fail(path, f"expected the key {key!r} in a timeline event")
        kind = _CAMEL.sub("_", self.string(found["type"], (*path, "type"), "an event type")).lower()
        if kind not in EVENTS:
            spelled = ", ".join(_camel(event) for event in EVENTS)
            self.fail(
                (*path, "type"), f"expected an event type ({spelled}), found {found['type']!r}"
            )
        caller = found.get("caller")
        return Event(
            kind,
            self.time(found["timing"], (*path, "timing")),
            self.names(found["players"], (*path, "players"), self.player),
            None if caller is None else self.player(caller, (*path, "caller")),
            self.flag(
                found.get("sourceActedBeforeDeath", False),
                (*path, "sourceActedBeforeDeath"),
                "sourceActedBeforeDeath",
            ),
        )

    def puzzle(self) -> Puzzle:
        found = self.object(self.data, (), "a puzzle", _PUZZLE_KEYS)
        for key in ("players", "script", "claims"):
            if key not in found:
                self.fail((), f"expected the key {key!r} in the puzzle")
        players = self.array(found["players"], ("players",), "the players in seat order")
        for i, name in enumerate(players):
            self.string(name, ("players", i), "a player's name")
            if name in players[:i]:
                self.fail(("players", i), f"player {name!r} is seated twice")
        self.players = tuple(players)
        script = self.names(
            found["script"],
            ("script",),
            lambda v, p: character_id(self.string(v, p, "a character")),
        )
        setup = found.get("setup", "standard")
        if setup not in SETUPS:
            self.fail(("setup",), f"expected setup to be one of {', '.join(SETUPS)}")
        unique = found.get("uniqueCharacters")
        title = found.get("title")
        timeline = self.each(found, "timeline", self.event)
        return Puzzle(
            self.players,
            script,
            self.each(found, "claims", self.claim),
            None if title is None else self.string(title, ("title",), "the title"),
            setup,
            None if unique is None else self.flag(unique, ("uniqueCharacters",), "unique"),
            self.each(found, "constraints", self.constraint),
            timeline,
            house_rules=(
                self.house_rules(found[HOUSE_RULES_KEY])
                if HOUSE_RULES_KEY in found
                else writers_rules(timeline)
            ),
        )

    def house_rules(self, value: Any) -> tuple[str, ...]:
        rules = self.array(value, (HOUSE_RULES_KEY,), "the house rules: a list")
        for i, rule in enumerate(rules):
            path = (HOUSE_RULES_KEY, i)
            if self.string(rule, path, "a house rule") not in HOUSE_RULES:
                known = "; ".join(HOUSE_RULES)
                self.fail(path, f"expected a house rule meeple knows ({known}), found {rule!r}")
            if rule in rules[:i]:
                self.fail(path, f"the house rule {rule!r} is given twice")
        return tuple(rules)

    def each(self, found: dict[str, Any], key: str, read: Callable[[Any, Path], Any]) -> Any:
        """The values of the list at the puzzle's `key`, each read by `read`."""
        items = self.array(found.get(key, []), (key,), f"the {key}: a list")
        return tuple(read(raw, (key, i)) for i, raw in enumerate(items))

    def constraint(self, raw: Any, path: Path) -> Sentence:
        found = self.object(raw, path, "a constraint", ("expression",))
        return self.sentence(found.get("expression"), (*path, "expression"))


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(word.capitalize() for word in rest)


def _listed(keys: tuple[str, ...]) -> str:
    return ", ".join(keys)


# -- writing --------------------------------------------------------------------------


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as the JSON's object (plain dicts and lists)."""
    out: dict[str, Any] = {}
    if puzzle.title is not None:
        out["title"] = puzzle.title
    out["players"] = list(puzzle.players)
    out["script"] = [character_name(character) for character in puzzle.script]
    if puzzle.setup != "standard":
        out["setup"] = puzzle.setup
    if puzzle.unique_characters is not None:
        out["uniqueCharacters"] = puzzle.unique_characters
    out[HOUSE_RULES_KEY] = list(puzzle.house_rules)
    if puzzle.constraints:
        out["constraints"] = [{"expression": sentence.text} for sentence in puzzle.constraints]
    if puzzle.timeline:
        out["timeline"] = [_event_json(event) for event in puzzle.timeline]
    out["claims"] = [_claim_json(claim) for claim in puzzle.claims]
    return out


def dump(puzzle: Puzzle, drop_house_rules: bool = False) -> str:
    """The puzzle as JSON text, two spaces of indent, a newline at the end; its house
    rules under `meepleHouseRules` (an empty list with `drop_house_rules`, which leaves
    them out: `dropped` says which)."""
    if drop_house_rules:
        puzzle = replace(puzzle, house_rules=())
    return json.dumps(to_json(puzzle), indent=2, ensure_ascii=False) + "\n"


def dropped(puzzle: Puzzle, drop_house_rules: bool = False) -> tuple[str, ...]:
    """What `dump` with these options leaves out of the puzzle, a sentence each."""
    if not drop_house_rules:
        return ()
    return tuple(
        f"dropped the house rule {rule!r} (--drop-house-rules): the answer may differ"
        for rule in puzzle.house_rules
    )


def _event_json(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"timing": timing(event.when), "type": _camel(event.kind)}
    out["players"] = list(event.players)
    if event.caller is not None:
        out["caller"] = event.caller
    if event.acted_before_death:
        out["sourceActedBeforeDeath"] = True
    return out


def _claim_json(claim: Claim) -> dict[str, Any]:
    kind = _TYPE_SPELLING.get(claim.character) or character_name(claim.character)
    out: dict[str, Any] = {"type": kind, "name": claim.player}
    if claim.when is not None:
        out["timing"] = timing(claim.when)
    for carries in carried(claim.character):
        items = [item for item in claim.learned if type(item) is carries.info]
        if carries.listed is not None and not items and not carries.required:
            continue
        if carries.listed is None:
            if items:
                out.update(_item_json(carries, items[0]))
        elif carries.shape == "map":
            out[carries.listed] = {
                item.player: character_name(item.role)
                for item in items
                if isinstance(item, m.Guess)
            }
        elif carries.shape == "pairs":
            out[carries.listed] = [
                [item.left, item.right] for item in items if isinstance(item, m.DifferentTypes)
            ]
        elif carries.shape == "object":
            if items:
                out[carries.listed] = _item_json(carries, items[0], timed=True)
        else:
            out[carries.listed] = [_item_json(carries, item, timed=True) for item in items]
    if claim.may_be:
        out["possibleActualRoles"] = [character_name(role) for role in claim.may_be]
    if claim.heard_widow_call:
        out["heardWidowCall"] = True
    if claim.evil_twin is not None:
        out["knownEvilTwin"] = claim.evil_twin
    if claim.statements:
        out["info"] = [
            _item_json(Carries(m.Statement, _INFO_PARTS), statement, timed=True)
            for statement in claim.statements
        ]
    return out


def _item_json(carries: Carries, item: Info, timed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in carries.parts:
        value = getattr(item, part.attribute)
        if part.default is not _REQUIRED and value == part.default:
            continue
        out[part.key] = _value_json(part.kind, value)
    if not out and carries.listed is None and carries.parts[-1].default is not None:
        # An item on the claim's own keys is there when one of its keys is: a Librarian
        # who saw no Outsider writes `"among": []`.
        last = carries.parts[-1]
        out[last.key] = _value_json(last.kind, getattr(item, last.attribute))
    if timed and item.when is not None:
        out["timing"] = timing(item.when)
    return out


def _value_json(kind: str, value: Any) -> Any:
    if kind in ("one_player",):
        return value[0]
    if kind == "role":
        return character_name(value)
    if kind == "one_role":
        return character_name(value[0])
    if kind == "roles":
        return [character_name(role) for role in value]
    if kind == "players":
        return list(value)
    if kind == "times":
        return [timing(time) for time in value]
    if kind == "sentence":
        return value.text
    if kind == "sentences":
        return [sentence.text for sentence in value]
    if kind == "direction":
        return "clockwise" if value else "anticlockwise"
    return value


# -- answers --------------------------------------------------------------------------


def parse_solutions(text: str, source: str = DEFAULT_SOURCE) -> tuple[Solution, ...]:
    """The worlds of a `.solutions.json`: `{"solutions": [{"roles": {player: name},
    "poisoned": {timing: [players]}, "drunk": [players], "drunkByTiming": {...}}]}`."""
    reader = _Reader(text, source)
    found = reader.object(reader.data, (), "the solutions", ("solutions",))
    worlds = reader.array(found.get("solutions"), ("solutions",), "a list of worlds")
    solutions = []
    for i, raw in enumerate(worlds):
        here: Path = ("solutions", i)
        world = reader.object(raw, here, "a world", ("roles", "poisoned", "drunk", "drunkByTiming"))
        roles = world.get("roles")
        if not isinstance(roles, Members):
            reader.fail((*here, "roles"), "expected roles: an object from player to character")
        characters = {
            reader.string(name, (*here, "roles", j), "a player"): character_id(
                reader.string(role, (*here, "roles", j), "a character")
            )
            for j, (name, role) in enumerate(roles)
        }
        timed = {
            key: _by_time(reader, world.get(key), (*here, key))
            for key in ("poisoned", "drunkByTiming")
        }
        drunk = reader.array(world.get("drunk", []), (*here, "drunk"), "a list of players")
        solutions.append(
            Solution(
                characters,
                timed["poisoned"] or {},
                tuple(
                    reader.string(name, (*here, "drunk", j), "a player")
                    for j, name in enumerate(drunk)
                ),
                timed["drunkByTiming"],
            )
        )
    return tuple(solutions)


def _by_time(reader: _Reader, value: Any, path: Path) -> dict[Time, tuple[str, ...]] | None:
    if value is None:
        return None
    if not isinstance(value, Members):
        reader.fail(path, "expected an object from timing to players")
    return {
        reader.time(key, (*path, j)): tuple(
            reader.string(name, (*path, j, k), "a player")
            for k, name in enumerate(reader.array(names, (*path, j), "a list of players"))
        )
        for j, (key, names) in enumerate(value)
    }
