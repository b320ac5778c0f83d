"""Flows' `Game`: its one notation, `.flows` records, read in either dialect."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding
from meeple.game import COLOR, Bridged, Document, Drawn, Form, Layered, Layers, Option

if TYPE_CHECKING:
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
FRAME = Option(
    "frame",
    "Label the hexes as this player writes them (default: the player to move).",
    commands=("show",),
    choices=("P1", "P2", "P3", "P4", "P5", "P6"),
    pictures=("text", "svg"),
)


class FlowsRecord(Drawn, Bridged):
    name = "flows"
    title = "Flows (Quortex) game records: P1A1T0N moves, one per line"
    extensions = (".flows",)
    options = (COLOR, DIALECT, FRAME)
    qgn_keyed = True

    def form(self) -> Form:
        from meeple.flows import notation

        return Form(notation.parse, notation.dump, notation.sniff)

    def models(self) -> tuple[type, ...]:
        from meeple.flows.model import Record

        return (Record,)

    def replay(self, document: Document) -> Iterable[State]:
        from meeple.flows import checks

        return checks.replay(document)

    def check(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        from meeple.flows import checks

        return checks.findings(document, dialect)

    def diagnose(
        self, text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None, **_: Any
    ) -> list[Finding]:
        from meeple.flows import checks

        return checks.diagnose(self, text, source, dialect)

    def notes(self, document: Document, dialect: str | None = None, **_: Any) -> list[Finding]:
        from meeple.flows import checks

        return checks.notes(document, dialect)


class Flows(Layered):
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

    def layers(self) -> Layers:
        from meeple.flows import qgn, views

        return Layers(views.render, views.svg, views.marks, views.state_json, qgn)
