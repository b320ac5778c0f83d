"""Race to the Raft as meeple's registry sees it: the game, its records (`raft`) and its
five-part game states (`raft-state`).

Light on purpose (the registry imports it to list every notation): the notation is
`notation`, the rules and a record's located replay `rules`, pictures `ascii` and `svg`,
the QGN bridge `qgn`, each imported inside the methods that need it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, RuleError
from meeple.game import COLOR, Bridged, Document, Drawn, Game, Sniff, in_order

if TYPE_CHECKING:
    from meeple.commands import Command
    from meeple.raft.model import Position, Record
    from meeple.raft.rules import State

DEFAULT_CHALLENGE = "First steps"
"""The challenge `meeple play`, bots and selfplay start when none is named."""


class RaftRecord(Drawn, Bridged):
    """A game record: a challenge, then one move a line."""

    name = "raft"
    title = "Race to the Raft game record: a challenge, then one move per line"
    extensions = (".raft",)
    options = (COLOR,)
    qgn_keyed = True
    step_noun = "action"
    sniff = Sniff(r"\A(?:\s*#[^\n]*\n)*\s*[LS][NESWA][LS][NESWA]")

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Record:
        from meeple.raft import notation

        return notation.parse_record(text, source)

    def dump(self, model: Any, **options: Any) -> str:
        from meeple.raft import notation

        return notation.format_record(model)

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
        record = read.model
        found = [Finding.from_error(problem) for problem in read.problems]
        if record is not None:
            found += self.broken_rule(Document(text, source, self, record))
        return in_order(found)


class RaftState(Drawn):
    """A game state: board, decks, hand, exhausted cats and fire bag, one string a line."""

    name = "raft-state"
    title = "Race to the Raft game state: board, decks, hand, exhausted cats, fire bag"
    extensions = (".raftstate",)
    options = (COLOR,)
    sniff = Sniff(r"\A[bBfgGnopPrRwWyY]{9}(?:[bBfgGnopPrRwWyY]{9})?\n")

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Position:
        from meeple.raft import notation

        return notation.parse_state(text, source)

    def dump(self, model: Any, **options: Any) -> str:
        from meeple.raft import notation

        return notation.format_state(model)

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


class Raft(Game):
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

    def render(self, thing: Any, color: bool = False, **_: Any) -> str:
        from meeple.raft.ascii import render

        return render(thing, color)

    def svg(self, thing: Any, **options: Any) -> str:
        """An SVG picture of a game, of a record's final position, or of a five-part state."""
        from meeple.raft import svg
        from meeple.raft.model import Position, Record
        from meeple.raft.rules import State, final

        if isinstance(thing, Record):
            thing = final(thing)
        if isinstance(thing, Position):
            thing = State(thing)
        return svg.render(thing)

    def marks(self, state: Any) -> tuple[str, ...]:
        """The squares the last action covered or the cat crossed (the viewer highlights them)."""
        from meeple.raft.svg import covered, data_at

        last = state.history[-1] if state.history else None
        return tuple(data_at(row, column) for row, column in covered(last))

    def state_json(self, state: Any) -> Mapping[str, Any]:
        """One replay step: the move, the five state strings, the status, what comes next."""
        from meeple.raft.rules import state_json

        return state_json(state)

    def to_qgn(self, model: Any) -> Any:
        from meeple.raft import qgn

        return qgn.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        from meeple.raft import qgn

        return qgn.from_qgn(snapshot)
