"""Flows as meeple's registry sees it: the game, and its one notation (`.flows` records).

Light on purpose (the registry imports it to list every notation): the game's layers
are imported inside the methods that need them. Parsing lives in `notation`, the rules
and a record's replay in `rules`, pictures in `ascii` and `svg`, the QGN bridge in `qgn`;
this module adds what meeple does with a whole record: its checks beyond the rules, and
a replay state as JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, RuleError
from meeple.game import COLOR, Bridged, Document, Drawn, Game, Option, in_order

if TYPE_CHECKING:
    from meeple.flows.model import Move, Record
    from meeple.flows.rules import State

_READERS = ("check", "fmt", "show", "replay", "moves", "html")
DIALECT = Option(
    "dialect",
    "Flows labels: seed (seed 002's frames) or quortextt (quortextt's, from the player's"
    " seat); how to read the record, and for fmt and convert how to write it"
    " (default: the header's `dialect:`, or detected).",
    commands=(*_READERS, "convert"),
    choices=("seed", "quortextt"),
    reads=_READERS,
)
"""`--dialect`: which labels a Flows record is read (or written) in (docs/formats/flows.md)."""
FRAME = Option(
    "frame",
    "Label the hexes as this player writes them (default: the player to move).",
    commands=("show",),
    choices=("P1", "P2", "P3", "P4", "P5", "P6"),
    pictures=("text", "svg"),
)
"""`show --frame P3`: every move names its hex in its player's frame; the board says which."""


class FlowsRecord(Drawn, Bridged):
    """A Flows game record: an optional header, then one move (P1A1T0N) a line."""

    name = "flows"
    title = "Flows (Quortex) game records: P1A1T0N moves, one per line"
    extensions = (".flows",)
    options = (COLOR, DIALECT, FRAME)
    qgn_keyed = True

    def sniff(self, text: str) -> bool:
        from meeple.flows import notation

        return notation.sniff(text)

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Record:
        from meeple.flows import notation

        return notation.parse(text, source, **reading)

    def dump(self, model: Any, **options: Any) -> str:
        from meeple.flows import notation

        return notation.dump(model, **options)

    def models(self) -> tuple[type, ...]:
        from meeple.flows.model import Record

        return (Record,)

    def replay(self, document: Document) -> Iterable[State]:
        """Every state of a parsed record, its text read in the dialect it was parsed in."""
        states, problem = _replayed(document)
        yield from states
        if problem is not None:
            raise problem

    def check(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        """Which dialect the record was read in when it was detected, whether the trailing
        `...` agrees with how the game stands (rule errors come from replay), and whether
        a record read as the seed's labels by default also reads as quortextt's."""
        from meeple.flows import notation

        text, source = document.text, document.source
        chosen = notation.dialect_of(text, source, dialect).chosen
        detected = _detected(text, source, chosen)
        states, problem = _replayed(document)
        if problem is not None:
            return detected
        return detected + _other_reading(document, chosen) + _ending(document, states[-1])

    def diagnose(
        self, text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None, **_: Any
    ) -> list[Finding]:
        """Every problem of a record, in line order, even when some lines are malformed.

        Each malformed line is an error; the well-formed moves are replayed in order
        (skipping the malformed lines) up to the first rule they break.
        """
        from meeple.errors import line_ends
        from meeple.flows import notation, rules

        text = line_ends(text)
        read = notation.diagnose(text, source, dialect)
        parsed = read.model
        assert parsed is not None  # every line is read, the malformed ones skipped
        found = [Finding.from_error(problem) for problem in read.problems]
        states: list[State] = []
        try:
            for state in rules.replay_parsed(parsed, text, source):
                states.append(state)
        except RuleError as problem:
            found.append(Finding.from_error(problem))
        if not found:  # a well-formed legal record: what else `check` says of it
            document = Document(text, source, self, parsed.record)
            object.__setattr__(document, _REPLAYED, (states, None))  # replayed just now
            found += self.check(document, dialect)
        else:  # `check` says it of a sound record
            found += _detected(text, source, parsed.chosen)
        return in_order(found)

    def notes(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        """The dialect a record was read in, when its layout chose it (not `dialect`, nor
        its header): the commands that read a record print it on stderr."""
        from meeple.flows import notation

        text, source = document.text, document.source
        return _detected(text, source, notation.dialect_of(text, source, dialect).chosen)


class Flows(Game):
    """Flows (Quortex): two to six players lay tiles to lead their flows across the board."""

    name = "flows"
    notation_kinds = (FlowsRecord,)
    qgn_key = "flows"
    move_help = (
        "a move is P1A2T1N: you, the hex (row letter A-G from your own edge, then the"
        " column), the tile you drew (T0-T3) and its orientation (N NE SE S SW NW);"
        " `a2 t1 n` is enough"
    )

    def initial(self, player_count: int | None = None, seed: int | None = None) -> State:
        """A new game (two players unless `player_count` says otherwise); Flows deals no set-up,
        so the seed is not needed here (whoever runs the game deals the tile draws)."""
        from meeple.flows.rules import MIN_PLAYERS, State

        return State.initial(player_count or MIN_PLAYERS)

    def render(self, thing: Any, color: bool = False, frame: str | None = None, **_: Any) -> str:
        return render(thing, color, frame)

    def svg(self, thing: Any, frame: str | None = None, **_: Any) -> str:
        return svg(thing, frame)

    def marks(self, state: Any) -> tuple[str, ...]:
        """The hex the last placement took (the viewer highlights it; none for a pass)."""
        from meeple.flows.model import Move
        from meeple.flows.svg import data_at

        last = state.history[-1] if state.history else None
        return (data_at(last.hex),) if isinstance(last, Move) else ()

    def state_json(self, state: Any) -> Mapping[str, Any]:
        return state_json(state)

    def to_qgn(self, model: Any) -> Any:
        from meeple.flows import qgn

        return qgn.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        from meeple.flows import qgn

        return qgn.from_qgn(snapshot)


def render(thing: Any, color: bool = False, frame: str | None = None) -> str:
    """The final position of a record, or a replayed state (`color`: ANSI colours;
    hexes labelled in `frame`'s frame, `P1` to `P6`, by default the player to move)."""
    from meeple.flows import ascii  # pictures only where drawn: `check` starts faster

    state = _final(thing)
    return ascii.render(state, color, _frame_player(state, frame))


def svg(thing: Any, frame: str | None = None) -> str:
    """An SVG picture of the final position of a record, or of a replayed state."""
    from meeple.flows import svg as pictures

    state = _final(thing)
    return pictures.render(state, _frame_player(state, frame))


def state_json(state: State) -> Mapping[str, Any]:
    """One replay state as JSON (shape in docs/formats/flows.md)."""
    from meeple.flows.board import EDGE_NAMES, SIDE_NAMES

    last = state.placements[-1] if state.placements else None
    return {
        "step": len(state.placements),
        "players": state.player_count,
        "seats": [EDGE_NAMES[edge] for edge in state.home_edges],
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
    from meeple.flows import notation
    from meeple.flows.model import ORIENTATIONS

    return {
        "player": move.player,
        "notation": notation.format_move(move),
        "hex": [move.hex.x, move.hex.y],
        "tile": move.tile,
        "rotation": move.rotation,
        "orientation": ORIENTATIONS[move.rotation],
    }


def _final(thing: Any) -> State:
    """A replayed state as it is, or a record's final position."""
    from meeple.flows import notation, rules
    from meeple.flows.model import Record

    if isinstance(thing, Record):
        *_, thing = rules.replay_text(notation.dump(thing))
    state: State = thing
    return state


def _frame_player(state: State, frame: str | None) -> int | None:
    """The player `--frame` names (OptionError for one the game has not)."""
    from meeple.errors import OptionError

    if frame is None:
        return None
    player = int(frame.removeprefix("P")) if frame.removeprefix("P").isdigit() else 0
    if not 1 <= player <= state.player_count:
        raise OptionError(f"--frame {frame}: this game has players P1 to P{state.player_count}")
    return player


_REPLAYED = "_flows_replayed"
"""Where a document keeps its replay (`_replayed`): `meeple check` asks for it twice,
the rules' findings and the `...` lint, and a replay is most of a check's time."""


def _replayed(document: Document) -> tuple[list[State], RuleError | None]:
    """The states of a document's replay, and the rule error it stopped at (if any);
    worked out once per document, and kept as an attribute of it (a frozen value: the
    same text, source and model always replay alike)."""
    from meeple.flows import rules
    from meeple.flows.model import Record

    known: tuple[list[State], RuleError | None] | None = getattr(document, _REPLAYED, None)
    if known is None:
        record = document.model
        dialect = record.dialect if isinstance(record, Record) else None
        states: list[State] = []
        try:
            for state in rules.replay_text(document.text, document.source, dialect):
                states.append(state)
        except RuleError as problem:
            known = (states, problem)
        else:
            known = (states, None)
        object.__setattr__(document, _REPLAYED, known)
    return known


def _detected(text: str, source: str, chosen: str) -> list[Finding]:
    """A note at the header of a record read in quortextt's dialect because of its layout
    (nothing named the dialect): every label is read the way that dialect reads it."""
    from meeple.flows import notation

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
    from meeple.errors import NotationError
    from meeple.flows import notation
    from meeple.flows.model import QUORTEXTT, SEED

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
    from meeple.flows import notation

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
