"""What quibbble's games share: records that are QGN, and the turn-taking every one keeps.

quibbble (quibbble/quibbble-controller) writes its games only as QGN: tags (`key`,
`teams`, `seed`, `variant`) and actions `{team}{letter}&{detail}.{detail}`. meeple reads
such a game as a `Record` of the game's own moves, so a rule it breaks is found at the
QGN action that broke it. Each game (`meeple.tictactoe`, `meeple.connect4`, ...) keeps the
layers every game has: `model` (its moves and a `Record` subclass), `notation` (a QGN
action's details <-> a move), `rules` (a `TeamsState` subclass), `ascii`, `svg`, and a
`format` built by `meeple.qgn.format.quibbble_format`. A `Game` ties them together for
the hooks.

Conventions kept from quibbble, for every game (docs/formats/qgn.md):
- a team acts only on its turn, and nothing may follow the end of the game ("game
  already over");
- the winners are a list of team names: one is a win, every team a tie (quibbble's
  draw);
- QGN action i is engine move i.

This module knows no game; it reads and writes text only through `meeple.qgn`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from meeple.engine import Status
from meeple.errors import DEFAULT_SOURCE, Location, MeepleError, NotationError, RuleError
from meeple.pictures import Pictured
from meeple.qgn.model import Action, Snapshot, split_teams
from meeple.words import counted

if TYPE_CHECKING:
    from meeple.registry import Document

MoveT = TypeVar("MoveT", bound="TeamMove")
ErrorT = TypeVar("ErrorT", bound=MeepleError)
RecordT = TypeVar("RecordT", bound="Record[Any]")
StateT = TypeVar("StateT", bound="TeamsState[Any]")

SEED_TAG = "seed"
VARIANT_TAG = "variant"


class TeamMove(Protocol):
    """What every quibbble move carries: the index (0-based) of the team that made it,
    as its QGN action is numbered. Game moves are frozen dataclasses with `team` first."""

    @property
    def team(self) -> int: ...


@dataclass(frozen=True)
class Record(Pictured, Generic[MoveT]):
    """One game: its QGN tags (in order, `key` and `teams` among them) and its moves.

    `comments[i]` are the QGN comments written before move i (padded with empty tuples
    to one per move); `final_comments` stand after the last move, `leading_comments`
    before or among the tags. Each game names its own subclass (the registry tells
    games apart by their record's class).
    """

    tags: Mapping[str, str]
    moves: tuple[MoveT, ...] = ()
    comments: tuple[tuple[str, ...], ...] = ()
    final_comments: tuple[str, ...] = ()
    leading_comments: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", dict(self.tags))
        padded = self.comments[: len(self.moves)]
        padded += ((),) * (len(self.moves) - len(padded))
        object.__setattr__(self, "comments", padded)

    @property
    def key(self) -> str:
        return self.tags.get("key", "")

    @property
    def teams(self) -> tuple[str, ...]:
        """The `teams` tag read as names, in seat order."""
        return tuple(split_teams(self.tags.get("teams", "")))

    @property
    def seed(self) -> int | None:
        """The `seed` tag as Go reads it (a base-10 int64), None when absent."""
        text = self.tags.get(SEED_TAG)
        if text is None:
            return None
        try:
            return read_seed(text)
        except NotationError as problem:
            raise at_tag(problem, SEED_TAG) from None

    @property
    def variant(self) -> str | None:
        return self.tags.get(VARIANT_TAG)

    def played(self, moves: Sequence[MoveT]) -> Self:
        """The same game with `moves` instead of its own (comments kept where they fit)."""
        return replace(self, moves=tuple(moves))


def read_seed(text: str) -> int:
    """A `seed` tag's value as quibbble reads it (Go's strconv.ParseInt, base 10, 64
    bits); NotationError otherwise."""
    if not _is_whole_number(text):
        raise NotationError(f"the seed tag must be a whole number, not {text!r}")
    value = go_int(text)
    if value is None:
        raise NotationError(f"the seed {_shown(text)} does not fit in 64 bits")
    return value


INT64_DIGITS = 19  # 2**63 has 19 digits


def go_int(text: str) -> int | None:
    """A whole number (an optional sign, then decimal digits) as Go's strconv reads it
    into an int64: leading zeros however many, None when it does not fit. Python's int()
    refuses a text of more than 4,300 digits, so the digits are counted first."""
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > INT64_DIGITS:
        return None
    value = int(text[:1] + digits) if text[:1] == "-" and digits else int(digits or "0")
    return value if -(2**63) <= value < 2**63 else None


def _is_whole_number(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit()


def _shown(number: str) -> str:
    """A number as an error message shows it: whole, or its length when it is long."""
    return number if len(number) <= 2 * INT64_DIGITS else f"of {len(number)} characters"


@dataclass(frozen=True)
class Game(Generic[MoveT, RecordT, StateT]):
    """One of quibbble's games as meeple plays it: its QGN key, its record class, how its
    QGN actions read as moves and back, and how a record's game starts."""

    key: str
    record: type[RecordT]
    read_action: Callable[[Action], MoveT]
    """A QGN action as a move; NotationError (with `part`, the detail at fault) if not one."""
    write_action: Callable[[MoveT], Action]
    initial: Callable[[RecordT], StateT]
    """The start of a record's game (its teams, seed and variant); RuleError or
    NotationError if the tags cannot start one."""
    letters: str = ""
    """The game's action letters, the one a person most often types first (`meeple play`
    reads `1.2` as that action of the team to move)."""
    min_teams: int = 2
    max_teams: int = 2
    known_tags: frozenset[str] = field(default=frozenset())
    """Tags beyond `key` and `teams` that the game reads (kept either way)."""

    def from_qgn(self, snapshot: Snapshot) -> RecordT:
        """A QGN snapshot of this game as its record; NotationError (marked with the
        action's index, and the detail's) for an action that is no move of the game."""
        if snapshot.key.strip().casefold() != self.key:
            raise NotationError(f"this QGN game is {snapshot.key!r}, not {self.key!r}")
        moves = []
        for index, action in enumerate(snapshot.actions):
            try:
                moves.append(self.read_action(action))
            except NotationError as problem:
                raise problem.at_step(index, problem.part) from None
        return self.record(
            snapshot.tags,
            tuple(moves),
            tuple(action.comments for action in snapshot.actions),
            snapshot.final_comments,
            snapshot.leading_comments,
        )

    def to_qgn(self, record: RecordT) -> Snapshot:
        """The record as a QGN snapshot: one action per move, comments where they stood."""
        actions = tuple(
            self.write_action(move)._replace(comments=comments)
            for move, comments in zip(record.moves, record.comments, strict=True)
        )
        return Snapshot(dict(record.tags), actions, record.final_comments, record.leading_comments)

    def parse(self, text: str, source: str = DEFAULT_SOURCE) -> RecordT:
        """A QGN text of this game as its record (NotationError located in `text`)."""
        from meeple.qgn.notation import parse

        snapshot = parse(text, source)
        try:
            return self.from_qgn(snapshot)
        except MeepleError as problem:
            raise locate(problem, text, source) from None

    def dump(self, record: RecordT) -> str:
        from meeple.qgn.notation import dump

        return dump(self.to_qgn(record))

    def replay_document(self, document: Document) -> Iterator[StateT]:
        """The game after each move of a parsed QGN document (the registry's `replay`)."""
        return self.states(document.model, document.text, document.source)

    def final(self, record: RecordT) -> StateT:
        """The game after the last move of `record` (RuleError at an illegal one)."""
        *_, last = self.states(record, self.dump(record), DEFAULT_SOURCE)
        return last

    def states(self, record: RecordT, text: str, source: str) -> Iterator[StateT]:
        """The game after each move of `record` (written as `text`), the start first;
        RuleError at the QGN action of the first illegal move."""
        try:
            state = self.initial(record)
        except MeepleError as problem:
            raise locate(problem, text, source) from None
        yield state
        for index, move in enumerate(record.moves):
            try:
                state = state.play(move)
            except RuleError as problem:
                message = f"illegal move {state.move_to_text(move)}: {problem.message}"
                error = RuleError(message, rule=problem.rule).at_step(index, problem.part)
                raise locate(error, text, source) from None
            yield state


def locate(problem: MeepleError, text: str, source: str) -> MeepleError:
    """`problem` shown in the QGN `text`: at its action (and detail) when it names one,
    else at the tag it is about (`at_tag`), else at the `key` tag that names the game."""
    from meeple.qgn.notation import action_offsets, detail_offset

    games = action_offsets(text)
    actions = games[0] if games else []
    step = problem.step
    if step is not None and 0 <= step < len(actions):
        at = actions[step]
        if problem.part is not None:
            at = detail_offset(text, at, problem.part)
    else:
        return problem.moved_to(tag_location(problem, text, source))
    return problem.moved_to(Location.of(text, at, source))


def tag_location(problem: MeepleError, text: str, source: str) -> Location:
    """Where a problem about no action shows in the QGN `text`: at the tag it is about
    (`at_tag`), else at the `key` tag that names the game."""
    tag = re.search(rf"\[\s*{re.escape(problem.tag or 'key')}\s", text)
    at = tag.start() if tag else max(text.find("[key"), 0)
    return Location.of(text, at, source)


def at_tag(problem: ErrorT, tag: str) -> ErrorT:
    """The same error, to be shown at the QGN tag `tag` (a `variant` no game has, say)
    when `locate` places it; errors about no tag are shown at `key`."""
    marked = copy.copy(problem)
    marked.tag = tag
    return marked


def detail_error(message: str, part: int | None = None) -> NotationError:
    """A NotationError about detail number `part` of an action (the action if None)."""
    return NotationError(message, part=part)


def whole_number(action: Action, part: int, what: str) -> int:
    """Detail `part` of `action` as Go's strconv.Atoi reads it (an optional sign, then
    decimal digits); NotationError at that detail otherwise."""
    if part >= len(action.details):
        raise detail_error(f"expected {what} as detail {part + 1}", None)
    text = action.details[part]
    if not _is_whole_number(text):
        raise detail_error(f"expected {what}, a whole number, not {text!r}", part)
    value = go_int(text)
    if value is None:
        raise detail_error(f"{what} {_shown(text)} does not fit in 64 bits", part)
    return value


def expect_details(action: Action, count: int, shape: str) -> None:
    """NotationError unless `action` has exactly `count` details (`shape` says which)."""
    if len(action.details) != count:
        have = len(action.details)
        written = counted(count, "detail")
        raise detail_error(f"a {action.action!r} action has {written} ({shape}), not {have}")


# One action as QGN writes it (meeple.qgn's grammar): index, letter, '&' details.
_ACTION = re.compile(r"\s*(\d{1,6})([A-Za-z])(?:&([^\s.&{}\[\]\"]+(?:\.[^\s.&{}\[\]\"]+)*))?\s*")


_TYPED_SPLIT = re.compile(r"[\s.,&]+")
_DETAIL = re.compile(r"[^\s.&{}\[\]\"]+")


def read_action(text: str) -> Action:
    """One QGN action written alone (`0m&1.2`); NotationError if `text` is not one."""
    match = _ACTION.fullmatch(text)
    if match is None:
        raise NotationError(f"expected a QGN action such as 0m&1.2, not {text.strip()!r}")
    team, letter, details = match.groups()
    return Action(int(team), letter, tuple(details.split(".")) if details else ())


def action_text(action: Action) -> str:
    """An action as QGN writes it: `0m&1.2`."""
    text = f"{action.team}{action.action}"
    return f"{text}&{'.'.join(action.details)}" if action.details else text


class TeamsState(Generic[MoveT]):
    """The turn-taking part of the engine protocol (meeple.engine) for quibbble's games:
    teams by name, a team to move, winners as quibbble lists them. A game subclasses
    it, keeping its board in its own fields, and writes `_violation` (the game's own
    rules, called once turn and game-over are checked) and `_after` (the next state).
    """

    game: ClassVar[Game[Any, Any, Any]]
    """The game (set on each subclass)."""

    def __init__(
        self,
        teams: Sequence[str],
        turn: int = 0,
        winners: tuple[int, ...] = (),
        history: tuple[MoveT, ...] = (),
    ) -> None:
        self.teams = tuple(teams)
        self.turn = turn
        self.winner_seats = winners
        self._history = history

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are of one game and hold the same values."""
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), self.teams, self.turn, self._history))

    # The players, and who moves.
    @property
    def player_count(self) -> int:
        return len(self.teams)

    def player_name(self, player: int) -> str:
        return self.teams[player - 1]

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn + 1

    @property
    def history(self) -> tuple[MoveT, ...]:
        return self._history

    # How the game stands.
    @property
    def is_over(self) -> bool:
        return bool(self.winner_seats)

    @property
    def status(self) -> Status:
        if not self.winner_seats:
            return "playing"
        return "won" if len(self.winner_seats) == 1 else "tie"

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat + 1 for seat in self.winner_seats)

    @property
    def result_text(self) -> str:
        """quibbble's own message: who must act, who won, who tied."""
        names = [self.teams[seat] for seat in self.winner_seats]
        if len(names) == 1:
            return f"{names[0]} wins"
        if names:
            return f"{' and '.join(names)} tie"
        return f"{self.teams[self.turn]} {self.waiting_for()}"

    def waiting_for(self) -> str:
        """What the team to move must do, in quibbble's words (`must mark a location`)."""
        return "to move"

    # Moves.
    def play(self, move: MoveT) -> Self:
        problem = self.violation(move)
        if problem is not None:
            raise problem
        return self._after(move)

    def violation(self, move: MoveT) -> RuleError | None:
        if self.is_over:
            return RuleError("the game is already over", rule="game-over")
        if not 0 <= move.team < len(self.teams):
            return RuleError(
                f"team {move.team} is no team of this game (it has {len(self.teams)})",
                rule="team",
            )
        if move.team != self.turn:
            mover, turn = self.teams[move.team], self.teams[self.turn]
            return RuleError(f"{mover} cannot play on {turn}'s turn", rule="turn")
        return self._violation(move)

    def is_legal(self, move: MoveT) -> bool:
        return self.violation(move) is None

    def _violation(self, move: MoveT) -> RuleError | None:
        raise NotImplementedError

    def _after(self, move: MoveT) -> Self:
        raise NotImplementedError

    def legal_moves(self) -> list[MoveT]:
        raise NotImplementedError

    def move_to_text(self, move: MoveT) -> str:
        return action_text(self.game.write_action(move))

    def move_from_text(self, text: str) -> MoveT:
        """A move written as its QGN action (`0m&1.2`), or as a person types one for the
        team to move: the details alone, split by dots, commas or spaces (`1.2`, `1 2`),
        after the action's letter where the game has several (`m 1 2`); NotationError if
        it is neither."""
        try:
            action = read_action(text)
        except NotationError:
            typed = self._typed(text)
            if typed is None:
                raise
            action = typed
        return cast(MoveT, self.game.read_action(action))

    def _typed(self, text: str) -> Action | None:
        words = [word for word in _TYPED_SPLIT.split(text.strip()) if word]
        letters = self.game.letters
        letter = letters[0] if letters else ""
        if words and len(words[0]) >= 1 and words[0][0].isalpha() and words[0][0] in letters:
            letter, words[0] = words[0][0], words[0][1:]
            words = [word for word in words if word]
        if not letter or not words or any(not _DETAIL.fullmatch(word) for word in words):
            return None
        return Action(self.turn, letter, tuple(words))

    def move_group(self, move: MoveT) -> str:
        return type(move).__name__.lower()

    def record(self) -> Record[MoveT]:
        """The record of the moves played so far (meeple.engine.Recording)."""
        return cast(Record[MoveT], self.game.record(self.tags(), self.history))

    def tags(self) -> dict[str, str]:
        """The QGN tags of this game: key and teams (games add their seed and variant)."""
        return {"key": self.game.key, "teams": ", ".join(self.teams)}


# Okabe and Ito's colour-blind-safe palette, by seat; quibbble names its teams after
# colours, so a team called by one of these hues is drawn in that hue's shade.
SEAT_SHADES = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
NAMED_SHADES = {
    "red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00",
    "yellow": "#F0E442", "pink": "#CC79A7", "purple": "#8E5BA8", "sky": "#56B4E9",
    "black": "#333333", "white": "#F4F4F4", "brown": "#8B5A2B", "grey": "#999999",
    "gray": "#999999",
}  # fmt: skip


SPARE_SHADES = tuple(dict.fromkeys((*SEAT_SHADES, *NAMED_SHADES.values())))
"""Every shade, the palette's first: where a team's seat colour is another's."""


def team_shade(teams: Sequence[str], seat: int) -> str:
    """The SVG colour of the team in `seat` (0-based), one no other team has: the hue it
    is named after if no other team's name takes that hue (`Blue` and `blue` both do),
    else the seat's colour of the palette, else the first shade no team has yet."""
    return team_shades(tuple(teams))[seat]


@lru_cache(maxsize=64)
def team_shades(teams: tuple[str, ...]) -> tuple[str, ...]:
    """The colour of each team (`team_shade`), distinct while there are shades to go."""
    named = [NAMED_SHADES.get(team.strip().casefold()) for team in teams]
    owned = {shade for shade in named if shade is not None and named.count(shade) == 1}
    shades: list[str] = []
    for seat, hue in enumerate(named):
        if hue is not None and hue in owned:
            shades.append(hue)
            continue
        taken = owned.union(shades)
        free = [spare for spare in SPARE_SHADES if spare not in taken]
        shade = SEAT_SHADES[seat % len(SEAT_SHADES)]
        shades.append(shade if shade not in taken or not free else free[0])
    return tuple(shades)
