"""meeple's own puzzle notation, `botc-puzzle`: one readable text file per puzzle, read
into a `Puzzle` and written back canonically. The grammar, with the reasons for each
choice, is in docs/formats/botc.md ("Puzzles"). In short:

    # Puzzle 10: Don't Overcook It
    title: Puzzle 10 - Dont Overcook It
    seats: Tom, Sula, Fraser, Josh, You, Matthew, Dan
    script: imp, poisoner, spy, baron, scarlet_woman, drunk, recluse, chef, ...
    day 1: execution of Josh
    night 2: night death of Matthew
    Tom claims fortune_teller
      night 1: Tom and Sula: no
      night 2: Tom and Josh: yes
    Sula claims chef
      night 1: 0
    You claims slayer, may be slayer or drunk
      day 2: shot Fraser, killed no

A `house rule:` line states a convention of the puzzle's Storyteller beyond the rules
(`house rule: no night kill on a dead player`), one of `model.HOUSE_RULES`.

A name that is not one plain word (letters, digits, `_ - ' .`), or is one of the
notation's words, is written in double quotes. `?` is a value the puzzle leaves unsaid.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any

from meeple.botc.model import Grimoire
from meeple.botc.notation import parse as parse_grimoire
from meeple.botc.puzzle import model as m
from meeple.botc.puzzle.jsonform import CARRIES
from meeple.botc.puzzle.model import Claim, Event, Info, Puzzle, Sentence, Time
from meeple.botc.puzzle.phrases import read_phrase, sentence_text
from meeple.botc.puzzle.sentences import SentenceError, parse_sentence
from meeple.errors import DEFAULT_SOURCE, NotationError

# -- values ---------------------------------------------------------------------------

_NAME = r'(?:"(?:[^"\\\n]|\\.)*"|[\w\'.\-]+)'
_WORDS = frozenset(
    ("and", "or", "of", "is", "by", "nobody", "yes", "no", "on", "may", "be", "claims", "?")
)
_PLAIN = re.compile(r"[\w'.\-]+\Z")
_ROLE = r"[a-z0-9_]+"
_TIME = r"(?:night|day) [1-9][0-9]{0,3}"
_PATTERNS: dict[str, str] = {
    "player": _NAME,
    "players": rf"nobody|{_NAME}(?:, {_NAME})*",
    "role": _ROLE,
    "roles": rf"nothing|{_ROLE}(?: or {_ROLE})*",
    "count": r"[0-9]{1,6}",
    "flag": r"yes|no",
    "times": rf"{_TIME}(?:, {_TIME})*",
    "time": _TIME,
    "direction": r"clockwise|anticlockwise",
    "sentence": r".+",
    "sentences": r".+",
    "event": "|".join(kind.replace("_", " ") for kind in m.EVENTS),
}


def name_text(name: str) -> str:
    """A player's name as the notation writes it: bare, or in double quotes."""
    if _PLAIN.match(name) and name not in _WORDS:
        return name
    return json.dumps(name, ensure_ascii=False)


def _names(text: str) -> Iterator[str]:
    for match in re.finditer(_NAME, text):
        word = match.group()
        yield json.loads(word) if word.startswith('"') else word


def time_from(text: str) -> Time:
    phase, number = text.split()
    return Time("night" if phase == "night" else "day", int(number))


def _write(kind: str, value: Any) -> str:
    if value is None:
        return "?"
    if kind == "player":
        return name_text(value)
    if kind == "players":
        return ", ".join(name_text(name) for name in value) or "nobody"
    if kind == "roles":
        return " or ".join(value) or "nothing"
    if kind == "flag":
        return "yes" if value else "no"
    if kind == "times":
        return ", ".join(str(time) for time in value)
    if kind == "direction":
        return "clockwise" if value else "anticlockwise"
    if kind == "sentence":
        return sentence_text(value.tree)
    if kind == "sentences":
        return " ; ".join(sentence_text(sentence.tree) for sentence in value)
    if kind == "event":
        return str(value).replace("_", " ")
    if kind == "flagword":
        return ""
    return str(value)


def _read(kind: str, text: str) -> Any:
    """A value of `kind`; SentenceError (offset in `text`) for a sentence that does not read."""
    if text == "?":
        return None
    if kind == "player":
        return next(_names(text))
    if kind == "players":
        return () if text == "nobody" else tuple(_names(text))
    if kind == "roles":
        return () if text == "nothing" else tuple(text.split(" or "))
    if kind == "count":
        return int(text)
    if kind in ("flag", "direction"):
        return text in ("yes", "clockwise")
    if kind == "times":
        return tuple(time_from(part) for part in text.split(", "))
    if kind == "time":
        return time_from(text)
    if kind == "sentence":
        return _sentence(text)
    if kind == "sentences":
        return tuple(_sentences(text))
    if kind == "event":
        return text.replace(" ", "_")
    if kind == "flagword":
        return True
    return text


def _sentence(text: str) -> Sentence:
    """A sentence in meeple's words or the puzzles' language; its text is always the
    latter (jthemphill's JSON writes it)."""
    tree = read_phrase(text)
    if tree is not None:
        return Sentence(str(tree), tree)
    return Sentence(text, parse_sentence(text))


def _sentences(text: str) -> Iterator[Sentence]:
    at = 0
    for part in text.split(";"):
        stripped = part.strip()
        try:
            yield _sentence(stripped)
        except SentenceError as error:
            offset = at + part.index(stripped[:1]) + error.offset
            raise SentenceError(error.message, offset) from None
        at += len(part) + 1


# -- sentence templates -----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Template:
    """How one kind of line reads: words, `{field}` slots, and `[...]` parts written only
    when the slot in them is not its default (a `[...]` part without a slot is a flag)."""

    info: type[Any]
    text: str
    kinds: dict[str, str]
    fixed: tuple[tuple[str, Any], ...] = ()
    """Fields the line's words say without a slot."""

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        out = ""
        for piece in re.split(r"(\[[^\]]*\]|\{\w+\})", self.text):
            if piece.startswith("["):
                out += f"(?:{self._slots(piece[1:-1])})?"
            else:
                out += self._slots(piece)
        return re.compile(out + r"\Z")

    def _slots(self, text: str) -> str:
        # A field that may be None reads `?` too.
        optional = {f.name for f in fields(self.info) if "None" in str(f.type)}

        def slot(match: re.Match[str]) -> str:
            name = match.group(1)
            unsaid = r"\?|" if name in optional else ""
            return f"(?P<{name}>{unsaid}{_PATTERNS[self.kinds[name]]})"

        return re.sub(r"\\\{(\w+)\\\}", slot, re.escape(text))

    def write(self, item: Any) -> str:
        defaults = {f.name: f.default for f in fields(self.info)}

        def piece(text: str) -> str:
            return re.sub(
                r"\{(\w+)\}",
                lambda m: _write(self.kinds[m.group(1)], getattr(item, m.group(1))),
                text,
            )

        out = ""
        for part in re.split(r"(\[[^\]]*\])", self.text):
            if part.startswith("["):
                slot = re.search(r"\{(\w+)\}", part)
                if slot is not None and getattr(item, slot.group(1)) != defaults[slot.group(1)]:
                    out += piece(part[1:-1])
            else:
                out += piece(part)
        return out

    def read(self, match: re.Match[str], when: Time | None) -> Any:
        """The item a matching line says; SentenceError at an offset in the line."""
        values: dict[str, Any] = {}
        for name, kind in self.kinds.items():
            text = match.group(name)
            if text is None:
                continue
            try:
                values[name] = _read(kind, text)
            except SentenceError as error:
                raise SentenceError(error.message, match.start(name) + error.offset) from None
        values.update(self.fixed)
        if "when" not in self.kinds:
            values["when"] = when
        return self.info(**values)

    def players(self, item: Any) -> Iterator[tuple[str, str]]:
        """(slot, player name) of every player the item names."""
        for name, kind in self.kinds.items():
            value = getattr(item, name)
            if kind == "player" and value is not None:
                yield name, value
            elif kind == "players" and value is not None:
                yield from ((name, player) for player in value)


def _t(info: type[Any], text: str, **kinds: str) -> Template:
    return Template(info, text, kinds)


TEMPLATES: dict[type[Any], Template] = {
    template.info: template
    for template in (
        _t(m.Shown, "one of {among} is the {role}", among="players", role="role"),
        _t(m.Number, "{count}[ among the living {alive}]", count="count", alive="players"),
        _t(m.Reading, "{left} and {right}: {yes}", left="player", right="player", yes="flag"),
        _t(
            m.Woke, "{left} and {right}: {count} woke", left="player", right="player", count="count"
        ),
        _t(m.Seen, "{player} is the {role}", player="player", role="role"),
        _t(m.Dream, "{player} is the {roles}", player="player", roles="roles"),
        _t(m.Guess, "guessed {player} is the {role}", player="player", role="role"),
        _t(
            m.PuzzleGuess,
            "guessed {player} drunk, shown {demon} as the demon",
            player="player",
            demon="player",
        ),
        _t(m.ProdigyCheck, "chose {chosen}, learned {learned}", chosen="player", learned="player"),
        _t(m.Choice, "chose {players}[, died {died}]", players="players", died="flag"),
        _t(m.Alignment, "{player} is good: {good}", player="player", good="flag"),
        _t(m.DemonCheck, "{player} is the demon: {demon}", player="player", demon="flag"),
        _t(m.DemonAmong, "the demon among {among}: {yes}", among="players", yes="flag"),
        _t(m.EvilAmong, "{count} evil among {among}", count="count", among="players"),
        _t(m.Aligned, "{among} alike: {same}", among="players", same="flag"),
        _t(m.Roles, "characters {roles}[, drunk on {drunk}]", roles="roles", drunk="times"),
        _t(m.Direction, "evil is {clockwise}", clockwise="direction"),
        _t(m.Nominations, "{players}: {yes}", players="players", yes="flag"),
        _t(m.DifferentTypes, "{left} and {right} differ", left="player", right="player"),
        _t(
            m.Shot,
            "shot {target}[, killed {killed}][, game continued {game_continued}]",
            target="player",
            killed="flag",
            game_continued="flag",
        ),
        _t(
            m.Nominated,
            "nominated by {nominator}[, executed {executed}]",
            nominator="player",
            executed="flag",
        ),
        _t(
            m.Watched,
            "chose {chosen}[, learned {learned}][, confirmed {confirmed}]",
            chosen="player",
            learned="flag",
            confirmed="flag",
        ),
        _t(m.Statement, "says[ as {role}] {sentence}", role="role", sentence="sentence"),
        _t(m.Options, "one of: {sentences}", sentences="sentences"),
    )
}
_NO_ONE = Template(m.Shown, "0", {}, (("role", None), ("among", ())))
"""A Librarian's zero: no one shown, so no Outsider in play."""
_INFO = _t(m.Statement, "info[ as {role}] {sentence}", role="role", sentence="sentence")
_EVENT = _t(
    Event,
    "{when}: {kind} of {players}[ by {caller}][, acted before death{acted_before_death}]",
    when="time",
    kind="event",
    players="players",
    caller="player",
    acted_before_death="flagword",
)
_PATTERNS["flagword"] = ""  # an empty slot: the words around it say it
_HEADER = re.compile(
    rf"(?P<player>{_NAME}) claims (?P<character>{_ROLE})(?: on (?P<when>{_TIME}))?"
    rf"(?:, may be (?P<may_be>{_PATTERNS['roles']}))?(?P<widow>, heard the widow)?"
    rf"(?:, knows evil twin (?P<twin>{_NAME}))?\Z"
)
_ITEM_TIME = re.compile(rf"({_TIME}): ")


_RIGHT = _t(m.Number, "{count} right", count="count")
"""How many of a Juggler's guesses were right (beside the guesses, a bare number is unclear)."""
_CHOSE = _t(m.Roles, "chose {roles}[, drunk on {drunk}]", roles="roles", drunk="times")
_OWN: dict[tuple[str, type[Any]], Template] = {
    ("juggler", m.Number): _RIGHT,
    ("philosopher", m.Roles): _CHOSE,
    ("courtier", m.Roles): _CHOSE,
    ("godfather", m.Roles): _t(m.Roles, "outsiders in play: {roles}", roles="roles"),
}
"""A character's own line for an item, where the common one reads badly."""


def _templates(character: str) -> list[Template]:
    """The lines a claim of `character` may hold: what it carries, then `info`."""
    found = [
        _OWN.get((character, carries.info), TEMPLATES[carries.info])
        for carries in CARRIES.get(character, ())
    ]
    if TEMPLATES[m.Shown] in found:
        found.insert(found.index(TEMPLATES[m.Shown]), _NO_ONE)
    return [*dict.fromkeys(found), _INFO]


def _template(character: str, item: Info) -> Template:
    """The line that writes `item` in a claim of `character`."""
    if (character, type(item)) in _OWN:
        return _OWN[character, type(item)]
    if isinstance(item, m.Shown) and item.role is None and not item.among:
        return _NO_ONE
    return TEMPLATES[type(item)]


# -- writing --------------------------------------------------------------------------


def dump(puzzle: Puzzle) -> str:
    """The puzzle in canonical botc-puzzle text."""
    lines = [f"#{note}" for note in puzzle.notes]
    if puzzle.title is not None:
        lines.append(f"title: {_title_text(puzzle.title)}")
    lines.append(f"seats: {_write('players', puzzle.players)}")
    lines.append(f"script: {', '.join(puzzle.script) or 'nothing'}")
    if puzzle.setup != "standard":
        lines.append(f"setup: {puzzle.setup}")
    if puzzle.unique_characters is not None:
        lines.append(f"unique characters: {_write('flag', puzzle.unique_characters)}")
    lines.extend(f"house rule: {rule}" for rule in puzzle.house_rules)
    lines.extend(f"constraint: {sentence_text(sentence.tree)}" for sentence in puzzle.constraints)
    lines.extend(_EVENT.write(event) for event in puzzle.timeline)
    grouped: tuple[object, ...] | None = None  # the header the lines above share, if any
    for claim in puzzle.claims:
        if _timed_by_line(claim):
            item = claim.learned[0]
            if grouped != _shared(claim):
                lines.append(_header(replace(claim, when=None)))
                grouped = _shared(claim)
            lines.append(f"  {claim.when}: {_template(claim.character, item).write(item)}")
            continue
        grouped = None
        lines.append(_header(claim))
        lines.extend(_item_line(_template(claim.character, item), item) for item in claim.learned)
        lines.extend(_item_line(_INFO, statement) for statement in claim.statements)
    return "\n".join(lines) + "\n"


def _on_the_claim(character: str, item: Info) -> bool:
    """Whether the claim's own keys carry `item` (an Empath's number, not a Fortune
    Teller's reading): such an item has the claim's time, never one of its own."""
    return any(c.listed is None and c.info is type(item) for c in CARRIES.get(character, ()))


def _timed_by_line(claim: Claim) -> bool:
    """A claim written as one timed line under a header it shares (`  night 2: 1`): a
    time, and nothing but one item its own keys carry."""
    return (
        claim.when is not None
        and len(claim.learned) == 1
        and not claim.statements
        and claim.learned[0].when is None
        and _on_the_claim(claim.character, claim.learned[0])
    )


def _shared(claim: Claim) -> tuple[object, ...]:
    return (claim.player, claim.character, claim.may_be, claim.heard_widow_call, claim.evil_twin)


def _title_text(title: str) -> str:
    plain = title == title.strip() and "\n" not in title and not title.startswith('"')
    return title if plain and title else json.dumps(title, ensure_ascii=False)


def _header(claim: Claim) -> str:
    out = f"{name_text(claim.player)} claims {claim.character}"
    if claim.when is not None:
        out += f" on {claim.when}"
    if claim.may_be:
        out += f", may be {_write('roles', claim.may_be)}"
    if claim.heard_widow_call:
        out += ", heard the widow"
    if claim.evil_twin is not None:
        out += f", knows evil twin {name_text(claim.evil_twin)}"
    return out


def _item_line(template: Template, item: Info) -> str:
    when = "" if item.when is None else f"{item.when}: "
    return f"  {when}{template.write(item)}"


# -- reading --------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Puzzle:
    """The puzzle in a botc-puzzle text; NotationError at the first line that does not read."""
    return _Reader(text, source).puzzle()


def looks_like(text: str) -> bool:
    """Text whose first line that is not blank or a comment starts `title:` or `seats:`."""
    for line in text.lstrip("\ufeff").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return line.startswith(("title: ", "seats: "))
    return False


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.found: dict[str, Any] = {}
        self.constraints: list[Sentence] = []
        self.house_rules: list[str] = []
        self.events: list[Event] = []
        self.claims: list[Claim] = []
        self.items: list[Info] = []
        self.statements: list[m.Statement] = []
        self.claim: Claim | None = None
        self.notes: list[str] = []
        self.started = False  # a line other than a comment or a blank was read
        self.base: int | None = None  # where the claim under way sits in `claims`
        self.lines = 0  # lines read under its header
        self.named: list[tuple[int, str]] = []  # (offset, player) to check against the seats

    def fail(self, offset: int, message: str) -> NotationError:
        return NotationError.at(self.text, offset, message, self.source)

    def puzzle(self) -> Puzzle:
        offset = 1 if self.text.startswith("\ufeff") else 0
        for line in self.text[offset:].split("\n"):
            self.line(line.rstrip("\r"), offset)
            offset += len(line) + 1
        self.close_claim()
        end = len(self.text)
        if "seats" not in self.found:
            raise self.fail(end, "expected a line `seats: ...` naming the players in seat order")
        if "script" not in self.found:
            raise self.fail(end, "expected a line `script: ...` naming the script's characters")
        players = self.found["seats"]
        for at, player in self.named:
            if player not in players:
                raise self.fail(at, f"expected one of the seated players, found {player!r}")
        return Puzzle(
            players,
            self.found["script"],
            tuple(self.claims),
            self.found.get("title"),
            self.found.get("setup", "standard"),
            self.found.get("unique characters"),
            tuple(self.constraints),
            tuple(self.events),
            tuple(self.notes),
            tuple(self.house_rules),
        )

    def line(self, line: str, at: int) -> None:
        body = line.strip()
        if body.startswith("#") and not self.started:
            self.notes.append(body[1:])  # the comments heading the file are kept
        if not body or body.startswith("#"):
            return
        self.started = True
        if line[0] in " \t":
            self.item(body, at + len(line) - len(line.lstrip()))
            return
        self.close_claim()
        key, _colon, value = line.partition(": ")
        if key in ("title", "seats", "script", "setup", "unique characters", "constraint"):
            self.field(key, value, at + len(key) + 2)
        elif key == "house rule":
            self.house_rule(value, at + len(key) + 2)
        elif re.match(_TIME + ": ", line):
            self.event(line, at)
        else:
            self.header(line, at)

    def field(self, key: str, value: str, at: int) -> None:
        if key in self.found:
            raise self.fail(at - len(key) - 2, f"`{key}:` is given twice")
        if key == "title":
            self.found[key] = self.title(value, at)
        elif key == "seats":
            if not re.fullmatch(_PATTERNS["players"], value) or value == "nobody":
                raise self.fail(at, "expected the players' names, separated by ', '")
            players = _read("players", value)
            for name in players:
                if players.count(name) > 1:
                    raise self.fail(at + value.index(name_text(name)), f"{name!r} is seated twice")
            self.found[key] = players
        elif key == "script":
            if not re.fullmatch(rf"nothing|{_ROLE}(?:, {_ROLE})*", value):
                raise self.fail(
                    at, "expected the characters' ids, separated by ', ' (imp, fortune_teller)"
                )
            self.found[key] = () if value == "nothing" else tuple(value.split(", "))
        elif key == "setup":
            if value not in m.SETUPS:
                raise self.fail(at, f"expected the set-up: {', '.join(m.SETUPS)}")
            self.found[key] = value
        elif key == "unique characters":
            if value not in ("yes", "no"):
                raise self.fail(at, "expected yes or no")
            self.found[key] = value == "yes"
        else:
            self.constraints.append(self.sentence(value, at))

    def house_rule(self, value: str, at: int) -> None:
        if value not in m.HOUSE_RULES:
            rules = "; ".join(m.HOUSE_RULES)
            raise self.fail(at, f"expected a house rule the solver knows: {rules}")
        if value in self.house_rules:
            raise self.fail(at, f"the house rule {value!r} is given twice")
        self.house_rules.append(value)

    def title(self, value: str, at: int) -> str:
        if not value.startswith('"'):
            return value
        try:
            title = json.loads(value)
        except ValueError:
            title = None
        if not isinstance(title, str):
            raise self.fail(at, "expected the title, or a JSON string")
        return title

    def sentence(self, value: str, at: int) -> Sentence:
        try:
            return _sentence(value)
        except SentenceError as error:
            raise self.fail(at + error.offset, error.message) from None

    def event(self, line: str, at: int) -> None:
        match = _EVENT.pattern.match(line)
        if match is None:
            kinds = ", ".join(_write("event", kind) for kind in m.EVENTS)
            raise self.fail(at, f"expected an event: `day 1: execution of Anna` ({kinds})")
        event = _EVENT.read(match, None)
        self.named.extend((at + match.start("players"), p) for _, p in _EVENT.players(event))
        self.events.append(event)

    def header(self, line: str, at: int) -> None:
        match = _HEADER.match(line)
        if match is None:
            raise self.fail(
                at,
                "expected `title:`, `seats:`, `script:`, `setup:`, `unique characters:`,"
                " `house rule:`, `constraint:`, an event (`day 1: execution of Anna`) or a claim"
                " (`Anna claims empath on night 1`)",
            )
        player = next(_names(match.group("player")))
        twin = match.group("twin")
        self.named.append((at, player))
        if twin is not None:
            self.named.append((at + match.start("twin"), next(_names(twin))))
        when = match.group("when")
        may_be = match.group("may_be")
        self.claim = Claim(
            player,
            match.group("character"),
            None if when is None else time_from(when),
            may_be=() if may_be is None else _read("roles", may_be),
            heard_widow_call=match.group("widow") is not None,
            evil_twin=None if twin is None else next(_names(twin)),
        )

    def item(self, body: str, at: int) -> None:
        if self.claim is None:
            raise self.fail(at, "expected a claim (`Anna claims empath`) before what was learned")
        timed = _ITEM_TIME.match(body)
        when = None if timed is None else time_from(timed.group(1))
        start = 0 if timed is None else timed.end()
        rest = body[start:]
        for template in _templates(self.claim.character):
            match = template.pattern.match(rest)
            if match is None:
                continue
            try:
                item = template.read(match, when)
            except SentenceError as error:
                raise self.fail(at + start + error.offset, error.message) from None
            self.named.extend((at + start, player) for _, player in template.players(item))
            self.lines += 1
            claim = self.claim
            if when is not None and claim.when is None and _on_the_claim(claim.character, item):
                # `night 2: 1` under `Anna claims empath`: a claim of its own
                learned = (replace(item, when=None),)
                self.claims.append(replace(claim, when=when, learned=learned))
                return
            if self.base is None:
                self.base = len(self.claims)
                self.claims.append(claim)
            if template is _INFO:
                self.statements.append(item)
            else:
                self.items.append(item)
            return
        forms = "; ".join(f"`{template.text}`" for template in _templates(self.claim.character))
        raise self.fail(at + start, f"expected what a {self.claim.character} learns: {forms}")

    def close_claim(self) -> None:
        """The claim under way, with the lines read under its header, where its first
        line was (its own place if it has none, at the end if all made claims of their own)."""
        if self.claim is not None:
            claim = replace(
                self.claim, learned=tuple(self.items), statements=tuple(self.statements)
            )
            if self.base is not None:
                self.claims[self.base] = claim
            elif not self.lines:
                self.claims.append(claim)
        self.claim = None
        self.base = None
        self.lines = 0
        self.items = []
        self.statements = []


# -- answers --------------------------------------------------------------------------


def parse_answers(text: str, source: str = DEFAULT_SOURCE) -> tuple[m.Solution, ...]:
    """The worlds of an `.answers` file: one single-line grimoire per world, each seat's
    starting character (`[Olivia:imp Matt:ravenkeeper ...]`); `#` lines are comments."""
    worlds = []
    offset = 0
    for line in text.split("\n"):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                grimoire = parse_grimoire(line)
            except NotationError as error:
                at = offset + error.column - 1
                raise NotationError.at(text, at, error.message, source) from None
            if not isinstance(grimoire, Grimoire):
                raise NotationError.at(text, offset, "expected a grimoire: [Anna:imp ...]", source)
            worlds.append(m.Solution({seat.player: seat.role for seat in grimoire.seats}))
        offset += len(line) + 1
    return tuple(worlds)


def dump_answers(worlds: tuple[m.Solution, ...], players: tuple[str, ...]) -> str:
    """Worlds as an `.answers` file, seats in the order of `players`."""
    return "".join(
        "[" + " ".join(f"{player}:{world.characters[player]}" for player in players) + "]\n"
        for world in worlds
    )
