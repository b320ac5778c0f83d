"""A corpus as a dataset: Parquet tables of games, moves and findings (extra `data`).

`export` runs `meeple.corpus.summarise` over every file, on a process pool or, with
`export_dask`, as a Dask bag on an existing Dask distributed cluster (extra `dask`),
and streams the rows into three Parquet files in one folder: `games.parquet`,
`moves.parquet` and `findings.parquet` (schemas in docs/export.md). Rows are written
in input order, in batches, so memory stays flat however large the corpus; the files
appear (renamed from temporary names) only when the export is complete.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import islice
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from meeple.corpus import Summary, ordered_map, summarise

BATCH = 5_000  # rows buffered per table before they are written

GAMES = pa.schema(
    [
        ("game_id", pa.int64()),
        ("source", pa.string()),
        ("format", pa.string()),
        ("game", pa.string()),
        ("players", pa.list_(pa.string())),
        ("tags", pa.map_(pa.string(), pa.string())),
        ("moves", pa.int64()),
        ("valid", pa.bool_()),
        ("status", pa.string()),
        ("winners", pa.list_(pa.string())),
        ("finding_line", pa.int64()),
        ("finding_column", pa.int64()),
        ("finding_message", pa.string()),
    ]
)
MOVES = pa.schema(
    [
        ("game_id", pa.int64()),
        ("step", pa.int64()),
        ("player", pa.string()),
        ("move", pa.string()),
        ("status", pa.string()),
    ]
)
FINDINGS = pa.schema(
    [
        ("game_id", pa.int64()),
        ("source", pa.string()),
        ("line", pa.int64()),
        ("column", pa.int64()),
        ("severity", pa.string()),
        ("kind", pa.string()),
        ("message", pa.string()),
    ]
)
TABLES = {"games": GAMES, "moves": MOVES, "findings": FINDINGS}


@dataclass(frozen=True)
class Exported:
    """How many rows went into each table."""

    games: int
    moves: int
    findings: int


class _Table:
    """One Parquet file written in batches under a temporary name."""

    def __init__(self, folder: Path, name: str, schema: pa.Schema) -> None:
        self.final = folder / f"{name}.parquet"
        self.temporary = folder / f".{name}.parquet.tmp"
        self.schema = schema
        self.writer = pq.ParquetWriter(str(self.temporary), schema)
        self.rows: list[dict[str, Any]] = []
        self.count = 0

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        self.rows.extend(rows)
        if len(self.rows) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.writer.write_table(pa.Table.from_pylist(self.rows, schema=self.schema))
            self.count += len(self.rows)
            self.rows = []

    def close(self, keep: bool) -> None:
        self.flush()
        self.writer.close()
        if keep:
            os.replace(self.temporary, self.final)
        else:
            self.temporary.unlink(missing_ok=True)


def write(summaries: Iterable[Summary], folder: str | os.PathLike[str]) -> Exported:
    """Write the rows of `summaries` (in order; game ids count from 0) into `folder`."""
    out = Path(folder)
    out.mkdir(exist_ok=True)
    tables = {name: _Table(out, name, schema) for name, schema in TABLES.items()}
    done = False
    try:
        for game_id, summary in enumerate(summaries):
            tables["games"].add([{"game_id": game_id, **summary.game}])
            tables["moves"].add({"game_id": game_id, **row} for row in summary.moves)
            tables["findings"].add({"game_id": game_id, **row} for row in summary.findings)
        done = True
    finally:
        for table in tables.values():
            table.close(keep=done)
    return Exported(tables["games"].count, tables["moves"].count, tables["findings"].count)


def export(
    paths: Iterable[str],
    folder: str | os.PathLike[str],
    jobs: int = 1,
    format_name: str | None = None,
) -> Exported:
    """Export the records at `paths` (files, read as the work goes on) on `jobs` processes."""
    work = partial(summarise, format_name=format_name)
    return write(ordered_map(work, paths, jobs), folder)


def export_dask(
    paths: Iterable[str],
    folder: str | os.PathLike[str],
    address: Any,
    format_name: str | None = None,
    partition_size: int = 256,
) -> Exported:
    """Export on a Dask distributed cluster: the same per-file work as a Dask bag.

    `address` is a scheduler address or a `distributed` cluster object. Partitions are
    computed a few at a time and written in order, so the dataset equals `export`'s.
    """
    return write(_dask_summaries(paths, address, format_name, partition_size), folder)


def _dask_summaries(
    paths: Iterable[str], address: Any, format_name: str | None, partition_size: int
) -> Iterator[Summary]:
    import dask.bag as db
    from distributed import Client

    queue = iter(paths)

    def partitions() -> Iterator[Any]:
        """One-partition bags of the next `partition_size` files, each made only when it
        is sent, so neither the client nor the scheduler holds the whole corpus."""
        while files := list(islice(queue, partition_size)):
            yield db.from_sequence(files, npartitions=1).map(summarise, format_name=format_name)

    with Client(address) as client:
        window = 2 * max(1, len(client.scheduler_info().get("workers", {})))
        bags = partitions()
        pending = deque(client.compute(bag) for bag in islice(bags, window))
        while pending:
            future = pending.popleft()
            following = next(bags, None)
            if following is not None:
                pending.append(client.compute(following))
            yield from future.result()
            future.release()
