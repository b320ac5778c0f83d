"""What the tests of quibbble's games share: records of random legal games, and the
check of a notation error's place."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from meeple.errors import NotationError, RuleError
from meeple.quibbble import TeamsState
from tests.cli_helpers import meeple


def random_record(
    state: TeamsState[Any],
    rng: random.Random,
    most: int,
    comments: bool,
    choose: Callable[[Sequence[Any]], Any] | None = None,
) -> Any:
    """The record of up to `most - 1` random legal moves from `state` (`choose` picks
    among the legal moves, `rng.choice` by default), with a comment before some moves
    and after the last when `comments`."""
    for _ in range(rng.randrange(most)):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.play(choose(moves) if choose else rng.choice(moves))
    record = state.record()
    if comments:
        notes = tuple((f"note {i}",) if rng.random() < 0.3 else () for i in record.moves)
        record = replace(record, comments=notes, final_comments=("the end",))
    return record


def assert_notation_error_at(
    game: ModuleType, text: str, where: tuple[int, int], message: str
) -> None:
    """`game.parse(text)` raises a NotationError at `where` (line, column) saying
    `message`, and `meeple check -` reports it there and exits 1."""
    with pytest.raises(NotationError) as raised:
        game.parse(text)
    assert (raised.value.line, raised.value.column) == where
    assert message in raised.value.message
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1 and f"<stdin>:{where[0]}:{where[1]}:" in run.out


def assert_rule_broken_at(
    game: ModuleType, text: str, rule: str, where: tuple[int, int], message: str
) -> None:
    """Replaying `text` breaks `rule` (RuleError saying `message`), and `meeple check -`
    reports it at `where` (line, column) as an illegal move and exits 1."""
    with pytest.raises(RuleError) as raised:
        list(game.replay(game.parse(text)))
    assert raised.value.rule == rule and message in raised.value.message
    run = meeple(["check", "-"], stdin=text)
    assert run.code == 1
    assert run.out.startswith(f"<stdin>:{where[0]}:{where[1]}: error: illegal move"), run.out
    assert message in run.out
