"""The functions behind the registry entry for Flows records (`meeple.flows.format`).

Replaying locates rule errors on the record's lines; `findings` reports every problem
of a text, even one that does not parse; the QGN bridge maps each move to one action.
Parsing lives in `notation`, the rules in `rules`, pictures in `ascii`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from meeple.errors import DEFAULT_SOURCE, Finding, Location, NotationError, RuleError
from meeple.flows import notation
from meeple.flows.board import CELL_INDEX, EDGE_NAMES, MAX_PLAYERS, SIDE_NAMES
from meeple.flows.format import FLOWS, QGN_KEY
from meeple.flows.model import ORIENTATIONS, TILE_TYPES, Entry, Move, Record
from meeple.flows.rules import MIN_PLAYERS, Occupied, State
from meeple.hexgrid import Hex
from meeple.qgn.model import Action, Snapshot
from meeple.registry import Document

PLACE = "p"  # the QGN action letter of a placement
MOVE_COMMENT = ";"  # marks, in QGN, the comment written on a move's own line


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
    """The empty board of a record's game, seated as its header says (or by default)."""
    return State.initial(players_of(record), notation.declared_seats(record.header))


def replay_text(text: str, source: str = DEFAULT_SOURCE) -> Iterator[State]:
    """Every state of the record in `text`; errors located in `text`."""
    text = notation.line_breaks(text)
    parsed = notation.parse_located(text, source)
    yield from _replay(parsed, text, source)


def _replay(parsed: notation.Parsed, text: str, source: str) -> Iterator[State]:
    record, offsets = parsed
    try:
        state = start_of(record)
    except (RuleError, NotationError) as problem:
        raise RuleError.at(text, 0, problem.message, source, problem.rule) from None
    yield state
    for step, (move, offset) in enumerate(zip(record.moves, offsets, strict=True)):
        try:
            state = state.play(move)
        except Occupied as problem:
            told = problem.retold(lambda index: f"line {Location.of(text, offsets[index]).line}")
            raise told.moved_to(Location.of(text, offset, source)).at_step(step) from None
        except RuleError as problem:
            raise RuleError.at(text, offset, problem.message, source, problem.rule).at_step(
                step
            ) from None
        yield state


def replay(record: Record) -> Iterator[State]:
    """Every state of a record, the initial one first; RuleError (located in the record as
    `dump` writes it) at the first illegal move."""
    yield from replay_text(notation.dump(record))


def replay_document(document: Document) -> Iterator[State]:
    return replay_text(document.text, document.source)


def diagnose(text: str, source: str = DEFAULT_SOURCE) -> list[Finding]:
    """Every problem of a record, in line order, even when some lines are malformed.

    Each malformed line is an error; the well-formed moves are replayed in order
    (skipping the malformed lines) up to the first rule they break.
    """
    text = notation.line_breaks(text)
    read = notation.diagnose(text, source)
    parsed = read.model
    assert parsed is not None  # every line is read, the malformed ones skipped
    found = [Finding.from_error(problem) for problem in read.problems]
    try:
        for _ in _replay(parsed, text, source):
            pass
    except RuleError as problem:
        found.append(Finding.from_error(problem))
    if not found:  # a well-formed legal record: what else `check` says of it
        found += check(Document(text, source, FLOWS, parsed.record))
    return sorted(found, key=lambda f: (f.location.line, f.location.column))


def check(document: Document) -> Iterable[Finding]:
    """Whether the trailing `...` agrees with how the game stands (rule errors come from replay)."""
    try:
        *_, last = replay_document(document)
    except RuleError:
        return []
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


def render(model_or_state: Record | State, color: bool = False) -> str:
    """The final position of a record, or a replayed state (`color`: ANSI colours)."""
    from meeple.flows import ascii  # pictures only where drawn: `check` starts faster

    if isinstance(model_or_state, Record):
        *_, model_or_state = replay_text(notation.dump(model_or_state))
    return ascii.render(model_or_state, color)


def svg(model_or_state: Record | State) -> str:
    """An SVG picture of the final position of a record, or of a replayed state."""
    from meeple.flows import svg as pictures

    if isinstance(model_or_state, Record):
        *_, model_or_state = replay_text(notation.dump(model_or_state))
    return pictures.render(model_or_state)


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


# -- QGN ------------------------------------------------------------------------------


def _qgn_comment(text: str) -> str:
    return text.replace("}", ")")  # a QGN comment cannot hold '}'


def to_qgn(record: Record) -> Snapshot:
    """The record as a QGN snapshot: one `p` action per move (docs/formats/flows.md)."""
    players = players_of(record)
    tags = {"key": QGN_KEY, "teams": ", ".join(f"P{p}" for p in range(1, players + 1))}
    if record.header is not None:
        tags["game"] = record.header
    if record.header_comment is not None:
        tags["game-comment"] = record.header_comment
    if record.numbered:
        tags["numbered"] = "yes"
    if record.unfinished:
        tags["result"] = "*"
    actions: list[Action] = []
    pending: list[str] = []
    for entry in record.entries:
        if entry.move is None:
            pending.append(_qgn_comment(entry.comment or ""))
            continue
        move = entry.move
        if entry.comment is not None:
            pending.append(_qgn_comment(f"{MOVE_COMMENT} {entry.comment}".rstrip()))
        details = (str(move.hex.x), str(move.hex.y), f"T{move.tile}", ORIENTATIONS[move.rotation])
        actions.append(Action(move.player - 1, PLACE, details, tuple(pending)))
        pending = []
    return Snapshot(tags, tuple(actions), tuple(pending))


def from_qgn(snapshot: Snapshot) -> Record:
    """A QGN snapshot of a Flows game as a record; NotationError for anything else."""
    if snapshot.key.strip().casefold() != QGN_KEY:
        raise NotationError(f"this QGN game is {snapshot.key!r}, not {QGN_KEY!r}")
    teams = len(snapshot.teams)
    if not MIN_PLAYERS <= teams <= MAX_PLAYERS:
        raise NotationError(f"a Flows game has 2 to 6 teams (players), not {teams}")
    header = snapshot.tags.get("game")
    header_comment = snapshot.tags.get("game-comment")
    for name, value in (("game", header), ("game-comment", header_comment)):
        if value is not None and ("\n" in value or "\r" in value):
            raise NotationError(f"tag {name!r} cannot hold a line break in a Flows record")
    if header is not None and ";" in header:
        raise NotationError("tag 'game' cannot hold ';', which starts a comment in Flows")
    declared = notation.declared_players(header)
    if declared is not None and declared != teams:
        raise NotationError(f"tag 'game' says {declared} players but there are {teams} teams")
    entries: list[Entry] = []
    for number, action in enumerate(snapshot.actions, start=1):
        move_comment: str | None = None
        for comment in action.comments:
            text = _one_line(comment)
            if text.startswith(MOVE_COMMENT):
                move_comment = text[len(MOVE_COMMENT) :].strip()
            else:
                entries.append(Entry(None, text))
        entries.append(Entry(_qgn_move(action, number, teams), move_comment))
    entries += [Entry(None, _one_line(comment)) for comment in snapshot.final_comments]
    return Record(
        entries=tuple(entries),
        header=None if header is None else header.strip(),
        header_comment=None if header_comment is None else header_comment.strip(),
        unfinished=snapshot.tags.get("result", "").strip() == "*",
        numbered=snapshot.tags.get("numbered", "").strip() == "yes",
    )


def _one_line(comment: str) -> str:
    """A QGN comment as a Flows comment, which ends at the line's end."""
    return " ".join(comment.split())


def _qgn_move(action: Action, number: int, teams: int) -> Move:
    def bad(why: str) -> NotationError:
        message = f"action {number} ({action.team}{action.action}): {why}"
        return NotationError(message, step=number - 1)

    if action.action != PLACE:
        raise bad(f"a Flows action is {PLACE!r} (place a tile), not {action.action!r}")
    if not 0 <= action.team < teams:
        raise bad(f"team {action.team} is not one of the {teams} teams")
    if len(action.details) != 4:
        raise bad("expected four details: row.col.T<type>.<orientation>, as in 0p&3.3.T1.NE")
    row, col, tile, orientation = action.details
    if not all(part.isascii() and part.isdigit() and len(part) <= 2 for part in (row, col)):
        raise bad(f"{row}.{col} is not a hex: expected internal row.col numbers")
    hex_ = Hex(int(row), int(col))
    if hex_ not in CELL_INDEX:
        raise bad(f"({row},{col}) is not one of the 37 hexes")
    types = [f"T{t}" for t in range(TILE_TYPES)]
    if tile not in types:
        raise bad(f"{tile!r} is not a tile type: expected one of {', '.join(types)}")
    if orientation not in ORIENTATIONS:
        raise bad(
            f"{orientation!r} is not an orientation: expected one of {' '.join(ORIENTATIONS)}"
        )
    return Move(action.team + 1, hex_, types.index(tile), ORIENTATIONS.index(orientation))


def result(state: State) -> str:
    return state.result_text


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game (two players unless `players` says otherwise); Flows deals no set-up, so
    the seed is not needed here (the tile draws are dealt by whoever runs the game)."""
    return State.initial(players or MIN_PLAYERS)
