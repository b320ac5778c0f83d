"""What every registered game must do with its pictures and on the command line,
written once and run for every bundled example of every game that replays (the engine
protocol's own checks are tests/core/test_engine.py's, the round trips through canonical
text and QGN tests/core/test_examples.py's, the package docstrings
tests/core/test_docstrings.py's, the glossary tests/core/test_vocabulary.py's).

A game started afresh (`Game.initial`) and played at random is written in its own
notation and read back as it was played. Every state's SVG picture is well-formed XML
naming the places its move lit, its ASCII picture and its JSON form exist; `meeple show` (text
and `--svg`), `replay --json` and `moves --step` run on each example. What only one game
does stays in its own tests (tests/<game>/).
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import engine, registry
from tests.cli_helpers import meeple
from tests.core.test_engine import CASES, _states

EVERY_EXAMPLE = pytest.mark.parametrize(
    ("name", "path"), CASES, ids=[f"{n}:{p.name}" for n, p in CASES]
)


def test_every_game_that_replays_has_an_example() -> None:
    replaying = {g.name for g in registry.games() if any(n.can("replay") for n in g.notations)}
    assert replaying - {"qgn", "botc"} <= {name for name, _ in CASES}


@EVERY_EXAMPLE
def test_the_pictures_are_well_formed_and_mark_their_own_places(name: str, path: Path) -> None:
    notation = registry.get(name)
    game = notation.game
    states = _states(path)
    for state in states:
        root = ET.fromstring(notation.svg(state))
        assert root.tag.endswith("svg")
        places = {e.attrib["data-at"] for e in root.iter() if "data-at" in e.attrib}
        assert set(game.marks(state)) <= places
        assert notation.render(state)
        json.dumps(game.state_json(state))


@EVERY_EXAMPLE
def test_the_command_line_shows_replays_and_lists_moves(name: str, path: Path) -> None:
    if meeple(["check", str(path)]).code != 0:
        return  # a record that breaks a rule: tests/core/test_examples.py
    shown = meeple(["show", str(path), "--svg"])
    assert shown.code == 0 and ET.fromstring(shown.out).tag.endswith("svg")
    assert meeple(["show", str(path)]).code == 0
    lines = meeple(["replay", "--json", str(path)]).out.splitlines()
    assert [json.loads(line)["step"] for line in lines] == list(range(len(lines)))
    if len(lines) > 1:
        assert meeple(["moves", str(path), "--step", "1"]).code == 0


STARTABLE = sorted(game.name for game in registry.games() if game.can("initial"))


@pytest.mark.parametrize("name", STARTABLE)
def test_a_random_game_is_written_and_read_back_as_it_was_played(name: str) -> None:
    game = registry.game(name)
    notation = next(n for n in game.notations if n.qgn_keyed)  # what play and selfplay write

    @settings(max_examples=max(3, settings().max_examples // 10), deadline=None)
    @given(st.integers(0, 2**31 - 1))
    def played(seed: int) -> None:
        rng = random.Random(seed)
        state = game.initial(seed=seed)
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        assert isinstance(state, engine.Recording), name
        text = notation.dump(state.record())
        assert notation.dump(notation.parse(text)) == text
        *_, last = notation.replay(notation.read(text))
        # An Atlantis transcript holds whole turns: one played halfway is written ended.
        ended = last.history[len(state.history) :]
        assert last.history[: len(state.history)] == state.history
        assert ended == () or (name == "atlantis" and [str(m) for m in ended] == ["end"])

    played()
