"""Corpora: records per second for `meeple check` on 1 and 2 processes and on a Dask
LocalCluster, with peak memory.

The corpus is written by make_corpus.py (seeded, every game, a tenth broken) into a
temporary folder; MEEPLE_CORPUS_RECORDS sets its size (default 5,000: 100,000 takes
minutes to write on this machine and is run by hand). The floor is reading every file's
bytes once in the same run. Goal: 2 jobs at least 1.8x the records/s of 1 job.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import Case
from make_corpus import write

RECORDS = int(os.environ.get("MEEPLE_CORPUS_RECORDS", "5000"))
_folder: Path | None = None


def corpus() -> Path:
    global _folder
    if _folder is None:
        _folder = Path(tempfile.mkdtemp(prefix="meeple-corpus-"))
        write(_folder, RECORDS, seed=1)
    return _folder


def _check(jobs: int) -> None:
    subprocess.run(
        [sys.executable, "-m", "meeple", "check", "-j", str(jobs), str(corpus())],
        check=False,
        capture_output=True,
    )


def _dask() -> None:
    code = (
        "import sys; from distributed import LocalCluster; from meeple import corpus, export;"
        "files = corpus.expand([sys.argv[1]]);"
        "cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None);"
        "export.export_dask(files, sys.argv[2], cluster.scheduler_address); cluster.close()"
    )
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [sys.executable, "-c", code, str(corpus()), out + "/d"], check=True, capture_output=True
        )


def _read_all() -> None:
    for path in corpus().rglob("*.*"):
        path.read_bytes()


def _rate(seconds: float) -> str:
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return f"{RECORDS / seconds:,.0f} records/s, peak child RSS {peak:.0f} MB"


def cases() -> list[Case]:
    return [
        Case(
            f"corpus: check {RECORDS} records, 1 job",
            lambda: _check(1),
            "read every file",
            _read_all,
            repeat=3,
            extra=_rate,
        ),
        Case(
            f"corpus: check {RECORDS} records, 2 jobs",
            lambda: _check(2),
            "read every file",
            _read_all,
            goal=">= 1.8x 1 job",
            repeat=3,
            extra=_rate,
        ),
        Case(
            f"corpus: export {RECORDS} records, Dask 2 workers",
            _dask,
            "read every file",
            _read_all,
            repeat=3,
            extra=_rate,
        ),
    ]
