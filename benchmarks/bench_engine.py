"""The engine protocol, the same for every game: `legal_moves()` at a mid-game position,
and a random playout of a whole game through `play` (issue "One interface")."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from harness import Case

from meeple import engine, registry
from meeple.bots import legal_choices


def _playout(game: str, seed: int) -> Any:
    """A whole game of uniformly random legal moves (hidden draws dealt from the bag)."""
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=seed)
    rng = random.Random(seed)
    for _ in range(5_000):
        if state.is_over:
            break
        _, moves = legal_choices(state, rng)
        state = state.play(rng.choice(moves))
    return state


def _mid_game(game: str) -> Any:
    """The position halfway through a seeded random game."""
    final = _playout(game, seed=11)
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    start = fmt.game.initial(seed=11)
    return engine.play_all(start, final.history[: len(final.history) // 2])


def cases() -> list[Case]:
    found = []
    for fmt in registry.formats():
        if not (fmt.qgn_keyed and fmt.game.can("initial")):
            continue
        middle = _mid_game(fmt.name)
        moves = len(middle.legal_moves())
        length = len(_playout(fmt.name, 3).history)
        found += [
            Case(
                f"{fmt.name}: legal_moves() mid-game ({moves} moves)",
                middle.legal_moves,
                repeat=9,
            ),
            Case(
                f"{fmt.name}: random playout of a whole game ({length} {fmt.step_noun}s)",
                partial(_playout, fmt.name, 3),
                repeat=3,
            ),
        ]
    return found
