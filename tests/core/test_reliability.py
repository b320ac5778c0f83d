"""Nothing lost, nothing hangs: what a newcomer's tour and a fuzz run found in the CLI.

Each test reproduces one finding of that tour (data loss, a traceback on an output
path, a wrong exit status, a folder walk that read the wrong files) and pins the fix.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

import meeple
from meeple.cli import files
from tests.cli_helpers import meeple as run_meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FLOWS = EXAMPLES / "flows" / "numbered.flows"
BAG = EXAMPLES / "botc" / "bag.botc"
THIRD_SEAT = "Game: 2-player\nP1E5T1NE\nP2E5T3NE\nP3C1T1NW\n"


def _clean(run: object) -> None:
    assert "Traceback" not in getattr(run, "out", "") + getattr(run, "err", "")


# -- data loss ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "example", ["qgn/unknown-game.qgn", "flows/numbered.flows", "raft/one-step.raft"]
)
def test_fmt_of_stdin_always_writes_the_record_even_when_it_is_canonical(example: str) -> None:
    text = (EXAMPLES / example).read_text()
    canonical = run_meeple(["fmt", "-"], stdin=text).out
    again = run_meeple(["fmt", "-"], stdin=canonical)
    assert again.code == 0
    assert again.out == canonical != ""


def test_convert_refuses_an_invalid_record_with_checks_own_finding(tmp_path: Path) -> None:
    game = tmp_path / "third.flows"
    game.write_text(THIRD_SEAT)
    checked = run_meeple(["check", str(game)])
    converted = run_meeple(["convert", str(game), "--to", "qgn"])
    assert checked.code == converted.code == 1
    assert converted.out == ""
    first = converted.err.splitlines()[0]
    assert first.startswith(f"{game}:4:1: error: there is no P3")
    assert first in checked.out.splitlines()


def test_convert_force_writes_what_it_can_and_says_so(tmp_path: Path) -> None:
    game = tmp_path / "third.flows"
    game.write_text(THIRD_SEAT)
    forced = run_meeple(["convert", str(game), "--to", "qgn", "--force"])
    assert forced.code == 0
    assert '[key "flows"]' in forced.out
    assert "converted anyway (--force)" in forced.err
    with pytest.raises(meeple.RuleError, match="no P3"):
        meeple.convert(str(game), "qgn")
    assert meeple.convert(str(game), "qgn", force=True) == forced.out


def test_a_write_interrupted_leaves_the_original_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.qgn"
    game.write_text("original\n")

    def interrupted(*_: object) -> None:
        raise files.Interrupted

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(files.Interrupted):
        files.write(str(game), "new text\n")
    assert [p.name for p in tmp_path.iterdir()] == ["game.qgn"]
    assert game.read_text() == "original\n"


def test_a_temporary_file_of_a_killed_run_is_removed_by_the_next_write(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    game = tmp_path / "messy.qgn"
    shutil.copy(EXAMPLES / "qgn" / "messy.qgn", game)
    stale = tmp_path / f".messy.qgn.meeple-{dead.pid}-x.tmp"
    stale.write_text("half a reco")
    living = tmp_path / ".messy.qgn.meeple-1-x.tmp"  # a run still writing (pid 1 lives)
    living.write_text("half")
    assert run_meeple(["fmt", str(game)]).code == 0
    assert not stale.exists() and living.exists()


# -- output paths are checked before the work -------------------------------------------


def test_export_onto_an_existing_file_is_a_usage_mistake(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("keep me")
    run = run_meeple(["export", str(EXAMPLES / "flows"), "-o", str(taken)])
    assert run.code == 2 and "it is a file, not a folder" in run.err
    assert taken.read_text() == "keep me"
    _clean(run)


def test_export_into_proc_is_a_usage_mistake() -> None:
    run = run_meeple(["export", str(EXAMPLES / "flows"), "-o", "/proc/meeple-export"])
    assert run.code == 2 and "cannot write" in run.err
    _clean(run)


def test_converting_many_onto_an_existing_file_is_a_usage_mistake(tmp_path: Path) -> None:
    taken = tmp_path / "taken.qgn"
    taken.write_text("keep me")
    run = run_meeple(["convert", str(EXAMPLES / "flows"), "--to", "qgn", "-o", str(taken)])
    assert run.code == 2 and "not a folder" in run.err
    assert taken.read_text() == "keep me"
    _clean(run)


def test_solve_checks_its_output_path_before_searching(tmp_path: Path) -> None:
    started = time.monotonic()
    out = tmp_path / "missing" / "won.raft"
    run = run_meeple(["solve", "First steps", "--budget", "600", "-o", str(out)])
    assert run.code == 2 and "there is no directory" in run.err
    assert time.monotonic() - started < 60  # no ten-minute search before the refusal


# -- exit statuses and messages -----------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["show", "--svg"], ["convert", "--to", "qgn"], ["html", "-o", "-"], ["moves"]],
)
def test_what_a_valid_bag_cannot_do_is_a_usage_mistake_everywhere(command: list[str]) -> None:
    """(`replay` of a bag is its one state, exit 0: docs/json.md, tests/core/test_cli.py.)"""
    run = run_meeple([*command, str(BAG)])
    assert run.code == 2, run.err
    assert "<string>" not in run.err
    _clean(run)


def test_a_bag_refused_by_a_command_names_its_file() -> None:
    run = run_meeple(["show", "--svg", str(BAG)])
    assert run.err.startswith(f"{BAG}: error: a bag has no seats to draw")


def test_html_of_stdin_names_stdin_not_a_string() -> None:
    run = run_meeple(["html", "-", "-o", "-"], stdin="[Alice:baron *Bob:imp]\n")
    assert run.code == 1
    assert "<stdin>:1:" in run.err and "<string>" not in run.err


def test_play_with_too_few_players_names_no_string() -> None:
    run = run_meeple(["play", "flows", "--players", "1"], stdin="")
    assert run.code == 2
    assert "2 to 6 players" in run.err and "<string>" not in run.err


def test_play_of_an_unknown_game_lists_only_the_playable_ones() -> None:
    run = run_meeple(["play", "chess"])
    assert run.code == 2
    assert "games that can: raft, flows, atlantis" in run.err
    assert "qgn" not in run.err and "botc" not in run.err


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["play"], "--seat"),
        (["selfplay"], "--games"),
        (["selfplay"], "--seed"),
        (["botc", "bags"], "--count"),
    ],
)
def test_every_option_has_help_text(command: list[str], option: str) -> None:
    shown = run_meeple([*command, "--help"]).out
    line = next(line for line in shown.splitlines() if line.strip().startswith(option))
    assert len(line.split(maxsplit=2)) == 3, line


def test_botc_setup_offers_only_the_options_a_grimoire_takes() -> None:
    shown = run_meeple(["botc", "setup", "--help"]).out
    assert "--drop-comments" not in shown and "--layout" in shown


def test_ctrl_c_stops_a_batch_at_once_with_its_summary(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    # Far more than the two workers can check before the signal (3,000 once were; checks
    # got faster): hard links, so the folder costs no copying.
    first = corpus / "00000.flows"
    shutil.copy(FLOWS, first)
    for number in range(1, 30_000):
        os.link(first, corpus / f"{number:05d}.flows")
    process = subprocess.Popen(
        [sys.executable, "-m", "meeple", "check", "-j", "2", str(corpus)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)  # a hang guard, not a speed test
    assert process.returncode == 130, err.decode()
    assert b"interrupted: " in err and b" checked: " in err
    assert b"30000 checked" not in err
    assert b"Traceback" not in out + err


# -- folders as users have them -----------------------------------------------------------


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "games").mkdir(parents=True)
    (root / ".git" / "objects").mkdir(parents=True)
    (root / ".hidden").mkdir()
    shutil.copy(FLOWS, root / "games" / "a.flows")
    shutil.copy(EXAMPLES / "atlantis" / "game.json", root / "games" / "atlantis.json")
    (root / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n')
    (root / "data.json").write_text("[1, 2, 3]\n")
    shutil.copy(FLOWS, root / ".hidden" / "b.flows")
    shutil.copy(FLOWS, root / ".git" / "objects" / "c.flows")
    return root


def test_a_folder_walk_skips_json_that_is_no_record_and_counts_it(tmp_path: Path) -> None:
    root = _project(tmp_path)
    run = run_meeple(["check", "--json", str(root)])
    assert run.code == 0, run.out
    summary = json.loads(run.out.splitlines()[-1])["summary"]
    assert summary["checked"] == 2 and summary["skipped"] == 2
    plain = run_meeple(["check", str(root)])
    assert "2 checked: 2 valid, 0 invalid, 0 findings; 2 skipped" in plain.err


def test_a_folder_walk_skips_hidden_folders_unless_asked(tmp_path: Path) -> None:
    root = _project(tmp_path)
    shown = run_meeple(["check", "--json", "--hidden", str(root)])
    summary = json.loads(shown.out.splitlines()[-1])["summary"]
    assert summary["checked"] == 3  # .hidden/b.flows; .git is never walked


def test_a_json_file_named_explicitly_is_still_checked(tmp_path: Path) -> None:
    root = _project(tmp_path)
    run = run_meeple(["check", str(root / "package.json")])
    assert run.code == 1


def test_meeples_own_source_tree_checks_clean_as_a_folder() -> None:
    source = Path(meeple.__file__).parent
    run = run_meeple(["check", "--json", str(source)])
    *found, last = [json.loads(line) for line in run.out.splitlines()]
    # The games' data files (characters.json...); the bundled botc scripts are records.
    assert last["summary"]["skipped"] >= 2
    assert not any(str(f["source"]).endswith(".json") for f in found)


def test_write_refuses_an_unwritable_file_before_touching_it(tmp_path: Path) -> None:
    with pytest.raises(click.UsageError, match="is a directory"):
        files.writable(str(tmp_path))
