"""Game traces: what happened at the table, event by event, after a grimoire's set-up.

A trace file starts with the single-line grimoire it applies to; the events follow,
separated by any layout (one line or many; `#` starts a comment to the end of its line,
kept through a rewrite):

    <SETUP> <N1> <D1> <E1> <N2> ...                   phases, in this order
    st!Bob(+poisoner:poisoned,-monk:safe)             the storyteller adds or removes tokens
    Alice:poisoner!Bob(+poisoner:poisoned)            a character acts on a player
    Carol!nominates->Dave:virgin                      a nomination (naming the role is optional)
    Eve!votes->Dave                                   a vote (a dead voter spends the ghost vote)
    st!executes->Dave                                 the day's execution
    st!kills->Eve                                     a death (at night, or by an ability)

`meeple.botc.rules.replay` yields a `State` per event, the grimoire changed as the event
says, and raises RuleError at the first event that breaks the game's mechanics (a token removed
that is not there, a dead player nominating, a second nomination of a player or by a
player in a day, two executions in a day, a ghost vote spent twice, a phase out of
order). Whose ability may do what is not checked: that is the storyteller's art.
docs/formats/botc.md records the decisions. This module reads and writes traces; it does
not replay them (`rules`) or draw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from meeple.botc.model import Grimoire, ReminderToken
from meeple.botc.notation import format_grimoire, parse_grimoire
from meeple.errors import DEFAULT_SOURCE, NotationError, line_ends
from meeple.pictures import Pictured
from meeple.registry import Registered

EventKind = Literal[
    "phase", "storyteller", "ability", "nomination", "vote", "execution", "death", "dies", "bag"
]
STORYTELLER = "st"

_PLAYER = r"[A-Za-z][A-Za-z0-9_]*"
_ROLE = r"[a-z][a-z0-9_]*"
_TOKEN = rf"(?:{_ROLE}:)?{_ROLE}"
_CHANGE_LIST = rf"[+-]{_TOKEN}(?:,[+-]{_TOKEN})*"
# One event; the layout between events is skipped by _NEXT.
_EVENT = re.compile(
    rf"""
      <(?P<phase>SETUP|[NDE][1-9][0-9]{{0,3}}|NIGHT|DAWN|DAY|EVENING)>
    | st!(?:executes->(?P<executed>{_PLAYER})|kills->(?P<killed>{_PLAYER})
             |demon_kill->(?P<demon_killed>{_PLAYER})
             |(?P<st_target>{_PLAYER})\((?P<changes>{_CHANGE_LIST})\))
    | bag!(?P<bagged>{_PLAYER}):(?P<bag_role>{_ROLE})
    | (?P<dying>{_PLAYER})!dies
    | (?P<nominator>{_PLAYER})!nominates->(?P<nominee>{_PLAYER})(?::(?P<nominee_role>{_ROLE}))?
    | (?P<voter>{_PLAYER})!votes->(?P<voted_for>{_PLAYER})
    | (?P<actor>{_PLAYER}):(?P<role>{_ROLE})!(?P<target>{_PLAYER})
        (?:\((?P<ability_changes>{_CHANGE_LIST})\))?
    """,
    re.VERBOSE,
)
_NEXT = re.compile(r"\s*(?:,\s*)?")  # always matches; botc-sat puts commas between events
# botc-sat's one actor on several targets: `st!Dave(+ww:townsfolk),Frank(+ww:wrong)`.
_MORE_TARGETS = re.compile(rf",(?P<target>{_PLAYER})\((?P<changes>{_CHANGE_LIST})\)")
# botc-sat's phases without numbers, each numbered from the phase before it.
_UNNUMBERED = {"NIGHT": "N", "DAWN": "D", "DAY": "D", "EVENING": "E"}
_COMMENT = re.compile(r"#([^\n]*)")
_END = re.compile(r"(?=\s|#|,|\Z)")


@dataclass(frozen=True)
class Phase:
    """`SETUP`, or night, day or evening (the nominations and execution) number k."""

    kind: Literal["SETUP", "N", "D", "E"]
    number: int = 0

    def __str__(self) -> str:
        return "SETUP" if self.kind == "SETUP" else f"{self.kind}{self.number}"

    @property
    def is_day(self) -> bool:
        return self.kind in ("D", "E")

    def follows(self, before: Phase) -> bool:
        """Whether this phase may come straight after `before`."""
        if before.kind == "SETUP":
            return (self.kind, self.number) == ("N", 1)
        if before.kind == "N":
            return (self.kind, self.number) in {("D", before.number), ("E", before.number)}
        if before.kind == "D":
            return (self.kind, self.number) in {("E", before.number), ("N", before.number + 1)}
        return (self.kind, self.number) == ("N", before.number + 1)

    @property
    def title(self) -> str:
        words = {"SETUP": "set-up", "N": "night", "D": "day", "E": "evening"}
        return words[self.kind] + ("" if self.kind == "SETUP" else f" {self.number}")


@dataclass(frozen=True)
class TokenChange:
    """A reminder token put on (`added`) or taken from a player."""

    added: bool
    token: ReminderToken

    def __str__(self) -> str:
        return f"{'+' if self.added else '-'}{self.token}"


@dataclass(frozen=True)
class Event:
    """One thing that happened. `actor` is None for the storyteller and for phases."""

    kind: EventKind
    actor: str | None = None
    target: str | None = None
    role: str | None = None
    """The acting character (ability), or the nominee's role as written (nomination)."""
    changes: tuple[TokenChange, ...] = ()
    phase: Phase | None = None

    def __str__(self) -> str:
        changes = f"({','.join(map(str, self.changes))})" if self.changes else ""
        match self.kind:
            case "phase":
                return f"<{self.phase}>"
            case "storyteller":
                return f"{STORYTELLER}!{self.target}{changes}"
            case "ability":
                return f"{self.actor}:{self.role}!{self.target}{changes}"
            case "nomination":
                role = f":{self.role}" if self.role else ""
                return f"{self.actor}!nominates->{self.target}{role}"
            case "vote":
                return f"{self.actor}!votes->{self.target}"
            case "execution":
                return f"{STORYTELLER}!executes->{self.target}"
            case "dies":
                return f"{self.target}!dies"
            case "bag":
                return f"bag!{self.actor}:{self.role}"
            case _ if self.role == "demon":
                return f"{STORYTELLER}!demon_kill->{self.target}"
            case _:
                return f"{STORYTELLER}!kills->{self.target}"

    def abbreviated(self) -> Event:
        """The event with botc-sat's short reminder prefixes."""
        changes = tuple(TokenChange(c.added, c.token.abbreviated()) for c in self.changes)
        return replace(self, changes=changes)


@dataclass(frozen=True)
class Trace(Pictured):
    """A grimoire and the events that followed it, with where each event was written."""

    game = Registered("botc")
    grimoire: Grimoire | None
    """None for botc-sat's traces written without a grimoire line: read, not replayed."""
    events: tuple[Event, ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    """`#` comments, each with how many events come before it, so none is lost on rewrite."""
    offsets: tuple[int, ...] = field(default=(), compare=False)


# -- notation -------------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Trace:
    """A trace: the grimoire line, then events; NotationError at the first malformed one."""
    text = line_ends(text)  # same length: offsets stay right
    grimoire: Grimoire | None = None
    first_end = len(text) - len(text.lstrip())
    if not text.startswith("<", first_end):
        first_end = text.find("\n")
        first_end = len(text) if first_end == -1 else first_end
        grimoire = parse_grimoire(text[:first_end].rstrip("\r"), source)
    events: list[Event] = []
    offsets: list[int] = []
    comments: list[tuple[int, str]] = []
    at = _skip(text, first_end)
    last_phase: Phase | None = None
    while at < len(text):
        comment = _COMMENT.match(text, at)
        if comment is not None:
            comments.append((len(events), comment[1].strip()))
            at = _skip(text, comment.end())
            continue
        found = _EVENT.match(text, at)
        if found is None or _END.match(text, found.end()) is None:
            raise _malformed(text, at, found, source)
        event = _event(found, last_phase)
        last_phase = event.phase or last_phase
        events.append(event)
        offsets.append(at)
        end = found.end()
        while event.changes and (more := _MORE_TARGETS.match(text, end)) is not None:
            if _END.match(text, more.end()) is None:
                raise _malformed(text, more.end(), more, source)
            target = replace(event, target=more["target"], changes=_changes(more["changes"]))
            events.append(target)
            offsets.append(more.start() + 1)
            end = more.end()
        at = _skip(text, end)
    return Trace(grimoire, tuple(events), tuple(comments), tuple(offsets))


def _skip(text: str, at: int) -> int:
    """Where the next event starts: past layout and comments."""
    layout = _NEXT.match(text, at)
    return at if layout is None else layout.end()


def _malformed(text: str, at: int, found: re.Match[str] | None, source: str) -> NotationError:
    if found is not None:
        return NotationError.at(
            text, found.end(), "expected a space or the end of the line after the event", source
        )
    word = text[at:].split(None, 1)[0][:40]
    if word.startswith("<"):
        hint = "a phase is <SETUP>, <N1>, <D1> or <E1> (night, day, evening, and its number)"
    elif word.startswith(f"{STORYTELLER}!"):
        hint = (
            "the storyteller writes st!Player(+role:token), st!executes->Player or st!kills->Player"
        )
    else:
        hint = (
            "expected an event such as Alice:poisoner!Bob(+poisoner:poisoned),"
            " Carol!nominates->Dave, Eve!votes->Dave or <N2>"
        )
    return NotationError.at(text, at, f"{word!r} is not an event: {hint}", source)


def _changes(written: str | None) -> tuple[TokenChange, ...]:
    if not written:
        return ()
    return tuple(
        TokenChange(part[0] == "+", ReminderToken.from_text(part[1:]))
        for part in written.split(",")
    )


def _event(found: re.Match[str], last: Phase | None = None) -> Event:
    groups = found.groupdict()
    if groups["phase"]:
        written = groups["phase"]
        if written in _UNNUMBERED:
            return Event("phase", phase=_numbered(_UNNUMBERED[written], last))
        kind = "SETUP" if written == "SETUP" else written[0]
        number = 0 if written == "SETUP" else int(written[1:])
        return Event("phase", phase=Phase(kind, number))  # type: ignore[arg-type]
    if groups["demon_killed"]:
        return Event("death", target=groups["demon_killed"], role="demon")
    if groups["dying"]:
        return Event("dies", target=groups["dying"])
    if groups["bagged"]:
        return Event("bag", groups["bagged"], role=groups["bag_role"])
    if groups["executed"]:
        return Event("execution", target=groups["executed"])
    if groups["killed"]:
        return Event("death", target=groups["killed"])
    if groups["st_target"]:
        return Event("storyteller", target=groups["st_target"], changes=_changes(groups["changes"]))
    if groups["nominator"]:
        return Event("nomination", groups["nominator"], groups["nominee"], groups["nominee_role"])
    if groups["voter"]:
        return Event("vote", groups["voter"], groups["voted_for"])
    return Event(
        "ability",
        groups["actor"],
        groups["target"],
        groups["role"],
        _changes(groups["ability_changes"]),
    )


def _numbered(kind: str, last: Phase | None) -> Phase:
    """botc-sat's `<NIGHT>`, `<DAWN>`/`<DAY>` or `<EVENING>` as the numbered phase it is:
    a night is the one after the last day (or night 1), a day or evening the last night's."""
    night = 0 if last is None else last.number
    if kind == "N":
        return Phase("N", night + 1 if last is None or last.kind != "N" else night)
    return Phase(kind, max(night, 1))  # type: ignore[arg-type]


def dump(trace: Trace, abbreviate: bool = False) -> str:
    """The grimoire line, then one phase and its events per line; comments on their own
    lines before the event they preceded. `abbreviate` writes botc-sat's short prefixes."""
    if abbreviate:
        grimoire = None if trace.grimoire is None else trace.grimoire.abbreviated()
        events = tuple(event.abbreviated() for event in trace.events)
        trace = replace(trace, grimoire=grimoire, events=events)
    lines = [] if trace.grimoire is None else [format_grimoire(trace.grimoire)]
    notes: dict[int, list[str]] = {}
    for index, comment in trace.comments:
        notes.setdefault(index, []).append(f"# {comment}".rstrip())
    current: list[str] = []
    for index, event in enumerate((*trace.events, None)):
        if current and (index in notes or event is None or event.kind == "phase"):
            lines.append(" ".join(current))
            current = []
        lines += notes.get(index, [])
        if event is not None:
            current.append(str(event))
    return "\n".join(lines) + "\n"
