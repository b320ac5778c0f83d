"""What every one of quibbble's seven games must do, written once and run for each game:
its random records survive their own text, no text breaks its reader, a new game is for
as many teams as quibbble allows, each of its rules broken is found at the action that
breaks it and a text that is no action at its detail (each game's own tables: `ILLEGAL`,
`NOT_ACTIONS`), a record draws as its last state, and the command line checks,
converts and plays its bundled records. What every registered game must do (the
engine protocol, pictures, `show`, `replay`, `moves`, docstring examples) is written once
over the registry in tests/core (test_engine.py, test_every_game.py, test_examples.py,
test_docstrings.py).

What only one game does (its deal, its rules, its pictures' own marks) stays in that
game's tests (tests/<game>/).
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import registry
from meeple.errors import MeepleError, RuleError
from meeple.quibbble.actions import action_text
from meeple.quibbble.game import QuibbbleGame
from meeple.stratego.model import Move as StrategoMove
from tests.cli_helpers import meeple
from tests.quibbble_games import random_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _any_seed(rng: random.Random) -> int:
    return rng.randrange(-(2**63), 2**63)


def _mostly_moves(rng: random.Random) -> Callable[[Sequence[Any]], Any]:
    """Stratego's choice: a plain move most of the time (switches alone rarely end)."""

    def choose(moves: Sequence[Any]) -> Any:
        plain = [m for m in moves if isinstance(m, StrategoMove)]
        return rng.choice(plain if plain and rng.random() < 0.7 else moves)

    return choose


@dataclass(frozen=True)
class Case:
    """One game, and how its shared tests run: a record's tags, the letters its fuzzed
    texts are made of, how a random game starts and how long it runs, how much slower
    than tic-tac-toe a game is (hypothesis runs fewer examples of it), selfplay's options
    and bots (what it writes is the test; the bots' own play: tests/play/test_bots.py)."""

    name: str
    head: str
    alphabet: str
    start: Callable[[QuibbbleGame[Any, Any, Any], random.Random], Any]
    most: int
    slowness: int = 1
    selfplay: tuple[str, ...] = ("--games", "3", "-j", "1")
    bots: str = "mcts,random"
    choose: Callable[[random.Random], Callable[[Sequence[Any]], Any]] | None = None
    written: str = ""
    """What every record selfplay writes holds."""


def _teams(game: QuibbbleGame[Any, Any, Any], rng: random.Random) -> int:
    return rng.randint(game.min_teams, game.max_teams)


def _variant_start(variants: Sequence[str], teams: int) -> Callable[..., Any]:
    """A random start of a game with variants: `teams` teams at most, any seed."""

    def start(game: QuibbbleGame[Any, Any, Any], rng: random.Random) -> Any:
        state_class = type(game.initial(seed=1))
        names = game.teams[: rng.randint(2, teams)]
        return state_class.initial(names, _any_seed(rng), rng.choice(variants))

    return start


def _variants(module: str) -> tuple[str, ...]:
    return tuple(sorted(importlib.import_module(module).VARIANTS))


CASES = (
    Case(
        "tictactoe",
        '[key "tictactoe"]\n[teams "red, blue"]\n\n',
        '[]"{}&.0123456789 mpkeytsicao\n',
        lambda game, rng: game.initial(),
        10,
    ),
    Case(
        "connect4",
        '[key "connect4"]\n[teams "red, blue"]\n\n',
        '[]"{}&.-0123456789 mpkeytsicao\n',
        lambda game, rng: game.initial(_teams(game, rng)),
        45,
    ),
    Case(
        "onitama",
        '[key "onitama"]\n[teams "red, blue"]\n[seed "14"]\n\n',
        '[]"{}&.-0123456789 mpkeytsicaobrngd\n',
        lambda game, rng: game.initial(seed=_any_seed(rng)),
        40,
        slowness=2,
    ),
    Case(
        "tsuro",
        '[key "tsuro"]\n[teams "red, blue"]\n[variant "classic"]\n[seed "1696036843787"]\n\n',
        '[]"{}&.0123456789 pkeytsuroABCDEFGHX\n',
        lambda game, rng: _variant_start(_variants("meeple.tsuro.rules"), 3)(game, rng),
        14,
        slowness=4,
    ),
    Case(
        "indigo",
        '[key "indigo"]\n[teams "red, blue"]\n[seed "1"]\n[variant "classic"]\n\n',
        '[]"{}&.0123456789 pmkeyabcdefs\n',
        lambda game, rng: _variant_start(("classic", "large_hands"), 4)(game, rng),
        60,
        slowness=6,
        selfplay=("--games", "2", "--iterations", "3", "-j", "1"),
    ),
    Case(
        "stratego",
        '[key "stratego"]\n[teams "red, blue"]\n[seed "7"]\n[variant "classic"]\n\n',
        '[]"{}&.-0123456789 msvariketdn\n',
        lambda game, rng: _variant_start(_variants("meeple.stratego.model"), 2)(game, rng),
        60,
        slowness=4,
        selfplay=("--games", "2", "--iterations", "8", "-j", "1"),
        choose=_mostly_moves,
        written='[variant "classic"]',
    ),
    Case(
        "carcassonne",
        '[key "carcassonne"]\n[teams "red, blue"]\n[seed "1"]\n\n',
        '[]"{}&.-0123456789 iortfkmcnabl\n',
        lambda game, rng: game.initial(_teams(game, rng), seed=_any_seed(rng)),
        50,
        slowness=8,
        selfplay=("--games", "1", "-j", "1"),
        # Its MCTS judges each playout by the expected points: 9 s a game for a record
        # the random bots write as well.
        bots="random,random",
    ),
)
EVERY_GAME = pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])


def _game(case: Case) -> QuibbbleGame[Any, Any, Any]:
    game = registry.game(case.name)
    assert isinstance(game, QuibbbleGame)
    return game


def _bundled(case: Case) -> list[Path]:
    """The game's bundled records that break no rule."""
    return sorted(p for p in (EXAMPLES / case.name).glob("*.qgn") if p.name != "illegal.qgn")


def _states(case: Case, path: Path) -> list[Any]:
    game = _game(case)
    return list(game.replay(game.notations[0].read(path.read_text(encoding="utf-8"), str(path))))


def test_every_quibbble_game_is_registered_as_a_quibbble_game() -> None:
    quibbble = {g.name for g in registry.games() if isinstance(g, QuibbbleGame)}
    assert quibbble == {case.name for case in CASES}


@EVERY_GAME
def test_a_record_survives_its_own_text(case: Case) -> None:
    game = _game(case)

    @settings(max_examples=max(5, settings().max_examples // case.slowness), deadline=None)
    @given(st.integers(0, 100_000), st.booleans())
    def survives(seed: int, comments: bool) -> None:
        rng = random.Random(seed)
        choose = case.choose(rng) if case.choose else None
        record = random_record(case.start(game, rng), rng, case.most, comments, choose)
        text = game.dump(record)
        assert game.parse(text) == record
        assert game.dump(game.parse(text)) == text
        assert game.from_qgn(game.to_qgn(record)) == record
        written = [action_text(game.bridge.write_action(move)) for move in record.moves]
        assert [str(move) for move in record.moves] == written  # a move's text is its action
        states = list(game.replay(game.notations[0].read(text)))
        assert [len(s.history) for s in states] == list(range(len(record.moves) + 1))
        assert states[-1].history == record.moves
        assert not any(state.is_over for state in states[:-1])
        judged = states[:-1] if case.slowness <= 2 else states[-3:-1]  # the slow ones' last
        for state in judged:
            assert all(state.is_legal(m) for m in state.legal_moves())

    survives()


@EVERY_GAME
def test_no_text_breaks_the_reader(case: Case) -> None:
    game = _game(case)

    @settings(deadline=None)
    @given(st.text(alphabet=case.alphabet, max_size=80))
    def reads(text: str) -> None:
        with contextlib.suppress(MeepleError):
            list(game.replay(game.notations[0].read(case.head + text)))

    reads()


@EVERY_GAME
def test_a_new_game_is_for_as_many_teams_as_quibbble_allows(case: Case) -> None:
    """Each count of teams the game allows starts a game of the first names of its
    teams, dealt from the seed given (kept in its record); any other count is refused
    in the game's words, as `meeple play` and selfplay show it."""
    game = _game(case)
    for count in range(game.min_teams, game.max_teams + 1):
        state = game.initial(count, seed=5)
        assert state.teams == game.teams[:count] and state.to_move == 1
        assert state.record().tags.get("seed") == ("5" if game.deals else None)
    for count in (game.min_teams - 1, game.max_teams + 1):
        with pytest.raises(RuleError, match=rf"is for .* teams, not {count}$"):
            game.initial(count)


@EVERY_GAME
def test_a_record_draws_as_its_last_state(case: Case) -> None:
    game = _game(case)
    for path in _bundled(case):
        *_, state = _states(case, path)
        record = game.parse(path.read_text(encoding="utf-8"))
        assert game.svg(record) == game.svg(state) and game.render(record) == game.render(state)


@EVERY_GAME
def test_the_command_line_checks_and_converts_the_bundled_games(case: Case) -> None:
    """(`show`, `replay` and `moves` on every game's examples: tests/core/test_every_game.py.)"""
    bundled = [str(path) for path in _bundled(case)]
    assert meeple(["check", *bundled]).code == 0
    illegal = meeple(["check", str(EXAMPLES / case.name / "illegal.qgn")])
    assert illegal.code == 1 and "error: illegal move" in illegal.out
    for path in bundled:
        text = Path(path).read_text(encoding="utf-8")
        converted = meeple(["convert", path, "--to", "qgn"])
        assert converted.code == 0, converted.err
        back = meeple(["convert", "-", "--to", case.name], stdin=converted.out)
        assert back.code == 0 and meeple(["fmt", "-"], stdin=text).out == back.out


@EVERY_GAME
def test_selfplay_writes_games_that_check_accepts(case: Case, tmp_path: Path) -> None:
    args = ["selfplay", case.name, *case.selfplay, "--bots", case.bots, "-o", str(tmp_path)]
    run = meeple(args)
    assert run.code == 0, run.err
    written = sorted(tmp_path.iterdir())
    assert len(written) == int(case.selfplay[1]) and all(p.suffix == ".qgn" for p in written)
    assert all(case.written in p.read_text(encoding="utf-8") for p in written)
    assert meeple(["check", str(tmp_path)]).code == 0
