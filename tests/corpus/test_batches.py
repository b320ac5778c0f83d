"""Many files at once: directories, globs, process pools, order, fail-fast, mirroring."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple import corpus
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLES, tmp_path / "archive")
    (tmp_path / "archive" / "notes.txt").write_text("not a record")
    return tmp_path / "archive"


def test_a_directory_means_every_record_under_it_sorted(archive: Path) -> None:
    files = list(corpus.files([str(archive)]))
    assert files == sorted(files)
    assert all(not f.endswith((".txt", ".sh")) for f in files)
    assert str(archive / "flows" / "numbered.flows") in files


def test_globs_expand_and_missing_paths_stay_for_the_reader(archive: Path) -> None:
    files = list(corpus.files([f"{archive}/**/*.flows", str(archive / "gone.qgn")]))
    assert all(f.endswith(".flows") for f in files[:-1]) and len(files) > 2
    assert files[-1] == str(archive / "gone.qgn")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_of_a_directory_reports_in_input_order_whatever_the_jobs(
    archive: Path, jobs: str
) -> None:
    run = meeple(["check", "--json", "-j", jobs, str(archive)])
    assert run.code == 1
    sources = [json.loads(line).get("source") for line in run.out.splitlines()[:-1]]
    assert sources == sorted(sources, key=list(corpus.files([str(archive)])).index)
    summary = json.loads(run.out.splitlines()[-1])["summary"]
    assert summary["checked"] == len(list(corpus.files([str(archive)])))


def test_one_and_two_jobs_find_the_same(archive: Path) -> None:
    one = meeple(["check", "-j", "1", str(archive)])
    two = meeple(["check", "-j", "2", str(archive)])
    assert one.out == two.out and one.err == two.err and one.code == two.code


def test_fail_fast_stops_at_the_first_invalid_record(archive: Path) -> None:
    run = meeple(["check", "--fail-fast", "-j", "1", str(archive)])
    assert run.code == 1
    assert "0 valid, 1 invalid" in run.err or ", 1 invalid" in run.err
    assert int(run.err.split()[0]) < len(list(corpus.files([str(archive)])))


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


def _run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """`meeple ARGS` in its own process, as a user runs it (real process pools)."""
    return subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, check=False)


@pytest.fixture
def few(tmp_path: Path) -> Path:
    """A folder of a few example records, valid and invalid, flows and raft."""
    folder = tmp_path / "few"
    folder.mkdir()
    for name in ["flows/numbered.flows", "flows/occupied.flows", "raft/one-step.raft"]:
        shutil.copy(EXAMPLES / name, folder)
    shutil.copy(EXAMPLES / "raft/malformed.raft", folder / "b-malformed.raft")
    shutil.copy(EXAMPLES / "flows/three-players.flows", folder)
    return folder


def test_replay_json_of_many_files_is_the_same_bytes_with_one_or_two_jobs(few: Path) -> None:
    one, two = (_run(["replay", "--json", "-j", j, str(few)]) for j in ("1", "2"))
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout and one.stderr == two.stderr
    sources = [json.loads(line)["source"] for line in one.stdout.decode().splitlines()]
    assert sources == sorted(sources) and len(set(sources)) == 4  # all but b-malformed
    assert one.stderr.decode().count(": error:") == 2  # one finding per invalid file


def test_convert_of_a_folder_is_the_same_bytes_with_one_or_two_jobs(
    few: Path, tmp_path: Path
) -> None:
    runs = [
        _run(["convert", "--to", "qgn", "-j", j, str(few), "-o", str(tmp_path / f"out{j}")])
        for j in ("1", "2")
    ]
    assert runs[0].returncode == runs[1].returncode == 1
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stderr.replace(b"out1", b"out2") == runs[1].stderr
    written = sorted(p.name for p in (tmp_path / "out1").iterdir())
    assert written == sorted(p.name for p in (tmp_path / "out2").iterdir())
    assert len(written) == 3  # an invalid record (malformed, or an illegal move) is refused
    for name in written:
        assert (tmp_path / "out1" / name).read_bytes() == (tmp_path / "out2" / name).read_bytes()


@pytest.mark.parametrize("command", [["check"], ["convert", "--to", "qgn", "-o"], ["replay"]])
def test_keep_going_and_fail_fast_together_is_a_usage_mistake(
    few: Path, tmp_path: Path, command: list[str]
) -> None:
    target = [str(tmp_path / "o")] if command[-1] == "-o" else []
    run = _run([*command, *target, "--keep-going", "--fail-fast", str(few)])
    assert run.returncode == 2 and b"contradict" in run.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_fail_fast_stops_convert_and_replay_at_the_first_invalid_record(
    few: Path, tmp_path: Path, jobs: str
) -> None:
    out = tmp_path / "out"
    stopped = _run(["convert", "--to", "qgn", "--fail-fast", "-j", jobs, str(few), "-o", str(out)])
    assert stopped.returncode == 1
    assert stopped.stdout.decode().count(": error:") == 1
    assert b"1 converted" in stopped.stderr and not out.exists()  # b-malformed sorts first
    replayed = _run(["replay", "--json", "--fail-fast", "-j", jobs, str(few)])
    assert replayed.returncode == 1 and replayed.stdout == b""
    assert replayed.stderr.decode().count(": error:") == 1


def test_keep_going_is_the_default_for_check_convert_and_replay(few: Path, tmp_path: Path) -> None:
    for command in (["check"], ["replay", "--json"]):
        assert (
            _run([*command, str(few)]).stdout == _run([*command, "--keep-going", str(few)]).stdout
        )
    kept = _run(["convert", "--to", "qgn", "--keep-going", str(few), "-o", str(tmp_path / "k")])
    assert kept.returncode == 1 and b"5 converted" in kept.stderr and b"3 written" in kept.stderr


NAMES = st.text(alphabet="ab-._0Z", min_size=1, max_size=4).filter(lambda n: n not in {".", ".."})
TREES = st.recursive(
    st.just("file"), lambda inner: st.dictionaries(NAMES, inner, max_size=4), max_leaves=12
)


def _build(folder: Path, tree: Any) -> None:
    for name, inner in tree.items():
        if inner == "file":
            (folder / f"{name}.flows").write_text("")
        else:
            (folder / name).mkdir(exist_ok=True)
            _build(folder / name, inner)


@given(tree=st.dictionaries(NAMES, TREES, max_size=4))
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_folder_is_walked_in_the_order_of_its_sorted_paths(tmp_path: Path, tree: Any) -> None:
    root = Path(tempfile.mkdtemp(dir=tmp_path))
    _build(root, tree)
    every = [
        os.path.join(folder, name)
        for folder, _, names in os.walk(root)
        for name in names
        if os.path.splitext(name)[1] == ".flows"
        and not any(part.startswith(".") for part in Path(folder).relative_to(root).parts)
    ]
    assert list(corpus.files([str(root)])) == (sorted(every) or [str(root)])


def _pulled(counter: list[int], count: int) -> Iterator[int]:
    for number in range(count):
        counter[0] += 1
        yield number


def test_a_process_pool_takes_files_as_the_work_goes_on_never_the_whole_batch() -> None:
    pulled = [0]
    results = corpus.ordered_map(abs, _pulled(pulled, 100_000), jobs=2)
    assert [next(results) for _ in range(10)] == list(range(10))
    assert pulled[0] <= 2 * corpus.WINDOW * corpus.CHUNK + 2
    assert sum(results) == sum(range(10, 100_000))


def test_a_short_batch_still_reaches_every_process() -> None:
    assert len(set(corpus.ordered_map(_pid, range(6), jobs=2))) == 2


def _pid(_: int) -> int:
    time.sleep(0.2)  # long enough that one process cannot take every chunk
    return os.getpid()


def test_a_terminal_sees_a_progress_bar_counting_files_with_their_throughput(
    archive: Path,
) -> None:
    for number in range(150):
        shutil.copy(archive / "flows" / "numbered.flows", archive / f"copy{number}.flows")
    run = pexpect.spawn(
        sys.executable,
        ["-m", "meeple", "check", "--jobs", "1", str(archive)],
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 120),
    )
    run.expect(r"checking.*\d+/(\d+)")
    assert int(run.match.group(1)) == len(list(corpus.files([str(archive)])))
    run.expect(r"\d files/s")
    run.expect(pexpect.EOF)
    run.close()
    assert "checked" in (run.before or "")
