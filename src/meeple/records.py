"""A record seen through its game's rules, whatever notation it is written in.

A game's own record replays through its notation's methods. A QGN record whose `key`
names a game meeple knows is converted to that game's record first and replayed the
same way; a rule it breaks is shown at the QGN action that made the illegal move
(QGN action i is engine move i, see meeple.engine). Everything above the games
(the CLI, the front door, pictures, corpora) reads records through this module.
It knows no game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from meeple import engine, registry
from meeple.errors import (
    Finding,
    Location,
    LossError,
    MeepleError,
    NotationError,
    OptionError,
    StepOutOfRange,
    decode,
)
from meeple.game import Document, Notation

STOPPED = "the replay stops at this move; later moves are not checked"
NOT_STARTED = "the game cannot start, so no move is checked"
"""What a rule error says of the moves after it: at a move, or before any (a tag, a
header that cannot set the game up)."""


class Playable(NamedTuple):
    """A parsed document and the notation whose game's rules play it.

    `played` is the document the game's methods run on: the document itself, or, for a
    QGN record of a known game, that game's record converted from it. `locate` moves a
    problem found in `played` to the text the person wrote.
    """

    document: Document
    notation: Notation
    played: Document
    locate: Callable[[MeepleError], MeepleError]

    @property
    def converted(self) -> bool:
        """Whether the record was written in QGN and is played as its game."""
        return self.played is not self.document


def _unchanged(error: MeepleError) -> MeepleError:
    return error


def of(document: Document) -> Playable:
    """The record of `document`, played by its own format or, for QGN, by its game's.

    NotationError (at the QGN text) when a QGN record of a known game cannot be that
    game's record.
    """
    game = _qgn_game(document)
    if game is None:
        return Playable(document, document.notation, document, _unchanged)
    from meeple.qgn.notation import action_offsets, detail_offset

    text, source = document.text, document.source
    actions = action_offsets(text)[0]

    def place(index: int) -> str:
        if 0 <= index < len(actions):
            return f"line {Location.of(text, actions[index]).line}"
        return f"move {index + 1}"

    def locate(error: MeepleError) -> MeepleError:
        error = error.retold(place)
        step = error.step
        if step is not None and 0 <= step < len(actions):
            at = (
                actions[step]
                if error.part is None
                else detail_offset(text, actions[step], error.part)
            )
            return error.moved_to(Location.of(text, at, source))
        from meeple.quibbble import tag_location  # a tag that cannot start the game

        return error.moved_to(tag_location(error, text, source))

    try:
        model = game.from_qgn(document.model)
    except MeepleError as problem:
        # An action that is no move of the game is shown at that action, anything else
        # (a missing or malformed tag) at the key that names the game.
        message = f"not {_article(game.name)} {game.name} game: {problem.message}"
        raise locate(NotationError(message, step=problem.step, part=problem.part)) from None
    try:
        canonical = game.dump(model)
    except LossError as problem:  # what the notation cannot hold plays no part
        if not isinstance(problem.kept, str):
            raise
        canonical = problem.kept
    played = (
        Document(canonical, source, game, model)
        if game.game.qgn_exact
        else game.read(canonical, source)
    )
    return Playable(document, game, played, locate)


def _qgn_game(document: Document) -> Notation | None:
    from meeple.qgn.model import Snapshot

    if not isinstance(document.model, Snapshot):
        return None
    game = registry.for_qgn_key(document.model.key)
    if game is None or not game.can("from_qgn") or game is document.notation:
        return None
    return game


def states(record: Playable) -> Iterator[Any]:
    """Every state of the game, the initial one first; RuleError (located) at an illegal move."""
    if not record.notation.can("replay"):
        return
    try:
        yield from record.notation.replay(record.played)
    except MeepleError as problem:
        raise record.locate(problem) from None


class Step:
    """One state of a replayed record with what every reader of a replay shows: the
    move that led to it, who moves next, how the game stands (`replay --json`, the
    viewer, `show --step` and export all read these).

    `index` is how many moves (events, for a timeline) were played to reach `state`;
    `move` the move that led there in the game's notation (None for the first state);
    `to_move` the player to move, by name (None once the game is over, or for a
    timeline); `status` is `playing`, `won`, `lost` or `tie` (engine.Status), None for a
    timeline that does not know when its game ends (engine.Ending).
    """

    def __init__(
        self,
        index: int,
        state: Any,
        move: str | None,
        to_move: str | None,
        status: str | None,
        winners: tuple[str, ...],
        result_text: str,
    ) -> None:
        self.index, self.state, self.move, self.to_move = index, state, move, to_move
        self.status, self.winners, self.result_text = status, winners, result_text

    def to_json(self, game: Notation) -> dict[str, Any]:
        """The step as one `replay --json` object (docs/json.md): the common fields,
        then the game's own view of the state."""
        replays = game.can("replay") and game.game.can("state_json")
        own = dict(game.game.state_json(self.state)) if replays else None
        if isinstance(self.state, engine.GameState):
            return {
                "step": self.index,
                "move": self.move,
                "to_move": self.to_move,
                "status": self.status,
                "winners": list(self.winners),
                "text": self.result_text,
                "state": own,
            }
        if isinstance(self.state, engine.Timeline):
            if self.status is not None:
                return {
                    "step": self.index,
                    "move": self.move,
                    "status": self.status,
                    "winners": list(self.winners),
                    "text": self.result_text,
                    "state": own,
                }
            return {"step": self.index, "move": self.move, "text": self.result_text, "state": own}
        return {"step": self.index, "state": own}


def step_of(game: Notation, index: int, state: Any) -> Step:
    """The step of `state`, reached after `index` moves of a record of `game`."""
    if isinstance(state, engine.GameState):
        last = state.history[-1] if index and state.history else None
        to_move = state.to_move
        return Step(
            index,
            state,
            None if last is None else state.move_to_text(last),
            None if to_move is None else state.player_name(to_move),
            state.status,
            tuple(engine.winner_names(state)),
            state.result_text,
        )
    if isinstance(state, engine.Timeline):
        event = state.history[-1] if index and state.history else None
        move = None if event is None else str(event)
        if isinstance(state, engine.Ending):
            status, winners = state.status, tuple(state.winner_names)
            return Step(index, state, move, None, status, winners, state.result_text)
        return Step(index, state, move, None, None, (), state.result_text)
    return Step(index, state, None, None, None, (), "")


def steps(record: Playable) -> Iterator[Step]:
    """Every step of the game, the initial one first; RuleError (located) at an illegal move.

    A record with nothing to replay (a grimoire, a bag) has one step: the record itself.
    """
    if not record.notation.can("replay"):
        yield step_of(record.notation, 0, record.played.model)
        return
    for index, state in enumerate(states(record)):
        yield step_of(record.notation, index, state)


def step_at(record: Playable, index: int | None) -> Step:
    """The step after `index` moves (the last one if None).

    RuleError (located) at an illegal move before it; IndexError-free: a record with
    fewer moves raises `StepOutOfRange` saying how many it has.
    """
    last: Step | None = None
    for step in steps(record):
        last = step
        if index is not None and step.index == index:
            return step
    assert last is not None  # every record has a first step
    if index is not None:
        raise StepOutOfRange(index, last.index, record.notation.step_noun)
    return last


def findings(document: Document, **options: Any) -> list[Finding]:
    """Everything wrong with a parsed record: the format's checks, then its rules.

    A QGN action that is no move of its game is an error, and the rules are still
    checked over the actions before it.
    """
    try:
        record = of(document)
    except NotationError as problem:
        return _before(document, problem)
    notation, played = record.notation, record.played
    found: list[Finding] = []
    if notation.can("check"):
        for finding in notation.check(played, **options):
            if record.converted:
                moved = NotationError(finding.message, finding.location)
                finding = finding._replace(location=record.locate(moved).location)
            found.append(finding)
    return found + rule_findings(record)


def _before(document: Document, problem: NotationError) -> list[Finding]:
    """A QGN action that is no move of the game: that error, after the rules over the
    actions before it (re-raised when the problem is not in an action)."""
    if not problem.step:
        raise problem
    return [*rule_findings(of(_cut(document, problem.step))), Finding.from_error(problem)]


def _rules(document: Document) -> list[Finding]:
    """What the rules say of a record (no lints or warnings: those wait for a sound text)."""
    try:
        return rule_findings(of(document))
    except NotationError as problem:
        return _before(document, problem)


def rule_findings(record: Playable) -> list[Finding]:
    """The rule a record breaks first, if any, as `meeple check` reports it."""
    if not record.notation.can("replay"):
        return []
    try:
        for _ in states(record):
            pass
    except MeepleError as problem:
        return [stopped(Finding.from_error(problem), at_move=problem.step is not None)]
    return []


def stopped(finding: Finding, at_move: bool = True) -> Finding:
    """A rule error as `meeple check` reports it: the replay stops there, and says so
    (`at_move`: the error is at a move, not before the first)."""
    if finding.kind != "rule" or STOPPED in finding.message or NOT_STARTED in finding.message:
        return finding
    return finding._replace(message=f"{finding.message} ({STOPPED if at_move else NOT_STARTED})")


def text_findings(text: str, source: str, fmt: Notation, **options: Any) -> list[Finding]:
    """Every finding of a text in a known format, even one that does not parse."""
    reading = fmt.reading("check", options)
    if fmt.can("diagnose") and set(options) <= set(reading):
        return [stopped(finding) for finding in fmt.diagnose(text, source, **reading)]
    try:
        return findings(fmt.read(text, source, **reading), **options)
    except OptionError:
        raise  # a malformed option value is a usage mistake, not a finding
    except MeepleError as problem:
        return [Finding.from_error(problem)]


def qgn_findings(text: str, source: str) -> list[Finding]:
    """Every finding of a QGN text, malformed or not (`QgnRecord.diagnose`).

    A well-formed text gets what `findings` says of it. Otherwise each notation problem
    is reported (reading goes on after each, see `meeple.qgn.notation.diagnose`), and
    a single game of a known game is played through its rules over the actions before
    its first problem: a move that cannot be read cannot be played, and every later move
    depends on it. A problem before the first action (in the tags that set the game up)
    leaves the rules unchecked.
    """
    from meeple.qgn.model import Games
    from meeple.qgn.notation import diagnose, parse

    read = diagnose(text, source)
    qgn = registry.get("qgn")
    found = [Finding.from_error(problem) for problem in read.problems]
    try:
        games = read.model or []
        if not read.problems:
            if not games:
                parse(text, source)  # raises, saying what a game needs
            model = games[0] if len(games) == 1 else Games(tuple(games))
            return findings(Document(text, source, qgn, model))
        if read.intact != 0:
            found += _rules(_cut(Document(text, source, qgn, games[0]), read.intact))
    except MeepleError as problem:
        found.append(Finding.from_error(problem))
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def _cut(document: Document, actions: int | None) -> Document:
    """A QGN document of one game cut to its first `actions` actions (all if None)."""
    from dataclasses import replace  # a QGN `Snapshot`; a check of other games needs none

    game = document.model
    return document._replace(model=replace(game, actions=game.actions[:actions]))


def read_file(path: str | os.PathLike[str]) -> tuple[str, str]:
    """(text, source name) of a record file: UTF-8 (a BOM is dropped), NotationError at
    the first byte that is not; OSError when it cannot be read."""
    with open(path, "rb") as handle:
        data = handle.read()
    name = os.fspath(path)
    return decode(data, name), name


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
