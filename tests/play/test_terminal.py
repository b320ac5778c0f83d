"""`meeple play` driven through a pseudo-terminal, as a person types at it."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest

from tests.cli_helpers import meeple

TIMEOUT = 60


def _spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "meeple", "play", *args],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(60, 160),
    )


def test_a_person_plays_flows_against_a_bot_lists_moves_undoes_and_saves(tmp_path: Path) -> None:
    game = _spawn("flows", "--bot", "random", "--seed", "4")
    game.expect(r"P1 \(drew (T\d)\)> ")
    drawn = game.match.group(1)
    game.sendline("moves")
    game.expect(r"(\d+) legal moves")
    game.expect(rf"{drawn} \(\d+\): (\S+)")
    first = game.match.group(1)
    game.expect(r"P1 \(drew T\d\)> ")
    game.sendline("P1A1T9N")
    game.expect("error: ")
    game.expect(r"\^")
    game.sendline(first)
    game.expect(r"P2 \(random\) plays \S+")
    game.expect(r"P1 \(drew T\d\)> ")
    game.sendline("undo")
    game.expect(r"P1 \(drew T\d\)> ")
    game.sendline(first)
    game.expect(r"P1 \(drew T\d\)> ")
    saved = tmp_path / "game.flows"
    game.sendline(f"save {saved}")
    game.expect("saved")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert meeple(["check", str(saved)]).code == 0
    assert saved.read_text().count(first) == 1


@pytest.mark.parametrize("game_name", ["raft", "atlantis"])
def test_the_other_games_start_and_answer_moves(game_name: str) -> None:
    game = _spawn(game_name, "--bot", "random", "--seed", "1")
    game.expect("> ")
    game.sendline("moves")
    game.expect(r"\d+ legal moves")
    game.sendline("nonsense!")
    game.expect("error: ")
    game.sendline("quit")
    game.expect("result: ")
    game.expect(pexpect.EOF)


def test_hotseat_has_no_bot() -> None:
    game = _spawn("flows", "--bot", "none", "--seed", "2")
    game.expect(r"P1 \(drew T\d\)> ")
    game.sendline("moves")
    game.expect(r"T\d \(\d+\): (\S+)")
    move = game.match.group(1)
    game.expect("> ")
    game.sendline(move)
    game.expect(r"P2 \(drew T\d\)> ")
    game.sendline("quit")
    game.expect(pexpect.EOF)
