"""`meeple html`: a self-contained page that steps through a whole record."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from meeple.cli import files, options
from meeple.errors import MeepleError

if TYPE_CHECKING:
    from meeple.viewer import Viewing


def command() -> click.Command:
    @click.command()
    @click.argument("file")
    @click.option(
        "-o",
        "--output",
        metavar="FILE",
        help="Where to write the page (default: FILE's name with .html, here; - for"
        " stdout, the default when FILE is - for standard input).",
    )
    @click.option(
        "--fragment",
        "name",
        metavar="NAME",
        help="Write a <div> (and its script) to embed in another page instead of a whole"
        " page; NAME starts its ids and keys its step in the URL (#NAME-step=N).",
    )
    @options.format_option
    @options.game_options("html")
    def html(
        file: str, output: str | None, name: str | None, format_name: str | None, **given: Any
    ) -> None:
        """Write a self-contained HTML viewer that steps through a whole record.

        The page opens at the step its URL names (`page.html#step=4`) and keeps the URL
        at the step shown. A page of standard input (FILE -) goes to standard output
        unless -o names a file. Exit 1 when the record is invalid (the page still shows
        it up to the problem, or the problem alone when the file is not UTF-8 text).
        """
        from meeple.viewer import Viewing
        from meeple.viewer.page import fragment, render

        if name is not None and not _is_name(name):
            raise click.UsageError(
                f"--fragment {name!r}: a name is letters, digits, - and _, starting with a letter"
            )

        if format_name:
            files.lookup(format_name)
        target = output or _default_target(file, name)
        if target != files.STDIN:
            files.writable(target)
        try:
            text, source = files.read_or_usage(file)
        except MeepleError as problem:  # not UTF-8: the page shows why
            view = Viewing(
                problem.source, "not a record meeple can read", [], (problem.report(),), True
            )
        else:
            view = _viewed(text, file, source, format_name, given)
        page = render(view) if name is None else fragment(view, name) + "\n"
        if target == files.STDIN:
            click.echo(page, nl=False)
        else:
            files.write(target, page)
            click.echo(f"wrote {target}", err=True)
        if view.finding:
            click.echo(view.finding, err=True)
            raise SystemExit(1)

    return html


def _default_target(file: str, name: str | None) -> str:
    """Where the page goes without -o: beside the current folder as FILE's name with
    .html, or standard output for standard input (docs/play.md)."""
    if file == files.STDIN:
        return files.STDIN
    return f"{Path(file).stem}{'.fragment' if name else ''}.html"


def _viewed(
    text: str, file: str, source: str, format_name: str | None, given: dict[str, Any]
) -> Viewing:
    """The record as the page shows it, read with the game options given."""
    from meeple.viewer import viewing

    reading: dict[str, Any] = {}
    if any(value is not None for value in given.values()):
        try:
            fmt = files.format_of(text, file, source, format_name)
        except MeepleError as problem:
            files.fail(problem)
        reading = files.reading_options(fmt, "html", given)
    try:
        return viewing(text, source, format_name, reading)
    except MeepleError as problem:
        files.fail(problem)


def _is_name(name: str) -> bool:
    """Whether `name` can start an HTML id and a URL key as it is."""
    return (
        name[:1].isascii()
        and name[:1].isalpha()
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)
    )
