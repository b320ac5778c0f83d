"""Fuzzing past the parsers: replaying mutated records and the string interface on bad input
raise nothing but NotationError or RuleError."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import NotationError, RuleError
from meeple.raft import strings
from meeple.registry import get
from tests.raft.test_rules import SMALL

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "raft"
RECORDS = [(EXAMPLES / name).read_text() for name in ("crossed-paths.raft", "one-step.raft")]
MOVE_CHARS = "ABCDEGPRYTFNSWabcdklmz0123456789 "
STATE = [SMALL, "AdefBCDcde", "AabcBCDab", "B0104", "abcdefghijklm"]


def _only_meeple_errors(action: Callable[[], object]) -> None:
    with contextlib.suppress(NotationError, RuleError):
        action()


@pytest.mark.fuzz
@given(st.sampled_from(RECORDS), st.integers(0, 2000), st.text(MOVE_CHARS + "\n#", max_size=12))
def test_fuzz_replay_of_mutated_records(record: str, at: int, insert: str) -> None:
    at %= len(record) + 1
    text = record[:at] + insert + record[at:]
    raft = get("raft")
    assert raft.replay is not None
    replay = raft.replay
    _only_meeple_errors(lambda: list(replay(raft.read(text, "fuzz.raft"))))


@pytest.mark.fuzz
@given(st.text(MOVE_CHARS, max_size=14), st.integers(0, 4), st.text(MOVE_CHARS, max_size=3))
def test_fuzz_string_interface(move: str, part: int, junk: str) -> None:
    state = list(STATE)
    for function in (
        strings.apply_placement,
        strings.move_cat,
        strings.is_placement_valid,
        strings.is_cat_movement_valid,
        strings.is_game_over,
        strings.draw_hand,
    ):
        _only_meeple_errors(lambda f=function: f(state, move))  # type: ignore[misc]
    broken = list(STATE)
    broken[part] = broken[part][:3] + junk + broken[part][3:]
    _only_meeple_errors(lambda: strings.move_cat(broken, "B01040003Aa"))
    _only_meeple_errors(lambda: strings.draw_fire_tile(broken))
    _only_meeple_errors(lambda: strings.initialise_challenge(move))
    assert isinstance(strings.is_board_string_well_formed(broken[0]), bool)
