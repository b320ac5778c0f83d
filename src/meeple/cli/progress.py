"""A progress bar with throughput for long batches, drawn only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is imported only when a bar is drawn
    from rich.progress import Progress, ProgressColumn

PROGRESS_FROM = 20  # items; fewer finish before a bar would be worth drawing


@contextmanager
def progress(
    total: int | Callable[[], int], label: str, unit: str = "files"
) -> Iterator[Callable[[], None]]:
    """Yield a function to call once per item done; silent when stderr is not a terminal.

    `total` may be a function, called only when a bar could be drawn (counting a
    corpus's files walks its folders once more)."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    if callable(total):
        total = total()
    if total < PROGRESS_FROM:
        yield lambda: None
        return
    from rich.progress import TimeRemainingColumn

    with _bar(label, unit, TimeRemainingColumn()) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


@contextmanager
def tally(total: int, label: str, unit: str) -> Iterator[Callable[[int, str], None]]:
    """Yield a function to call with the count done so far and a note (the best found
    yet, say), for work that reports now and then rather than item by item; silent when
    stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield lambda done, note: None
        return
    from rich.progress import TextColumn, TimeElapsedColumn

    with _bar(label, unit, TimeElapsedColumn(), TextColumn("{task.fields[note]}")) as bar:
        task = bar.add_task(label, total=total, note="")

        def update(done: int, note: str) -> None:
            bar.update(task, completed=min(done, total), note=note)

        yield update


def _bar(label: str, unit: str, *tail: ProgressColumn) -> Progress:
    """A transient rich bar on stderr: the label, the bar, done of total, the rate in
    `unit`s per second, then the `tail` columns."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.0f} {unit}/s")

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), Rate(), *tail)
    return Progress(*columns, console=Console(stderr=True), transient=True)
