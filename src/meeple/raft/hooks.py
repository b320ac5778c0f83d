"""The functions behind the registry entries for Race to the Raft (`meeple.raft.format`):
replay, pictures, JSON states and the QGN bridge.

The notation itself is `meeple.raft.notation`, the rules `meeple.raft.rules`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from meeple.errors import Finding, NotationError, RuleError
from meeple.qgn.model import Action, Snapshot
from meeple.raft import notation
from meeple.raft.ascii import render_board, render_game, render_state
from meeple.raft.format import QGN_KEY, RAFT
from meeple.raft.model import (
    Board,
    CatMove,
    DrawRequest,
    Entry,
    FirePlacement,
    Move,
    PathwayPlacement,
    Position,
    Record,
)
from meeple.raft.notation import (
    exhausted_cats_findings,
    format_challenge,
    format_move,
    format_record,
    parse_challenge,
    parse_move,
    record_lines,
    state_strings,
)
from meeple.raft.rules import State
from meeple.raft.setup import initial_state
from meeple.registry import Document

_LETTERS: dict[type, str] = {
    DrawRequest: "d",
    PathwayPlacement: "p",
    FirePlacement: "f",
    CatMove: "m",
}
_LINE_BREAK = re.compile(r"\r\n|[\r\n]")


def replay(record: Record) -> Iterator[State]:
    """The game after each move of a record, the start first; RuleError (located in the
    record as `dump` writes it) at the first illegal move."""
    text = format_record(record)
    return replay_document(Document(text, "<record>", RAFT, record))


def replay_document(document: Document) -> Iterator[State]:
    """The game after each line of the record; RuleError at the first illegal line."""
    record: Record = document.model
    lines = [(start, end) for start, end, kind in record_lines(document.text) if kind == "line"]
    game = State.initial(record.challenge, record.seed)
    yield game
    # A record read past a malformed line (`diagnose`) holds only the moves before it.
    for step, (entry, (start, end)) in enumerate(zip(record.entries, lines[1:], strict=False)):
        try:
            game = game.play(entry.move)
        except RuleError as problem:
            move = document.text[start:end]
            message = f"illegal move {move}: {problem.message}"
            raise RuleError.at(
                document.text, start, message, document.source, problem.rule
            ).at_step(step) from None
        yield game


def diagnose(text: str, source: str) -> list[Finding]:
    """Every malformed line of a record, and the first illegal move before them."""
    read = notation.diagnose(text, source)
    record = read.model
    found = [Finding.from_error(problem) for problem in read.problems]
    if record is not None:
        try:
            for _ in replay_document(Document(text, source, RAFT, record)):
                pass
        except RuleError as problem:
            found.append(Finding.from_error(problem))
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def state_json(game: State) -> Mapping[str, Any]:
    """One replay step: the move, the five state strings, the status and what comes next."""
    return {
        "move": None if game.last is None else format_move(game.last),
        "state": list(state_strings(game.position)),
        "status": game.outcome,
        "reason": game.reason,
        "next": None if game.is_over else game.phase,
    }


def result(game: State) -> str:
    return game.result_text


# The game `meeple play`, bots and selfplay start when no challenge is named.
DEFAULT_CHALLENGE = "First steps"


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new solo game of the first starter challenge, boards and draws fixed by `seed`."""
    if players not in (None, 1):
        raise RuleError(f"Race to the Raft is a solo game, not one for {players} players")
    from meeple.raft.components import components

    (official,) = [c for c in components().challenges if c.name == DEFAULT_CHALLENGE]
    return State.initial(parse_challenge(official.challenge), 0 if seed is None else seed)


def render(model: State | Record | Position | Board, color: bool = False) -> str:
    if isinstance(model, State):
        return render_game(model, color)
    if isinstance(model, Record):
        return render_state(initial_state(model.challenge, model.seed), color)
    if isinstance(model, Position):
        return render_state(model, color)
    return render_board(model, color)


def svg(model: State | Record | Position) -> str:
    """An SVG picture of a game, of a record's start, or of a five-part state."""
    from meeple.raft import svg as pictures

    if isinstance(model, Record):
        model = State.initial(model.challenge, model.seed)
    if isinstance(model, Position):
        model = State(model)
    return pictures.render(model)


def _qgn_comment(text: str) -> str:
    # QGN comments end at '}', so one inside a record comment is written as ')'.
    return text.replace("}", ")")


def to_qgn(record: Record) -> Snapshot:
    tags = {"key": QGN_KEY, "teams": "solo", "challenge": format_challenge(record.challenge)}
    if record.seed is not None:
        tags["seed"] = str(record.seed)
    actions = tuple(
        Action(
            0,
            _LETTERS[type(entry.move)],
            tuple(format_move(entry.move).split(" ")),
            tuple(_qgn_comment(c) for c in entry.comments),
        )
        for entry in record.entries
    )
    return Snapshot(
        tags,
        actions,
        tuple(_qgn_comment(c) for c in record.final_comments),
        tuple(_qgn_comment(c) for c in record.header_comments),
    )


def from_qgn(snapshot: Snapshot) -> Record:
    if snapshot.key.strip().casefold() != QGN_KEY:
        raise NotationError(f"this QGN game is {snapshot.key!r}, not {QGN_KEY!r}")
    if "challenge" not in snapshot.tags:
        raise NotationError('a Race to the Raft QGN game needs a [challenge "..."] tag')
    challenge = parse_challenge(snapshot.tags["challenge"], "challenge tag")
    seed = _seed(snapshot.tags.get("seed"))
    entries = []
    for number, action in enumerate(snapshot.actions, start=1):
        try:
            move = _qgn_move(number, action)
        except NotationError as problem:
            raise problem.at_step(number - 1) from None
        entries.append(Entry(move, _comment_lines(action.comments)))
    return Record(
        challenge,
        seed,
        tuple(entries),
        _comment_lines(snapshot.leading_comments),
        _comment_lines(snapshot.final_comments),
    )


def _comment_lines(comments: tuple[str, ...]) -> tuple[str, ...]:
    """QGN comments as record comment lines: a line break becomes a space (a `#` comment
    ends at its line) and trailing blanks go (the record reader drops them too), so the
    record reads back as written and a second trip changes nothing."""
    return tuple(_LINE_BREAK.sub(" ", comment).rstrip() for comment in comments)


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 30:
        raise NotationError(f"the seed tag must be a whole number, not {text!r}")
    return int(text)


def _qgn_move(number: int, action: Action) -> Move:
    if action.team != 0:
        raise NotationError(f"action {number}: solo games have only team 0, not {action.team}")
    text = " ".join(action.details)
    try:
        move = parse_move(text, f"action {number}")
    except NotationError as problem:
        raise NotationError(f"action {number} ({text!r}): {problem.message}") from None
    if _LETTERS[type(move)] != action.action:
        raise NotationError(
            f"action {number}: {text!r} is not what action letter {action.action!r} records"
            f" (d draw, p pathway card, f fire tile, m cat move)"
        )
    return move


def state_findings(document: Document) -> Iterable[Finding]:
    lines = document.text.split("\n")
    start = sum(len(line) + 1 for line in lines[:-3])
    text = lines[-3]
    for finding in exhausted_cats_findings(text, document.source):
        yield Finding.at(
            document.text,
            start + finding.location.column - 1,
            finding.message,
            document.source,
            finding.severity,
        )
