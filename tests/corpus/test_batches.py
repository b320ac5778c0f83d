"""Many files at once: directories, globs, process pools, order, fail-fast, mirroring."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from meeple import corpus
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLES, tmp_path / "archive")
    (tmp_path / "archive" / "notes.txt").write_text("not a record")
    return tmp_path / "archive"


def test_a_directory_means_every_record_under_it_sorted(archive: Path) -> None:
    files = corpus.expand([str(archive)])
    assert files == sorted(files)
    assert all(not f.endswith((".txt", ".sh")) for f in files)
    assert str(archive / "flows" / "numbered.flows") in files


def test_globs_expand_and_missing_paths_stay_for_the_reader(archive: Path) -> None:
    files = corpus.expand([f"{archive}/**/*.flows", str(archive / "gone.qgn")])
    assert all(f.endswith(".flows") for f in files[:-1]) and len(files) > 2
    assert files[-1] == str(archive / "gone.qgn")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_of_a_directory_reports_in_input_order_whatever_the_jobs(
    archive: Path, jobs: str
) -> None:
    run = meeple(["check", "--json", "-j", jobs, str(archive)])
    assert run.code == 1
    sources = [json.loads(line).get("source") for line in run.out.splitlines()[:-1]]
    assert sources == sorted(sources, key=corpus.expand([str(archive)]).index)
    summary = json.loads(run.out.splitlines()[-1])["summary"]
    assert summary["checked"] == len(corpus.expand([str(archive)]))


def test_one_and_two_jobs_find_the_same(archive: Path) -> None:
    one = meeple(["check", "-j", "1", str(archive)])
    two = meeple(["check", "-j", "2", str(archive)])
    assert one.out == two.out and one.err == two.err and one.code == two.code


def test_fail_fast_stops_at_the_first_invalid_record(archive: Path) -> None:
    run = meeple(["check", "--fail-fast", "-j", "1", str(archive)])
    assert run.code == 1
    assert "0 valid, 1 invalid" in run.err or ", 1 invalid" in run.err
    assert int(run.err.split()[0]) < len(corpus.expand([str(archive)]))


def test_convert_mirrors_a_tree_and_never_overwrites_an_input(
    archive: Path, tmp_path: Path
) -> None:
    out = tmp_path / "qgn"
    run = meeple(["convert", str(archive), "--to", "qgn", "-o", str(out)])
    assert run.code == 1  # some examples are invalid on purpose
    assert (out / "flows" / "numbered.qgn").is_file()
    assert not list(out.rglob("*.tmp"))
    again = meeple(["check", str(out / "flows" / "numbered.qgn")])
    assert again.code == 0
    same = meeple(["convert", str(archive / "qgn"), "--to", "qgn", "-o", str(archive / "qgn")])
    assert "is an input; not overwritten" in same.out
    assert (archive / "qgn" / "messy.qgn").read_text() == (
        EXAMPLES / "qgn" / "messy.qgn"
    ).read_text()


def test_converting_many_files_needs_an_output_folder(archive: Path) -> None:
    run = meeple(["convert", str(archive), "--to", "qgn"])
    assert run.code == 2
    assert "needs -o FOLDER" in run.err


def test_replay_json_of_many_files_names_each_source(archive: Path) -> None:
    run = meeple(
        [
            "replay",
            "--json",
            str(archive / "flows" / "numbered.flows"),
            str(archive / "flows" / "three-players.flows"),
        ]
    )
    assert run.code == 0
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert {line["source"] for line in lines} == {
        str(archive / "flows" / "numbered.flows"),
        str(archive / "flows" / "three-players.flows"),
    }


def test_two_records_that_would_convert_to_one_file_never_overwrite_each_other(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(EXAMPLES / "flows" / "numbered.flows", folder / "game.flows")
    shutil.copy(EXAMPLES / "raft" / "lost.raft", folder / "game.raft")
    out = tmp_path / "qgn"
    run = meeple(["convert", str(folder), "--to", "qgn", "-o", str(out)])
    assert run.code == 1
    assert f"{folder / 'game.raft'}: error: {out / 'game.qgn'} is written from" in run.out
    assert "1 written, 1 failed" in run.err
    written = meeple(["convert", str(folder / "game.flows"), "--to", "qgn"]).out
    assert (out / "game.qgn").read_text() == written
