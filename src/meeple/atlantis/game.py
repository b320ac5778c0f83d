"""Atlantis as meeple's registry sees it: the game, and its transcripts (JSON or JSON5).

Light on purpose (the registry imports it to list every notation): reading, writing,
the lints of a transcript and where its turns are written are `notation`, playing is
`rules`, drawing is `ascii` and `svg`, QGN is `qgn`, each imported inside the methods
that need it; the `replay --json` state is docs/formats/atlantis.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, RuleError
from meeple.game import COLOR, Bridged, Document, Drawn, Game, Option, in_order

if TYPE_CHECKING:
    from meeple.atlantis.model import Transcript
    from meeple.atlantis.rules import State

DROP_COMMENTS = Option(
    "drop_comments",
    "Rewrite a hand-written transcript even though its // and /* */ comments are lost.",
    commands=("fmt", "convert"),
    flag=True,
)

STANDARD_SEGMENTS = 10
"""Segments of the board `meeple play`, bots and selfplay start on when none is named."""


class AtlantisTranscript(Drawn, Bridged):
    """An Atlantis transcript: players, board segments and the events of play."""

    name = "atlantis"
    title = "Atlantis transcripts (JSON, hand-written JSON5 accepted) with the full rules"
    extensions = (".atlantis", ".json", ".json5")
    options = (DROP_COMMENTS, COLOR)
    qgn_keyed = True

    def sniff(self, text: str) -> bool:
        from meeple.atlantis import notation

        return notation.looks_like_transcript(text)

    def parse(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> Transcript:
        from meeple.atlantis import notation

        return notation.parse(text, source)

    def dump(self, model: Any, **options: Any) -> str:
        from meeple.atlantis import notation

        return notation.dump(model, **options)

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
        found = [Finding.from_error(problem) for problem in read.problems]
        playable = notation.playable(read)
        if playable is not None:
            document = Document(text, source, self, playable)
            if not found:
                found += self.check(document)
            found += self.broken_rule(document)
        return in_order(found)


class Atlantis(Game):
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
        """A new game on a board of ten standard segments, two players unless `player_count`
        says otherwise; the seed places the starting stacks (meeple.atlantis.generate)."""
        from meeple.atlantis.generate import starting_transcript
        from meeple.atlantis.rules import State

        count = 2 if player_count is None else player_count
        if not 2 <= count <= 6:
            raise RuleError(
                f"meeple sets up Atlantis for 2 to 6 players, not {count}", rule="player-count"
            )
        return State.initial(starting_transcript(STANDARD_SEGMENTS, count, seed or 0))

    def render(self, thing: Any, color: bool = False, **_: Any) -> str:
        from meeple.atlantis import ascii

        return ascii.render(thing, color)

    def svg(self, thing: Any, **options: Any) -> str:
        """An SVG picture of a transcript's final position, or of a replayed state."""
        from meeple.atlantis import svg
        from meeple.atlantis.rules import final

        return svg.render(final(thing))

    def marks(self, state: Any) -> tuple[str, ...]:
        """The fields the last move (or the turn just ended) touched, for the viewer."""
        from meeple.atlantis.svg import marks

        return marks(state)

    def state_json(self, state: Any) -> Mapping[str, Any]:
        """One state of `meeple replay --json` (the shape is in docs/formats/atlantis.md)."""
        from meeple.atlantis.rules import state_json

        return state_json(state)

    def to_qgn(self, model: Any) -> Any:
        from meeple.atlantis import qgn

        return qgn.to_qgn(model)

    def from_qgn(self, snapshot: Any) -> Any:
        from meeple.atlantis import qgn

        return qgn.from_qgn(snapshot)
