"""`meeple.Game` and `Notation`: what a tiny game declares is what meeple says it can do."""

from __future__ import annotations

from typing import Any

import pytest

from meeple import registry
from meeple.errors import Unsupported
from meeple.game import Document, Game, Notation, Sniff


class Tally(Notation):
    """A game's record as a count of strokes (`|||`)."""

    name = "tally"
    title = "Strokes, one per move"
    extensions = (".tally",)
    qgn_keyed = True
    sniff = Sniff(r"\A\|*\Z")

    def parse(self, text: str, source: str = "<string>", **reading: Any) -> Any:
        return len(text)

    def dump(self, model: Any, **options: Any) -> str:
        return "|" * int(model)

    def models(self) -> tuple[type, ...]:
        return (int,)

    def render(self, thing: Any, **options: Any) -> str:
        return self.game.render(thing, **options)


class Strokes(Game):
    name = "strokes"
    notation_kinds = (Tally,)
    qgn_key = "strokes"

    def render(self, thing: Any, **options: Any) -> str:
        return f"{thing} strokes"


def test_a_notation_can_what_it_overrides_and_nothing_else() -> None:
    game = Strokes()
    (tally,) = game.notations
    assert tally.game is game and game.notation("tally") is tally
    assert tally.capabilities == ("parse", "write", "render")
    assert tally.qgn_key == "strokes"
    document = tally.read("|||", "a.tally")
    assert document == Document("|||", "a.tally", tally, 3)
    assert tally.fmt(document) == "|||" and tally.render(3) == "3 strokes"
    assert tally.sniff("||") and not tally.sniff("x")
    assert tally.owns(3) and tally.writes_exactly(3) and not tally.owns("3")
    with pytest.raises(Unsupported):
        tally.svg(3)
    with pytest.raises(Unsupported):
        game.initial()
    assert game.can("render") and not game.can("svg")
    assert list(tally.notes(document)) == [] and tally.named("x") is None


@pytest.mark.parametrize("name", [name for name, target in registry.GAMES if ":" in target])
def test_a_registered_game_s_records_know_it(name: str) -> None:
    """A game on `Game` is its own records' `game`: `_repr_svg_` draws through it."""
    game = registry.game(name)
    assert game.name == name and game is registry.game(name)
    for notation in game.notations:
        assert registry.get(notation.name) is notation
        for model in notation.models():
            own = getattr(model, "game", None)
            assert own is None or own is game


def test_the_registry_keeps_the_detection_order() -> None:
    games = [game.name for game in registry.games()]
    assert games[:5] == ["qgn", "botc", "raft", "flows", "atlantis"]
    notations = [notation for game in registry.games() for notation in game.notations]
    assert list(registry.formats()) == notations
