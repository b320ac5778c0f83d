"""`meeple export`: Parquet tables a person queries with DuckDB; Dask gives the same."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from meeple import corpus, export
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "dataset"
    run = meeple(["export", str(EXAMPLES), "-o", str(out), "-j", "2"])
    assert run.code == 0, run.err
    return out


def _sql(dataset: Path, query: str) -> list[tuple[object, ...]]:
    connection = duckdb.connect()
    for table in export.TABLES:
        connection.execute(
            f"create view {table} as select * from read_parquet('{dataset / table}.parquet')"
        )
    return connection.execute(query).fetchall()


def test_every_record_is_one_row_of_games(dataset: Path) -> None:
    files = list(corpus.files([str(EXAMPLES)]))
    rows = _sql(dataset, "select source, valid from games order by game_id")
    assert [row[0] for row in rows] == files
    invalid = {row[0] for row in rows if not row[1]}
    assert str(EXAMPLES / "flows" / "occupied.flows") in invalid
    assert str(EXAMPLES / "flows" / "numbered.flows") not in invalid


def test_findings_join_their_games(dataset: Path) -> None:
    rows = _sql(
        dataset,
        "select g.source, f.line, f.kind from findings f join games g using (game_id)"
        " where g.source like '%occupied.flows'",
    )
    assert rows == [(str(EXAMPLES / "flows" / "occupied.flows"), 5, "rule")]
    first = _sql(dataset, "select count(*) from games where not valid and finding_line is null")
    assert first == [(0,)]


def test_moves_are_one_row_per_move_of_every_replayable_game(dataset: Path) -> None:
    counts = _sql(
        dataset,
        "select g.moves, count(m.step) from games g left join moves m using (game_id)"
        " where g.moves is not null and g.valid group by g.game_id, g.moves",
    )
    assert counts and all(expected == found for expected, found in counts)


def test_a_trace_is_written_with_the_status_and_winners_replay_gives(dataset: Path) -> None:
    trace = EXAMPLES / "botc" / "game.trace"
    rows = _sql(dataset, f"select status, winners from games where source = '{trace}'")
    replayed = json.loads(meeple(["replay", "--json", str(trace)]).out.splitlines()[-1])
    assert replayed["status"] == "won" and len(replayed["winners"]) == 5
    assert rows == [(replayed["status"], replayed["winners"])]


def test_win_rate_by_first_move_in_flows(dataset: Path) -> None:
    rows = _sql(
        dataset,
        "select m.move, avg(case when list_contains(g.winners, m.player) then 1 else 0 end)"
        " from moves m join games g using (game_id)"
        " where g.game = 'flows' and m.step = 1 and g.status <> 'playing' group by m.move",
    )
    assert rows and all(0 <= float(str(rate)) <= 1 for _, rate in rows)


def test_a_dask_local_cluster_writes_the_same_dataset(dataset: Path, tmp_path: Path) -> None:
    import dask
    from distributed import LocalCluster

    files = list(corpus.files([str(EXAMPLES)]))
    # The cluster's scratch space in the test's own folder, not a shared /tmp one (which
    # lies beside a checkout made in /tmp, and outlives the run).
    with (
        dask.config.set({"temporary-directory": str(tmp_path / "scratch")}),
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        export.export_dask(files, tmp_path / "dask", cluster.scheduler_address, partition_size=4)
    for table in export.TABLES:
        single = pq.read_table(dataset / f"{table}.parquet")
        distributed = pq.read_table(tmp_path / "dask" / f"{table}.parquet")
        assert distributed.equals(single), table


def test_export_needs_an_existing_parent_folder(tmp_path: Path) -> None:
    run = meeple(["export", str(EXAMPLES), "-o", str(tmp_path / "no" / "dataset")])
    assert run.code == 2
    assert "no directory" in run.err


def test_an_interrupted_export_leaves_no_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(path: str, format_name: str | None = None) -> corpus.Summary:
        raise KeyboardInterrupt

    monkeypatch.setattr(export, "summarise", broken)
    with pytest.raises(KeyboardInterrupt):
        export.export([str(EXAMPLES / "qgn" / "unknown-game.qgn")], tmp_path / "out")
    assert list((tmp_path / "out").iterdir()) == []
    shutil.rmtree(tmp_path / "out")


def test_average_game_length_per_raft_challenge(dataset: Path) -> None:
    rows = _sql(
        dataset,
        "select tags['challenge'], avg(moves) from games"
        " where game = 'raft' and valid group by all order by 1",
    )
    lengths: dict[str, list[int]] = {}
    for name in ("crossed-paths.raft", "lost.raft", "one-step.raft"):  # the valid ones
        lines = (EXAMPLES / "raft" / name).read_text().splitlines()
        challenge, *moves = [line.split()[0] for line in lines if line and line[0] != "#"]
        lengths.setdefault(challenge, []).append(len(moves))
    expected = sorted((c, sum(n) / len(n)) for c, n in lengths.items())
    assert rows == expected
