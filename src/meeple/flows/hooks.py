"""The functions behind the registry entry for Flows records (`meeple.flows.format`).

Replaying locates rule errors on the record's lines; `diagnose` reports every problem
of a text, even one that does not parse. Parsing lives in `notation`, the rules in
`rules`, pictures in `ascii`, the QGN bridge in `qgn`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from meeple import registry
from meeple.errors import (
    DEFAULT_SOURCE,
    Finding,
    Location,
    NotationError,
    OptionError,
    RuleError,
    line_ends,
)
from meeple.flows import notation
from meeple.flows.board import (
    EDGE_NAMES,
    MAX_PLAYERS,
    SIDE_NAMES,
    label_of_hex,
    seated_label_of_hex,
)
from meeple.flows.model import ORIENTATIONS, QUORTEXTT, SEED, Move, Record
from meeple.flows.rules import MIN_PLAYERS, Occupied, State
from meeple.registry import Document

QUORTEXTT_UNPAIRED = 5
"""The player count quortextt plays without partners and meeple's rules with them."""


def players_of(record: Record) -> int:
    """The header's player count (or its seats), or else the highest player number moving
    (at least 2)."""
    declared = notation.declared_players(record.header)
    if declared is not None:
        return declared
    seats = notation.declared_seats(record.header)
    if seats is not None:
        return len(seats)
    return max([MIN_PLAYERS, *(move.player for move in record.moves)])


def start_of(record: Record) -> State:
    """The empty board of a record's game, seated as its header says (or by its dialect's
    default), with the record's first player to move.

    quortextt plays five players without partners, one turn each a round; the rules of
    play pair four of them and give the fifth the missing partner's turns, another game:
    such a record is refused rather than replayed into a different result.
    """
    players = players_of(record)
    seats = notation.declared_seats(record.header)
    if record.dialect == QUORTEXTT and MIN_PLAYERS <= players <= MAX_PLAYERS:
        if players == QUORTEXTT_UNPAIRED:
            raise RuleError(
                "quortextt plays five players without partners, one turn each a round;"
                " meeple's rules pair four of them and give the fifth the missing"
                " partner's turns (docs/formats/flows.md), so this game cannot be replayed",
                rule="seating",
            )
        seats = seats or notation.dialect_seats(players, QUORTEXTT)
    return State.initial(players, seats, record.first)


def replay_text(
    text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None
) -> Iterator[State]:
    """Every state of the record in `text` (read in `dialect`, by default the header's or
    the detected one); errors located in `text`."""
    text = line_ends(text)
    parsed = notation.parse_located(text, source, dialect)
    yield from _replay(parsed, text, source)


def _replay(parsed: notation.Parsed, text: str, source: str) -> Iterator[State]:
    record, offsets = parsed.record, parsed.move_offsets
    try:
        state = start_of(record)
    except (RuleError, NotationError) as problem:
        raise RuleError.at(text, 0, problem.message, source, problem.rule) from None
    yield state
    for step, (move, offset) in enumerate(zip(record.moves, offsets, strict=True)):
        try:
            after = state.play(move)
        except Occupied as problem:
            told = problem.retold(lambda index: f"line {Location.of(text, offsets[index]).line}")
            told.message = _in_dialect(told.message, record, state, move)
            raise told.moved_to(Location.of(text, offset, source)).at_step(step) from None
        except RuleError as problem:
            message = _in_dialect(problem.message, record, state, move)
            raise RuleError.at(text, offset, message, source, problem.rule).at_step(step) from None
        state = after
        yield state


def _in_dialect(message: str, record: Record, state: State, move: Move) -> str:
    """A rule's message with the moves it names in the record's own labels: the rules
    name hexes in the seed's frames, which a quortextt record does not use."""
    if record.dialect != QUORTEXTT or not 1 <= move.player <= state.players:
        return message
    edge = state.seats[move.player - 1]
    seed_tile = f"T{move.tile}{ORIENTATIONS[move.rotation]} on "
    message = message.replace(
        seed_tile, f"T{move.tile}{ORIENTATIONS[(move.rotation - edge) % 6]} on "
    )
    for player in range(1, state.players + 1):
        seed = f"P{player}{label_of_hex(player, move.hex)}"
        seated = f"P{player}{seated_label_of_hex(state.seats[player - 1], move.hex)}"
        message = re.sub(rf"\b{seed}\b", seated, message)
    return message


def replay(record: Record) -> Iterator[State]:
    """Every state of a record, the initial one first; RuleError (located in the record as
    `dump` writes it) at the first illegal move."""
    yield from replay_text(notation.dump(record))


_REPLAYED = "_flows_replayed"
"""Where a document keeps its replay (`_replayed`): `meeple check` asks for it twice,
the rules' findings and the `...` lint, and a replay is most of a check's time."""


def replay_document(document: Document) -> Iterator[State]:
    """Every state of a parsed record, its text read in the dialect it was parsed in."""
    states, problem = _replayed(document)
    yield from states
    if problem is not None:
        raise problem


def _replayed(document: Document) -> tuple[list[State], RuleError | None]:
    """The states of a document's replay, and the rule error it stopped at (if any);
    worked out once per document, and kept as an attribute of it (a frozen value: the
    same text, source and model always replay alike)."""
    known: tuple[list[State], RuleError | None] | None = getattr(document, _REPLAYED, None)
    if known is None:
        record = document.model
        dialect = record.dialect if isinstance(record, Record) else None
        states: list[State] = []
        try:
            for state in replay_text(document.text, document.source, dialect):
                states.append(state)
        except RuleError as problem:
            known = (states, problem)
        else:
            known = (states, None)
        object.__setattr__(document, _REPLAYED, known)
    return known


def diagnose(text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None) -> list[Finding]:
    """Every problem of a record, in line order, even when some lines are malformed.

    Each malformed line is an error; the well-formed moves are replayed in order
    (skipping the malformed lines) up to the first rule they break.
    """
    text = line_ends(text)
    read = notation.diagnose(text, source, dialect)
    parsed = read.model
    assert parsed is not None  # every line is read, the malformed ones skipped
    found = [Finding.from_error(problem) for problem in read.problems]
    states: list[State] = []
    try:
        for state in _replay(parsed, text, source):
            states.append(state)
    except RuleError as problem:
        found.append(Finding.from_error(problem))
    if not found:  # a well-formed legal record: what else `check` says of it
        document = Document(text, source, registry.get("flows"), parsed.record)
        object.__setattr__(document, _REPLAYED, (states, None))  # replayed just now
        found += check(document, dialect)
    else:  # `check` says it of a sound record
        found += _detected(text, source, parsed.chosen)
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def check(document: Document, dialect: str | None = None) -> Iterable[Finding]:
    """Which dialect the record was read in when it was detected, whether the trailing
    `...` agrees with how the game stands (rule errors come from replay), and whether a
    record read as the seed's labels by default also reads as quortextt's."""
    text, source = document.text, document.source
    chosen = notation.dialect_of(text, source, dialect).chosen
    detected = _detected(text, source, chosen)
    states, problem = _replayed(document)
    if problem is not None:
        return detected
    return detected + _other_reading(document, chosen) + _ending(document, states[-1])


def notes(document: Document, dialect: str | None = None) -> list[Finding]:
    """The dialect a record was read in, when its layout chose it (not `dialect`, nor its
    header): the commands that read a record print it on stderr."""
    text, source = document.text, document.source
    return _detected(text, source, notation.dialect_of(text, source, dialect).chosen)


def _detected(text: str, source: str, chosen: str) -> list[Finding]:
    """A note at the header of a record read in quortextt's dialect because of its layout
    (nothing named the dialect): every label is read the way that dialect reads it."""
    if chosen != notation.LAYOUT:
        return []
    message = (
        "read in quortextt's dialect, detected from its layout ('Game: N-player', an empty"
        " line, numbered moves): labels are seen from each player's seat; add 'dialect:"
        " quortextt' to the header to say so, or give --dialect seed"
    )
    return [Finding.at(text, 0, message, source, "note")]


def _other_reading(document: Document, chosen: str) -> list[Finding]:
    """A lint when the record, read as the seed's labels for want of any other sign,
    reads as quortextt's too."""
    record: Record = document.model
    text, source = document.text, document.source
    if chosen != notation.DEFAULT or not record.moves:
        return []
    try:
        notation.parse(text, source, QUORTEXTT)
    except NotationError:
        return []
    at = notation.parse_located(text, source, SEED).move_offsets[0]
    message = (
        "read as seed 002's labels, but the moves also read as quortextt's (columns from"
        " each row's left end, orientations from the player's seat): if quortextt wrote"
        " this record, add 'dialect: quortextt' to the header or give --dialect quortextt"
    )
    return [Finding.at(text, at, message, source, "lint")]


def _ending(document: Document, last: State) -> list[Finding]:
    """Whether the trailing `...` agrees with how the game stands."""
    record: Record = document.model
    text = document.text
    if record.unfinished and last.is_over:
        at = text.rfind(notation.UNFINISHED)
        message = f"'...' marks an unfinished game, but the game is over: {last.result_text}"
        return [Finding.at(text, max(at, 0), message, document.source)]
    if not record.unfinished and not last.is_over and record.moves:
        return [
            Finding.at(
                text,
                len(text.rstrip()),
                f"the game is not over ({last.result_text}): end an unfinished record with '...'",
                document.source,
                "lint",
            )
        ]
    return []


def render(model_or_state: Record | State, color: bool = False, frame: str | None = None) -> str:
    """The final position of a record, or a replayed state (`color`: ANSI colours; hexes
    labelled in `frame`'s frame, `P1` to `P6`, by default the player to move)."""
    from meeple.flows import ascii  # pictures only where drawn: `check` starts faster

    state = _final(model_or_state)
    return ascii.render(state, color, _frame_player(state, frame))


def svg(model_or_state: Record | State, frame: str | None = None) -> str:
    """An SVG picture of the final position of a record, or of a replayed state."""
    from meeple.flows import svg as pictures

    state = _final(model_or_state)
    return pictures.render(state, _frame_player(state, frame))


def _final(model_or_state: Record | State) -> State:
    if isinstance(model_or_state, Record):
        *_, model_or_state = replay_text(notation.dump(model_or_state))
    return model_or_state


def _frame_player(state: State, frame: str | None) -> int | None:
    """The player `--frame` names (OptionError for one the game has not)."""
    if frame is None:
        return None
    player = int(frame.removeprefix("P")) if frame.removeprefix("P").isdigit() else 0
    if not 1 <= player <= state.players:
        raise OptionError(f"--frame {frame}: this game has players P1 to P{state.players}")
    return player


def marks(state: State) -> tuple[str, ...]:
    """The hex the last placement took (the viewer highlights it; none for a pass)."""
    from meeple.flows.svg import at

    last = state.history[-1] if state.history else None
    return (at(last.hex),) if isinstance(last, Move) else ()


def state_json(state: State) -> Mapping[str, Any]:
    """One replay state as JSON (shape in docs/formats/flows.md)."""
    last = state.moves[-1] if state.moves else None
    return {
        "step": len(state.moves),
        "players": state.players,
        "seats": [EDGE_NAMES[edge] for edge in state.seats],
        "move": None if last is None else _move_json(last),
        "to_move": None if state.is_over else state.to_move,
        "bag": {f"T{tile}": left for tile, left in enumerate(state.bag)},
        "flows": [
            {
                "player": flow.player,
                "paths": [
                    {"hex": [h.x, h.y], "sides": [SIDE_NAMES[a], SIDE_NAMES[b]]}
                    for h, a, b in flow.paths
                ],
                "ends": [{"hex": [h.x, h.y], "side": SIDE_NAMES[s]} for h, s in flow.ends],
                "reached_target": flow.reached,
            }
            for flow in state.flows
        ],
        "result": {
            "status": state.status,
            "winners": list(state.winners),
            "text": state.result_text,
        },
    }


def _move_json(move: Move) -> dict[str, Any]:
    return {
        "player": move.player,
        "notation": notation.format_move(move),
        "hex": [move.hex.x, move.hex.y],
        "tile": move.tile,
        "rotation": move.rotation,
        "orientation": ORIENTATIONS[move.rotation],
    }


def result(state: State) -> str:
    return state.result_text


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game (two players unless `players` says otherwise); Flows deals no set-up, so
    the seed is not needed here (the tile draws are dealt by whoever runs the game)."""
    return State.initial(players or MIN_PLAYERS)
