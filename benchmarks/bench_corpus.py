"""Corpora: records per second for `meeple check` on 1 and 2 processes and for
`meeple export --dask` on a LocalCluster of two workers, with peak memory.

The corpus is written by make_corpus.py (seeded, every game, a tenth broken) into a
temporary folder. Its size is MEEPLE_CORPUS_RECORDS (default 5,000, so `make bench`
stays minutes long); the issue's 100,000-record case is

    python benchmarks/make_corpus.py /tmp/corpus --records 100000
    MEEPLE_CORPUS=/tmp/corpus MEEPLE_CORPUS_REPEAT=1 make bench BENCH=corpus

(MEEPLE_CORPUS names a corpus already written; MEEPLE_CORPUS_REPEAT the timed runs
after the warm-up, default 3). The floor is reading every file's bytes once in the
same run. Peak RSS is the largest process of each run (its own, or a worker's),
measured per run. Goal: 2 jobs at least 1.8x the records/s of 1 job; memory flat in
the corpus size.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import Case
from make_corpus import write

from meeple import corpus as files

RECORDS = int(os.environ.get("MEEPLE_CORPUS_RECORDS", "5000"))
REPEAT = int(os.environ.get("MEEPLE_CORPUS_REPEAT", "3"))
_folder: Path | None = None
_size: int | None = None
_peak: dict[str, int] = {}  # case name -> largest peak RSS (KB) of its runs


def corpus() -> Path:
    global _folder
    if _folder is None:
        given = os.environ.get("MEEPLE_CORPUS")
        if given:
            _folder = Path(given)
        else:
            _folder = Path(tempfile.mkdtemp(prefix="meeple-corpus-"))
            write(_folder, RECORDS, seed=1)
    return _folder


def size() -> int:
    global _size
    if _size is None:
        _size = len(list(files.files([str(corpus())])))
    return _size


def _run(name: str, command: list[str], env: dict[str, str] | None = None) -> None:
    """Run `command` to its end, keeping the peak RSS of its largest process."""
    with subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    ) as child:
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):  # 1: the corpus holds invalid records on purpose
        raise RuntimeError(f"{' '.join(command)} exited {child.returncode}")
    _peak[name] = max(_peak.get(name, 0), usage.ru_maxrss)


def _check(name: str, jobs: int) -> None:
    _run(name, [sys.executable, "-m", "meeple", "check", "-j", str(jobs), str(corpus())])


def _dask(name: str) -> None:
    code = (
        "import sys; from distributed import LocalCluster; from meeple import corpus, export;"
        "files = corpus.files([sys.argv[1]]);"
        "cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None);"
        "export.export_dask(files, sys.argv[2], cluster.scheduler_address); cluster.close()"
    )
    # Dask's workers sample their own stacks every 10 ms for the dashboard and keep an
    # hour of it: over a corpus that grew each worker by 3.5 KB a record and doubled the
    # time (docs/export.md), so the cluster runs without it. The scheduler also keeps,
    # for its developers, the last 1,000 messages to each worker, each with its
    # partition's file list (about 50 MB before that log is full): 100 are kept here.
    quiet = {
        **os.environ,
        "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
        "DASK_DISTRIBUTED__ADMIN__LOW_LEVEL_LOG_LENGTH": "100",
    }
    with tempfile.TemporaryDirectory() as out:
        _run(name, [sys.executable, "-c", code, str(corpus()), out + "/d"], quiet)


def _read_all() -> None:
    for path in corpus().rglob("*.*"):
        path.read_bytes()


def _rate(name: str) -> Callable[[float], str]:
    def extra(seconds: float) -> str:
        peak = _peak.get(name, 0) / 1024
        return f"{size() / seconds:,.0f} records/s, peak RSS {peak:.0f} MB"

    return extra


def _case(name: str, run: Callable[[], None], goal: str = "") -> Case:
    """A case; with MEEPLE_CORPUS_REPEAT=1 timed once here, without a warm-up run (a
    100,000-record corpus takes minutes a run)."""
    measured = None
    if REPEAT == 1:
        start = time.perf_counter()
        run()
        measured = time.perf_counter() - start
    return Case(name, run, "read every file", _read_all, goal, REPEAT, _rate(name), measured)


def cases() -> list[Case]:
    label = f"{size():,} records"
    one, two, dask = (
        f"corpus: check {label}, 1 job",
        f"corpus: check {label}, 2 jobs",
        f"corpus: export {label}, Dask 2 workers",
    )
    return [
        _case(one, lambda: _check(one, 1)),
        _case(two, lambda: _check(two, 2), ">= 1.8x 1 job"),
        _case(dask, lambda: _dask(dask)),
    ]
