"""Race to the Raft's `Game`: its records (`raft`) and five-part game states (`raft-state`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, RuleError
from meeple.game import COLOR, Bridged, Document, Drawn, Form, Layered, Layers, Sniff

if TYPE_CHECKING:
    from meeple.commands import Command
    from meeple.raft.rules import State

DEFAULT_CHALLENGE = "First steps"
"""The challenge `meeple play`, bots and selfplay start when none is named."""


class RaftRecord(Drawn, Bridged):
    name = "raft"
    title = "Race to the Raft game record: a challenge, then one move per line"
    extensions = (".raft",)
    options = (COLOR,)
    qgn_keyed = True
    step_noun = "action"
    sniff = Sniff(r"\A(?:\s*#[^\n]*\n)*\s*[LS][NESWA][LS][NESWA]")

    def form(self) -> Form:
        from meeple.raft import notation

        return Form(notation.parse_record, notation.format_record)

    def models(self) -> tuple[type, ...]:
        from meeple.raft.model import Record

        return (Record,)

    def replay(self, document: Document) -> Iterator[State]:
        from meeple.raft.rules import replay_document

        return replay_document(document)

    def diagnose(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> list[Finding]:
        """Every malformed line of a record, and the first illegal move before them."""
        from meeple.raft import notation

        read = notation.diagnose(text, source)
        return self.diagnosed(read, text, source, read.model)


class RaftState(Drawn):
    name = "raft-state"
    title = "Race to the Raft game state: board, decks, hand, exhausted cats, fire bag"
    extensions = (".raftstate",)
    options = (COLOR,)
    sniff = Sniff(r"\A[bBfgGnopPrRwWyY]{9}(?:[bBfgGnopPrRwWyY]{9})?\n")

    def form(self) -> Form:
        from meeple.raft import notation

        return Form(notation.parse_state, notation.format_state)

    def models(self) -> tuple[type, ...]:
        from meeple.raft.model import Position

        return (Position,)

    def check(self, document: Document, **options: Any) -> Iterable[Finding]:
        """Where the exhausted cats' line names a cat twice or one no card shows."""
        from meeple.raft.notation import state_findings

        return state_findings(document.text, document.source)


def _solve() -> Command:
    """`meeple solve`, imported (with the solver) when it is used."""
    from meeple.raft.commands import SOLVE

    return SOLVE


class Raft(Layered):
    """Race to the Raft: one player leads the cats across the island to the raft."""

    name = "raft"
    notation_kinds = (RaftRecord, RaftState)
    qgn_key = "race-to-the-raft"
    move_help = (
        "an action is a draw request A3B1D2 (decks A-D, six cards), a pathway card Ab1208S"
        " (deck, card, row, column, orientation), a fire tile l0003TW, or a cat move"
        " R01040410Ac (colour, from row/column, to row/column, discarded cards)"
    )
    commands = (("solve", _solve),)

    def initial(self, player_count: int | None = None, seed: int | None = None) -> State:
        """A new solo game of the first starter challenge, boards and draws fixed by `seed`."""
        from meeple.raft.components import components
        from meeple.raft.notation import parse_challenge
        from meeple.raft.rules import State

        if player_count not in (None, 1):
            raise RuleError(f"Race to the Raft is a solo game, not one for {player_count} players")
        (official,) = [c for c in components().challenges if c.name == DEFAULT_CHALLENGE]
        return State.initial(parse_challenge(official.challenge), 0 if seed is None else seed)

    def layers(self) -> Layers:
        from meeple.raft import ascii, qgn, rules, views

        return Layers(ascii.render, views.svg, views.marks, rules.state_json, qgn)
