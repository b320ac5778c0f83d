"""A puzzle's house rules (`house rule: ...`): read, written back, placed when wrong, and
refused by the JSON, which cannot state them (`meeple convert --drop-house-rules` drops
them)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.puzzle import Puzzle, jsonform
from meeple.botc.puzzle.model import HOUSE_RULES, NO_DEAD_KILLS
from meeple.botc.puzzle.notation import dump, parse
from meeple.errors import LossError, NotationError
from tests.cli_helpers import meeple

from .strategies import puzzles

HEAD = "seats: Anna, Bob\nscript: imp, empath\n"
RULE = f"house rule: {NO_DEAD_KILLS}\n"


def test_a_house_rule_reads_and_is_written_after_the_set_up() -> None:
    puzzle = parse(HEAD + "constraint: one player has a role in demons\n" + RULE)
    assert puzzle.house_rules == (NO_DEAD_KILLS,)
    assert dump(puzzle) == HEAD + RULE + "constraint: one player has a role in demons\n"


@given(puzzles(), st.lists(st.sampled_from(HOUSE_RULES), max_size=1))
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


def test_the_json_cannot_state_a_house_rule() -> None:
    """docs/formats/botc.md, "house rules": refused, never silently dropped; what the
    JSON keeps is the puzzle without the rule."""
    puzzle = parse(HEAD + RULE)
    with pytest.raises(LossError, match="cannot state the house rule") as caught:
        jsonform.dump(puzzle)
    assert caught.value.kept == jsonform.dump(replace(puzzle, house_rules=()))
    assert jsonform.parse(caught.value.kept).house_rules == ()


def test_convert_to_json_refuses_a_house_rule_unless_told_to_drop_it() -> None:
    path = str(Path(__file__).parent.parent / "puzzles" / "puzzle-46.puzzle")
    refused = meeple(["convert", path, "--to", "botc-puzzle-json"])
    assert refused.code == 1
    assert "--drop-house-rules" in refused.out + refused.err
    dropped = meeple(["convert", path, "--to", "botc-puzzle-json", "--drop-house-rules"])
    assert dropped.code == 0
    assert jsonform.parse(dropped.out).house_rules == ()
