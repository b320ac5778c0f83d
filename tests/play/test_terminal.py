"""`meeple play` driven through a pseudo-terminal, as a person types at it."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pexpect
import pytest

from tests.cli_helpers import meeple

TIMEOUT = 60


def _spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "meeple", "play", *args],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(60, 160),
        cwd=cwd,
    )


def _quit_unsaved(game: pexpect.spawn) -> None:
    """Leave a game whose last moves are not saved, declining to save them."""
    game.sendline("quit")
    game.expect("save the game before leaving")
    game.sendline("no")
    game.expect("left without saving")
    game.expect(pexpect.EOF)


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
    _quit_unsaved(game)


def test_a_newcomer_plays_flows_to_the_end_in_short_lowercase_moves(tmp_path: Path) -> None:
    """Short moves in any case, help, hint and undo, to the end; then save still works."""
    game = _spawn("flows", "--bot", "random", "--seed", "6")
    game.expect(r"P1 \(drew T\d\)> ")
    game.sendline("help")
    game.expect("for example: (P1\\S+)")
    game.expect("> ")
    game.sendline("undo")
    game.expect("nothing to undo")
    for _ in range(60):
        game.sendline("hint")
        index = game.expect([r"would play P1(\S+)", "game over> "])
        if index == 1:
            break
        short = game.match.group(1)
        game.expect("> ")
        spaced = f"{short[:2]} {short[2:4]} {short[4:]}".lower()  # "a2 t1 n"
        game.sendline(spaced)
        index = game.expect([r"P1 \(drew T\d\)> ", "game over> "])
        if index == 1:
            break
    else:
        pytest.fail("the game did not end in 60 moves")
    # The result was announced before the prompt, and the prompt still takes commands.
    saved = tmp_path / "done.flows"
    game.sendline(f"save {saved}")
    game.expect("saved")
    game.sendline("a1 t0 n")
    game.expect("the game is over")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert "result: " not in str(game.before)  # announced once, at the end of the game
    checked = meeple(["replay", str(saved)])
    assert checked.code == 0 and checked.out.splitlines()[-1] == "result: P1 wins"


@pytest.mark.parametrize(
    ("game_name", "short"), [("atlantis", r"(\w\d)-(\w\d)"), ("raft", r"(\S+)")]
)
def test_a_newcomer_uses_help_hint_short_moves_undo_and_save(
    game_name: str, short: str, tmp_path: Path
) -> None:
    game = _spawn(game_name, "--bot", "random", "--seed", "2")
    game.expect("> ")
    game.sendline("help")
    game.expect(r"for example: \S+")
    game.expect("> ")
    game.sendline("hint")
    game.expect("would play " + short)
    typed = (
        " ".join(game.match.groups()).lower() if game_name == "atlantis" else game.match.group(1)
    )
    game.expect("> ")
    game.sendline(typed)
    game.expect("> ")
    assert "error" not in str(game.before)
    game.sendline("undo")
    game.expect("> ")
    game.sendline(typed)
    game.expect("> ")
    saved = tmp_path / f"game.{game_name}"
    game.sendline(f"save {saved}")
    game.expect("saved")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert meeple(["check", str(saved)]).code == 0


def test_a_bots_flows_move_is_told_on_the_persons_own_board_too() -> None:
    game = _spawn("flows", "--bot", "random", "--seed", "3", "--seat", "2")
    game.expect(r"P1 \(random\) plays P1([A-G]\d)T\d\w+ \(([A-G]\d) on your board\)")
    own, yours = game.match.group(1), game.match.group(2)
    # P2's frame is P1's turned top to bottom: the row letter mirrors, the column stays.
    assert yours == "ABCDEFG"[6 - "ABCDEFG".index(own[0])] + own[1]
    _quit_unsaved(game)


def test_the_flows_board_is_labelled_as_the_person_writes_hexes_whoever_moves() -> None:
    game = _spawn("flows", "--bot", "random", "--seed", "3", "--seat", "2")
    # P1, the bot, moves first; the boards before and after its move are both in P2's
    # labels, and draw its tile, thin or thick, between the walls.
    game.expect(r"hexes as P(\d) writes them")
    assert game.match.group(1) == "2"
    game.expect(r"P1 \(random\) plays P1[A-G]\dT\d\w+ \(([A-G]\d) on your board\)")
    where = game.match.group(1)
    game.expect(rf"\[{where}\]")  # the last tile placed, on the board, drawn below
    game.expect(rf"hexes as P2 writes them; \[{where}\] the last tile placed")
    assert any(char in str(game.before) for char in "╭╮╰╯┏┓┗┛")
    game.expect(r"P2 \(drew T\d\)> ")
    _quit_unsaved(game)


@pytest.mark.parametrize("game_name", ["atlantis", "raft"])
def test_a_newcomer_plays_to_the_end_in_short_lowercase_moves(
    game_name: str, tmp_path: Path
) -> None:
    """Each move taken from `hint` and typed as a person would (`b2 c3` for Atlantis's
    `b2-c3`; a raft action as written, since its case tells a deck's cards apart), until
    the game ends; then `save` still works."""
    game = _spawn(game_name, "--bot", "random", "--seed", "2")
    game.expect("> ")
    for _ in range(400):
        game.sendline("hint")
        if game.expect([r"would play (\S+)", "game over> "]) == 1:
            break
        hinted = game.match.group(1)
        typed = hinted.replace("-", " ").lower() if game_name == "atlantis" else hinted
        game.expect("> ")
        game.sendline(typed)
        if game.expect(["game over> ", r"\w> "]) == 0:
            break
        assert "error" not in str(game.before), game.before
    else:
        pytest.fail("the game did not end in 400 moves")
    saved = tmp_path / f"done.{game_name}"
    game.sendline(f"save {saved}")
    game.expect("saved")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    replayed = meeple(["replay", str(saved)])
    assert replayed.code == 0
    assert "playing" not in replayed.out.splitlines()[-1]  # the record ends the game


SAVE_QUESTION = r'save the game before leaving\? file \[(\S+)\], or "no": '


def _tictactoe_after_one_move(cwd: Path) -> pexpect.spawn:
    """A tic-tac-toe game against a bot, after the person's first mark and its answer."""
    game = _spawn("tictactoe", "--bot", "random", "--seed", "1", cwd=cwd)
    game.expect("red> ")
    game.sendline("1.1")
    game.expect(r"blue \(random\) plays")
    game.expect("red> ")
    return game


def test_quit_offers_to_save_under_a_suggested_name(tmp_path: Path) -> None:
    (tmp_path / "tictactoe-game.qgn").write_text("taken")  # the suggestion passes it by
    game = _tictactoe_after_one_move(tmp_path)
    game.sendline("quit")
    game.expect(SAVE_QUESTION)
    assert game.match.group(1) == "tictactoe-game-2.qgn"
    game.sendline("")
    game.expect("saved tictactoe-game-2.qgn")
    game.expect(pexpect.EOF)
    saved = tmp_path / "tictactoe-game-2.qgn"
    assert meeple(["check", str(saved)]).code == 0
    assert "0m&1.1" in saved.read_text(encoding="utf-8")
    assert (tmp_path / "tictactoe-game.qgn").read_text() == "taken"


def test_the_file_named_at_the_question_is_written(tmp_path: Path) -> None:
    game = _tictactoe_after_one_move(tmp_path)
    game.sendeof()  # Ctrl-D leaves the game, as quit does
    game.expect(SAVE_QUESTION)
    game.sendline("mine.qgn")
    game.expect("saved mine.qgn")
    game.expect(pexpect.EOF)
    assert meeple(["check", str(tmp_path / "mine.qgn")]).code == 0


def _press(game: pexpect.spawn, typed: str) -> None:
    """Type a line, or press Ctrl-C or Ctrl-D."""
    if typed == "ctrl-c":
        game.sendintr()
    elif typed == "ctrl-d":
        game.sendeof()
    else:
        game.sendline(typed)


@pytest.mark.parametrize(
    ("leave", "refuse"),
    [("quit", "no"), ("ctrl-d", "ctrl-c"), ("ctrl-c", "ctrl-d"), ("ctrl-c", "ctrl-c")],
)
def test_leaving_without_saving_shows_no_traceback(leave: str, refuse: str, tmp_path: Path) -> None:
    """Ctrl-C or Ctrl-D at the question leaves without saving, as `no` does."""
    game = _tictactoe_after_one_move(tmp_path)
    _press(game, leave)
    game.expect(SAVE_QUESTION)
    _press(game, refuse)
    game.expect("left without saving")
    game.expect(pexpect.EOF)
    game.close()
    assert "Traceback" not in str(game.before)
    assert game.exitstatus == 0
    assert list(tmp_path.iterdir()) == []


def test_nothing_to_save_asks_nothing(tmp_path: Path) -> None:
    """No move yet, or none since the last save: leaving asks no question."""
    game = _spawn("tictactoe", "--bot", "random", "--seed", "1", cwd=tmp_path)
    game.expect("red> ")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert "save the game" not in str(game.before)
    game = _tictactoe_after_one_move(tmp_path)
    game.sendline("save kept.qgn")
    game.expect("saved kept.qgn")
    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert "save the game" not in str(game.before)


def test_a_line_that_is_no_move_is_told_what_moves_look_like() -> None:
    """Not the QGN reader's words about an action's details: the game's help and legal
    moves as a person may type them, one of which is then accepted."""
    game = _spawn("tictactoe", "--bot", "random", "--seed", "1")
    game.expect("red> ")
    game.sendline("xyz")
    game.expect("error: 'xyz' is not a move")
    game.expect(r"a mark is .* rows and columns 0 to 2")
    game.expect(r"for example: (\d\.\d), \d\.\d, \d\.\d \(type moves")
    example = game.match.group(1)
    game.expect("red> ")
    assert "details" not in str(game.before) and "'m'" not in str(game.before)
    game.sendline(example)
    game.expect(r"blue \(random\) plays")
    assert "error" not in str(game.before)
    _quit_unsaved(game)


def test_a_game_in_its_own_notation_keeps_its_reason_and_adds_examples() -> None:
    game = _spawn("flows", "--bot", "random", "--seed", "4")
    game.expect(r"P1 \(drew (T\d)\)> ")
    drawn = game.match.group(1)
    game.sendline("P1A1T9N")
    game.expect("error: no tile type T9")
    game.expect(rf"for example: P1\w+{drawn}\w+, ")
    game.sendline("quit")
    game.expect(pexpect.EOF)


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["flows", "--seat", "3"], "no seat 3 in a 2-player flows game: its seats are 1 and 2"),
        (["flows", "--players", "4", "--seat", "5"], "its seats are 1 to 4"),
        (["raft", "--seat", "2"], "raft is a solo game, its one seat is 1"),
    ],
)
def test_a_seat_the_game_has_not_is_a_usage_mistake(args: list[str], told: str) -> None:
    run = meeple(["play", *args, "--seed", "1"], stdin="")
    assert run.code == 2 and told in run.err
    assert run.out == ""  # refused before the game starts: no bot plays a move


def test_a_finished_flows_game_tells_its_result_once() -> None:
    """The Flows board already says the result: the end of the game does not repeat it."""
    from meeple.bots import make
    from meeple.terminal import run

    written: list[str] = []
    final = run("flows", io.StringIO(""), written.append, 2, make("random", seed=1), (), 5)
    assert final.is_over
    told = "\n".join(written)
    assert told.count(f"result: {final.result_text}") == 1
