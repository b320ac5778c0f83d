"""Engines: programs outside meeple that play a game by speaking QGN.

An engine is a command, named to meeple as `cmd:` and the command line (`cmd:./my-engine`,
`cmd:python3 engine.py --depth 3`: split as a shell splits words, run without a shell).
For each of its moves meeple starts the command, writes the game's record so far in QGN
on its standard input and reads, on its standard output, the same record with the
engine's next action appended (docs/play.md has the protocol and an example). Its
standard error is its own: meeple shows its last line only when the engine fails.

meeple is the arbiter. The answer is read as QGN and must hold the actions sent,
unchanged, and exactly one action more, which must be a legal move of the player to
move; otherwise, or when the engine cannot be started, exits with a status other than
0, is killed by a signal or gives no answer within `timeout` seconds (the only place
seconds appear: bots' budgets are iterations or positions), the engine loses the game:
`choose` raises EngineFailed naming the engine and what it did, and whoever runs the
game (selfplay, `meeple play`) ends that game and goes on with the next. The sent
record's tags are meeple's: only the new action is taken from the answer.

A game with a hidden draw (Flows) tells the engine what was drawn in a `draw` tag
(`[draw "T2"]`), which is not part of the game's record. A QGN action that holds several
engine moves (an Atlantis turn) is asked for once, at the turn's start, and its moves are
played one by one. A player with a single legal move plays it without asking.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from meeple import records, registry
from meeple.engine import AnyState, Drawing, Recording
from meeple.errors import MeepleError
from meeple.game import Game, Notation
from meeple.quibbble import action_text

PREFIX = "cmd:"
"""How a bot name says it is an engine: `cmd:` and the command to run."""

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine may take over one move before it loses the game."""

DRAW_TAG = "draw"
"""The tag that tells an engine the hidden draw it must play (a Flows tile type)."""

_SHOWN = 200
"""Characters of an engine's answer or error output quoted in a message, at most."""


class EngineFailed(Exception):
    """An engine broke the protocol, so it loses the game: `engine` (its bot name) and
    `reason`, what it did (`exited with status 1`)."""

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"{engine} {reason}")
        self.engine = engine
        self.reason = reason


class Forfeited(Exception):
    """A game ended by an engine's failure: the `state` it was asked to move in, its
    `seat` (1-based) and the `failure`."""

    def __init__(self, state: AnyState, seat: int, failure: EngineFailed) -> None:
        super().__init__(f"seat {seat}: {failure}")
        self.state = state
        self.seat = seat
        self.failure = failure


def is_engine(name: str) -> bool:
    """Whether the bot name `name` names an engine (`cmd:...`)."""
    return name.startswith(PREFIX)


def command_line(name: str) -> list[str]:
    """The words of an engine's command; ValueError for one that cannot run: empty,
    unbalanced quotes, or a program that is not there (a usage mistake, caught before
    any game starts)."""
    try:
        words = shlex.split(name[len(PREFIX) :])
    except ValueError as problem:
        raise ValueError(f"{name!r} is no command line: {problem}") from None
    if not words:
        raise ValueError(f"{name!r} names no command: write cmd:PROGRAM [ARGUMENTS]")
    if shutil.which(words[0]) is None:
        raise ValueError(f"{name!r}: no program {words[0]!r} to run (not found, or not executable)")
    return words


def qgn_form(state: AnyState) -> Notation | None:
    """The format of the game of `state`, if it writes its record and has a QGN form:
    the state's own game's QGN-keyed notation (no search over every game's notations)."""
    game = getattr(state, "game", None)
    if not isinstance(state, Recording) or not isinstance(game, Game):
        return None
    return next((n for n in game.notations if n.qgn_keyed and n.can("to_qgn")), None)


def refusal(name: str, state: AnyState) -> str | None:
    """Why the engine `name` cannot play the game of `state` (None: it can)."""
    try:
        command_line(name)
    except ValueError as problem:
        return str(problem)
    if qgn_form(state) is None:
        return f"{name!r} cannot play this game: an engine plays only games with a QGN form"
    return None


@dataclass
class EngineBot:
    """A bot whose moves come from an engine speaking QGN (module docstring).

    `name` is the bot name, `cmd:` and the command line; `timeout` the seconds each move
    may take. `seed` is accepted as every bot's is, and unused: an engine is its own.
    """

    name: str
    seed: int | None = None
    timeout: float = DEFAULT_TIMEOUT
    _queued: list[Any] = field(init=False, default_factory=list, repr=False)
    _queued_at: tuple[Any, ...] = field(init=False, default=(), repr=False)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        if self._queued and state.history == self._queued_at and self._queued[0] in moves:
            move = self._queued.pop(0)
            self._queued_at = (*state.history, move)
            return move
        self._queued = []
        if len(moves) == 1:
            return moves[0]
        sent = self._snapshot(state, moves)
        answer = self._answer(self._run(self._qgn().dump(sent)), sent)
        played = self._played(state, sent, answer)
        if played[0] not in moves:
            raise self._failed(
                f"played {state.move_to_text(played[0])!r}, which the draw does not allow"
                f" ({sent.tags.get(DRAW_TAG, 'no draw')} was drawn)"
            )
        self._queued, self._queued_at = list(played[1:]), (*state.history, played[0])
        return played[0]

    def _failed(self, reason: str) -> EngineFailed:
        return EngineFailed(self.name, reason)

    def _qgn(self) -> Notation:
        return registry.get("qgn")

    def _snapshot(self, state: AnyState, moves: Sequence[Any]) -> Any:
        """The record so far as a QGN snapshot, with the draw dealt (if any) as a tag."""
        if not isinstance(state, Recording):
            raise ValueError("an engine plays only games that write their records")
        model = state.record()
        fmt = qgn_form(state)
        if fmt is None:
            raise ValueError("an engine plays only games with a QGN form")
        snapshot = fmt.to_qgn(model)
        if isinstance(state, Drawing):
            wanted = set(moves)
            for draw, _ in state.draws():
                if set(state.legal_moves_after(draw)) == wanted:
                    return replace(snapshot, tags={**snapshot.tags, DRAW_TAG: draw})
        return snapshot

    def _run(self, record: str) -> str:
        """The engine's answer to `record`; EngineFailed if it does not answer in time or
        does not exit with status 0."""
        try:
            process = subprocess.Popen(
                command_line(self.name),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                start_new_session=os.name == "posix",  # so a time-out stops its children too
            )
        except (OSError, ValueError) as problem:
            raise self._failed(f"could not be started: {problem}") from None
        try:
            out, err = process.communicate(record, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            _stop(process)
            raise self._failed(
                f"gave no answer within {self.timeout:g} s (the time-out) and was stopped"
            ) from None
        except BaseException:  # Ctrl-C while it thinks: the engine goes too
            _stop(process)
            raise
        code = process.returncode
        if code != 0:
            said = _last_line(err)
            told = f": {said}" if said else ""
            if code < 0:
                raise self._failed(f"was killed by {_signal_name(-code)}{told}")
            raise self._failed(f"exited with status {code}{told}")
        return out

    def _answer(self, text: str, sent: Any) -> Any:
        """The engine's answer read as the sent game with one more action; EngineFailed
        for anything else."""
        from meeple.qgn.model import Snapshot

        if not text.strip():
            raise self._failed("answered nothing (it must print the record with its action)")
        try:
            answer = self._qgn().parse(text, self.name)
        except MeepleError as problem:
            at = problem.location
            raise self._failed(
                f"answered no QGN record (line {at.line}, column {at.column}: {problem.message})"
            ) from None
        if not isinstance(answer, Snapshot):
            raise self._failed(f"answered {len(answer)} games, not the one sent")
        if answer.key.strip().casefold() != sent.key.strip().casefold():
            raise self._failed(f"answered a record of {answer.key!r}, not of {sent.key!r}")
        before, after = list(sent.actions), list(answer.actions)
        for index, (was, now) in enumerate(zip(before, after, strict=False)):
            if was[:3] != now[:3]:
                raise self._failed(
                    f"changed action {index + 1} of the record from {action_text(was)!r}"
                    f" to {action_text(now)!r}"
                )
        if len(after) != len(before) + 1:
            added = len(after) - len(before)
            found = "no action" if added == 0 else f"{added} actions"
            if added < 0:
                found = f"{-added} actions fewer"
            raise self._failed(f"answered with {found} where one new action was wanted")
        return after[-1]

    def _played(self, state: AnyState, sent: Any, action: Any) -> list[Any]:
        """The moves the engine's action makes, played by the rules from the record sent;
        EngineFailed for an action the game does not accept there."""
        from meeple.qgn.model import Action, Snapshot

        tags = {key: value for key, value in sent.tags.items() if key != DRAW_TAG}
        new = Action(action.team, action.action, tuple(action.details))
        played = Snapshot(tags, (*sent.actions, new))
        text = self._qgn().dump(played)
        written = action_text(new)
        try:
            final = deque(records.states(records.of(self._qgn().read(text, self.name))), 1)
        except MeepleError as problem:
            refused = f"played {written!r}, which the rules refuse: {problem.message}"
            raise self._failed(refused) from None
        history = final[0].history if final else ()
        done = len(state.history)
        if tuple(history[:done]) != tuple(state.history) or len(history) == done:
            raise self._failed(f"played {written!r}, which makes no move of the game here")
        return list(history[done:])


def _stop(process: subprocess.Popen[str]) -> None:
    """Kill a process that ran out of time (its whole session on POSIX) and reap it."""
    try:
        if os.name == "posix":
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except OSError:
        pass
    process.communicate()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:_SHOWN] if lines else ""
