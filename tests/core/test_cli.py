"""The command line as a new user meets it: batches, outputs, usage mistakes, JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
import pytest

from meeple.cli import check as check_command
from meeple.cli import files
from meeple.errors import Finding, Location
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FLOWS = EXAMPLES / "flows" / "numbered.flows"
QGN = EXAMPLES / "qgn" / "unknown-game.qgn"


def _clean(run: object) -> None:
    assert "Traceback" not in getattr(run, "out", "") + getattr(run, "err", "")


# -- batches ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["check"], ["fmt"], ["replay"], ["convert", "--to", "qgn"]])
def test_a_missing_file_is_a_usage_mistake_before_any_work(
    tmp_path: Path, command: list[str]
) -> None:
    run = meeple([*command, str(QGN), str(tmp_path / "gone.qgn")])
    assert run.code == 2
    assert f"{tmp_path / 'gone.qgn'}: no such file or folder" in run.err
    assert run.out == ""
    _clean(run)


def test_a_glob_that_matches_nothing_is_a_usage_mistake_not_a_missing_file(
    tmp_path: Path,
) -> None:
    run = meeple(["check", str(tmp_path / "*.flows")])
    assert run.code == 2
    assert "no file matches the pattern" in run.err


def test_a_folder_with_no_records_is_one_finding(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a record")
    run = meeple(["check", str(tmp_path), str(QGN)])
    assert run.code == 1
    assert f"{tmp_path}: error: no records in this folder" in run.out
    assert "2 checked: 1 valid, 1 invalid" in run.err


def test_undecodable_bytes_are_one_finding_with_a_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.qgn"
    bad.write_bytes(b'[key "x"]\n[teams "a\xff"]\n')
    run = meeple(["check", str(bad), str(QGN)])
    assert run.code == 1
    assert f"{bad}:2:" in run.out
    assert "2 checked: 1 valid" in run.err


def test_findings_past_the_cap_are_counted_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    found = [
        Finding(f"problem {i}", Location("x", 1, 1, "text"), "lint")
        for i in range(check_command.MAX_FINDINGS + 7)
    ]
    check_command._report("x", found, check_command.MAX_FINDINGS, as_json=False)
    out = capsys.readouterr().out
    assert out.count("lint: problem") == check_command.MAX_FINDINGS
    assert out.rstrip().endswith("x: note: 7 more findings not shown (--max-findings)")


# -- writing files ----------------------------------------------------------------------


def test_output_into_a_missing_directory_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "dir" / "game.qgn"
    run = meeple(["convert", str(FLOWS), "--to", "qgn", "-o", str(out)])
    assert run.code == 2
    assert "there is no directory" in run.err
    _clean(run)


def test_output_onto_a_directory_is_a_usage_error(tmp_path: Path) -> None:
    run = meeple(["convert", str(FLOWS), "--to", "qgn", "-o", str(tmp_path)])
    assert run.code == 2
    assert "is a directory" in run.err


def test_output_to_an_unwritable_place_is_a_usage_error() -> None:
    run = meeple(["convert", str(FLOWS), "--to", "qgn", "-o", "/proc/meeple-test.qgn"])
    assert run.code == 2
    assert "cannot write" in run.err
    _clean(run)


def test_converting_onto_the_input_in_another_notation_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "game.flows"
    game.write_text(FLOWS.read_text())
    run = meeple(["convert", str(game), "--to", "qgn", "-o", str(game)])
    assert run.code == 2
    assert "is the input file" in run.err
    assert game.read_text() == FLOWS.read_text()


def test_a_failed_write_leaves_the_original_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.qgn"
    game.write_text("original\n")

    def broken(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(click.UsageError, match="No space left"):
        files.write(str(game), "new text\n")
    assert game.read_text() == "original\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.qgn"]


def test_fmt_rewrites_in_place_atomically_and_keeps_the_mode(tmp_path: Path) -> None:
    messy = tmp_path / "messy.qgn"
    messy.write_text((EXAMPLES / "qgn" / "messy.qgn").read_text())
    messy.chmod(0o640)
    run = meeple(["fmt", str(messy)])
    assert run.code == 0
    assert "reformatted" in run.err
    assert messy.stat().st_mode & 0o777 == 0o640
    assert meeple(["fmt", "--check", str(messy)]).code == 0


# -- usage mistakes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "target", "wording"),
    [
        (FLOWS, "botc", "flows records convert to flows, qgn, not to botc"),
        (EXAMPLES / "botc" / "twelve.botc", "flows", "botc records convert to botc, botc-ascii,"),
        (QGN, "flows", "unknown-game records convert to qgn, not to flows"),
    ],
)
def test_converting_between_two_games_is_a_usage_error_naming_the_targets(
    record: Path, target: str, wording: str
) -> None:
    run = meeple(["convert", str(record), "--to", target])
    assert run.code == 2
    assert wording in run.err
    _clean(run)


def test_a_qgn_record_of_a_game_converting_to_another_game_says_the_same() -> None:
    qgn = meeple(["convert", str(FLOWS), "--to", "qgn"]).out
    run = meeple(["convert", "--format", "qgn", "-", "--to", "raft"], stdin=qgn)
    assert run.code == 2
    assert "flows records convert to flows, qgn, not to raft" in run.err


def test_unknown_format_names_get_a_suggestion() -> None:
    run = meeple(["convert", str(FLOWS), "--to", "flow"])
    assert run.code == 2
    assert "did you mean 'flows'?" in run.err


def test_unknown_commands_and_flags_get_a_suggestion() -> None:
    assert "Did you mean 'check'?" in meeple(["chekc", "x"]).err
    run = meeple(["check", "--strct", str(QGN)])
    assert run.code == 2
    assert "--strict" in run.err


def test_a_step_past_the_end_says_how_long_the_record_is() -> None:
    run = meeple(["show", str(FLOWS), "--step", "999"])
    assert run.code == 2
    assert "the record has" in run.err
    assert "moves" in run.err


# -- JSON -------------------------------------------------------------------------------


def test_formats_json_lists_every_format_with_its_capabilities() -> None:
    run = meeple(["formats", "--json"])
    assert run.code == 0
    listed = {entry["name"]: entry for entry in json.loads(run.out)}
    assert {"qgn", "botc", "raft", "flows", "atlantis"} <= set(listed)
    assert "replay" in listed["flows"]["capabilities"]
    assert all({"extensions", "options", "title"} <= set(entry) for entry in listed.values())


def test_check_json_writes_one_object_per_finding_then_a_summary() -> None:
    bad = EXAMPLES / "qgn" / "broken.qgn"
    run = meeple(["check", "--json", str(bad), str(QGN)])
    assert run.code == 1
    *found, last = [json.loads(line) for line in run.out.splitlines()]
    assert found
    for finding in found:
        assert set(finding) == {"source", "line", "column", "severity", "kind", "rule", "message"}
        assert finding["source"] == str(bad)
    summary = {"checked": 2, "valid": 1, "invalid": 1, "findings": len(found), "skipped": 0}
    assert last["summary"] == summary
    assert "meeple" in last


def test_thousands_of_findings_on_one_long_line_print_a_bounded_report(tmp_path: Path) -> None:
    # Fuzzing found a 42 KB grimoire with 4,000 lints printing 256 MB: every finding
    # copied the whole line. Each now shows a window of it, and the count is capped.
    big = tmp_path / "big.botc"
    big.write_text("[" + " ".join(f"player{i}:Chef" for i in range(4000)) + "]")
    run = meeple(["check", str(big)])
    assert run.code == 0
    assert len(run.out) < 40_000
    assert run.out.rstrip().endswith("7900 more findings not shown (--max-findings)")
    assert "8000 findings" in run.err


# -- start-up (issue 13) ---------------------------------------------------------------

HEAVY = (
    "pyarrow", "dask", "playwright", "aiohttp", "starlette", "uvicorn", "pandas", "numpy",
    "rich", "urllib.request", "http.client", "ssl", "email", "xml.sax", "json5", "lzma",
)  # fmt: skip


@pytest.mark.parametrize("command", [["--version"], ["check", str(FLOWS)], ["show", str(FLOWS)]])
def test_check_and_show_of_a_small_record_import_nothing_heavy(command: list[str]) -> None:
    # A whole process, as a user starts it: what it imports is what it pays for.
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "meeple", *command],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines()}
    assert "meeple" in imported
    assert not {name for name in imported if name.split(".")[0] in HEAVY or name in HEAVY}


# -- answered before click is imported (issue 28) ---------------------------------------


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`meeple ARGS` through the script's entry point, in-process."""
    from meeple.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(args)
    out, err = capsys.readouterr()
    code = stopped.value.code
    return code if isinstance(code, int) else 1, out, err


def test_version_is_answered_as_click_answers_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert _main(["--version"], capsys) == (0, *_click(["--version"]))


def _click(args: list[str]) -> tuple[str, str]:
    run = meeple(args)
    return run.out, run.err


PLAIN_CHECKS = [
    [str(FLOWS)],
    [str(QGN), str(EXAMPLES / "flows" / "occupied.flows")],
    [str(EXAMPLES / "botc" / "broken.botc"), str(EXAMPLES / "raft" / "illegal.raft")],
    [str(EXAMPLES / "botc" / "twelve.botc"), str(EXAMPLES / "qgn" / "broken.qgn")],
    [str(EXAMPLES / "flows"), str(EXAMPLES / "atlantis" / "broken.json5")],
    ["-j", "1", str(EXAMPLES / "flows")],
    [str(QGN), "--jobs", "2", str(EXAMPLES / "flows" / "occupied.flows")],
]


@pytest.mark.parametrize("paths", PLAIN_CHECKS)
def test_a_plain_check_prints_and_exits_as_the_click_command_does(
    paths: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main(["check", *paths], capsys)
    run = meeple(["check", *paths])
    assert (code, out, err) == (run.code, run.out, run.err)


def test_a_usage_mistake_found_during_a_plain_check_reads_as_clicks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from meeple import corpus

    def refuse(path: str, format_name: str | None = None, options: object = None) -> object:
        return corpus.Checked(path, [], usage="--frame P9: this game has players P1 to P2")

    monkeypatch.setattr(corpus, "check_file", refuse)
    code, out, err = _main(["check", str(FLOWS)], capsys)
    run = meeple(["check", str(FLOWS)])
    # The test runner names the group after its function, `cli`; the script names it meeple.
    assert (code, out, err) == (run.code, run.out, run.err.replace("cli check", "meeple check"))
    assert code == 2 and "Usage: meeple check [OPTIONS] PATHS..." in err


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--json", str(FLOWS)],
        ["check", "-j", "0", str(FLOWS)],
        ["check", "-j", "x", str(FLOWS)],
        ["check", "--jobs=2", str(FLOWS)],
        ["check", "-j", "1", "-j", "2", str(FLOWS)],
        ["check", "-j", "2"],
        ["check", str(FLOWS), "-"],
        ["check", "no-such-file.flows"],
        ["--version", "check"],
        ["show", str(FLOWS)],
    ],
)
def test_anything_else_goes_to_click(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from meeple.cli import check

    def unexpected(*_: object, **__: object) -> None:
        raise AssertionError("answered without click")

    monkeypatch.setattr("meeple.cli._version", unexpected)
    monkeypatch.setattr("meeple.cli._check", unexpected)
    if "-" not in args:
        assert _main(args, capsys)[0] in (0, 1, 2)
    assert check.MAX_FINDINGS  # the command module itself is importable without click


def test_shell_completion_is_left_to_click(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("_MEEPLE_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", "meeple --vers")
    monkeypatch.setenv("COMP_CWORD", "1")
    code, out, _ = _main(["--version"], capsys)
    assert code == 0 and "--version" in out and "meeple, version" not in out


def test_a_closed_pipe_ends_a_plain_check_quietly_as_click_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno
    import sys

    from meeple.cli import check, main

    def broken(*_: object, **__: object) -> None:
        raise OSError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(check, "run", broken)
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # restored after the test
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    with pytest.raises(SystemExit) as stopped:
        main(["check", str(FLOWS)])
    assert stopped.value.code == 1
    assert type(sys.stdout).__name__ == "PacifiedFlush"


@pytest.mark.parametrize(
    "command", [["--version"], ["check", str(FLOWS)], ["check", "-j", "1", str(FLOWS)]]
)
def test_version_and_a_plain_check_import_no_click(command: list[str]) -> None:
    import subprocess
    import sys

    probe = (
        "import sys\nfrom meeple.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\nprint('click' in sys.modules, file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    assert run.stderr.splitlines()[-1] == "False", run.stderr


def test_a_plain_check_of_a_flows_record_imports_no_dataclasses() -> None:
    """Issue 39: `dataclasses` (with inspect, ast, dis, tokenize) and making a class with
    it were a fifth of `meeple check small.flows`'s CPU above the bare interpreter, so
    the values that check reads are NamedTuples and plain classes (docs/architecture.md)."""
    import subprocess
    import sys

    probe = (
        "import sys\nfrom meeple.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\n"
        "print(sorted({'dataclasses', 'inspect', 'click'} & set(sys.modules)), file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe, "check", str(FLOWS)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stderr.splitlines()[-1] == "[]", run.stderr


# -- html: the page's file -------------------------------------------------------------


def test_html_of_a_file_that_is_not_utf8_writes_a_page_with_the_finding(tmp_path: Path) -> None:
    record = tmp_path / "latin1.qgn"
    record.write_bytes(b'[key "x"]\n[teams "a, b"]\n\n0a {caf\xe9}\n')
    page = tmp_path / "latin1.html"
    run = meeple(["html", str(record), "-o", str(page)])
    _clean(run)
    assert run.code == 1
    assert f"{record}:4:8: error: byte 0xe9 is not UTF-8" in run.err
    assert "byte 0xe9 is not UTF-8" in page.read_text()


def test_html_reading_stdin_writes_the_page_to_stdout_unless_o_names_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decision (docs/play.md): a page of standard input goes to standard output; no
    file appears in the current folder unasked."""
    monkeypatch.chdir(tmp_path)
    run = meeple(["html", "-"], stdin=FLOWS.read_text())
    assert run.code == 0 and run.out.startswith("<!DOCTYPE html>")
    assert list(tmp_path.iterdir()) == []
    assert meeple(["html", "-", "-o", "page.html"], stdin=FLOWS.read_text()).code == 0
    assert (tmp_path / "page.html").read_text() == run.out


# -- fmt: what it takes and what it says -------------------------------------------------


def test_fmt_takes_folders_and_globs_as_check_does(tmp_path: Path) -> None:
    for name in ("a.flows", "b.flows"):
        (tmp_path / name).write_text((EXAMPLES / "flows" / "messy.flows").read_text())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.qgn").write_text((EXAMPLES / "qgn" / "messy.qgn").read_text())
    assert meeple(["fmt", "--check", str(tmp_path)]).code == 1
    run = meeple(["fmt", str(tmp_path / "*.flows")])
    assert run.code == 0, run.err
    assert meeple(["fmt", "--check", str(tmp_path / "*.flows")]).code == 0
    assert meeple(["fmt", str(tmp_path)]).code == 0
    assert meeple(["check", str(tmp_path)]).code == 0
    assert meeple(["fmt", "--check", str(tmp_path)]).code == 0
    shipped = meeple(["fmt", "--check", str(EXAMPLES / "flows")])
    assert "messy.flows: not in canonical form" in shipped.out
    assert "folder" not in shipped.err


def test_fmt_help_says_it_needs_the_notation_only(tmp_path: Path) -> None:
    """fmt formats a record that breaks the game's rules (check says so), and says that."""
    occupied = tmp_path / "occupied.flows"
    occupied.write_text((EXAMPLES / "flows" / "occupied.flows").read_text())
    assert meeple(["check", str(occupied)]).code == 1
    assert meeple(["fmt", str(occupied)]).code == 0
    help_text = " ".join(meeple(["fmt", "--help"]).out.split())
    assert "Exit 1 when a record is invalid" not in help_text
    assert "rules" in help_text and "meeple check" in help_text


# -- replay: records with no moves ---------------------------------------------------------


@pytest.fixture
def moveless(tmp_path: Path) -> Path:
    """A folder of valid records that have no moves: a bag, a grimoire, a script, a
    game state of the online grimoires."""
    botc = EXAMPLES / "botc"
    for name in ("bag.botc", "seed.grimoire", "my-script.json"):
        (tmp_path / name).write_text((botc / name).read_text())
    state = meeple(["convert", str(botc / "seed.grimoire"), "--to", "botc-townsquare"])
    (tmp_path / "state.json").write_text(state.out)
    return tmp_path


def test_replay_of_valid_records_with_no_moves_is_their_one_state(moveless: Path) -> None:
    """Decision (docs/json.md): a valid record with no moves replays as its one state,
    step 0, exit 0; it is no error and no usage mistake."""
    run = meeple(["replay", "--json", str(moveless)])
    _clean(run)
    assert (run.code, run.err) == (0, "")
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert sorted(Path(line["source"]).name for line in lines) == [
        "bag.botc",
        "my-script.json",
        "seed.grimoire",
        "state.json",
    ]
    assert all(line["step"] == 0 and "state" in line for line in lines)
    for path in moveless.iterdir():
        one = meeple(["replay", "--json", str(path)])
        assert one.code == 0, one.err
        (line,) = [json.loads(row) for row in one.out.splitlines()]
        assert set(line) == {"meeple", "step", "state"}
        shown = meeple(["replay", str(path)])
        assert shown.code == 0 and shown.out.startswith("== step 0 ==\n")


def test_replay_of_qgn_of_a_game_without_rules_is_a_usage_mistake_passed_over_in_a_batch(
    moveless: Path,
) -> None:
    """Its moves cannot be played: exit 2 alone; in a folder it is passed over, saying
    so, and the others replay (exit 0)."""
    alone = meeple(["replay", str(QGN)])
    assert alone.code == 2 and f"{QGN}: QGN of a game" in alone.err
    (moveless / "unknown.qgn").write_text(QGN.read_text())
    batch = meeple(["replay", "--json", str(moveless)])
    assert batch.code == 0
    no_rules = "QGN of a game meeple has no rules for ('unknown-game'), so no move plays"
    assert batch.err == f"{moveless / 'unknown.qgn'}: {no_rules}: skipped\n"
    assert len(batch.out.splitlines()) == 4


def test_a_writers_refusal_names_the_file_converted() -> None:
    handwritten = EXAMPLES / "atlantis" / "handwritten.json5"
    run = meeple(["convert", str(handwritten), "--to", "atlantis"])
    assert run.err.startswith(f"{handwritten}:1:1: error: the transcript has 4 comments")
    assert "<string>" not in run.err
