"""Atlantis' `Game`: its transcripts (JSON, or hand-written JSON5)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding
from meeple.game import COLOR, Bridged, Document, Drawn, Form, Layered, Layers, Option

if TYPE_CHECKING:
    from meeple.atlantis.rules import State

DROP_COMMENTS = Option(
    "drop_comments",
    "Rewrite a hand-written transcript even though its // and /* */ comments are lost.",
    commands=("fmt", "convert"),
    flag=True,
)


class AtlantisTranscript(Drawn, Bridged):
    """An Atlantis transcript: players, board segments and the events of play."""

    name = "atlantis"
    title = "Atlantis transcripts (JSON, hand-written JSON5 accepted) with the full rules"
    extensions = (".atlantis", ".json", ".json5")
    options = (DROP_COMMENTS, COLOR)
    qgn_keyed = True

    def form(self) -> Form:
        from meeple.atlantis import notation

        return Form(notation.parse, notation.dump, notation.looks_like_transcript)

    def models(self) -> tuple[type, ...]:
        from meeple.atlantis.model import Transcript

        return (Transcript,)

    def check(self, document: Document, **options: Any) -> Iterable[Finding]:
        from meeple.atlantis import notation

        return notation.lints(document)

    def replay(self, document: Document) -> Iterator[State]:
        """Every state of a transcript's game; a rule error located at its turn or move."""
        from meeple.atlantis import notation, rules

        return rules.replay(document.model, notation.locator(document.text, document.source))

    def diagnose(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> list[Finding]:
        """Every problem of a transcript: each malformed part, then the rules over the
        turns before the first of them; with none, `check` and the rules."""
        from meeple.atlantis import notation

        read = notation.diagnose(text, source)
        return self.diagnosed(read, text, source, notation.playable(read))


class Atlantis(Layered):
    """Atlantis: two to six players move stacks of stones to claim the fields of an island."""

    name = "atlantis"
    notation_kinds = (AtlantisTranscript,)
    qgn_key = "atlantis"
    qgn_exact = True  # from_qgn reads a JSON text of the same values (see meeple.atlantis.qgn)
    move_help = (
        "a move is b2-c3: stones from field b2 to field c3 (fields named as the board"
        " labels them); `end` ends your turn; `b2 c3` is enough"
    )

    def initial(self, player_count: int | None = None, seed: int | None = None) -> State:
        from meeple.atlantis.generate import new_game

        return new_game(player_count, seed)

    def layers(self) -> Layers:
        from meeple.atlantis import ascii, qgn, rules, svg

        final = rules.final  # a transcript is drawn at its final position
        return Layers(
            ascii.render, lambda t: svg.render(final(t)), svg.marks, rules.state_json, qgn
        )
