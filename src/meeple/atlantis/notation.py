"""Atlantis transcripts as text: read JSON or hand-written JSON5, write canonical JSON.

Reading decodes the text with `jsontext.decode` (strict JSON fast, JSON5 for
hand-written files, syntax errors located there), then turns the value into a
`Transcript`, checking every field name, segment, stack and move. A problem
found there is located lazily with `jsontext.locate`, which walks the tokens
of the (by then known valid) text along the offending value's path.

Writing produces one canonical layout (docs/formats/atlantis.md): the known keys
in a fixed order, two-space indentation, one segment, player or event a line.
`lints` says what a transcript that reads may still get wrong (a misspelt key, moves
kept under an unknown one). This module does not know the rules: whether a move is
legal is `rules.py`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NoReturn

from meeple import jsontext
from meeple.atlantis.model import (
    END_TURN,
    FORMAT_NAME,
    VERSION,
    Chat,
    EndTurn,
    Event,
    Extras,
    FieldRef,
    JSONValue,
    Move,
    OtherEvent,
    Player,
    Segment,
    Transcript,
    Turn,
    field_name,
)
from meeple.errors import (
    DEFAULT_SOURCE,
    Diagnosis,
    Finding,
    Location,
    Locator,
    LossError,
    NotationError,
)
from meeple.hexgrid import Hex, line_between
from meeple.jsontext import MAX_DEPTH, Members, Path, Paths, decode, locate, short

if TYPE_CHECKING:
    from meeple.game import Document

# -- coordinates ------------------------------------------------------------------

# A field name has at most 6 letters and 9 digits (300 million columns and a billion rows:
# no board comes near). Longer names are refused: their big-integer arithmetic grew with the
# square of their length.
MAX_LETTERS, MAX_DIGITS = 6, 9
_COORDINATE = re.compile(
    rf"([a-z]{{1,{MAX_LETTERS}}}|[A-Z]{{1,{MAX_LETTERS}}})([1-9][0-9]{{0,{MAX_DIGITS - 1}}})"
)


def letter_value(word: str) -> int:
    """'a' -> 1, 'z' -> 26, 'aa' -> 27: the letter axis in bijective base 26."""
    value = 0
    for char in word.lower():
        value = value * 26 + ord(char) - ord("a") + 1
    return value


def parse_field_ref(text: str) -> FieldRef | None:
    """`b3` or `B3` as a FieldRef; None when `text` is no field name."""
    if len(text) > MAX_LETTERS + MAX_DIGITS:
        return None
    return _field_ref(text)


@lru_cache(maxsize=4096)
def _field_ref(text: str) -> FieldRef | None:
    """`parse_field_ref` of a short text, remembered: records name the same few fields
    again and again."""
    match = _COORDINATE.fullmatch(text)
    if match is None:
        return None
    return FieldRef(Hex(letter_value(match[1]), int(match[2])), match[1].isupper())


# -- from JSON values to the model -------------------------------------------------------


class _Reader:
    """Builds a Transcript from decoded JSON, locating problems in `text` on demand.

    Given a `problems` list, a problem in one segment, player, stack, event or move is
    kept there and reading goes on with the next one (`isolated`); otherwise the first
    problem raises.
    """

    def __init__(self, text: str, source: str, problems: list[NotationError] | None = None) -> None:
        self.text = text
        self.source = source
        self.players_named: tuple[str, ...] = ()
        self.context = ""  # inside an event: which turn a problem belongs to
        self.step: int | None = None  # inside a turn: its index among the turns
        self.part: int | None = None  # inside a move: its index in the turn ...
        self.move: Any = None  # ... and the move as decoded (named in a problem's message)
        self.problems = problems
        self.events_read: int | None = None  # inside the events: how many were read
        self.intact: int | None = None  # the events read before the first problem (if any)
        self._paths: Paths | None = None
        self._locate = Locator(text, source)
        self._isolated = _Isolated(self)

    def fail(self, path: Path, message: str, key: bool = False) -> NoReturn:
        if self._paths is None:
            self._paths = Paths(self.text)
        where = self._locate(self._paths.locate(path, key))
        raise NotationError(self.prefix() + message, where, step=self.step, part=self.part)

    def prefix(self) -> str:
        """Which turn (and move) a problem belongs to: `turn 3 (Mary), move 2 b2-c3: `.

        Worked out only for a problem: a long game has thousands of moves, and naming
        each one's fields costs more than reading it."""
        if self.part is None:
            return self.context
        turn = self.context.removesuffix(": ")
        return f"{turn}, move {self.part + 1}{_move_text(self.move)}: "

    def isolated(self) -> _Isolated:
        """Reading one item: when recovering, a problem in it is kept, and the item left out."""
        return self._isolated

    def members(self, value: Any, path: Path, what: str) -> Members:
        if not isinstance(value, Members):
            self.fail(path, f"expected {what} (a JSON object), found {_kind(value)}")
        seen: set[str] = set()
        for index, (name, _) in enumerate(value):
            if name in seen:
                self.fail((*path, index), f"key {name!r} is given twice", key=True)
            seen.add(name)
        return value

    def array(self, value: Any, path: Path, what: str) -> list[Any]:
        if not isinstance(value, list) or isinstance(value, Members):
            self.fail(path, f"expected {what} (a JSON array), found {_kind(value)}")
        return value

    def string(self, value: Any, path: Path, what: str) -> str:
        if not isinstance(value, str):
            self.fail(path, f"expected {what} (a string), found {_kind(value)}")
        return value

    def plain(self, value: Any, path: Path) -> JSONValue:
        """A value kept verbatim: objects as dicts; no NaN or infinity (JSON has none)."""
        if len(path) > MAX_DEPTH:
            self.fail(path, "values nested too deeply")
        if isinstance(value, Members):
            members = self.members(value, path, "an object")
            return {name: self.plain(item, (*path, i)) for i, (name, item) in enumerate(members)}
        if isinstance(value, list):
            return [self.plain(item, (*path, i)) for i, item in enumerate(value)]
        if isinstance(value, float) and not math.isfinite(value):
            self.fail(path, "NaN and Infinity are not JSON numbers (the output is strict JSON)")
        return value

    def field_ref(self, value: Any, path: Path, key: bool = False) -> FieldRef:
        name = value if key else self.string(value, path, "a field such as 'b3'")
        ref = parse_field_ref(name)
        if ref is None:
            self.fail(
                path,
                f"bad field {short(repr(name))}: expected letters and a positive number,"
                " such as 'b3' (upper case 'B3' for the standard segment around it;"
                f" at most {MAX_LETTERS} letters and {MAX_DIGITS} digits)",
                key,
            )
        return ref

    # -- the transcript ----------------------------------------------------------------

    def transcript(self, value: Any) -> Transcript:
        top = self.members(value, (), "an Atlantis transcript")
        known: dict[str, tuple[int, Any]] = {}
        extras: list[tuple[str, JSONValue]] = []
        for index, (name, item) in enumerate(top):
            if name in READ_KEYS:
                known[name] = (index, item)
            else:
                extras.append((name, self.plain(item, (index,))))
        if "segments" not in known:
            names = [name for name, _ in top]
            import difflib  # only for a misspelt name

            close = difflib.get_close_matches("segments", names, n=1, cutoff=0.75)
            if close:
                self.fail(
                    (names.index(close[0]),),
                    "an Atlantis transcript needs a 'segments' list (the board):"
                    f" {close[0]!r} is no key meeple knows; did you mean 'segments'?",
                    key=True,
                )
            self.fail((), "an Atlantis transcript needs a 'segments' list (the board)")
        for name in ("format", "version", "user", "begin", "end"):
            if name in known:
                index, item = known[name]
                with self.isolated():
                    self.string(item, (index,), f"the {name}")
        if "format" in known and known["format"][1] not in (FORMAT_NAME, ENGINE_FORMAT_NAME):
            with self.isolated():
                self.fail((known["format"][0],), f"expected the format {FORMAT_NAME!r}")
        read_before = len(self.problems or ())
        segments, board = self.segments(*known["segments"])
        # A segment left out leaves the board unknown: stacks are not checked against it.
        known_board = board if len(self.problems or ()) == read_before else None
        players = self.players(*known["players"], board=known_board) if "players" in known else ()
        self.players_named = _player_names(known["players"][1]) if "players" in known else ()
        events = self.events(*known["events"]) if "events" in known else ()
        if "turns" in known:
            index = known["turns"][0]
            if "events" in known:
                self.fail(
                    (index,),
                    "give the turns in 'events' or in 'turns' (the reference engine's form),"
                    " not both: together they leave the order of turns and chats unknown",
                    key=True,
                )
            events = self.engine_turns(*known["turns"])
        return Transcript(
            segments=segments,
            players=players,
            events=events,
            version=known["version"][1] if "version" in known else VERSION,
            user=known["user"][1] if "user" in known else None,
            begin=known["begin"][1] if "begin" in known else None,
            end=known["end"][1] if "end" in known else None,
            extras=tuple(extras),
        )

    def segments(self, index: int, value: Any) -> tuple[tuple[Segment, ...], set[Hex]]:
        path: Path = (index,)
        where: dict[Hex, int] = {}
        segments = []
        for number, item in enumerate(self.array(value, path, "a list of segments")):
            with self.isolated():
                segments.append(self.segment(item, (*path, number), number, where))
        return tuple(segments), set(where)

    def segment(self, item: Any, at: Path, number: int, where: dict[Hex, int]) -> Segment:
        if isinstance(item, str):
            return self.bare_segment(item, at, number, where)
        what = "a segment: a list of fields, or one upper-case name such as 'C3'"
        refs = []
        for position, name in enumerate(self.array(item, at, what)):
            ref = self.field_ref(name, (*at, position))
            self.claim_fields(ref, number, where, (*at, position))
            refs.append(ref)
        return Segment(tuple(refs))

    def bare_segment(self, name: str, path: Path, number: int, where: dict[Hex, int]) -> Segment:
        """`"C3"` in the segments list: the standard segment centred on c3."""
        ref = self.field_ref(name, path)
        if not ref.whole:
            self.fail(
                path,
                f"a segment written as one name is a standard segment in upper case"
                f" ({str(ref).upper()!r}), not {name!r}: write [{name!r}] for a single field",
            )
        self.claim_fields(ref, number, where, path)
        return Segment((ref,), bare=True)

    def claim_fields(self, ref: FieldRef, number: int, where: dict[Hex, int], path: Path) -> None:
        if ref.whole and (ref.centre.x < 2 or ref.centre.y < 2):
            self.fail(path, f"the standard segment around {ref} reaches past the grid's edge")
        for field in ref.fields:
            if field in where:
                part = f" (of {ref})" if ref.whole else ""
                self.fail(
                    path,
                    f"field {field_name(field)}{part} is already in segment {where[field] + 1}",
                )
            where[field] = number

    def players(self, index: int, value: Any, board: set[Hex] | None) -> tuple[Player, ...]:
        path: Path = (index,)
        holder: dict[Hex, int] = {}
        players = []
        for number, item in enumerate(self.array(value, path, "a list of players")):
            with self.isolated():
                players.append(self.player(item, (*path, number), number, board, holder))
        return tuple(players)

    def player(
        self, value: Any, path: Path, number: int, board: set[Hex] | None, holder: dict[Hex, int]
    ) -> Player:
        members = self.members(value, path, "a player")
        fields: dict[str, Any] = {}
        extras: list[tuple[str, JSONValue]] = []
        for index, (name, item) in enumerate(members):
            if name in ("name", "color"):
                fields[name] = self.string(item, (*path, index), f"the player's {name}")
            elif name == "stacks":
                fields[name] = self.stacks(item, (*path, index), number, board, holder)
            else:
                extras.append((name, self.plain(item, (*path, index))))
        if "stacks" not in fields:
            import difflib  # only for a misspelt name

            close = difflib.get_close_matches("stacks", [name for name, _ in extras], n=1)
            hint = (
                f" ({close[0]!r} is no key meeple knows; did you mean 'stacks'?)" if close else ""
            )
            self.fail(path, f"player {number + 1} has no 'stacks' object{hint}")
        return Player(fields["stacks"], fields.get("name"), fields.get("color"), tuple(extras))

    def stacks(
        self, value: Any, path: Path, number: int, board: set[Hex] | None, holder: dict[Hex, int]
    ) -> tuple[tuple[FieldRef, int], ...]:
        stacks = []
        for index, (name, count) in enumerate(self.members(value, path, "the stacks")):
            with self.isolated():
                ref = self.stack(name, count, (*path, index), number, board, holder)
                stacks.append((ref, count))
        return tuple(stacks)

    def stack(
        self,
        name: str,
        count: Any,
        path: Path,
        number: int,
        board: set[Hex] | None,
        holder: dict[Hex, int],
    ) -> FieldRef:
        """One stack of player `number` (0-based), the field it stands on (or, for a
        standard segment, the fields of the segment that are on the `board`)."""
        ref = self.field_ref(name, path, key=True)
        if type(count) is not int:
            self.fail(
                path,
                "expected a whole number of stones (negative on a growing field,"
                f" 0 for a dead one), found {_kind(count)}",
            )
        fields = [field for field in ref.fields if board is None or field in board]
        if not fields:
            self.fail(path, f"no segment has the field {ref}", key=True)
        for field in fields:
            if field in holder:
                whose = "this player" if holder[field] == number else "player"
                other = "" if holder[field] == number else f" {holder[field] + 1}"
                self.fail(
                    path,
                    f"field {field_name(field)} already has a stack of {whose}{other}",
                    key=True,
                )
            holder[field] = number
        return ref

    def events(self, index: int, value: Any) -> tuple[Event, ...]:
        path: Path = (index,)
        items = self.array(value, path, "a list of events")
        events = []
        turns = 0
        for number, item in enumerate(items):
            is_turn = isinstance(item, Members) and ("type", "turn") in item
            turns += is_turn
            self.context = self.turn_label(turns) if is_turn else f"event {number + 1}: "
            self.step = turns - 1 if is_turn else None
            self.events_read = number
            with self.isolated():
                events.append(self.event(item, (*path, number)))
        self.context, self.step, self.events_read = "", None, None
        return tuple(events)

    def engine_turns(self, index: int, value: Any) -> tuple[Event, ...]:
        """The reference engine's `turns`: a list of turns, each a list of [from, to]."""
        path: Path = (index,)
        items = self.array(value, path, "a list of turns, each a list of moves")
        events: list[Event] = []
        for number, item in enumerate(items):
            self.context = self.turn_label(number + 1)
            self.step = self.events_read = number
            with self.isolated():
                events.append(Turn(self.moves(number, item, path)))
        self.context, self.step, self.events_read = "", None, None
        return tuple(events)

    def turn_label(self, number: int) -> str:
        """`turn 3 (Mary): ` (turn i belongs to player i mod P, as the replay counts)."""
        names = self.players_named
        who = names[(number - 1) % len(names)] if names else "nobody"
        return f"turn {number} ({who}): "

    def event(self, value: Any, path: Path) -> Event:
        members = self.members(value, path, "an event")
        known: dict[str, tuple[int, Any]] = {}
        extras: list[tuple[str, JSONValue]] = []
        for index, (name, item) in enumerate(members):
            if name in ("type", "user", "time", "moves", "message"):
                known[name] = (index, item)
            else:
                extras.append((name, self.plain(item, (*path, index))))
        if "type" not in known:
            self.fail(path, "an event needs a 'type' ('turn', 'chat' or another)")
        texts = {}
        for name in ("type", "user", "time"):
            if name in known:
                texts[name] = self.string(known[name][1], (*path, known[name][0]), f"the {name}")
        kind = texts["type"]
        user, time = texts.get("user"), texts.get("time")
        if kind == "turn":
            if "moves" not in known:
                self.fail(path, "a turn needs a 'moves' list (empty for no moves)")
            if "message" in known:
                index, item = known["message"]
                extras.insert(0, ("message", self.plain(item, (*path, index))))
            moves = self.moves(*known["moves"], path)
            return Turn(moves, user, time, tuple(extras))
        if "moves" in known:
            extras.insert(0, ("moves", self.plain(known["moves"][1], (*path, known["moves"][0]))))
        if kind == "chat":
            if "message" not in known:
                self.fail(path, "a chat needs a 'message'")
            index, item = known["message"]
            message = self.string(item, (*path, index), "the message")
            return Chat(message, user, time, tuple(extras))
        if "message" in known:
            index, item = known["message"]
            extras.insert(0, ("message", self.plain(item, (*path, index))))
        return OtherEvent(kind, user, time, tuple(extras))

    def moves(self, index: int, value: Any, event: Path) -> tuple[Move, ...]:
        path = (*event, index)
        moves = []
        for number, item in enumerate(self.array(value, path, "a list of moves")):
            self.part, self.move = number, item
            with self.isolated():
                moves.append(self.read_move(item, (*path, number)))
        self.part = self.move = None
        return tuple(moves)

    def read_move(self, item: Any, at: Path) -> Move:
        pair = self.array(item, at, "a move: [from, to]")
        if len(pair) != 2:
            self.fail(at, f"a move is [from, to]: two fields, found {len(pair)}")
        source = self.field_ref(pair[0], (*at, 0))
        target = self.field_ref(pair[1], (*at, 1))
        if source.whole or target.whole:
            i, ref = (0, source) if source.whole else (1, target)
            self.fail((*at, i), f"a move names single fields in lower case, not {ref}")
        if line_between(source.centre, target.centre) is None:
            self.fail(
                at, "no move: the two fields must differ and lie on one straight line of the grid"
            )
        return Move(source.centre, target.centre)


class _Isolated:
    """The context of `_Reader.isolated` (a class, and one per reader: it is entered for
    every move; it keeps nothing between entries, so nested items share it)."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: object, problem: BaseException | None, trace: object) -> bool:
        reader = self.reader
        if not isinstance(problem, NotationError) or reader.problems is None:
            return False
        if not reader.problems:
            reader.intact = reader.events_read
        reader.problems.append(problem)
        return True


def _player_names(players: Any) -> tuple[str, ...]:
    """Each player's name as turns are labelled (`player 2` where none is written), read
    from the decoded list itself, so a player left out for a problem still counts."""
    if not isinstance(players, list) or isinstance(players, Members):
        return ()
    names = []
    for number, player in enumerate(players):
        name = dict(player).get("name") if isinstance(player, Members) else None
        names.append(name if isinstance(name, str) and name else f"player {number + 1}")
    return tuple(names)


def _move_text(item: Any) -> str:
    """` b2-c3` for a move of two field names (as the replay names moves), else ""."""
    if (
        isinstance(item, list)
        and len(item) == 2
        and all(isinstance(name, str) and parse_field_ref(name) for name in item)
    ):
        return f" {item[0]}-{item[1]}"
    return ""


TOP_KEYS = ("format", "version", "segments", "players", "events", "user", "begin", "end")
# Read but never written: the reference engine's list of turns (written back as `events`).
READ_KEYS = (*TOP_KEYS, "turns")
# How the reference engine (maksverver/atlantis-heroku, GameState.objectify) spells the
# format; read as FORMAT_NAME, with a lint (`engine_findings`).
ENGINE_FORMAT_NAME = "Atlantis trancript"


def _kind(value: Any) -> str:
    if isinstance(value, Members):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return f"the string {short(json.dumps(value, ensure_ascii=False))}"
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return f"the number {short(repr(value))}"


def parse(text: str, source: str = DEFAULT_SOURCE) -> Transcript:
    """Read a transcript (JSON or JSON5); NotationError at the exact problem otherwise."""
    transcript = _Reader(text, source).transcript(decode(text, source))
    return _with_comments(transcript, text)


def _with_comments(transcript: Transcript, text: str) -> Transcript:
    found = jsontext.comments(text)
    return replace(transcript, comments=tuple(found)) if found else transcript


def playable(read: Diagnosis[Transcript]) -> Transcript | None:
    """The transcript `diagnose` read cut to the events before the first problem, where
    its set-up (board and players) read well; None where it did not."""
    if read.model is None:
        return None
    if not read.problems:
        return read.model
    if read.intact is None:
        return None
    return replace(read.model, events=read.model.events[: read.intact])


def diagnose(text: str, source: str = DEFAULT_SOURCE) -> Diagnosis[Transcript]:
    """Every problem of a transcript, reading on past each one it can.

    A JSON syntax error ends the reading (past it the structure of the text is not
    known, so nothing after it can be checked), except a missing comma between two
    items, read as if written. After the text is decoded, a problem in a
    segment, a player, a stack, an event or a move is reported and reading goes on with
    the next one; a problem in the shape of the whole (not an object, no `segments`)
    ends it. `parse` raises the first of the same problems. The Diagnosis's model is
    the transcript (None when it could not be built); `intact` is how many events come
    before the first problem (None: the problems leave no event to play, or there are
    none; see `playable`).
    """
    commas: list[NotationError] = []
    try:
        value = decode(text, source, commas)
    except NotationError as problem:
        message = f"{problem.message} (the transcript is not read past this JSON syntax error)"
        return Diagnosis(None, [*commas, NotationError(message, problem.location)], None)
    problems: list[NotationError] = []
    reader = _Reader(text, source, problems)
    try:
        transcript: Transcript | None = _with_comments(reader.transcript(value), text)
    except NotationError as problem:
        problems.append(problem)
        transcript = None
    if commas and not problems:  # a missing comma leaves no doubt what was meant
        return Diagnosis(transcript, commas, len(transcript.events) if transcript else None)
    return Diagnosis(transcript, commas + problems, reader.intact)


def looks_like_transcript(text: str) -> bool:
    """Whether `text` is a JSON object with an Atlantis `format` or a `segments` key."""
    if not _SNIFF.match(text) or ("segments" not in text and FORMAT_NAME not in text):
        return False
    try:
        value = decode(text)
    except NotationError:
        # A broken record still counts if it says what it is, so its error gets reported.
        return _DECLARED.search(text) is not None
    if not isinstance(value, Members):
        return False
    keys = dict(value)
    return keys.get("format") in (FORMAT_NAME, ENGINE_FORMAT_NAME) or "segments" in keys


# Layout and comments before the first `{`. Possessive, and one blank at a time: a run of
# blanks or slashes with nothing after it must not backtrack (it once took minutes).
_LEAD = r"\A\ufeff?(?:\s|//[^\n]*|/\*.*?\*/)*+"
_SNIFF = re.compile(_LEAD + r"\{", re.DOTALL)
_DECLARED = re.compile(
    r"""\A[^\[]*?["']?format["']?\s*:\s*["']Atlantis trans?cript["']"""
    rf"""|{_LEAD}\{{\s*["']?segments["']?\s*:""",
    re.DOTALL,
)


# -- writing --------------------------------------------------------------------------


def _json(value: JSONValue) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _object(members: list[tuple[str, JSONValue]]) -> str:
    return "{" + ", ".join(f"{_json(name)}: {text}" for name, text in members) + "}"


def _optional(*members: tuple[str, str | None]) -> list[tuple[str, str]]:
    return [(name, _json(value)) for name, value in members if value is not None]


def _extras(extras: Extras) -> list[tuple[str, str]]:
    return [(name, _json(value)) for name, value in extras]


def format_segment(segment: Segment) -> str:
    if segment.bare:
        return _json(str(segment.refs[0]))
    return "[" + ", ".join(_json(str(ref)) for ref in segment.refs) + "]"


def format_player(player: Player) -> str:
    stacks = _object([(str(ref), str(count)) for ref, count in player.stacks])
    members = _optional(("name", player.name), ("color", player.color))
    return _object([*members, ("stacks", stacks), *_extras(player.extras)])


def format_event(event: Event) -> str:
    members = _optional(("user", event.user), ("time", event.time))
    if isinstance(event, Turn):
        # Field names are letters and digits: quoted as they are, without a JSON encoder.
        moves = ", ".join(
            f'["{field_name(m.source)}", "{field_name(m.target)}"]' for m in event.moves
        )
        members += [("type", '"turn"'), ("moves", f"[{moves}]")]
    elif isinstance(event, Chat):
        members += [("type", '"chat"'), ("message", _json(event.message))]
    else:
        members.append(("type", _json(event.type)))
    return _object(members + _extras(event.extras))


def _block(items: list[str]) -> str:
    if not items:
        return "[]"
    return "[\n" + ",\n".join(f"    {item}" for item in items) + "\n  ]"


def dump(transcript: Transcript, drop_comments: bool = False) -> str:
    """The canonical JSON text of `transcript` (ends with a newline).

    JSON has no comments: a transcript read with `//` or `/* */` comments is written only
    with `drop_comments=True`, so none is ever lost without being asked (NotationError).
    """
    if transcript.comments and not drop_comments:
        count = len(transcript.comments)
        first = (transcript.comments[0].splitlines() or [""])[0][:40]
        raise LossError(
            f"the transcript has {count} comment{'s' if count != 1 else ''} (the first:"
            f" {first!r}) that canonical JSON cannot keep: rewrite with --drop-comments to"
            " drop them",
            kept=dump(transcript, drop_comments=True),
        )
    members = [("format", _json(FORMAT_NAME)), ("version", _json(transcript.version))]
    members.append(("segments", _block([format_segment(s) for s in transcript.segments])))
    if transcript.players:
        members.append(("players", _block([format_player(p) for p in transcript.players])))
    if transcript.events:
        members.append(("events", _block([format_event(e) for e in transcript.events])))
    members += _optional(
        ("user", transcript.user), ("begin", transcript.begin), ("end", transcript.end)
    )
    members += _extras(transcript.extras)
    body = ",\n".join(f"  {_json(name)}: {text}" for name, text in members)
    return "{\n" + body + "\n}\n"


def parse_move(text: str, source: str = DEFAULT_SOURCE) -> Move | EndTurn:
    """A move as the engine protocol writes it: `b2-c3` (from, to), or `end` (of the turn)."""
    stripped = text.strip()
    if stripped == str(END_TURN):
        return END_TURN
    source_text, dash, target_text = stripped.partition("-")
    start, end = parse_field_ref(source_text), parse_field_ref(target_text)
    if not dash or start is None or end is None or start.whole or end.whole:
        message = f"{stripped[:40]!r} is not a move: expected from-to such as b2-c3, or end"
        raise NotationError.at(text, 0, message, source)
    if line_between(start.centre, end.centre) is None:
        message = f"{stripped} is no move: the fields must lie on one straight line"
        raise NotationError.at(text, 0, message, source)
    return Move(start.centre, end.centre)


# -- lints of a transcript that reads -------------------------------------------------


def lints(document: Document) -> Iterator[Finding]:
    """What `meeple check` says of a transcript beyond its rules: a version meeple does not
    read, the reference engine's spelling of the format, misspelt keys, moves kept under
    an unknown key."""
    version = document.model.version
    if version.split(".")[0] != "1":
        offset = locate(document.text, ("version",))
        message = f"version {version!r}: meeple reads version 1 transcripts"
        yield Finding.at(document.text, offset, message, document.source)
    yield from _engine_spelling(document)
    yield from _misspelt_keys(document)
    yield from _unplayed_moves(document)


def _engine_spelling(document: Document) -> Iterator[Finding]:
    """A lint where the format is spelt as the reference engine writes it."""
    if ENGINE_FORMAT_NAME not in document.text:
        return  # the lint needs the spelling in the text: no need to read it again
    offset = locate(document.text, ("format",))
    if document.text.startswith(ENGINE_FORMAT_NAME, offset + 1):
        message = (
            f"format {ENGINE_FORMAT_NAME!r} is the reference engine's spelling, read as"
            f" {FORMAT_NAME!r} (meeple fmt writes that)"
        )
        yield Finding.at(document.text, offset, message, document.source, "lint")


def _holds_moves(value: JSONValue, depth: int = 0) -> bool:
    """Whether a kept JSON value has a [from, to] pair of field names anywhere in it."""
    if depth > 20:  # extras are at most 100 deep; moves are never buried that far
        return False
    if isinstance(value, dict):
        return any(_holds_moves(item, depth + 1) for item in value.values())
    if not isinstance(value, list):
        return False
    if len(value) == 2 and all(isinstance(item, str) for item in value):
        refs = [parse_field_ref(item) for item in value]
        if all(ref is not None and not ref.whole for ref in refs):
            return True
    return any(_holds_moves(item, depth + 1) for item in value)


def _unplayed_moves(document: Document) -> Iterator[Finding]:
    """A warning for each unknown key whose value holds moves: they are kept, not played,
    which must not pass unnoticed (a game's turns under a name meeple does not read)."""
    transcript: Transcript = document.model
    places: list[tuple[Path, Extras]] = [((), transcript.extras)]
    places += [(("players", i), p.extras) for i, p in enumerate(transcript.players)]
    places += [(("events", i), e.extras) for i, e in enumerate(transcript.events)]
    found = []
    for path, extras in places:
        for name, value in extras:
            if _holds_moves(value):
                offset = locate(document.text, (*path, name), key=True)
                message = (
                    f"unknown key {name!r} holds moves, which are kept but not played:"
                    " meeple plays the turns of 'events' (or of the engine's 'turns')"
                )
                found.append((offset, message))
    for offset, message in sorted(found):
        yield Finding.at(document.text, offset, message, document.source)


_PLAYER_KEYS = ("name", "color", "stacks")
_EVENT_KEYS = ("type", "user", "time", "moves", "message")


def _misspelt_keys(document: Document) -> Iterator[Finding]:
    """A warning for each unknown key that looks like a known one (`nmae`, `stakcs`): it
    is kept as an extra key, but it was most likely meant as the known one."""
    transcript: Transcript = document.model
    places: list[tuple[Path, tuple[str, ...], Extras]] = [((), READ_KEYS, transcript.extras)]
    places += [(("players", i), _PLAYER_KEYS, p.extras) for i, p in enumerate(transcript.players)]
    places += [(("events", i), _EVENT_KEYS, e.extras) for i, e in enumerate(transcript.events)]
    found = []
    for path, known, extras in places:
        for name, _ in extras:
            import difflib  # only here: imported lazily for start-up

            close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
            if close and name not in known:
                offset = locate(document.text, (*path, name), key=True)
                message = f"unknown key {name!r} (kept as it is): did you mean {close[0]!r}?"
                found.append((offset, message))
    for offset, message in sorted(found):
        yield Finding.at(document.text, offset, message, document.source)


def locator(text: str, source: str = DEFAULT_SOURCE) -> Callable[[int, int | None], Location]:
    """Where turn `event` (and its move `move`, unless None) is written in a transcript's
    text: what `rules.replay` locates a rule error with."""

    def where(event: int, move: int | None) -> Location:
        paths = Paths(text)
        # The engine's form lists the turns alone under `turns` (never beside `events`).
        if paths.locate(("turns",)) != paths.locate(()):
            path: Path = ("turns", event) if move is None else ("turns", event, move)
        else:
            path = ("events", event) if move is None else ("events", event, "moves", move)
        return Location.of(text, paths.locate(path), source)

    return where
