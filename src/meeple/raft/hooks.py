"""The functions behind the registry entries for Race to the Raft (`meeple.raft.format`):
replay, pictures and JSON states (the QGN bridge is `meeple.raft.qgn`).

The notation itself is `meeple.raft.notation`, the rules `meeple.raft.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from meeple import registry
from meeple.errors import Finding, Locator, RuleError, line_ends
from meeple.raft import notation
from meeple.raft.ascii import render_board, render_game, render_state
from meeple.raft.model import (
    Board,
    Position,
    Record,
)
from meeple.raft.notation import (
    exhausted_cats_findings,
    format_move,
    format_record,
    parse_challenge,
    record_lines,
    state_strings,
)
from meeple.raft.rules import State
from meeple.raft.setup import initial_state
from meeple.registry import Document


def replay(record: Record) -> Iterator[State]:
    """The game after each move of a record, the start first; RuleError (located in the
    record as `dump` writes it) at the first illegal move."""
    text = format_record(record)
    return replay_document(Document(text, "<record>", registry.get("raft"), record))


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
            for _ in replay_document(Document(text, source, registry.get("raft"), record)):
                pass
        except RuleError as problem:
            found.append(Finding.from_error(problem))
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def marks(game: State) -> tuple[str, ...]:
    """The squares the last action covered or the cat crossed (the viewer highlights them)."""
    from meeple.raft.svg import at, covered

    last = game.history[-1] if game.history else None
    return tuple(at(row, column) for row, column in covered(last))


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


def state_findings(document: Document) -> Iterable[Finding]:
    lines = line_ends(document.text).split("\n")
    start = sum(len(line) + 1 for line in lines[:-3])
    text = lines[-3].removesuffix("\r")  # of a CRLF
    locate = Locator(document.text, document.source)
    for finding in exhausted_cats_findings(text, document.source):
        where = locate(start + finding.location.column - 1)
        yield Finding(finding.message, where, finding.severity)
