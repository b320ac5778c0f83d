"""The puzzle formats through the `meeple` command: convert both ways, fmt, check."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_helpers import meeple

PUZZLE = Path(__file__).parent.parent / "puzzles" / "puzzle-10.puzzle"


def test_convert_to_json_and_back(tmp_path: Path) -> None:
    run = meeple(["convert", str(PUZZLE), "--to", "botc-puzzle-json"])
    assert run.code == 0
    assert json.loads(run.out)["players"][0] == "Tom"
    written = tmp_path / "p.json"
    written.write_text(run.out)
    back = meeple(["convert", str(written), "--to", "botc-puzzle"])
    assert back.code == 0
    text = PUZZLE.read_text("utf-8")
    assert back.out == "".join(line for line in text.splitlines(True) if line[0] != "#")


def test_fmt_keeps_a_transcriptions_heading(tmp_path: Path) -> None:
    copy = tmp_path / "p.puzzle"
    copy.write_text(PUZZLE.read_text("utf-8"))
    assert meeple(["fmt", "--check", str(copy)]).code == 0


def test_check_a_transcription_and_its_json(tmp_path: Path) -> None:
    written = tmp_path / "p.json"
    written.write_text(meeple(["convert", str(PUZZLE), "--to", "botc-puzzle-json"]).out)
    run = meeple(["check", str(PUZZLE), str(written)])
    assert run.code == 0


def test_fmt_writes_the_canonical_form(tmp_path: Path) -> None:
    messy = tmp_path / "p.puzzle"
    messy.write_text("seats: Anna, Bob\nscript: imp, chef\n\nBob claims chef on night 1\n 0\n")
    run = meeple(["fmt", str(messy)])
    assert run.code == 0
    assert (
        messy.read_text() == "seats: Anna, Bob\nscript: imp, chef\nBob claims chef\n  night 1: 0\n"
    )


def test_check_reports_a_bad_line_with_a_caret(tmp_path: Path) -> None:
    bad = tmp_path / "bad.puzzle"
    bad.write_text("seats: Anna, Bob\nscript: imp, chef\nBob claims chef\n  lots\n")
    run = meeple(["check", str(bad)])
    assert run.code == 1
    assert run.out.splitlines()[0].startswith(f"{bad}:4:3: error: expected what a chef learns")
    assert run.out.splitlines()[2] == "      ^"
