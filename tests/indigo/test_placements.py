"""Indigo's placements as a search plays them (issue 41): a tile laid where no gem waits
moves no gem, so playing it skips the gems' walk; a state keeps what it worked out
(where gems wait, each placement's walk) without that changing what it equals; and
meeple's default bot plays the games it played before."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from meeple import indigo
from meeple.bots import make
from meeple.engine import reward
from meeple.indigo.rules import State


def _random_game(seed: int) -> list[State]:
    rng = random.Random(seed)
    states = [State.initial(seed=seed)]
    while not states[-1].is_over:
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_placement_moves_the_gems_as_their_whole_walk_does(seed: int) -> None:
    states = _random_game(seed)
    for before, after in pairwise(states):
        walked = State(  # the same position, nothing worked out yet
            before.teams, before.seed, before.variant, before.placed, before.gems,
            before.deck, before.hands, before.points, before.gem_counts, before.round,
            seat=before.seat, winners=before.winner_seats, history=before.history,
        )  # fmt: skip
        travelled = walked._travel(after.history[-1])
        assert not isinstance(travelled, Exception)
        assert after.gems == travelled[0]
    assert states[-1].result_text.endswith(("wins", "tie"))


def test_a_state_equals_its_replay_whatever_it_has_worked_out() -> None:
    states = _random_game(4)
    record = indigo.parse(indigo.dump(states[-1].record()))
    for searched, replayed in zip(states, indigo.replay(record), strict=True):
        searched.legal_moves()  # works out where gems wait and each walk
        assert searched == replayed and replayed == searched
        assert hash(searched) == hash(replayed)


PLAYED = (
    "0p&abcedf.7.3 1p&cdeafb.1.2 0p&abcedf.1.4 1p&abcedf.2.2 0p&feadbc.0.3 1p&abcedf.2.3"
    " 0p&dcefab.5.1 1p&fcadbe.5.6"
)
"""mcts (10 iterations, seed 1) against greedy (seed 2), as they played before placements
where no gem waits skipped the walk."""


def test_the_bots_play_the_moves_they_played_before_placements_were_made_faster() -> None:
    state = State.initial(seed=1)
    bots = [make("mcts", seed=1, iterations=10), make("greedy", seed=2)]
    played = []
    for ply in range(8):
        move = bots[ply % 2].choose(state, state.legal_moves())
        played.append(str(move))
        state = state.play(move)
    assert " ".join(played) == PLAYED
    assert (state.points, state.gem_counts) == ((1, 0), (1, 0))


def _judged(state: State) -> tuple[float, ...]:
    players = range(1, len(state.teams) + 1)
    if state.is_over:
        return tuple(reward(state, player) for player in players)
    return tuple(state.evaluate(player) for player in players)


@pytest.mark.parametrize("seed", [5, 6])
def test_guesses_judge_every_legal_placement_as_playing_it_does(seed: int) -> None:
    for state in _random_game(seed)[::3]:
        guesses = state.guesses(None)
        assert [move for move, _ in guesses] == state.legal_moves()
        for move, values in guesses:
            assert values == pytest.approx(_judged(state.play(move)))
