"""The `meeple` command: check, format, convert, show and replay game records.

Every command works through the registry, so a game gains CLI support by
declaring hooks on its `Format`. Exit status: 0 clean, 1 an invalid record,
2 a usage mistake. Bad input is reported compiler-style, never as a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from meeple import registry
from meeple.errors import Finding, MeepleError, decode
from meeple.qgn.model import Games
from meeple.registry import Document, Format

STDIN = "-"
PROGRESS_FROM = 20  # files; fewer finish before a bar would be worth drawing


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `meeple` script."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="meeple")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="meeple")
def cli() -> None:
    """Read, check, replay and draw the textual notations of tabletop games."""


# -- shared pieces ----------------------------------------------------------------


def _format_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--format",
        "format_name",
        metavar="NAME",
        help="Read the input as this notation instead of detecting it (see `meeple formats`).",
    )(function)


def _game_options(command: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add every option some format offers for `command` (a format rejects others' options)."""

    def add(function: Callable[..., Any]) -> Callable[..., Any]:
        seen: set[str] = set()
        for fmt in registry.formats():
            for option in fmt.options:
                if command not in option.commands or option.name in seen:
                    continue
                seen.add(option.name)
                flag = "--" + option.name.replace("_", "-")
                help_text = f"{option.help} [{fmt.name}]"
                if option.flag:
                    function = click.option(
                        flag, option.name, is_flag=True, default=None, help=help_text
                    )(function)
                else:
                    kind = click.Choice(option.choices) if option.choices else str
                    function = click.option(flag, option.name, type=kind, help=help_text)(function)
        return function

    return add


def _chosen(fmt: Format, command: str, given: dict[str, Any]) -> dict[str, Any]:
    """The options given on the command line that `fmt` takes; a usage error for the rest."""
    mine = {o.name for o in fmt.options if command in o.commands}
    chosen = {name: value for name, value in given.items() if value is not None}
    foreign = sorted(set(chosen) - mine)
    if foreign:
        names = ", ".join("--" + name.replace("_", "-") for name in foreign)
        raise click.UsageError(f"{names} does not apply to {fmt.name} records")
    return chosen


def _read(path: str) -> tuple[str, str]:
    """(text, source name) of a file or of standard input."""
    if path == STDIN:
        return decode(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    try:
        data = Path(path).read_bytes()
    except OSError as problem:
        raise click.UsageError(f"cannot read {path}: {problem.strerror}") from None
    return decode(data, path), path


def _lookup(name: str) -> Format:
    try:
        return registry.get(name)
    except ValueError as problem:
        raise click.UsageError(str(problem)) from None


def _document(path: str, format_name: str | None) -> Document:
    """Read and parse one input; MeepleError if it is not a valid record."""
    text, source = _read(path)
    if format_name:
        fmt = _lookup(format_name)
    else:
        fmt = registry.detect(text, None if path == STDIN else path, source)
    return fmt.read(text, source)


def _fail(error: MeepleError) -> NoReturn:
    click.echo(str(error), err=True)
    raise SystemExit(1)


def _document_or_exit(path: str, format_name: str | None) -> Document:
    """The parsed input, or exit 1 after printing why it is not a valid record."""
    try:
        return _document(path, format_name)
    except MeepleError as problem:
        _fail(problem)


def _need(fmt: Format, hook: object, what: str) -> None:
    if hook is None:
        raise click.UsageError(f"{fmt.name} records have no {what}")


@contextmanager
def _progress(total: int, label: str) -> Iterator[Callable[[], None]]:
    """A progress bar on a terminal for long batches; silent when piped."""
    console = Console(stderr=True)
    if total < PROGRESS_FROM or not console.is_terminal:
        yield lambda: None
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def _states(document: Document) -> Iterator[Any]:
    replay = document.format.replay
    assert replay is not None
    yield from replay(document)


# -- commands ------------------------------------------------------------------------


@cli.command()
def formats() -> None:
    """List the notations meeple reads and what it can do with each."""
    rows = [("NAME", "EXTENSIONS", "CAN", "DESCRIPTION")]
    for fmt in registry.formats():
        rows.append(
            (fmt.name, " ".join(fmt.extensions) or "-", ",".join(fmt.capabilities), fmt.title)
        )
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        click.echo(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[3]
        )


def _findings(document: Document, options: dict[str, Any]) -> list[Finding]:
    fmt = document.format
    found = list(fmt.check(document, **options)) if fmt.check else []
    if fmt.replay is not None:
        try:
            for _ in fmt.replay(document):
                pass
        except MeepleError as problem:
            found.append(Finding.from_error(problem))
    return found


@cli.command()
@click.argument("files", nargs=-1, required=True)
@_format_option
@click.option("--strict", is_flag=True, help="Treat warnings and lint findings as failures.")
@_game_options("check")
def check(files: tuple[str, ...], format_name: str | None, strict: bool, **given: Any) -> None:
    """Validate records (FILE or - for stdin): notation, then the game's rules.

    Prints every problem compiler-style. Exit 0 when all are valid, 1 otherwise.
    """
    failed = problems = 0
    with _progress(len(files), "checking") as advance:
        for path in files:
            try:
                document = _document(path, format_name)
                found = _findings(document, _chosen(document.format, "check", given))
            except MeepleError as problem:
                found = [Finding.from_error(problem)]
            for finding in found:
                click.echo(str(finding))
            problems += len(found)
            if any(f.severity == "error" or strict for f in found):
                failed += 1
            advance()
    click.echo(
        f"{len(files)} checked: {len(files) - failed} valid, {failed} invalid,"
        f" {problems} finding{'s' if problems != 1 else ''}",
        err=True,
    )
    raise SystemExit(1 if failed else 0)


@cli.command()
@click.argument("files", nargs=-1, required=True)
@_format_option
@click.option(
    "--check",
    "only_check",
    is_flag=True,
    help="Only report files that are not canonical; change nothing.",
)
@_game_options("fmt")
def fmt(files: tuple[str, ...], format_name: str | None, only_check: bool, **given: Any) -> None:
    """Rewrite records in canonical form (- writes stdin's record to stdout)."""
    failed = 0
    with _progress(len(files), "formatting") as advance:
        for path in files:
            try:
                document = _document(path, format_name)
                canonical = document.format.dump(
                    document.model, **_chosen(document.format, "fmt", given)
                )
            except MeepleError as problem:
                click.echo(str(problem), err=True)
                failed += 1
                continue
            finally:
                advance()
            if canonical == document.text:
                continue
            if only_check:
                click.echo(f"{document.source}: not in canonical form")
                failed += 1
            elif path == STDIN:
                click.echo(canonical, nl=False)
            else:
                Path(path).write_text(canonical, encoding="utf-8")
                click.echo(f"reformatted {path}", err=True)
    raise SystemExit(1 if failed else 0)


def convert_document(document: Document, target: Format, **options: Any) -> str:
    """The record of `document` written in the `target` notation (through QGN if need be)."""
    source = document.format
    if target.owns(document.model):
        return target.dump(document.model, **options)
    qgn = registry.get("qgn")
    if qgn.owns(document.model):
        snapshot = document.model
    elif source.to_qgn is not None:
        try:
            snapshot = source.to_qgn(document.model)
        except MeepleError as problem:
            raise problem.with_source(document.source) from None
    else:
        raise click.UsageError(f"{source.name} records cannot be converted")
    if target is qgn:
        return target.dump(snapshot, **options)
    if target.from_qgn is None:
        raise click.UsageError(f"nothing converts to {target.name}")
    if isinstance(snapshot, Games):
        raise click.UsageError(
            f"{document.source} holds {len(snapshot)} games; convert one game at a time"
        )
    try:
        model = target.from_qgn(snapshot)
    except MeepleError as problem:
        raise problem.with_source(document.source) from None
    return target.dump(model, **options)


@cli.command()
@click.argument("file")
@click.option("--to", "to", required=True, metavar="FORMAT", help="The notation to write.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here, not to stdout.")
@_format_option
@_game_options("convert")
def convert(file: str, to: str, output: str | None, format_name: str | None, **given: Any) -> None:
    """Write a record in another notation (QGN is the common ground)."""
    target = _lookup(to)
    try:
        document = _document(file, format_name)
        text = convert_document(document, target, **_chosen(target, "convert", given))
    except MeepleError as problem:
        _fail(problem)
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@cli.command()
@click.argument("file")
@click.option(
    "--step",
    type=int,
    metavar="N",
    help="Draw the position after N moves of the record (0: the start).",
)
@_format_option
@_game_options("show")
def show(file: str, step: int | None, format_name: str | None, **given: Any) -> None:
    """Draw a record: the final position, or the one after --step N moves."""
    document = _document_or_exit(file, format_name)
    fmt = document.format
    _need(fmt, fmt.render, "picture")
    assert fmt.render is not None
    options = _chosen(fmt, "show", given)
    if fmt.replay is None:
        if step is not None:
            raise click.UsageError(f"{fmt.name} records have no moves to step through")
        click.echo(fmt.render(document.model, **options))
        return
    state, count = _state_at(document, step)
    if step is not None and count <= step:
        raise click.UsageError(f"--step {step}: the record has {count - 1} moves")
    click.echo(fmt.render(state, **options))


def _state_at(document: Document, step: int | None) -> tuple[Any, int]:
    """The state after `step` moves (the last one if None) and how many states were seen."""
    if step is not None and step < 0:
        raise click.UsageError("--step counts moves from 0")
    state: Any = None
    count = 0
    try:
        for count, state in enumerate(_states(document), start=1):  # noqa: B007
            if step is not None and count > step:
                break
    except MeepleError as problem:
        _fail(problem)
    return state, count


@cli.command()
@click.argument("file")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="One JSON object per state (the shape is in docs/formats/<game>.md).",
)
@_format_option
def replay(file: str, as_json: bool, format_name: str | None) -> None:
    """Play a record through its game's rules, printing every state and the result."""
    document = _document_or_exit(file, format_name)
    fmt = document.format
    _need(fmt, fmt.replay, "rules to replay")
    if as_json:
        _need(fmt, fmt.state_json, "JSON states")
    last: Any = None
    try:
        for number, state in enumerate(_states(document)):
            last = state
            if as_json:
                assert fmt.state_json is not None
                click.echo(json.dumps(fmt.state_json(state), separators=(",", ":")))
            else:
                click.echo(f"== step {number} ==")
                click.echo(fmt.render(state) if fmt.render else repr(state))
    except MeepleError as problem:
        _fail(problem)
    if not as_json and fmt.result is not None and last is not None:
        click.echo(f"result: {fmt.result(last)}")
