"""Many records at once: which files a command means, and the work done on each.

`files` turns the paths a person gives (files, directories, glob patterns) into the
files to read. `ordered_map` spreads a per-file function over a process pool and yields
results in input order. `check_file` and `summarise` are that per-file work for
`meeple check` and `meeple export`: plain functions of a path, returning picklable
values, so a process pool or a Dask cluster can run them unchanged.

Standard library only; Parquet export lives in meeple.export (extra `data`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any, NamedTuple, TypeVar

from meeple import engine, records, registry
from meeple.errors import Finding, Location, MeepleError, OptionError

STDIN = "-"
GLOB_CHARACTERS = frozenset("*?[")
SKIPPED_FOLDERS = frozenset({".git", ".venv", "__pycache__", "node_modules"})

T = TypeVar("T")
R = TypeVar("R")


def record_extensions() -> frozenset[str]:
    """The file extensions of every notation meeple reads (`.qgn`, `.flows`, ...)."""
    return frozenset(ext for fmt in registry.formats() for ext in fmt.extensions)


def files(
    paths: Iterable[str], hidden: bool = False, skipped: list[str] | None = None
) -> Iterator[str]:
    """The files `paths` name, in order, found as they are asked for: a directory stands
    for every record under it (recursively, in sorted path order; see `records_under`
    for what a walk passes over), a glob pattern for its matches; anything else, a
    missing file included, is kept as given for the reader to report. Files a walk
    passes over are appended to `skipped`."""
    extensions: frozenset[str] | None = None
    for given in paths:
        if given != STDIN and os.path.isdir(given):
            from pathlib import Path

            extensions = extensions or record_extensions()
            under = records_under(str(Path(given)), extensions, hidden, skipped)
            first = next(under, None)  # a folder with no records is left for the reader to report
            yield from [given] if first is None else chain([first], under)
        elif GLOB_CHARACTERS & set(given) and not os.path.exists(given):
            import glob

            matches = [m for m in sorted(glob.glob(given, recursive=True)) if os.path.isfile(m)]
            yield from matches or [given]
        else:
            yield given


def records_under(
    folder: str | os.PathLike[str],
    extensions: frozenset[str],
    hidden: bool = False,
    skipped: list[str] | None = None,
) -> Iterator[str]:
    """The record files under `folder`, in sorted path order, read one folder at a time.

    Within a folder, a subfolder sorts as its name followed by a slash, which is where
    its paths fall in a sort of whole paths. Passed over: symbolic links to folders,
    the folders in SKIPPED_FOLDERS, hidden folders (a name starting with a dot) unless
    `hidden`, and files whose extension many tools share (`.json`) unless their content
    is one of meeple's notations (those go to `skipped`)."""
    try:
        with os.scandir(folder) as listing:
            entries = [(e.name + "/" if _is_folder(e) else e.name, e) for e in listing]
    except OSError:
        return
    for key, entry in sorted(entries, key=lambda pair: pair[0]):
        if key.endswith("/"):
            visible = hidden or not entry.name.startswith(".")
            if visible and entry.name not in SKIPPED_FOLDERS and not entry.is_symlink():
                yield from records_under(entry.path, extensions, hidden, skipped)
            continue
        extension = os.path.splitext(entry.name)[1].lower()
        if extension not in extensions:
            continue
        if extension in SHARED_EXTENSIONS and not _recognised(entry.path):
            if skipped is not None:
                skipped.append(entry.path)
            continue
        yield entry.path


SHARED_EXTENSIONS = frozenset({".json", ".json5"})
"""Extensions many tools write: a walk takes such a file only when its content is one of
meeple's notations (a file named on the command line is always read)."""
SNIFFED_BYTES = 1 << 16
"""How much of a file the content test reads (sniffers look at the start of a text)."""


def _recognised(path: str) -> bool:
    """Whether the start of a file reads as one of meeple's notations by content."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(SNIFFED_BYTES + 1)
    except OSError:
        return True  # unreadable: the reader reports it
    # A file cut short still sniffs as its notation when its start says what it is.
    text = data[:SNIFFED_BYTES].decode("utf-8", errors="replace")
    return any(fmt.sniff(text) for fmt in registry.formats())


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def ordered_map(function: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """`map(function, items)` over `jobs` processes, results in input order.

    Items are taken as the work goes on, at most a few chunks ahead of the results, so
    memory stays flat however many there are. Chunks grow from one item to CHUNK, so a
    short batch still spreads over every process."""
    queue = iter(items)
    first = list(islice(queue, 2))
    if jobs <= 1 or len(first) < 2:
        yield from map(function, chain(first, queue))
        return
    from concurrent.futures import Future, ProcessPoolExecutor  # only a batch pays for it

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals)
    pending: deque[Future[list[R]]] = deque()
    finished = False
    try:
        for chunk in _chunks(chain(first, queue)):
            pending.append(pool.submit(_map_chunk, function, chunk))
            if len(pending) >= WINDOW * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # a caller that stops early (--fail-fast, Ctrl-C) waits for no chunk
            stop_now(pool)


def _worker_signals() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (and reports what was done)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def stop_now(pool: Any) -> None:
    """Shut a process pool down at once: its queued work cancelled and its worker
    processes ended, not after the work they are doing."""
    pool.shutdown(wait=False, cancel_futures=True)
    for process in (getattr(pool, "_processes", None) or {}).values():
        process.terminate()


CHUNK = 32
"""The most items a process is handed at once."""
WINDOW = 4
"""Chunks in flight per process: enough to keep each busy while results are read."""


def _chunks(items: Iterator[T]) -> Iterator[list[T]]:
    size = 1
    while chunk := list(islice(items, size)):
        yield chunk
        size = min(2 * size, CHUNK)


def _map_chunk(function: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [function(item) for item in chunk]


def unreadable(path: str, problem: OSError) -> Finding:
    """The one finding a file that cannot be read at all gets (it has no position)."""
    if isinstance(problem, IsADirectoryError):
        known = ", ".join(sorted(record_extensions()))
        message = f"no records in this folder (files ending {known})"
    else:
        message = f"cannot read the file: {problem.strerror or problem}"
    return Finding(message, Location(path, 0, 0), "error", "check")


class Checked(NamedTuple):
    """What `meeple check` found in one file; `usage` is a usage mistake, not a finding."""

    path: str
    findings: list[Finding]
    usage: str | None = None


def check_file(
    path: str, format_name: str | None = None, options: dict[str, Any] | None = None
) -> Checked:
    """Every finding of one file, the way `meeple check` reports it."""
    try:
        text, source = records.read_file(path)
        fmt = registry.pick(text, path, source, format_name)
    except OSError as problem:
        return Checked(path, [unreadable(path, problem)])
    except MeepleError as problem:
        return Checked(path, [Finding.from_error(problem)])
    given = {name: value for name, value in (options or {}).items() if value is not None}
    foreign = fmt.foreign("check", given)
    if foreign:
        names = ", ".join("--" + name.replace("_", "-") for name in foreign)
        return Checked(path, [], usage=f"{names} does not apply to {fmt.name} records")
    try:
        return Checked(path, records.text_findings(text, source, fmt, **given))
    except OptionError as problem:
        return Checked(path, [], usage=str(problem))


# -- one row per record, for export -------------------------------------------------


class Summary(NamedTuple):
    """One record as rows: the game, its moves, its findings (meeple.export's tables)."""

    game: dict[str, Any]
    moves: list[dict[str, Any]]
    findings: list[dict[str, Any]]


def summarise(path: str, format_name: str | None = None) -> Summary:
    """The rows `meeple export` writes for one file (game ids are added by the writer)."""
    game: dict[str, Any] = {
        "source": path,
        "format": None,
        "game": None,
        "players": [],
        "tags": [],
        "moves": None,
        "valid": False,
        "status": None,
        "winners": [],
        "finding_line": None,
        "finding_column": None,
        "finding_message": None,
    }
    moves: list[dict[str, Any]] = []
    try:
        text, source = records.read_file(path)
        fmt = registry.pick(text, path, source, format_name)
    except OSError as problem:
        return _with_findings(game, moves, [unreadable(path, problem)])
    except MeepleError as problem:
        return _with_findings(game, moves, [Finding.from_error(problem)])
    game["format"] = fmt.name
    found = records.text_findings(text, source, fmt)
    try:
        record = records.of(fmt.read(text, source))
    except MeepleError:
        return _with_findings(game, moves, found)
    game["game"] = record.notation.name
    game["tags"] = _tags(record)
    if record.notation.can("replay"):
        moves, last = _moves(record)
        if isinstance(last, engine.GameState):
            game["players"] = [last.player_name(p) for p in range(1, last.player_count + 1)]
            game["moves"] = len(last.history)
            game["status"] = last.status
            game["winners"] = engine.winner_names(last)
        elif isinstance(last, engine.Ending):  # a trace that knows who won, as replay says
            game["status"] = last.status
            game["winners"] = list(last.winner_names)
    return _with_findings(game, moves, found)


def _tags(record: records.Playable) -> list[tuple[str, str]]:
    """The record's QGN tags (a raft challenge, a flows game line): what set the game up."""
    from meeple.qgn.model import Snapshot

    snapshot = record.document.model
    if not isinstance(snapshot, Snapshot) and record.notation.can("to_qgn"):
        try:
            snapshot = record.notation.to_qgn(record.played.model)
        except MeepleError:  # a model with no QGN form (a bag of roles)
            return []
    return list(snapshot.tags.items()) if isinstance(snapshot, Snapshot) else []


def _moves(record: records.Playable) -> tuple[list[dict[str, Any]], Any]:
    """A row per move up to the first illegal one, and the last legal state."""
    rows: list[dict[str, Any]] = []
    mover: str | None = None
    last: Any = None
    try:
        for step in records.steps(record):
            if step.index and isinstance(step.state, engine.GameState):
                row = {"step": step.index, "player": mover, "move": step.move}
                rows.append(row | {"status": step.status})
            mover, last = step.to_move, step.state
    except MeepleError:
        pass
    return rows, last


def _with_findings(
    game: dict[str, Any], moves: list[dict[str, Any]], found: Iterable[Finding]
) -> Summary:
    rows: list[dict[str, Any]] = [finding.to_json() for finding in found]
    game["valid"] = game["format"] is not None and not any(
        row["severity"] == "error" for row in rows
    )
    if rows:
        game["finding_line"] = rows[0]["line"]
        game["finding_column"] = rows[0]["column"]
        game["finding_message"] = rows[0]["message"]
    return Summary(game, moves, rows)
