"""jthemphill/botc-solvers' puzzle JSON: read, written back losing nothing, answers read,
and every mistake reported where it is."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.puzzle import Claim, Number, Puzzle, Reading, Shown, Time, notation
from meeple.botc.puzzle.jsonform import (
    HOUSE_RULES_KEY,
    character_id,
    character_name,
    dump,
    looks_like,
    parse,
    parse_solutions,
    to_json,
)
from meeple.botc.puzzle.model import NO_DEMON_EXECUTED
from meeple.errors import NotationError

from .strategies import puzzles

SMALL = """{
  "title": "Two Seats",
  "players": ["You", "Anna"],
  "script": ["Imp", "Fortune Teller", "Investigator", "Lunar Prodigy"],
  "timeline": [{"timing": "day_1", "type": "execution", "players": ["Anna"]}],
  "claims": [
    {"type": "FortuneTeller", "name": "You",
     "checks": [{"left": "You", "right": "Anna", "yes": true, "timing": "night_1"}],
     "possibleActualRoles": ["Fortune Teller", "Drunk"]},
    {"type": "Investigator", "name": "Anna", "timing": "night_1",
     "minionRole": "Spy", "among": ["You", "Anna"]},
    {"type": "Empath", "name": "Anna", "timing": "night_2", "count": 1}
  ]
}"""


def test_a_puzzle_reads_into_meeples_ids_and_times() -> None:
    puzzle = parse(SMALL)
    assert puzzle.script == ("imp", "fortune_teller", "investigator", "lunar_prodigy")
    assert puzzle.claims[0] == Claim(
        "You",
        "fortune_teller",
        learned=(Reading("You", "Anna", True, Time("night", 1)),),
        may_be=("fortune_teller", "drunk"),
    )
    assert puzzle.learned("Anna") == (
        (Time("night", 1), Shown("spy", ("You", "Anna"))),
        (Time("night", 2), Number(1)),
    )
    assert puzzle.timeline[0].kind == "execution"


def test_written_back_it_says_the_same() -> None:
    """Spellings aside, the same, and the house rule its writer's solver read it under
    (it has an execution) stated in meeple's key."""
    written = json.loads(dump(parse(SMALL)))
    original = json.loads(SMALL)
    original["claims"][1]["role"] = original["claims"][1].pop("minionRole")
    original[HOUSE_RULES_KEY] = [NO_DEMON_EXECUTED]
    assert written == original
    assert list(written).index(HOUSE_RULES_KEY) == list(written).index("script") + 1


@given(puzzles())
@settings(max_examples=max(5, settings().max_examples // 2))
def test_json_round_trip(puzzle: Puzzle) -> None:
    assert parse(dump(puzzle)) == puzzle


def test_character_names_and_ids() -> None:
    assert character_id("FortuneTeller") == character_id("Fortune Teller") == "fortune_teller"
    assert character_id("Pit-Hag") == "pit_hag"
    assert character_name("devils_advocate") == "Devil's Advocate"
    assert character_name("lunar_prodigy") == "Lunar Prodigy"


def test_solutions_read_as_worlds() -> None:
    text = """{"solutions": [{"roles": {"You": "Fortune Teller", "Anna": "Imp"},
               "poisoned": {"night_1": ["You"]}}]}"""
    (world,) = parse_solutions(text)
    assert world.characters == {"You": "fortune_teller", "Anna": "imp"}
    assert world.poisoned == {Time("night", 1): ("You",)}


def test_content_detection() -> None:
    assert looks_like(SMALL)
    assert not looks_like('{"players": [], "bluffs": []}')


@pytest.mark.parametrize(
    ("change", "message", "at"),
    [
        (('"among": ["You", "Anna"]', '"among": ["You", "Ann"]'), "found 'Ann'", '"Ann"'),
        (('"count": 1', '"count": -1'), "expected count: a whole number, 0 or more", "-1"),
        (('"yes": true', '"yes": 1'), "expected yes: true or false", "1,"),
        (('"timing": "night_2"', '"timing": "night 2"'), "expected a timing", '"night 2"'),
        (('"count": 1', '"count": 1, "colour": 2'), "unknown key 'colour'", '"colour"'),
        (('"execution"', '"hanging"'), "expected an event type", '"hanging"'),
    ],
)
def test_mistakes_are_placed(change: tuple[str, str], message: str, at: str) -> None:
    text = SMALL.replace(*change)
    offset = text.index(at, text.index(change[1]))
    with pytest.raises(NotationError) as caught:
        parse(text, "p.json")
    assert message in caught.value.message
    assert caught.value.line == text.count("\n", 0, offset) + 1
    assert caught.value.column == offset - text.rfind("\n", 0, offset)


def test_a_broken_sentence_is_placed_inside_its_string() -> None:
    text = (
        '{"players": ["A"], "script": [], "claims": [],\n'
        '"constraints": [{"expression": "one A.~role =="}]}'
    )
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.line == 2
    assert caught.value.column == text.splitlines()[1].index('"one') + 1 + len("one A.~role ==") + 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


@given(puzzles(), st.data(), json_values)
@settings(max_examples=max(5, settings().max_examples // 2))
def test_any_value_anywhere_reads_or_is_refused(
    puzzle: Puzzle, data: st.DataObject, value: Any
) -> None:
    document = to_json(puzzle)
    path = data.draw(st.sampled_from(_paths(document)[1:]))
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    with contextlib.suppress(NotationError):
        parse(json.dumps(document))


@given(st.text(alphabet=st.sampled_from('{}[]:,"claims players script 1 true null\\ \n')))
@settings(max_examples=max(5, settings().max_examples // 4))
def test_any_text_reads_or_is_refused(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)
    with contextlib.suppress(NotationError):
        parse_solutions(text)


def test_a_librarian_naming_no_character_saw_no_outsider() -> None:
    text = '{"players": ["A"], "script": [], "claims": [{"type": "Librarian", "name": "A"}]}'
    (claim,) = parse(text).claims
    assert claim.learned == (Shown(None, ()),)
    assert json.loads(dump(parse(text)))["claims"][0]["among"] == []


TRANSCRIBED = sorted((Path(__file__).parent.parent / "puzzles").glob("*.puzzle"))


@pytest.mark.parametrize("path", TRANSCRIBED, ids=lambda path: path.stem)
def test_every_transcription_through_meeples_json_is_the_same_puzzle(path: Path) -> None:
    """House rules included (Puzzle 46's, in `meepleHouseRules`), and none added to
    the others: meeple's key, present, says which hold."""
    puzzle = notation.parse(path.read_text("utf-8"), str(path))
    assert parse(dump(puzzle)) == puzzle
