"""meeple as the arbiter of engines that speak QGN: small engines written under
tests/play/engines/ (run with this Python) play legally, illegally, garbage, crash or
hang, through the library and the command line."""

from __future__ import annotations

import random
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import engine, registry
from meeple.bots import RandomBot, legal_choices, make
from meeple.bots.engines import (
    DEFAULT_TIMEOUT,
    DRAW_TAG,
    EngineBot,
    EngineFailed,
    Forfeited,
    qgn_form,
)
from meeple.bots.selfplay import play, play_one
from tests.cli_helpers import meeple

ENGINES = Path(__file__).parent / "engines"


PLAYABLE = [f.name for f in registry.formats() if f.qgn_keyed and f.game.can("initial")]
"""The games a new game of which can be set up (as `meeple play` lists them)."""


def cmd(engine_name: str) -> str:
    """The bot name of a test engine: `cmd:` and this Python running its script."""
    return "cmd:" + shlex.join([sys.executable, str(ENGINES / f"{engine_name}.py")])


def tictactoe_after(*texts: str) -> engine.AnyState:
    fmt = registry.get("tictactoe")
    assert fmt.game.can("initial")
    state: engine.AnyState = fmt.game.initial(seed=1)
    for text in texts:
        state = state.play(state.move_from_text(text))
    return state


# Each broken engine, what it is asked (tic-tac-toe after one mark) and how it loses.
BROKEN = {
    "illegal": "played '1m&1.1', which the rules refuse: illegal move 1m&1.1: (1,1) is"
    " already marked by red",
    "garbage": "answered no QGN record (line 1, column 1: ",
    "crash": "exited with status 1: RuntimeError: out of ideas",
    "hang": "gave no answer within 1 s (the time-out) and was stopped",
}


def test_an_engine_that_plays_legally_plays_its_move() -> None:
    state = tictactoe_after("0m&1.1")
    bot = EngineBot(cmd("first_legal"))
    move = bot.choose(state, state.legal_moves())
    assert move == state.legal_moves()[0]
    assert bot.name == cmd("first_legal")


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_engine_fails_saying_what_it_did(broken: str) -> None:
    state = tictactoe_after("0m&1.1")
    bot = make(cmd(broken), seed=1, timeout=1.0)
    began = time.monotonic()
    with pytest.raises(EngineFailed) as failed:
        bot.choose(state, state.legal_moves())
    assert failed.value.engine == cmd(broken)
    assert failed.value.reason.startswith(BROKEN[broken])
    assert str(failed.value) == f"{cmd(broken)} {failed.value.reason}"
    assert time.monotonic() - began < 20  # a hanging engine (and its child) is stopped


def test_an_answer_that_changes_the_record_or_adds_no_action_fails() -> None:
    state = tictactoe_after("0m&1.1")
    sent = EngineBot("cmd:x")._snapshot(state, state.legal_moves())
    text = registry.get("qgn").dump(sent)
    bot = EngineBot("cmd:x")
    with pytest.raises(EngineFailed, match="no action where one new action was wanted"):
        bot._answer(text, sent)
    with pytest.raises(EngineFailed, match=r"changed action 1 of the record from '0m&1\.1' to"):
        bot._answer(text.replace("0m&1.1", "0m&0.0 1m&1.1"), sent)
    with pytest.raises(EngineFailed, match="2 actions where one new action was wanted"):
        bot._answer(text.rstrip() + " 1m&0.0 0m&0.1\n", sent)
    with pytest.raises(EngineFailed, match="a record of 'connect4', not of 'tictactoe'"):
        bot._answer(text.replace('"tictactoe"', '"connect4"') + " 1p&0\n", sent)
    with pytest.raises(EngineFailed, match="answered nothing"):
        bot._answer("\n", sent)
    assert bot._answer(text.rstrip() + " 1m&0.0\n", sent)[:3] == (1, "m", ("0", "0"))


def test_a_whole_game_against_an_engine_replays_by_the_rules() -> None:
    state = tictactoe_after()
    final = play(state, [RandomBot(2), EngineBot(cmd("first_legal"))], random.Random(1))
    assert final.is_over
    assert engine.play_all(state, final.history).status == final.status


def test_a_broken_engine_forfeits_the_game_at_its_seat() -> None:
    state = tictactoe_after()
    with pytest.raises(Forfeited) as lost:
        play(state, [RandomBot(2), EngineBot(cmd("crash"))], random.Random(1))
    assert lost.value.seat == 2
    assert len(lost.value.state.history) == 1  # asked after red's first mark
    assert "exited with status 1" in lost.value.failure.reason


def test_a_forfeited_game_counts_as_lost_by_the_engine_and_won_by_the_other_seat() -> None:
    played = play_one(0, "tictactoe", ("random", cmd("illegal")), 0, None, {})
    assert played.seats == ("random", cmd("illegal"))
    assert (played.status, played.winners, played.rewards) == ("won", (1,), (1.0, 0.0))
    assert played.forfeit.startswith(f"seat 2 ({cmd('illegal')}) played '1m&")
    assert played.record is not None and played.record.startswith('[key "tictactoe"]')


def test_flows_engines_are_told_the_drawn_tile() -> None:
    fmt = registry.get("flows")
    assert fmt.game.can("initial")
    state = fmt.game.initial(player_count=2, seed=1)
    drawing = state
    assert isinstance(drawing, engine.Drawing)
    moves = drawing.legal_moves_after("T2")
    bot = EngineBot("cmd:x")
    bot._snapshot(tictactoe_after("0m&1.1"), [])  # one bot, several games: each its own
    sent = bot._snapshot(state, moves)
    assert (sent.key, sent.tags[DRAW_TAG]) == ("flows", "T2")
    move = EngineBot(cmd("first_legal"), timeout=30).choose(state, moves)
    assert move == moves[0]


def test_a_flows_engine_that_places_another_tile_than_the_drawn_one_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fmt = registry.get("flows")
    assert fmt.game.can("initial")
    state = fmt.game.initial(player_count=2, seed=1)
    drawing = state
    assert isinstance(drawing, engine.Drawing)
    other = drawing.legal_moves_after("T0")[0]
    after = state.play(other)
    assert isinstance(after, engine.Recording) and fmt.can("to_qgn")
    answer = registry.get("qgn").dump(fmt.to_qgn(after.record()))
    monkeypatch.setattr(EngineBot, "_run", lambda self, record: answer)
    with pytest.raises(EngineFailed, match=r"the draw does not allow \(T2 was drawn\)"):
        EngineBot("cmd:x").choose(state, drawing.legal_moves_after("T2"))


@pytest.mark.parametrize(
    "game", [f.name for f in registry.formats() if f.qgn_keyed and f.game.can("initial")]
)
def test_every_playable_game_is_sent_in_its_qgn_form(game: str) -> None:
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=1)
    assert qgn_form(state) is fmt
    sent = EngineBot("cmd:x")._snapshot(state, state.legal_moves())
    assert registry.for_qgn_key(sent.key) is fmt


def test_an_engine_plays_a_whole_atlantis_turn_from_one_answer() -> None:
    fmt = registry.get("atlantis")
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=1)
    bot = EngineBot(cmd("first_legal"), timeout=30)
    player = state.to_move
    while state.to_move == player:
        state = state.play(bot.choose(state, state.legal_moves()))
    assert state.move_to_text(state.history[-1]) == "end"
    assert len(state.history) == 2  # the first stone move, then the turn's end


def test_selfplay_plays_engines_and_lists_the_games_they_lost(tmp_path: Path) -> None:
    bots = ",".join(["random", cmd("first_legal"), cmd("crash")])
    run = meeple(
        [
            "selfplay",
            "tictactoe",
            "--bots",
            bots,
            "--games",
            "3",
            "-j",
            "2",
            "-o",
            str(tmp_path / "games"),
        ]
    )
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert (
        lines[0] == f"tictactoe: 3 games, random vs {cmd('first_legal')} vs {cmd('crash')}, seed 0"
    )
    crashed = [line for line in lines if "lost by an engine" in line]
    assert len(crashed) == 2  # the crashing engine sat in two of the three games
    for line in crashed:
        assert f"({cmd('crash')}) exited with status 1: RuntimeError: out of ideas" in line
    row = next(line for line in lines if line.startswith(cmd("crash")))
    assert row[len(cmd("crash")) :].split()[:3] == ["2", "0", "0"]
    assert len(list((tmp_path / "games").iterdir())) == 3
    assert meeple(["check", str(tmp_path / "games")]).code == 0


@pytest.mark.parametrize("broken", ["illegal", "garbage", "hang"])
def test_selfplay_goes_on_past_a_broken_engine(broken: str) -> None:
    run = meeple(
        [
            "selfplay",
            "tictactoe",
            "--bots",
            f"random,{cmd(broken)}",
            "--games",
            "2",
            "-j",
            "1",
            "--engine-timeout",
            "1",
        ]
    )
    assert run.code == 0, run.err
    lost = [line for line in run.out.splitlines() if "lost by an engine" in line]
    assert [line.split(":")[0] for line in lost] == [
        "game 1 lost by an engine",
        "game 2 lost by an engine",
    ]
    said = {"illegal": "played", "garbage": "answered no QGN record", "hang": "gave no answer"}
    assert all(f"({cmd(broken)}) {said[broken]}" in line for line in lost)
    row = next(line for line in run.out.splitlines() if line.startswith("random "))
    assert row.split()[1:3] == ["2", "2"]  # random won both games


def test_engines_that_cannot_run_are_usage_mistakes() -> None:
    missing = meeple(["selfplay", "tictactoe", "--bots", "random,cmd:./no-such-engine"])
    assert missing.code == 2
    assert "no program './no-such-engine' to run" in missing.err
    empty = meeple(["play", "tictactoe", "--bot", "cmd:"])
    assert empty.code == 2 and "names no command" in empty.err
    quotes = meeple(["play", "connect4", "--bot", "cmd:'engine"])
    assert quotes.code == 2 and "is no command line" in quotes.err
    unknown = meeple(["selfplay", "tictactoe", "--bots", "random,deep-blue"])
    assert unknown.code == 2 and "unknown bot 'deep-blue'" in unknown.err


def test_meeple_play_ends_the_game_an_engine_breaks() -> None:
    run = meeple(
        ["play", "tictactoe", "--bot", cmd("garbage"), "--engine-timeout", "5"],
        stdin="1.1\nno\n",
    )
    assert run.code == 0, run.err
    assert f"result: blue ({cmd('garbage')}) loses: it answered no QGN record" in run.out
    assert "blue>" not in run.out and run.out.count("result:") == 1


def test_meeple_play_against_an_engine_to_the_end() -> None:
    run = meeple(["play", "connect4", "--bot", cmd("first_legal"), "--seat", "2"], stdin="")
    assert run.code == 0, run.err
    assert f"red ({cmd('first_legal')}) plays 0p&0" in run.out


def test_the_example_engine_in_the_docs_plays_whole_games() -> None:
    example = (ENGINES / "first_empty.py").read_text()
    docs = (Path(__file__).parents[2] / "docs" / "play.md").read_text()
    assert f"```python\n{example}```" in docs
    run = meeple(["selfplay", "tictactoe", "--bots", f"random,{cmd('first_empty')}", "-j", "1"])
    assert run.code == 0, run.err
    assert "lost by an engine" not in run.out
    assert run.out.startswith(f"tictactoe: 20 games, random vs {cmd('first_empty')}, seed 0\n")


@pytest.mark.parametrize("command", ["play", "selfplay"])
def test_the_time_out_s_default_is_the_one_the_help_names(command: str) -> None:
    shown = " ".join(meeple([command, "--help"]).out.split())
    assert f"before it loses (default: {DEFAULT_TIMEOUT:g})" in shown


@dataclass
class Scripted(EngineBot):
    """An engine run by no process: it answers `answer`, or the record sent with
    `appended` after it."""

    appended: str = ""
    answer: str | None = None

    def _run(self, record: str) -> str:
        return record.rstrip() + self.appended if self.answer is None else self.answer


GAMES = PLAYABLE
DETAIL = st.text(alphabet="0123456789-.abcdefghijklmnopqrstuvwxyzT", max_size=8)


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(
    game=st.sampled_from(GAMES),
    team=st.integers(min_value=0, max_value=12),
    letter=st.sampled_from(list("mpsiotdxA")),
    details=st.lists(DETAIL, max_size=6),
    tail=st.text(max_size=12),
    before=st.integers(min_value=0, max_value=3),
)
def test_any_appended_action_is_a_legal_move_or_a_failure_never_a_crash(
    game: str, team: int, letter: str, details: list[str], tail: str, before: int
) -> None:
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=1)
    rng = random.Random(1)
    for _ in range(before):
        _, moves = legal_choices(state, rng)
        state = state.play(rng.choice(moves))
        if state.is_over:
            return
    _, moves = legal_choices(state, rng)
    action = f"{team}{letter}" + ("&" + ".".join(details) if details else "")
    bot = Scripted("cmd:x", appended=f" {action}{tail}\n")
    try:
        move = bot.choose(state, moves)
    except EngineFailed:
        return
    assert move in moves


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(answer=st.text(max_size=60), game=st.sampled_from(["tictactoe", "flows", "atlantis"]))
def test_any_answer_at_all_is_a_failure_never_a_crash(answer: str, game: str) -> None:
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=1)
    _, moves = legal_choices(state, random.Random(1))
    with pytest.raises(EngineFailed):
        Scripted("cmd:x", answer=answer).choose(state, moves)
