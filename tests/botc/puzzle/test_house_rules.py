"""A puzzle's house rules (`house rule: ...`): read, written back, placed when wrong; in
the JSON under meeple's key `meepleHouseRules`, and, in a JSON without it, the rules of
its writer's solver's conventions (`meeple convert --drop-house-rules` drops them, and
says so)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.puzzle import Puzzle, jsonform
from meeple.botc.puzzle.jsonform import HOUSE_RULES_KEY
from meeple.botc.puzzle.model import (
    CURSE_NEEDS_LIVING_WITCH,
    HOUSE_RULES,
    NO_DEAD_KILLS,
    NO_DEMON_EXECUTED,
)
from meeple.botc.puzzle.notation import dump, parse
from meeple.errors import NotationError
from tests.cli_helpers import meeple

from .strategies import puzzles

HEAD = "seats: Anna, Bob\nscript: imp, empath\n"
RULE = f"house rule: {NO_DEAD_KILLS}\n"
PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_house_rule_reads_and_is_written_after_the_set_up() -> None:
    puzzle = parse(HEAD + "constraint: one player has a role in demons\n" + RULE)
    assert puzzle.house_rules == (NO_DEAD_KILLS,)
    assert dump(puzzle) == HEAD + RULE + "constraint: one player has a role in demons\n"


@given(puzzles(), st.lists(st.sampled_from(HOUSE_RULES), unique=True))
@settings(max_examples=max(5, settings().max_examples // 4))
def test_round_trip_with_house_rules(puzzle: Puzzle, rules: list[str]) -> None:
    ruled = replace(puzzle, house_rules=tuple(rules))
    text = dump(ruled)
    assert parse(text) == ruled
    assert dump(parse(text)) == text


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        (HEAD + "house rule: no kills\n", "expected a house rule the solver knows", 3, 13),
        (HEAD + RULE + RULE, "is given twice", 4, 13),
        (HEAD + "house rules: none\n", "`house rule:`", 3, 1),
    ],
)
def test_a_wrong_house_rule_is_placed(text: str, message: str, line: int, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text, "x.puzzle")
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)


def test_the_json_states_house_rules_in_meeples_key() -> None:
    """docs/formats/botc.md, "meepleHouseRules": always written, an empty list too, and
    read back as exactly those rules."""
    ruled = parse(HEAD + RULE)
    assert json.loads(jsonform.dump(ruled))[HOUSE_RULES_KEY] == [NO_DEAD_KILLS]
    assert jsonform.parse(jsonform.dump(ruled)) == ruled
    plain = parse(HEAD + "day 1: execution of Anna\n")
    assert json.loads(jsonform.dump(plain))[HOUSE_RULES_KEY] == []
    assert jsonform.parse(jsonform.dump(plain)).house_rules == ()


@given(puzzles())
@settings(max_examples=max(5, settings().max_examples // 4))
def test_a_puzzle_through_the_json_and_back_loses_nothing(puzzle: Puzzle) -> None:
    """botc-puzzle -> JSON -> botc-puzzle: the house rules survive, whatever the
    timeline (meeple's key, not the writer's conventions, says which hold)."""
    text = dump(puzzle)
    assert dump(jsonform.parse(jsonform.dump(parse(text)))) == text


JTHEMPHILL = """{
  "players": ["Anna", "Bob", "Cleo"],
  "script": ["Imp", "Witch", "Empath"],
  "timeline": [%s],
  "claims": [{"type": "Empath", "name": "Anna", "timing": "night_1", "count": 0}]
}"""
EXECUTION = '{"timing": "day_1", "type": "execution", "players": ["Bob"]}'
NOMINATION = '{"timing": "day_1", "type": "nominationDeath", "players": ["Bob"], "caller": "Cleo"}'
CURSE = '{"timing": "day_1", "type": "witchCurse", "players": ["Bob"]%s}'


@pytest.mark.parametrize(
    ("events", "rules"),
    [
        ("", ()),
        (EXECUTION, (NO_DEMON_EXECUTED,)),
        (NOMINATION, (NO_DEMON_EXECUTED,)),
        (CURSE % "", ()),
        (CURSE % ', "caller": "Bob"', (CURSE_NEEDS_LIVING_WITCH,)),
        (CURSE % ', "caller": "Bob", "sourceActedBeforeDeath": true', ()),
        (
            EXECUTION + ", " + CURSE % ', "caller": "Bob"',
            (NO_DEMON_EXECUTED, CURSE_NEEDS_LIVING_WITCH),
        ),
    ],
)
def test_a_json_without_meeples_key_is_read_under_its_writers_conventions(
    events: str, rules: tuple[str, ...]
) -> None:
    """docs/formats/botc.md, "house rules": jthemphill's solver reads its JSON so; each
    rule is added where the timeline has an event it governs."""
    assert jsonform.parse(JTHEMPHILL % events).house_rules == rules


def test_meeples_key_overrides_the_writers_conventions() -> None:
    text = JTHEMPHILL % EXECUTION
    keyed = text.replace('"timeline"', f'"{HOUSE_RULES_KEY}": [],\n  "timeline"')
    assert jsonform.parse(keyed).house_rules == ()


@pytest.mark.parametrize(
    ("value", "message", "at"),
    [
        ('["no kills"]', "expected a house rule meeple knows", '"no kills"'),
        (f'["{NO_DEAD_KILLS}", "{NO_DEAD_KILLS}"]', "is given twice", f'"{NO_DEAD_KILLS}"]'),
        ("[1]", "expected a house rule, a string", "1]"),
        ('"none"', "expected the house rules: a list", '"none"'),
    ],
)
def test_a_wrong_house_rule_in_the_json_is_placed(value: str, message: str, at: str) -> None:
    text = JTHEMPHILL.replace('"timeline"', f'"{HOUSE_RULES_KEY}": {value},\n  "timeline"') % ""
    offset = text.index(at, text.index(HOUSE_RULES_KEY))
    with pytest.raises(NotationError) as caught:
        jsonform.parse(text, "p.json")
    assert message in caught.value.message
    assert caught.value.line == text.count("\n", 0, offset) + 1
    assert caught.value.column == offset - text.rfind("\n", 0, offset)


def test_convert_writes_puzzle_46_with_its_house_rule() -> None:
    """Its house rule in meeple's key, read back the same; --drop-house-rules empties the
    key and says what it dropped."""
    path = str(PUZZLES / "puzzle-46.puzzle")
    written = meeple(["convert", path, "--to", "botc-puzzle-json"])
    assert written.code == 0
    assert not written.err
    puzzle = parse((PUZZLES / "puzzle-46.puzzle").read_text("utf-8"))
    assert jsonform.parse(written.out) == puzzle
    dropped = meeple(["convert", path, "--to", "botc-puzzle-json", "--drop-house-rules"])
    assert dropped.code == 0
    assert jsonform.parse(dropped.out).house_rules == ()
    assert f"warning: dropped the house rule {NO_DEAD_KILLS!r}" in dropped.err


def test_convert_from_jthemphills_json_writes_its_writers_rules(tmp_path: Path) -> None:
    """A file without meeple's key: its writer's conventions become `house rule:`
    lines, and a note on stderr says so."""
    source = tmp_path / "p.json"
    source.write_text(JTHEMPHILL % EXECUTION, "utf-8")
    converted = meeple(["convert", str(source), "--to", "botc-puzzle"])
    assert converted.code == 0
    assert f"house rule: {NO_DEMON_EXECUTED}\n" in converted.out
    assert "note: read under jthemphill's solver's conventions" in converted.err


def test_check_notes_the_writers_rules(tmp_path: Path) -> None:
    """A note, which never fails a check (the same exit with meeple's key and without,
    `--strict` too); a file with the key has none."""
    source = tmp_path / "p.json"
    source.write_text(JTHEMPHILL % EXECUTION, "utf-8")
    keyed = tmp_path / "keyed.json"
    keyed.write_text(jsonform.dump(jsonform.parse(source.read_text("utf-8"))), "utf-8")
    noted = meeple(["check", "--strict", str(source)])
    plain = meeple(["check", "--strict", str(keyed)])
    assert "note: read under jthemphill's solver's conventions, as the file has no" in noted.out
    assert "note:" not in plain.out
    assert noted.code == plain.code
