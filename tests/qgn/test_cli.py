"""The `meeple` command end to end on QGN records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import meeple

GOOD = '[key "k"]\n[teams "a, b"]\n\n0a&1.2 1b\n'
MESSY = '[key "k"]  [teams "a, b"]\n0a&1.2\n   1b'


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.qgn"
    path.write_text(GOOD)
    return path


def test_formats_lists_qgn_and_its_capabilities() -> None:
    run = meeple(["formats"])
    assert run.code == 0
    line = next(row for row in run.out.splitlines() if row.startswith("qgn"))
    assert ".qgn" in line and "parse,write,check" in line


def test_check_clean_file_exits_0(good: Path) -> None:
    run = meeple(["check", str(good)])
    assert (run.code, run.out) == (0, "")
    assert "1 valid, 0 invalid" in run.err


def test_check_reports_every_bad_file_compiler_style(tmp_path: Path, good: Path) -> None:
    bad = tmp_path / "bad.qgn"
    bad.write_text('[key "k"]\n[teams "a"]\n0a&1&2\n')
    run = meeple(["check", str(good), str(bad)])
    assert run.code == 1
    assert run.out.splitlines() == [
        f"{bad}:3:5: error: a second '&' in one action: details are separated by '.'",
        "    0a&1&2",
        "        ^",
    ]
    assert "2 checked: 1 valid, 1 invalid" in run.err


def test_check_reads_stdin_and_detects_by_content() -> None:
    run = meeple(["check", "-"], stdin='[key "k"][teams "a"] 0a {x')
    assert run.code == 1
    assert run.out.startswith("<stdin>:1:25: error: unterminated comment")


def test_team_outside_list_warns_and_fails_only_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "w.qgn"
    path.write_text('[key "k"][teams "a"] 0a 1b')
    assert meeple(["check", str(path)]).code == 0
    run = meeple(["check", "--strict", str(path)])
    assert run.code == 1
    assert "warning: team index 1 is outside the teams list" in run.out


def test_fmt_rewrites_in_place_and_check_only_reports(tmp_path: Path) -> None:
    path = tmp_path / "messy.qgn"
    path.write_text(MESSY)
    run = meeple(["fmt", "--check", str(path)])
    assert run.code == 1 and "not in canonical form" in run.out
    assert path.read_text() == MESSY
    assert meeple(["fmt", str(path)]).code == 0
    assert path.read_text() == GOOD
    assert meeple(["fmt", "--check", str(path)]).code == 0


def test_fmt_stdin_writes_stdout() -> None:
    run = meeple(["fmt", "-"], stdin=MESSY)
    assert (run.code, run.out) == (0, GOOD)


def test_convert_to_qgn_writes_stdout_or_a_file(good: Path, tmp_path: Path) -> None:
    assert meeple(["convert", str(good), "--to", "qgn"]).out == GOOD
    out = tmp_path / "out.qgn"
    assert meeple(["convert", str(good), "--to", "qgn", "-o", str(out)]).code == 0
    assert out.read_text() == GOOD


def test_format_option_overrides_detection(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("  " + GOOD)
    assert meeple(["check", "--format", "qgn", str(path)]).code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "--format", "nope", "-"],
        ["convert", "-", "--to", "nope"],
        ["replay", "-"],
        ["show", "--step", "1", "-"],
        ["frobnicate"],
    ],
)
def test_usage_mistakes_exit_2(args: list[str]) -> None:
    run = meeple(args, stdin=GOOD)
    assert run.code == 2
    assert "Traceback" not in run.out + run.err


def test_undetectable_text_is_an_invalid_record() -> None:
    run = meeple(["check", "-"], stdin="hello there")
    assert run.code == 1
    assert "cannot tell which notation this is" in run.out


def test_bad_utf8_is_reported_not_raised() -> None:
    run = meeple(["check", "-"], stdin=b'[key "k\xff"][teams "a"]')
    assert run.code == 1
    assert "<stdin>:1:8: error: byte 0xff is not UTF-8" in run.out


def test_a_file_of_many_games_checks_and_formats_as_one_record(tmp_path: Path) -> None:
    path = tmp_path / "many.qgn"
    path.write_text('[key "a"][teams "x"] 0a\n[key "b"][teams "y"] 0b 3c')
    run = meeple(["check", str(path)])
    assert run.code == 0
    assert f"{path}:2:25: warning: team index 3" in run.out
    assert meeple(["fmt", str(path)]).code == 0
    assert path.read_text() == '[key "a"]\n[teams "x"]\n\n0a\n\n[key "b"]\n[teams "y"]\n\n0b 3c\n'


def test_converting_a_file_of_many_games_to_a_game_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "many.qgn"
    path.write_text('[key "flows"][teams "x"] 0a\n[key "flows"][teams "y"] 0b')
    run = meeple(["convert", str(path), "--to", "flows"])
    assert run.code == 2
    assert "holds 2 games" in run.err


def _position(text: str, piece: str, nth: int = 0) -> str:
    at = -1
    for _ in range(nth + 1):
        at = text.index(piece, at + 1)
    line = text.count("\n", 0, at) + 1
    return f"{line}:{at - text.rfind(chr(10), 0, at)}"


def test_check_reads_on_past_each_malformed_piece_and_reports_them_all(tmp_path: Path) -> None:
    text = (
        '[key "carcassonne"]\n'
        '[teams "red, blue]\n'  # unclosed value: read on at the next line
        '[round "1" x]\n'  # missing ']' after the value: read on past this line's ']'
        "0a&1.2 0b&& 1c\n"  # an empty detail: read on at the next word
        "x3 } 0d\n"  # no team index, then a stray '}'
        '[result "1-0"]\n'  # a tag after the actions: left out
    )
    path = tmp_path / "many.qgn"
    path.write_text(text)
    run = meeple(["check", str(path)])
    assert run.code == 1
    places = [line.split(": error:")[0] for line in run.out.splitlines() if ": error:" in line]
    assert places == [f"{path}:{place}" for place in ("2:19", "3:12", "4:11", "5:1", "5:4", "6:1")]
    assert "6 findings" in run.err


def test_qgn_of_a_known_game_gets_its_notation_errors_and_its_rules(tmp_path: Path) -> None:
    # Flows: the second action breaks a rule; the fourth is malformed and so is the fifth.
    text = (
        '[key "flows"]\n[teams "P1, P2"]\n\n'
        "0p&3.3.T1.NE 1p&3.3.T0.N 0p&4.4.T1.N\n"
        "1p&& 0p&2.2.T9.N\n"
    )
    path = tmp_path / "flows.qgn"
    path.write_text(text)
    run = meeple(["check", str(path)])
    assert run.code == 1
    lines = [line for line in run.out.splitlines() if ": error:" in line]
    assert len(lines) == 2, run.out
    assert lines[0].startswith(f"{path}:{_position(text, '1p&3.3')}: error: ")
    assert "already filled" in lines[0] and "the replay stops at this move" in lines[0]
    assert lines[1].startswith(f"{path}:{_position(text, '&', 4)}: error: empty detail")


def test_check_json_gives_every_finding_of_a_malformed_qgn(tmp_path: Path) -> None:
    path = tmp_path / "two.qgn"
    path.write_text('[key "x"]\n[teams "a, b"]\n0a& 1b\n}\n')
    run = meeple(["check", "--json", str(path)])
    assert run.code == 1
    *found, last = [json.loads(line) for line in run.out.splitlines()]
    assert [(f["line"], f["column"], f["kind"]) for f in found] == [
        (3, 4, "notation"),
        (4, 1, "notation"),
    ]
    assert last["summary"]["findings"] == 2


def test_an_earlier_move_is_named_by_its_line_in_the_qgn_text(tmp_path: Path) -> None:
    # The message used to name the line of the Flows text converted from the QGN.
    path = tmp_path / "occupied.qgn"
    path.write_text(
        '[key "flows"]\n[teams "P1, P2"]\n\n'
        "{first} 0p&0.0.T0.N\n{second} 1p&6.3.T1.NE\n0p&0.0.T0.SW\n"
    )
    for jobs in ("1", "2"):  # the error also crosses a process pool whole
        run = meeple(["check", "--jobs", jobs, str(path), str(path)])
        assert run.code == 1
        assert f"{path}:6:1: error: P1A1 is internal (0,0), already filled by P1A1 on line 4" in (
            run.out
        )
