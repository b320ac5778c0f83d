"""The engine protocol (meeple.engine), checked against every game that replays.

Generic over the registry: every state of every bundled example record satisfies the
protocol's invariants, random playouts through `legal_moves`/`play` stay legal, moves
survive their own notation, and `play` never changes the state it is called on.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from meeple import engine, records, registry
from meeple.errors import MeepleError, NotationError, RuleError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _replayable() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(EXAMPLES.glob("*/*")):
        if not path.is_file() or path.suffix == ".sh":
            continue
        text = path.read_text(encoding="utf-8")
        try:
            fmt = registry.detect(text, str(path))
            fmt.parse(text, str(path))
        except NotationError:
            continue
        # A QGN record plays as the game its key names (quibbble's games are written in
        # QGN alone); a Blood on the Clocktower trace replays events with no moves to
        # choose from (tests/botc/test_trace.py).
        if fmt.name == "qgn":
            fmt = registry.for_qgn_key(fmt.parse(text, str(path)).key) or fmt
            if fmt.name == "qgn" or not fmt.can("to_qgn") or fmt.extensions != (".qgn",):
                continue
            # A record of a known game whose actions are none of that game's (the QGN
            # seed's example, keyed carcassonne) is a notation finding, not a replay.
            try:
                fmt.parse(text, str(path))
            except NotationError:
                continue
        if fmt.can("replay") and fmt.name != "botc-trace":
            found.append((fmt.name, path))
    return found


CASES = _replayable()


def _states(path: Path) -> list[Any]:
    text = path.read_text(encoding="utf-8")
    record = records.of(registry.detect(text, str(path)).read(text, str(path)))
    assert record.notation.can("replay")
    states: list[Any] = []
    # An example of an illegal record: the states before the illegal move count.
    with contextlib.suppress(MeepleError):
        states.extend(records.states(record))
    return states


def assert_invariants(state: Any) -> None:
    assert isinstance(state, engine.GameState)
    assert state.status in engine.STATUSES
    assert state.is_over == (state.status != "playing")
    assert state.player_count >= 1
    names = [state.player_name(p) for p in range(1, state.player_count + 1)]
    assert all(isinstance(name, str) and name for name in names)
    if state.is_over:
        assert state.to_move is None
        assert state.legal_moves() == []
    else:
        assert state.to_move is not None and 1 <= state.to_move <= state.player_count
        assert state.winners == ()
    if state.status in ("won", "tie"):
        assert state.winners
    legal = state.legal_moves()
    chosen = engine.choices(state)
    # A part, in its order: each chosen move found further on in the legal list (one pass;
    # a membership test per legal move cost stratego's 3,000 moves seconds a position).
    rest = iter(legal)
    assert all(any(move == other for other in rest) for move in chosen)
    assert chosen or not legal  # the player to move always has a choice
    if state.status == "tie":
        assert len(state.winners) >= 2
    assert all(1 <= p <= state.player_count for p in state.winners)
    assert isinstance(state.result_text, str) and state.result_text
    for move in state.history:
        text = state.move_to_text(move)
        assert state.move_from_text(text) == move
        assert str(move) == text


@pytest.mark.parametrize(("name", "path"), CASES, ids=[f"{n}:{p.name}" for n, p in CASES])
def test_every_state_of_every_example_keeps_the_protocol(name: str, path: Path) -> None:
    states = _states(path)
    assert states, "a replay yields at least the initial state"
    for step, state in enumerate(states):
        assert_invariants(state)
        assert len(state.history) == step
    assert states[0].history == ()


@pytest.mark.parametrize(("name", "path"), CASES, ids=[f"{n}:{p.name}" for n, p in CASES])
def test_replayed_moves_are_legal_moves_and_play_does_not_mutate(name: str, path: Path) -> None:
    states = _states(path)
    for before, after in itertools.pairwise(states):
        move = after.history[-1]
        assert move in before.legal_moves()
        snapshot = copy.deepcopy(before)
        assert before.play(move).history == after.history
        assert _same(before, snapshot)


@pytest.mark.parametrize(("name", "path"), CASES, ids=[f"{n}:{p.name}" for n, p in CASES])
def test_violation_is_the_one_way_to_say_why_a_move_is_illegal(name: str, path: Path) -> None:
    states = _states(path)
    for before, after in itertools.pairwise(states):
        move = after.history[-1]
        assert before.violation(move) is None and before.is_legal(move)
        # The same move once more (a position taken, a card spent, a turn passed), or
        # any move once the game is over, breaks a named rule.
        problem = after.violation(move)
        if problem is not None:
            assert isinstance(problem, RuleError) and problem.rule
            assert not after.is_legal(move)
            with pytest.raises(RuleError) as raised:
                after.play(move)
            assert raised.value.message == problem.message


def _same(a: Any, b: Any) -> bool:
    return bool(a == b) and a.history == b.history and a.result_text == b.result_text


FIRST_STATES = {name: path for name, path in CASES}


@pytest.mark.parametrize("name", sorted(FIRST_STATES))
@pytest.mark.parametrize("seed", range(3))
def test_random_playouts_stay_legal_and_texts_round_trip(name: str, seed: int) -> None:
    state = _states(FIRST_STATES[name])[0]
    rng = random.Random(seed)
    # With three Flows route groups a legal list takes up to half a second
    # (docs/formats/flows.md): a few moves of those, whole games of the rest.
    steps = 12 if len(getattr(state, "groups", ())) > 2 else 400
    for _ in range(steps):
        assert_invariants(state)
        if state.is_over:
            break
        moves = state.legal_moves()
        assert moves, state.result_text
        for move in rng.sample(moves, min(5, len(moves))):
            assert state.move_from_text(state.move_to_text(move)) == move
            assert isinstance(state.move_group(move), str)
        move = rng.choice(moves)
        after = state.play(move)
        assert after.history == (*state.history, move)
        state = after


@pytest.mark.parametrize("name", sorted(FIRST_STATES))
def test_move_from_text_rejects_nonsense_with_a_notation_error(name: str) -> None:
    state = _states(FIRST_STATES[name])[0]
    with pytest.raises(NotationError):
        state.move_from_text("not a move at all")


GAME_PACKAGES = {
    "raft": "crossed-paths.raft",
    "flows": "numbered.flows",
    "atlantis": "game.json",
    "tictactoe": "win.qgn",
    "connect4": "win.qgn",
    "onitama": "win.qgn",
    "tsuro": "snapshot.qgn",
    "indigo": "game.qgn",
    "stratego": "flag.qgn",
    "carcassonne": "game.qgn",
}


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_every_game_package_offers_the_same_public_names(game: str) -> None:
    import importlib

    package = importlib.import_module(f"meeple.{game}")
    for name in ("parse", "dump", "replay", "render", "State", "Move"):
        assert hasattr(package, name), f"meeple.{game}.{name}"
    text = (EXAMPLES / game / GAME_PACKAGES[game]).read_text(encoding="utf-8")
    record = package.parse(text)
    assert package.parse(package.dump(record)) == record
    states = list(package.replay(record))
    assert all(isinstance(state, package.State) for state in states)
    assert [len(state.history) for state in states] == list(range(len(states)))
    assert isinstance(package.render(states[-1]), str)


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_what_a_state_is_reads_as_a_property_and_what_it_does_is_a_method(game: str) -> None:
    import functools
    import importlib
    import inspect

    state_class = importlib.import_module(f"meeple.{game}").State
    readable = ("to_move", "is_over", "status", "winners", "result_text", "history")
    for name in (*readable, "scores", "ranking", "player_count"):
        if name in (
            *getattr(state_class, "__dataclass_fields__", {}),
            *getattr(state_class, "_fields", ()),
        ):
            continue  # a field holds it on each state (Flows' winners, say)
        found = inspect.getattr_static(state_class, name, None)
        assert found is not None or name not in readable, name
        if found is not None and not isinstance(found, tuple | int):
            kinds = property | functools.cached_property  # type: ignore[type-arg]
            assert isinstance(found, kinds), f"{game}: {name} is called, not read"
    for name in ("legal_moves", "play", "move_to_text", "move_from_text"):
        assert callable(inspect.getattr_static(state_class, name)), name
