"""Flows as meeple's registry sees it: the game, and its one notation (`.flows` records).

Light on purpose (the registry imports it to list every notation): parsing lives in
`notation`, the rules in `rules`, a whole record's checks in `checks`, pictures and JSON
in `views`, the QGN bridge in `qgn`, each imported inside the methods that need it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding
from meeple.game import COLOR, Bridged, Document, Drawn, Game, Option

if TYPE_CHECKING:
    from meeple.flows.model import Record
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
        from meeple.flows import checks

        return checks.replay(document)

    def check(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        """Which dialect the record was read in when it was detected, whether the trailing
        `...` agrees with how the game stands (rule errors come from replay), and whether
        a record read as the seed's labels by default also reads as quortextt's."""
        from meeple.flows import checks

        return checks.findings(document, dialect)

    def diagnose(
        self, text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None, **_: Any
    ) -> list[Finding]:
        """Every problem of a record, in line order, even when some lines are malformed."""
        from meeple.flows import checks

        return checks.diagnose(self, text, source, dialect)

    def notes(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        """The dialect a record was read in, when its layout chose it (not `dialect`, nor
        its header): the commands that read a record print it on stderr."""
        from meeple.flows import checks

        return checks.notes(document, dialect)


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
        from meeple.flows import views

        return views.render(thing, color, frame)

    def svg(self, thing: Any, frame: str | None = None, **_: Any) -> str:
        from meeple.flows import views

        return views.svg(thing, frame)

    def marks(self, state: Any) -> tuple[str, ...]:
        """The hex the last placement took (the viewer highlights it; none for a pass)."""
        from meeple.flows.model import Move
        from meeple.flows.svg import data_at

        last = state.history[-1] if state.history else None
        return (data_at(last.hex),) if isinstance(last, Move) else ()

    def state_json(self, state: Any) -> Mapping[str, Any]:
        from meeple.flows import views

        return views.state_json(state)

    def to_qgn(self, model: Any) -> Any:
        from meeple.flows import qgn

        return qgn.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        from meeple.flows import qgn

        return qgn.from_qgn(snapshot)
