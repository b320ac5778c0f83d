"""`meeple.Game` and `Notation`: what a tiny game declares is what meeple says it can do."""

from __future__ import annotations

from typing import Any

import pytest

from meeple import registry
from meeple.errors import Diagnosis, NotationError, RuleError, Unsupported
from meeple.game import Document, Form, Game, Layered, Layers, Notation, Sniff


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


def _strokes(text: str, source: str = "<string>") -> int:
    if text.strip("|"):
        raise NotationError.at(text, 0, "expected strokes", source)
    return len(text)


def _no_more_than_three(count: int) -> list[int]:
    if count > 3:
        raise RuleError("a fourth stroke", rule="three")
    return list(range(count + 1))


class Notches(Notation):
    """Strokes read and written by functions named once (`form`), its sniff among them."""

    name = "notches"
    title = "Strokes, read by functions"

    def form(self) -> Form:
        return Form(_strokes, lambda count: "|" * count, lambda text: text.startswith("|"))

    def models(self) -> tuple[type, ...]:
        return (int,)

    def check(self, document: Document, **options: Any) -> list[Any]:
        return []

    def replay(self, document: Document) -> list[int]:
        return _no_more_than_three(document.model)


class Bridge:
    """A QGN bridge (`QgnBridge`): here the snapshot is the model's text."""

    def to_qgn(self, model: Any) -> str:
        return f"strokes {model}"

    def from_qgn(self, snapshot: Any) -> int:
        return int(str(snapshot).split()[1])


class Notched(Layered):
    name = "notched"
    notation_kinds = (Notches,)

    def layers(self) -> Layers:
        return Layers(
            render=lambda count, color=False: f"{count} notches" + (" in colour" if color else ""),
            svg=lambda count: f"<svg>{count}</svg>",
            marks=lambda count: (f"notch{count}",),
            state_json=lambda count: {"notches": count},
            qgn=Bridge(),
        )


def test_a_notation_s_form_parses_dumps_and_sniffs() -> None:
    (notches,) = Notched().notations
    assert notches.parse("|||") == 3 and notches.dump(2) == "||"
    assert notches.sniff("||") and not notches.sniff("x")
    assert notches.read("||", "a").model == 2
    with pytest.raises(NotationError):
        notches.parse("x")


def test_a_layered_game_hands_each_job_to_its_layers_and_can_them_all() -> None:
    game = Notched()
    assert all(game.can(job) for job in ("render", "svg", "marks", "state_json", "to_qgn"))
    assert game.render(2) == "2 notches" and game.render(2, color=True) == "2 notches in colour"
    assert game.svg(2) == "<svg>2</svg>" and game.marks(2) == ("notch2",)
    assert game.state_json(2) == {"notches": 2}
    assert game.from_qgn(game.to_qgn(5)) == 5
    (notches,) = game.notations
    assert not notches.can("render")  # a plain Notation: pictures only through `Drawn`


def test_diagnosed_is_the_problems_then_checks_then_the_first_broken_rule() -> None:
    (notches,) = Notched().notations
    problem = NotationError.at("||x", 2, "expected strokes", "a")
    read_badly = Diagnosis(2, [problem])
    found = notches.diagnosed(read_badly, "||x", "a", 2)
    assert [f.message for f in found] == ["expected strokes"]
    broken = notches.diagnosed(Diagnosis(4, []), "||||", "a", 4)
    assert [f.message for f in broken] == ["a fourth stroke"]
    assert notches.diagnosed(Diagnosis(None, []), "", "a", None) == []


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
