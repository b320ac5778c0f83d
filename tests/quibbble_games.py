"""What the tests of quibbble's games share: records of random legal games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from meeple.quibbble import TeamsState


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
