"""QGN as a `Game`: the container every game's record converts to.

QGN is not a game of its own: a QGN record whose `key` names a game meeple knows is
played as that game (meeple.records); `Qgn` reads, writes, lints and draws the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from meeple.errors import DEFAULT_SOURCE, Finding, NotationError
from meeple.game import COLOR, Document, Form, Game, Notation, Option, Sniff

if TYPE_CHECKING:
    from meeple.qgn.model import Snapshot

DROP_LOST = Option(
    "drop_lost",
    "Convert to QGN even what QGN cannot hold (an Atlantis transcript's unknown keys or"
    " events), leaving it out; without it the conversion is refused, naming what is lost.",
    commands=("convert",),
    flag=True,
)


class QgnRecord(Notation):
    """A QGN file: one game's tags and actions, or several games one after another."""

    name = "qgn"
    title = "Quibbble Game Notation: tags and actions for any game"
    extensions = (".qgn",)
    options = (COLOR, DROP_LOST)
    sniff = Sniff(r'\A(?:\s|\{[^}]*\})*\[\s*[A-Za-z_][\w-]*\s+"')

    def form(self) -> Form:
        from meeple.qgn import notation

        return Form(notation.parse_file, notation.dump_file)

    def models(self) -> tuple[type, ...]:
        from meeple.qgn.model import Games, Snapshot

        return (Snapshot, Games)

    def check(self, document: Document, **options: Any) -> Iterable[Finding]:
        """Lints beyond well-formedness: the teams the actions name."""
        from meeple.qgn.notation import team_findings

        return team_findings(document.text, document.source)

    def diagnose(self, text: str, source: str = DEFAULT_SOURCE, **reading: Any) -> list[Finding]:
        """Every finding of a QGN text, malformed or not: each notation problem, then the
        rules of a known game over the actions before the first (`records.qgn_findings`)."""
        from meeple.records import qgn_findings

        return qgn_findings(text, source)

    def render(self, thing: Any, **options: Any) -> str:
        from meeple.qgn import ascii

        return ascii.render(thing, **options)

    def svg(self, thing: Any, **options: Any) -> str:
        from meeple.qgn import svg

        return svg.render(thing, **options)


class Qgn(Game):
    """QGN itself: tags and actions, drawn as a table where no game of meeple's plays them."""

    name = "qgn"
    notation_kinds = (QgnRecord,)

    def svg(self, thing: Any, **options: Any) -> str:
        """The picture of a record: its game's final position where meeple knows the game
        (as `meeple show --svg` draws it), else QGN's own."""
        from meeple import records

        qgn = self.notations[0]
        played = records.of(Document(qgn.dump(thing), f"<{type(thing).__name__}>", qgn, thing))
        return played.notation.svg(records.step_at(played, None).state, **options)


def replay(record: Snapshot) -> Iterator[Any]:
    """Every state of a QGN record of a game meeple knows, played by that game's rules
    (its own `State`s, the initial one first); NotationError for a game meeple does not
    know, which it has no rules to play by."""
    from meeple import records, registry
    from meeple.qgn.notation import dump

    played = records.of(Document(dump(record), DEFAULT_SOURCE, registry.get("qgn"), record))
    if not played.notation.can("replay"):
        raise NotationError(f"meeple knows no rules of {record.key or 'an untitled game'!r}")
    return records.states(played)
