"""The `meeple` command: check, format, convert, show, replay and list moves of records.

Every command works through the registry, the engine protocol and `meeple.records`, so
a game gains CLI support by declaring hooks on its `Format`. Exit status: 0 clean,
1 an invalid record, 2 a usage mistake. Bad input is reported compiler-style, never
as a traceback. Commands are built on first use, so `meeple --version` imports no game.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click

from meeple import __version__, engine, records, registry
from meeple.errors import DEFAULT_SOURCE, Finding, MeepleError, OptionError, decode
from meeple.registry import Document, Format

STDIN = "-"
PROGRESS_FROM = 20  # files; fewer finish before a bar would be worth drawing
SHOWN_PER_FILE = 50  # findings printed per file; the rest are counted


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `meeple` script."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="meeple")


Factory = Callable[[], click.Command]


class _Commands(click.Group):
    """A group whose commands are built (and their games imported) only when used."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.factories: dict[str, Callable[[], click.Command]] = {}

    def lazy(
        self, name: str
    ) -> Callable[[Callable[[], click.Command]], Callable[[], click.Command]]:
        def register(factory: Callable[[], click.Command]) -> Callable[[], click.Command]:
            self.factories[name] = factory
            return factory

        return register

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.factories})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.factories:
            self.add_command(self.factories[cmd_name](), cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0]) if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib  # only here: imported lazily for start-up

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="meeple")
def cli() -> None:
    """Read, check, replay and draw the textual notations of tabletop games."""


commands: _Commands = cli


# -- shared pieces ----------------------------------------------------------------


def _format_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--format",
        "format_name",
        metavar="NAME",
        help="Read the input as this notation instead of detecting it (see `meeple formats`).",
    )(function)


def _step_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--step",
        type=click.IntRange(min=0),
        metavar="N",
        help="The position after N moves of the record (0: the start; default: the end).",
    )(function)


def _game_options(command: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add every option some format offers for `command` (a format rejects others' options)."""

    def add(function: Callable[..., Any]) -> Callable[..., Any]:
        offered: dict[str, list[str]] = {}
        for fmt in registry.formats():
            for option in fmt.options:
                if command in option.commands:
                    offered.setdefault(option.name, []).append(fmt.name)
        seen: set[str] = set()
        for fmt in registry.formats():
            for option in fmt.options:
                if command not in option.commands or option.name in seen:
                    continue
                seen.add(option.name)
                flag = "--" + option.name.replace("_", "-")
                owners = offered[option.name]
                every = len(owners) == len(registry.formats())
                help_text = option.help if every else f"{option.help} [{', '.join(owners)}]"
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


class Unreadable(Exception):
    """A file that cannot be read at all (missing, a directory, no permission)."""


def _read(path: str) -> tuple[str, str]:
    """(text, source name) of a file or of standard input; Unreadable if there is none."""
    if path == STDIN:
        return decode(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    try:
        data = Path(path).read_bytes()
    except OSError as problem:
        reason = problem.strerror or str(problem)
        raise Unreadable(f"{path}: error: cannot read the file: {reason}") from None
    return decode(data, path), path


def _lookup(name: str, what: str = "format") -> Format:
    try:
        return registry.get(name)
    except ValueError:
        names = [fmt.name for fmt in registry.formats()]
        import difflib  # only here: imported lazily for start-up

        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(names)})"
        raise click.UsageError(f"unknown {what} {name!r}{hint}") from None


def _format_of(text: str, path: str, source: str, format_name: str | None) -> Format:
    if format_name:
        return _lookup(format_name)
    return registry.detect(text, None if path == STDIN else path, source)


def _document(path: str, format_name: str | None) -> Document:
    """Read and parse one input; MeepleError if it is not a valid record."""
    try:
        text, source = _read(path)
    except Unreadable as problem:
        raise click.UsageError(str(problem).replace(": error:", ":", 1)) from None
    return _format_of(text, path, source, format_name).read(text, source)


def _fail(error: MeepleError) -> NoReturn:
    click.echo(error.report(), err=True)
    raise SystemExit(1)


def _record_or_exit(path: str, format_name: str | None) -> records.Record:
    """The parsed input as a game record, or exit 1 after printing why it is not valid."""
    try:
        return records.of(_document(path, format_name))
    except MeepleError as problem:
        _fail(problem)


@contextmanager
def _usage_on_option_errors() -> Iterator[None]:
    try:
        yield
    except OptionError as problem:
        raise click.UsageError(str(problem)) from None


@contextmanager
def _progress(total: int | Callable[[], int], label: str) -> Iterator[Callable[[], None]]:
    """A progress bar with throughput on a terminal for long batches; silent when piped.

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
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.0f} files/s")

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), Rate(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def _write(output: str, text: str, replacing: str | None = None) -> None:
    """Write `text` to `output` atomically (a temporary file renamed over it).

    A usage error (exit 2) when the directory is missing or not writable; the file
    already there is left as it was whenever writing fails.
    """
    target = Path(output)
    folder = target.parent
    if not folder.is_dir():
        raise click.UsageError(f"cannot write {output}: there is no directory {str(folder)!r}")
    if target.is_dir():
        raise click.UsageError(f"cannot write {output}: it is a directory")
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as problem:
        raise click.UsageError(f"cannot write {output}: {problem.reason}") from None
    try:
        import tempfile  # only here: imported lazily for start-up

        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as problem:
        raise click.UsageError(f"cannot write {output}: {problem.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(temporary, 0o666 & ~mask)
        os.replace(temporary, target)
    except OSError as problem:
        Path(temporary).unlink(missing_ok=True)
        raise click.UsageError(f"cannot write {output}: {problem.strerror}") from None
    if replacing is not None:
        click.echo(replacing, err=True)


def _same_file(a: str, b: str) -> bool:
    if STDIN in (a, b):
        return False
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _state_at(record: records.Record, step: int | None) -> Any:
    """The state after `step` moves (the last one if None); exit 1 at an illegal move."""
    state: Any = None
    count = 0
    try:
        for count, state in enumerate(records.states(record), start=1):  # noqa: B007
            if step is not None and count > step:
                break
    except MeepleError as problem:
        _fail(problem)
    if step is not None and count <= step:
        noun = record.game.step_noun
        played = count - 1
        raise click.UsageError(
            f"--step {step}: the record has {played} {noun}{'s' if played != 1 else ''}"
        )
    return state


def _need_replay(record: records.Record) -> None:
    if record.game.replay is None:
        raise click.UsageError(f"{record.game.name} records have no moves to replay")


# -- commands ------------------------------------------------------------------------


@commands.lazy("formats")
def _formats_command() -> click.Command:
    @click.command()
    @click.option("--json", "as_json", is_flag=True, help="One JSON array of formats.")
    def formats(as_json: bool) -> None:
        """List the notations meeple reads and what it can do with each."""
        if as_json:
            click.echo(json.dumps([_format_json(fmt) for fmt in registry.formats()], indent=2))
            return
        rows = [("NAME", "EXTENSIONS", "CAN", "DESCRIPTION")]
        for fmt in registry.formats():
            can = ",".join(fmt.capabilities)
            rows.append((fmt.name, " ".join(fmt.extensions) or "-", can, fmt.title))
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        for row in rows:
            cells = "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            click.echo(f"{cells}  {row[3]}")

    return formats


def _format_json(fmt: Format) -> dict[str, Any]:
    return {
        "name": fmt.name,
        "title": fmt.title,
        "extensions": list(fmt.extensions),
        "capabilities": list(fmt.capabilities),
        "options": [
            {"name": o.name, "help": o.help, "commands": list(o.commands), "flag": o.flag}
            | ({"choices": list(o.choices)} if o.choices else {})
            for o in fmt.options
        ],
        "qgn_key": fmt.qgn_key,
        "step": fmt.step_noun,
    }


def _finding_json(finding: Finding) -> dict[str, Any]:
    where = finding.location
    placed = where.line > 0  # a file that could not be read has no position
    return {
        "source": where.source,
        "line": where.line if placed else None,
        "column": where.column if placed else None,
        "severity": finding.severity,
        "kind": finding.kind,
        "rule": finding.rule,
        "message": finding.message,
    }


def _print_findings(path: str, found: list[Finding]) -> None:
    for finding in found[:SHOWN_PER_FILE]:
        if finding.location.line == 0:
            click.echo(f"{finding.location.source}: {finding.severity}: {finding.message}")
        else:
            click.echo(str(finding))
    hidden = len(found) - SHOWN_PER_FILE
    if hidden > 0:
        click.echo(f"{path}: note: {hidden} more finding{'s' if hidden != 1 else ''} not shown")


def _jobs_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=None,
        metavar="N",
        help="Processes to spread files over (default: one per core).",
    )(function)


def _batch_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """--jobs, and --keep-going / --fail-fast (see `_stops_early`)."""
    function = click.option("--fail-fast", is_flag=True, help="Stop at the first invalid record.")(
        function
    )
    function = click.option(
        "--keep-going", is_flag=True, help="Go on past invalid records (the default)."
    )(function)
    return _jobs_option(function)


def _stops_early(keep_going: bool, fail_fast: bool) -> bool:
    """Whether a batch stops at its first invalid record; both flags is a usage mistake."""
    if keep_going and fail_fast:
        raise click.UsageError("--keep-going and --fail-fast contradict each other; give one")
    return fail_fast


def _inputs(paths: tuple[str, ...]) -> list[str]:
    """The files a command's arguments name (directories and globs expanded)."""
    from meeple import corpus

    return corpus.expand(paths)


def _count_inputs(paths: tuple[str, ...]) -> int:
    from meeple import corpus

    return sum(1 for _ in corpus.files(paths))


def _checked_files(
    paths: tuple[str, ...], format_name: str | None, given: dict[str, Any], jobs: int
) -> Iterator[Any]:
    """What `check` finds in each file `paths` name, in order; the files are found as
    the work goes on, so a corpus is never held as a list."""
    from functools import partial

    from meeple import corpus

    if STDIN in paths:  # standard input is read here, in this process
        for path in corpus.files(paths):
            if path == STDIN:
                try:
                    text, source = _read(path)
                    fmt = _format_of(text, path, source, format_name)
                    with _usage_on_option_errors():
                        found = records.text_findings(
                            text, source, fmt, **_chosen(fmt, "check", given)
                        )
                except MeepleError as problem:
                    found = [Finding.from_error(problem)]
                yield corpus.Checked(path, found)
            else:
                yield corpus.check_file(path, format_name, given)
        return
    work = partial(corpus.check_file, format_name=format_name, options=given)
    yield from corpus.ordered_map(work, corpus.files(paths), jobs)


@commands.lazy("check")
def _check_command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @_format_option
    @click.option("--strict", is_flag=True, help="Treat warnings and lint findings as failures.")
    @click.option(
        "--json", "as_json", is_flag=True, help="One JSON object per finding, then a summary."
    )
    @_batch_options
    @_game_options("check")
    def check(
        paths: tuple[str, ...],
        format_name: str | None,
        strict: bool,
        as_json: bool,
        jobs: int | None,
        keep_going: bool,
        fail_fast: bool,
        **given: Any,
    ) -> None:
        """Validate records: notation, then the game's rules.

        PATHS are files, directories (every record under them) or glob patterns;
        - is standard input. Prints every problem compiler-style and goes on with the
        next file. Exit 0 when all are valid, 1 otherwise, 2 for a usage mistake.
        """
        fail_fast = _stops_early(keep_going, fail_fast)
        if format_name:
            _lookup(format_name)
        failed = problems = checked = 0
        with _progress(lambda: _count_inputs(paths), "checking") as advance:
            for result in _checked_files(paths, format_name, given, jobs or os.cpu_count() or 1):
                if result.usage:
                    raise click.UsageError(result.usage)
                found = result.findings
                checked += 1
                if as_json:
                    for finding in found:
                        click.echo(json.dumps(_finding_json(finding), ensure_ascii=False))
                else:
                    _print_findings(result.path, found)
                problems += len(found)
                advance()
                if any(f.severity == "error" or strict for f in found):
                    failed += 1
                    if fail_fast:
                        break
        summary = {
            "checked": checked,
            "valid": checked - failed,
            "invalid": failed,
            "findings": problems,
        }
        if as_json:
            click.echo(json.dumps({"meeple": __version__, "summary": summary}))
        else:
            click.echo(
                f"{checked} checked: {checked - failed} valid, {failed} invalid,"
                f" {problems} finding{'s' if problems != 1 else ''}",
                err=True,
            )
        raise SystemExit(1 if failed else 0)

    return check


@commands.lazy("fmt")
def _fmt_command() -> click.Command:
    @click.command()
    @click.argument("files", nargs=-1, required=True)
    @_format_option
    @click.option(
        "--check",
        "only_check",
        is_flag=True,
        help="Only report files that are not canonical; change nothing.",
    )
    @_game_options("fmt")
    def fmt(
        files: tuple[str, ...], format_name: str | None, only_check: bool, **given: Any
    ) -> None:
        """Rewrite records in canonical form (- writes stdin's record to stdout)."""
        failed = 0
        with _progress(len(files), "formatting") as advance:
            for path in files:
                try:
                    document = _document(path, format_name)
                    options = _chosen(document.format, "fmt", given)
                    with _usage_on_option_errors():
                        if document.format.fmt is not None:
                            canonical = document.format.fmt(document, **options)
                        else:
                            canonical = document.format.dump(document.model, **options)
                except MeepleError as problem:
                    if problem.source == DEFAULT_SOURCE:  # a writer's refusal names no file
                        problem = problem.with_source(path)
                    click.echo(problem.report(), err=True)
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
                    _write(path, canonical, replacing=f"reformatted {path}")
        raise SystemExit(1 if failed else 0)

    return fmt


def _converts_to(fmt: Format) -> list[str]:
    """The formats a record in `fmt` can be written in."""
    qgn = registry.get("qgn")
    if fmt is qgn:
        return [f.name for f in registry.formats()]
    names = [f.name for f in registry.formats() if _same_game(f, fmt)]
    if fmt.to_qgn is not None:
        names.append(qgn.name)
    return sorted(set(names))


def _same_game(a: Format, b: Format) -> bool:
    """Whether two formats write the same kind of model (botc and botc-ascii: a grimoire)."""
    return bool(set(a.models) & set(b.models))


def _other_game(game: str, targets: list[str], target: Format) -> click.UsageError:
    """The one wording for a conversion between two different games (a usage mistake)."""
    return click.UsageError(f"{game} records convert to {', '.join(targets)}, not to {target.name}")


def convert_document(document: Document, target: Format, **options: Any) -> str:
    """The record of `document` written in the `target` notation (through QGN if need be)."""
    source = document.format
    if target.owns(document.model):
        return target.dump(document.model, **options)
    qgn = registry.get("qgn")
    game = None if source is qgn else source
    if target is not qgn and game is not None:
        raise _other_game(source.name, _converts_to(source), target)
    if source is qgn:
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
    return _from_qgn(document, snapshot, target, options)


def _from_qgn(document: Document, snapshot: Any, target: Format, options: dict[str, Any]) -> str:
    from meeple.qgn.model import Games

    if target.from_qgn is None:
        raise click.UsageError(f"nothing converts to {target.name}")
    if isinstance(snapshot, Games):
        raise click.UsageError(
            f"{document.source} holds {len(snapshot)} games; convert one game at a time"
        )
    game = registry.for_qgn_key(snapshot.key)
    if game is not None and not _same_game(game, target):
        raise _other_game(game.name, _converts_to(game), target)
    if game is None and target.qgn_key is not None:
        raise _other_game(snapshot.key.strip() or "untitled", ["qgn"], target)
    try:
        model = target.from_qgn(snapshot)
    except MeepleError as problem:
        raise problem.with_source(document.source) from None
    return target.dump(model, **options)


def _convert_text(document: Document, target: Format, given: dict[str, Any]) -> str:
    with _usage_on_option_errors():
        return convert_document(document, target, **_chosen(target, "convert", given))


def _mirrored(paths: tuple[str, ...], out: Path, suffix: str) -> list[tuple[str, Path]]:
    """(input, output) pairs: a directory's records keep their place below `out`."""
    from meeple import corpus

    pairs: list[tuple[str, Path]] = []
    for given in paths:
        if os.path.isdir(given):
            for file in corpus.records_under(Path(given), corpus.record_extensions()):
                relative = Path(file).relative_to(given)
                pairs.append((file, out / relative.with_suffix(suffix)))
        else:
            for file in corpus.expand([given]):
                pairs.append((file, out / Path(file).with_suffix(suffix).name))
    return pairs


@commands.lazy("convert")
def _convert_command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option("--to", "to", required=True, metavar="FORMAT", help="The notation to write.")
    @click.option(
        "-o",
        "--output",
        metavar="PATH",
        help="Write here (atomically), not to stdout; a folder when converting many files.",
    )
    @_format_option
    @_batch_options
    @_game_options("convert")
    def convert(
        paths: tuple[str, ...],
        to: str,
        output: str | None,
        format_name: str | None,
        jobs: int | None,
        keep_going: bool,
        fail_fast: bool,
        **given: Any,
    ) -> None:
        """Write records in another notation (QGN is the common ground).

        One FILE converts to stdout or -o FILE. Several files, directories or globs
        convert into the folder -o names, mirroring the tree; no input is overwritten.
        """
        fail_fast = _stops_early(keep_going, fail_fast)
        target = _lookup(to)
        many = len(paths) > 1 or any(os.path.isdir(p) or set("*?[") & set(p) for p in paths)
        if many:
            if output is None:
                raise click.UsageError("converting many files needs -o FOLDER")
            jobs = jobs or os.cpu_count() or 1
            _convert_many(paths, target, Path(output), format_name, given, jobs, fail_fast)
            return
        file = paths[0]
        try:
            document = _document(file, format_name)
            text = _convert_text(document, target, given)
        except MeepleError as problem:
            _fail(problem)
        if output is None:
            click.echo(text, nl=False)
            return
        if _same_file(output, file) and target is not document.format:
            raise click.UsageError(
                f"-o {output} is the input file: writing {target.name} over it would lose"
                " the record; name another file"
            )
        _write(output, text)

    return convert


def _converted(
    source: str, target_name: str, format_name: str | None, given: dict[str, Any]
) -> tuple[str | None, str | None]:
    """(text, None) of one converted file, or (None, why not): a process pool's unit of work."""
    try:
        return _convert_text(_document(source, format_name), registry.get(target_name), given), None
    except click.UsageError as problem:
        return None, f"{source}: error: {problem.message}"
    except MeepleError as problem:
        return None, problem.report()


def _convert_many(
    paths: tuple[str, ...],
    target: Format,
    out: Path,
    format_name: str | None,
    given: dict[str, Any],
    jobs: int,
    fail_fast: bool,
) -> None:
    from functools import partial

    from meeple import corpus

    suffix = target.extensions[0] if target.extensions else f".{target.name}"
    pairs = _mirrored(paths, out, suffix)
    inputs = {Path(source).resolve() for source, _ in pairs}
    first: dict[Path, str] = {}  # each output, and the input that writes it
    refused: dict[str, str] = {}  # inputs whose output would clobber a file, and why
    for source, destination in pairs:
        written = destination.resolve()
        if written in inputs:
            refused[source] = f"{source}: error: {destination} is an input; not overwritten"
        elif first.setdefault(written, source) != source:
            refused[source] = (
                f"{source}: error: {destination} is written from {first[written]} already;"
                " not overwritten (rename one of them)"
            )
    work = partial(_converted, target_name=target.name, format_name=format_name, given=given)
    todo = [source for source, _ in pairs if source not in refused]
    results = corpus.ordered_map(work, todo, jobs)
    failed = done = 0
    with _progress(len(pairs), "converting") as advance:
        for source, destination in pairs:
            advance()
            done += 1
            text, why = (None, refused[source]) if source in refused else next(results)
            if text is None:
                click.echo(why)
                failed += 1
                if fail_fast:
                    break
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            _write(str(destination), text)
    click.echo(
        f"{done} converted into {out}: {done - failed} written, {failed} failed",
        err=True,
    )
    raise SystemExit(1 if failed else 0)


@commands.lazy("show")
def _show_command() -> click.Command:
    @click.command()
    @click.argument("file")
    @_step_option
    @click.option("--svg", is_flag=True, help="Draw an SVG picture instead of text.")
    @click.option("-o", "--output", metavar="FILE", help="Write the picture here, not to stdout.")
    @_format_option
    @_game_options("show")
    def show(
        file: str,
        step: int | None,
        svg: bool,
        output: str | None,
        format_name: str | None,
        **given: Any,
    ) -> None:
        """Draw a record: the final position, or the one after --step N moves."""
        record = _record_or_exit(file, format_name)
        fmt = record.game
        draw = fmt.svg if svg else fmt.render
        if draw is None:
            raise click.UsageError(f"{fmt.name} records have no {'SVG ' if svg else ''}picture")
        options = _chosen(fmt, "show", given)
        if svg and options:
            names = ", ".join("--" + name.replace("_", "-") for name in options)
            raise click.UsageError(f"{names} shapes the text picture, not the SVG")
        if fmt.replay is None:
            if step is not None:
                raise click.UsageError(f"{fmt.name} records have no moves to step through")
            subject = record.played.model
        else:
            subject = _state_at(record, step)
        try:
            with _usage_on_option_errors():
                picture = draw(subject, **options)
        except MeepleError as problem:  # a record the picture cannot hold
            _fail(problem.with_source(record.document.source))
        if output:
            _write(output, picture if picture.endswith("\n") else picture + "\n")
        else:
            # Asked for by name, colour stays even through a pipe (as `less -R` reads it).
            click.echo(picture, color=True if options.get("color") else None)

    return show


@commands.lazy("replay")
def _replay_command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option(
        "--json",
        "as_json",
        is_flag=True,
        help="One JSON object per state (docs/json.md: the same fields for every game).",
    )
    @_format_option
    @_batch_options
    def replay(
        paths: tuple[str, ...],
        as_json: bool,
        format_name: str | None,
        jobs: int | None,
        keep_going: bool,
        fail_fast: bool,
    ) -> None:
        """Play records through their game's rules, printing every state and the result.

        PATHS are files, directories or glob patterns. With several files each JSON
        object also names its `source`, files are replayed over --jobs processes
        (output in input order), and a bad record is reported without stopping the
        rest (exit 1 at the end) unless --fail-fast.
        """
        from functools import partial

        from meeple import corpus

        fail_fast = _stops_early(keep_going, fail_fast)
        files = _inputs(paths)
        if len(files) == 1:
            _replay_one(files[0], format_name, as_json, None)
            return
        work = partial(_replayed, format_name=format_name, as_json=as_json)
        failed = 0
        for out, err, ok in corpus.ordered_map(work, files, jobs or os.cpu_count() or 1):
            sys.stdout.write(out)
            sys.stdout.flush()
            sys.stderr.write(err)
            if not ok:
                failed += 1
                if fail_fast:
                    break
        raise SystemExit(1 if failed else 0)

    return replay


def _replayed(path: str, format_name: str | None, as_json: bool) -> tuple[str, str, bool]:
    """(stdout, stderr, valid) of replaying one of many files: a process pool's unit of work."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    out, err = io.StringIO(), io.StringIO()
    ok = True
    with redirect_stdout(out), redirect_stderr(err):
        try:
            _replay_one(path, format_name, as_json, path)
        except SystemExit as stop:
            ok = stop.code in (0, None)
        except click.UsageError as problem:
            click.echo(f"{path}: error: {problem.message}", err=True)
            ok = False
    return out.getvalue(), err.getvalue(), ok


def _replay_one(path: str, format_name: str | None, as_json: bool, source: str | None) -> None:
    """Replay one file; SystemExit(1) after printing why when the record is invalid."""
    record = _record_or_exit(path, format_name)
    _need_replay(record)
    fmt = record.game
    last: Any = None
    if source is not None and not as_json:
        click.echo(f"## {source}")
    try:
        for step, state in enumerate(records.states(record)):
            last = state
            if as_json:
                line = replay_json(fmt, state, step)
                if source is not None:
                    line = {"source": source, **line}
                click.echo(json.dumps(line, separators=(",", ":"), ensure_ascii=False))
            else:
                click.echo(f"== step {step} ==")
                click.echo(fmt.render(state) if fmt.render else repr(state))
    except MeepleError as problem:
        _fail(problem)
    if not as_json and last is not None:
        click.echo(f"result: {_result_text(fmt, last)}")


def _result_text(fmt: Format, state: Any) -> str:
    if isinstance(state, engine.GameState):
        return state.result_text
    return fmt.result(state) if fmt.result else ""


def replay_json(fmt: Format, state: Any, step: int) -> dict[str, Any]:
    """One `replay --json` object: the common fields, then the game's own state."""
    own = dict(fmt.state_json(state)) if fmt.state_json else None
    if isinstance(state, engine.GameState):
        line = engine.step_json(state, step, own)
    elif isinstance(state, engine.Timeline):
        event = state.history[-1] if step and state.history else None
        move = None if event is None else str(event)
        line = {"step": step, "move": move, "text": state.result_text, "state": own}
    else:
        line = {"step": step, "state": own}
    return {"meeple": __version__, **line} if step == 0 else line


@commands.lazy("moves")
def _moves_command() -> click.Command:
    @click.command()
    @click.argument("file")
    @_step_option
    @click.option("--json", "as_json", is_flag=True, help="One JSON object: moves by group.")
    @_format_option
    def moves(file: str, step: int | None, as_json: bool, format_name: str | None) -> None:
        """List the legal moves at the end of a record, or after --step N moves."""
        record = _record_or_exit(file, format_name)
        _need_replay(record)
        state = _state_at(record, step)
        if not isinstance(state, engine.GameState):
            raise click.UsageError(f"{record.game.name} records have no legal moves to list")
        groups: dict[str, list[str]] = {}
        for move in state.legal_moves():
            groups.setdefault(state.move_group(move), []).append(state.move_to_text(move))
        count = sum(len(texts) for texts in groups.values())
        to_move = None if state.to_move is None else state.player_name(state.to_move)
        if as_json:
            summary = {"step": len(state.history), "to_move": to_move, "count": count}
            click.echo(json.dumps(summary | {"status": state.status, "moves": groups}))
            return
        if to_move is None:
            click.echo(f"no legal moves: {state.result_text}")
            return
        noun = record.game.step_noun
        click.echo(f"{to_move} to move: {count} legal {noun}{'s' if count != 1 else ''}")
        for group, texts in groups.items():
            click.echo(f"{group} ({len(texts)}): {' '.join(texts)}")

    return moves


@commands.lazy("html")
def _html_command() -> click.Command:
    @click.command()
    @click.argument("file")
    @click.option(
        "-o",
        "--output",
        metavar="FILE",
        help="Where to write the page (default: FILE's name with .html, here; - for stdout).",
    )
    @_format_option
    def html(file: str, output: str | None, format_name: str | None) -> None:
        """Write a self-contained HTML viewer that steps through a whole record.

        Exit 1 when the record is invalid (the page still shows it up to the problem).
        """
        from meeple.viewer import viewing
        from meeple.viewer.page import render

        if format_name:
            _lookup(format_name)
        try:
            text, source = _read(file)
        except Unreadable as problem:
            raise click.UsageError(str(problem).replace(": error:", ":", 1)) from None
        except MeepleError as problem:
            _fail(problem)
        view = viewing(text, source, format_name)
        page = render(view)
        if output == STDIN:
            click.echo(page, nl=False)
        else:
            stem = "stdin" if file == STDIN else Path(file).stem
            target = output or f"{stem}.html"
            _write(target, page)
            click.echo(f"wrote {target}", err=True)
        if view.finding:
            click.echo(view.finding, err=True)
            raise SystemExit(1)

    return html


@commands.lazy("serve")
def _serve_command() -> click.Command:
    @click.command()
    @click.argument("folder", default=".", type=click.Path(exists=True, file_okay=False))
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
    @click.option(
        "--host", default="127.0.0.1", show_default=True, help="The address to listen on."
    )
    def serve(folder: str, port: int, host: str) -> None:
        """Serve the records under FOLDER in the viewer, with a page to check pasted records.

        Needs the `serve` extra: pip install 'meeple[serve]'.
        """
        try:
            import uvicorn

            from meeple.viewer.app import create_app
        except ImportError:
            raise click.UsageError(
                "meeple serve needs the serve extra: pip install 'meeple[serve]'"
            ) from None
        click.echo(f"serving {Path(folder).resolve()} on http://{host}:{port}/", err=True)
        uvicorn.run(create_app(folder), host=host, port=port, log_level="warning")

    return serve


@commands.lazy("export")
def _export_command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option("-o", "--output", required=True, metavar="FOLDER", help="The dataset folder.")
    @_format_option
    @_jobs_option
    @click.option(
        "--dask",
        "dask_address",
        metavar="ADDRESS",
        help="Run on this Dask distributed scheduler instead of local processes.",
    )
    def export(
        paths: tuple[str, ...],
        output: str,
        format_name: str | None,
        jobs: int | None,
        dask_address: str | None,
    ) -> None:
        """Write records as Parquet tables: games, moves and findings (docs/export.md).

        Needs the `data` extra (pip install 'meeple[data]'); --dask needs `dask`.
        """
        extra = "dask" if dask_address else "data"
        try:
            from meeple import export as exporting

            if dask_address:
                import distributed  # noqa: F401
        except ImportError:
            raise click.UsageError(
                f"meeple export{' --dask' if dask_address else ''} needs the {extra} extra:"
                f" pip install 'meeple[{extra}]'"
            ) from None
        if format_name:
            _lookup(format_name)
        folder = Path(output)
        if not folder.parent.is_dir():
            raise click.UsageError(f"cannot write {output}: there is no directory {folder.parent}")
        from meeple import corpus

        files = corpus.files(paths)
        if dask_address:
            done = exporting.export_dask(files, folder, dask_address, format_name)
        else:
            done = exporting.export(files, folder, jobs or os.cpu_count() or 1, format_name)
        click.echo(
            f"exported {done.games} records, {done.moves} moves, {done.findings} findings"
            f" to {folder}",
            err=True,
        )

    return export


def _playable() -> list[str]:
    return [fmt.name for fmt in registry.formats() if fmt.start is not None]


def _playable_format(name: str) -> Format:
    fmt = _lookup(name, "game")
    if fmt.start is None:
        raise click.UsageError(f"{name} cannot be played; games that can: {', '.join(_playable())}")
    return fmt


@commands.lazy("selfplay")
def _selfplay_command() -> click.Command:
    @click.command()
    @click.argument("game")
    @click.option(
        "--bots", default="mcts,random", show_default=True, help="Bot names, comma-separated."
    )
    @click.option("--games", default=20, show_default=True, type=click.IntRange(min=1))
    @click.option("--players", type=click.IntRange(min=1), help="Players per game.")
    @click.option("--seed", default=0, show_default=True, type=int)
    @click.option(
        "--iterations",
        type=click.IntRange(min=1),
        help="MCTS iterations per move (default: the bot's, 50).",
    )
    @_jobs_option
    @click.option("-o", "--output", metavar="FOLDER", help="Write every game's record here.")
    def selfplay(
        game: str,
        bots: str,
        games: int,
        players: int | None,
        seed: int,
        iterations: int | None,
        jobs: int | None,
        output: str | None,
    ) -> None:
        """Play a tournament of bots (random, greedy, mcts) at GAME and print the table."""
        from meeple.bots import BOTS
        from meeple.bots.selfplay import standings, tournament

        fmt = _playable_format(game)
        names = [name.strip() for name in bots.split(",") if name.strip()]
        unknown = [name for name in names if name not in BOTS]
        if not names or unknown:
            raise click.UsageError(
                f"unknown bot {unknown[0] if unknown else bots!r}; bots: " + ", ".join(BOTS)
            )
        folder = Path(output) if output else None
        if folder is not None:
            if not folder.parent.is_dir():
                raise click.UsageError(f"cannot write {output}: no directory {folder.parent}")
            folder.mkdir(exist_ok=True)
        settings = {"mcts": {"iterations": iterations}} if iterations else {}
        results = []
        suffix = fmt.extensions[0] if fmt.extensions else f".{fmt.name}"
        with _progress(games, "playing") as advance:
            for played in tournament(
                fmt.name, names, games, seed, players, jobs or os.cpu_count() or 1, settings
            ):
                results.append(played)
                if folder is not None and played.record is not None:
                    _write(str(folder / f"game-{played.number + 1:04d}{suffix}"), played.record)
                advance()
        ties = sum(r.status == "tie" for r in results)
        length = sum(r.length for r in results) / len(results)
        click.echo(f"{fmt.name}: {games} games, {' vs '.join(names)}, seed {seed}")
        click.echo(f"{'bot':<8} {'seats':>5} {'wins':>5} {'ties':>5} {'score':>6}  95% interval")
        for row in standings(results):
            low, high = row.interval()
            click.echo(
                f"{row.name:<8} {row.seats:>5} {row.wins:>5} {row.ties:>5} {row.score:>6.3f}"
                f"  [{low:.3f}, {high:.3f}]"
            )
        click.echo(f"ties: {ties}, average length: {length:.1f} {fmt.step_noun}s")

    return selfplay


@commands.lazy("play")
def _play_command() -> click.Command:
    @click.command()
    @click.argument("game")
    @click.option("--players", type=click.IntRange(min=1), help="Players in the game.")
    @click.option(
        "--bot",
        default="mcts",
        show_default=True,
        help="The bot in the other seats (random, greedy, mcts), or none for hotseat.",
    )
    @click.option("--seat", default=1, show_default=True, type=click.IntRange(min=1))
    @click.option("--seed", type=int, help="Seeds the bag, the draws and the bots.")
    def play(game: str, players: int | None, bot: str, seat: int, seed: int | None) -> None:
        """Play GAME in the terminal against bots, or hotseat with --bot none."""
        from meeple.bots import BOTS, make
        from meeple.terminal import run

        fmt = _playable_format(game)
        if bot != "none" and bot not in BOTS:
            raise click.UsageError(f"unknown bot {bot!r}; bots: {', '.join(BOTS)}, none")
        opponent = None if bot == "none" else make(bot, seed=seed)
        try:
            run(fmt.name, sys.stdin, click.echo, players, opponent, (seat,), seed)
        except ValueError as problem:  # a set-up the game refuses (RuleError among them)
            raise click.UsageError(str(problem)) from None

    return play


# -- Blood on the Clocktower: the storyteller's tools ---------------------------------


@commands.lazy("botc")
def _botc_command() -> click.Command:
    from meeple.botc import setup
    from meeple.botc.script import SCRIPTS, load_script

    script_option = click.option(
        "--script",
        "script_name",
        type=click.Choice(SCRIPTS),
        default=SCRIPTS[0],
        show_default=True,
        help="The script the characters come from.",
    )

    @click.group()
    def botc() -> None:
        """Blood on the Clocktower for storytellers: legal bags and seated set-ups."""

    @botc.command()
    @click.option("--players", required=True, type=click.IntRange(min=1), metavar="N")
    @script_option
    @click.option("--count", "count", default=1, show_default=True, type=click.IntRange(min=0))
    @click.option("--seed", type=int, help="Make the draw reproducible.")
    @click.option("--all", "every", is_flag=True, help="List every legal bag, in a fixed order.")
    @click.option("--count-only", is_flag=True, help="Print how many legal bags there are.")
    def bags(
        players: int,
        script_name: str,
        count: int,
        seed: int | None,
        every: bool,
        count_only: bool,
    ) -> None:
        """Legal bags for N players, drawn uniformly at random among all of them.

        Every legal bag is equally likely (the draw picks a make-up of modifier
        characters and team counts with weight equal to how many bags it holds,
        then the other characters uniformly). A bag lists the characters in play:
        the Drunk is `drunk`.
        """
        import random

        from meeple.botc.notation import format_bag

        script = load_script(script_name)
        if players not in script.setup_counts:
            low, high = min(script.setup_counts), max(script.setup_counts)
            raise click.UsageError(f"{script_name} seats {low} to {high} players, not {players}")
        if count_only:
            click.echo(setup.count_bags(script, players))
            return
        if every:
            chosen = setup.all_bags(script, players)
        else:
            chosen = setup.random_bags(script, players, count, random.Random(seed))
        for bag in chosen:
            click.echo(format_bag(bag))

    @botc.command(name="setup")
    @click.argument("bag")
    @click.option("--names", required=True, help="The players in seat order, comma-separated.")
    @script_option
    @click.option("--seed", type=int, help="Make the seating reproducible.")
    @click.option("--to", "to", default="botc", show_default=True, metavar="FORMAT")
    @_game_options("convert")
    def setup_command(
        bag: str, names: str, script_name: str, seed: int | None, to: str, **given: Any
    ) -> None:
        """Seat a BAG ({imp baron ...}, or a bag file) and write the grimoire.

        The Drunk is shown a townsfolk that is not in play and marked
        drunk:is_the_drunk; a Fortune Teller's red herring goes on a good player.
        """
        import random

        from meeple.botc.notation import parse_bag

        text, source = (bag, "BAG") if bag.lstrip().startswith("{") else _read_or_usage(bag)
        try:
            the_bag = parse_bag(text.strip(), source)
        except MeepleError as problem:
            _fail(problem)
        script = load_script(script_name)
        players = [name.strip() for name in names.split(",") if name.strip()]
        problems = setup.bag_problems(script, the_bag.roles, len(players))
        if problems:
            raise click.UsageError(
                f"the bag is not legal for {len(players)} players: {problems[0]}"
            )
        try:
            grimoire = setup.seat(script, the_bag, players, random.Random(seed))
        except ValueError as problem:
            raise click.UsageError(str(problem)) from None
        target = _lookup(to)
        if not target.owns(grimoire):
            raise click.UsageError(f"a grimoire is written as botc or botc-ascii, not {to}")
        with _usage_on_option_errors():
            text = target.dump(grimoire, **_chosen(target, "convert", given))
        click.echo(text if text.endswith("\n") else text + "\n", nl=False)

    return botc


def _read_or_usage(path: str) -> tuple[str, str]:
    try:
        return _read(path)
    except Unreadable as problem:
        raise click.UsageError(str(problem).replace(": error:", ":", 1)) from None


# -- Race to the Raft: the solver ------------------------------------------------------


@commands.lazy("solve")
def _solve_command() -> click.Command:
    @click.command()
    @click.argument("challenge")
    @click.option("--seed", default=1, show_default=True, type=int, help="Fixes every shuffle.")
    @click.option(
        "--budget",
        default=60.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        metavar="SECONDS",
        help="How long to search.",
    )
    @click.option("-o", "--output", metavar="FILE", help="Write the winning record here.")
    def solve(challenge: str, seed: int, budget: float, output: str | None) -> None:
        """Search for a win of a Race to the Raft CHALLENGE (a challenge string or the
        name of an official challenge), every shuffle fixed by --seed.

        Prints the winning game as a record `meeple check` accepts (fire tiles come
        out of the bag in a seeded order), or says how much was searched. Exit 0 when
        a win was found, 1 when none was within the budget.
        """
        from meeple.raft import solver
        from meeple.raft.components import components
        from meeple.raft.notation import format_record, parse_challenge

        named = {c.name.casefold(): c.challenge for c in components().challenges}
        written = named.get(challenge.strip().casefold(), challenge.strip())
        try:
            parsed = parse_challenge(written, "CHALLENGE")
        except MeepleError as problem:
            names = ", ".join(c.name for c in components().challenges[:4])
            raise click.UsageError(
                f"{problem.message} (a challenge string, or a name such as {names})"
            ) from None
        found = solver.solve(parsed, seed, budget)
        summary = f"{found.states} states searched in {found.seconds:.1f} s"
        if not found.won:
            left = solver.cat_distances(found.final)
            click.echo(
                f"no win found within {budget:g} s: {summary}; the best line reached"
                f" {len(found.moves)} actions with {len(left)} cat(s) still to bring home",
                err=True,
            )
            raise SystemExit(1)
        text = format_record(found.final.record())
        if output:
            _write(output, text)
        else:
            click.echo(text, nl=False)
        click.echo(f"won in {len(found.moves)} actions: {summary}", err=True)

    return solve
