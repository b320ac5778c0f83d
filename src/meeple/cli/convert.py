"""`meeple convert`: write records in another notation, one file or a whole tree."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import click

from meeple import conversion, corpus, registry
from meeple.cli import files, options
from meeple.cli.progress import progress
from meeple.errors import ConversionError, MeepleError
from meeple.game import Document, Notation


def command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option("--to", "to", required=True, metavar="FORMAT", help="The notation to write.")
    @click.option(
        "-o",
        "--output",
        metavar="PATH",
        help="Write here (atomically), not to stdout; a folder when converting many files.",
    )
    @click.option(
        "--force",
        is_flag=True,
        help="Convert a record that is not valid too, as far as it can be written"
        " (the result may not convert back).",
    )
    @options.format_option
    @options.batch_options
    @options.game_options("convert")
    def convert(
        paths: tuple[str, ...],
        to: str,
        output: str | None,
        force: bool,
        format_name: str | None,
        jobs: int | None,
        hidden: bool,
        keep_going: bool,
        fail_fast: bool,
        **given: Any,
    ) -> None:
        """Write records in another notation (QGN is the common ground).

        One FILE converts to stdout or -o FILE. Several files, directories or globs
        convert into the folder -o names, mirroring the tree; no input is overwritten.
        A record that is not valid is refused with what `meeple check` says of it,
        unless --force.
        """
        fail_fast = options.stops_early(keep_going, fail_fast)
        target = files.lookup(to)
        files.existing(paths)
        many = len(paths) > 1 or any(os.path.isdir(p) or set("*?[") & set(p) for p in paths)
        if many:
            if output is None:
                raise click.UsageError("converting many files needs -o FOLDER")
            folder = files.writable_folder(output)
            settings = _Settings(target.name, format_name, given, force)
            _convert_many(paths, folder, settings, jobs or os.cpu_count() or 1, fail_fast, hidden)
            return
        file = paths[0]
        if output is not None:
            files.writable(output)
        try:
            document = files.document(file, format_name)
            if force:
                _warn_invalid(document)
            text = converted_text(document, target, given, force)
        except MeepleError as problem:
            files.fail(problem)
        if output is None:
            click.echo(text, nl=False)
            return
        if files.same_file(output, file) and target is not document.notation:
            raise click.UsageError(
                f"-o {output} is the input file: writing {target.name} over it would lose"
                " the record; name another file"
            )
        files.write(output, text)

    return convert


def converted_text(document: Document, target: Notation, given: dict[str, Any], force: bool) -> str:
    """The record written in `target` with the writer options given that it takes."""
    chosen = options.chosen(target, "convert", given)
    with options.usage_on_option_errors():
        text = conversion.convert(document, target, force=force, **chosen)
    for left_out in conversion.dropped(document, target, **chosen):
        click.echo(f"{document.source}: warning: {left_out}", err=True)
    return text


def _warn_invalid(document: Document) -> None:
    """With --force: say that an invalid record is converted anyway, and why it is invalid."""
    try:
        conversion.refuse_invalid(document)
    except MeepleError as problem:
        click.echo(problem.report(), err=True)
        click.echo(
            f"{document.source}: warning: the record is not valid; converted anyway (--force)",
            err=True,
        )


@dataclass(frozen=True)
class _Settings:
    """What every file of a batch is converted with (picklable, for the process pool)."""

    target: str
    format_name: str | None
    given: dict[str, Any]
    force: bool


def _converted(source: str, settings: _Settings) -> tuple[str | None, str | None]:
    """(text, None) of one converted file, or (None, why not): a process pool's unit of work."""
    try:
        document = files.document(source, settings.format_name)
        target = registry.get(settings.target)
        return converted_text(document, target, settings.given, settings.force), None
    except click.UsageError as problem:
        return None, f"{source}: error: {problem.message}"
    except ConversionError as problem:
        return None, f"{problem.source}: error: {problem.message}"
    except MeepleError as problem:
        return None, problem.report()


def _mirrored(
    paths: tuple[str, ...], out: Path, suffix: str, hidden: bool
) -> list[tuple[str, Path]]:
    """(input, output) pairs: a directory's records keep their place below `out`."""
    pairs: list[tuple[str, Path]] = []
    for given in paths:
        if os.path.isdir(given):
            for file in corpus.files([given], hidden=hidden):
                if os.path.isdir(file):  # a folder with no records: nothing to convert
                    continue
                relative = Path(file).relative_to(given)
                pairs.append((file, out / relative.with_suffix(suffix)))
        else:
            for file in corpus.files([given], hidden=hidden):
                pairs.append((file, out / Path(file).with_suffix(suffix).name))
    return pairs


def _refusals(pairs: list[tuple[str, Path]]) -> dict[str, str]:
    """The inputs whose output would overwrite an input or another input's output, and why."""
    inputs = {Path(source).resolve() for source, _ in pairs}
    first: dict[Path, str] = {}
    refused: dict[str, str] = {}
    for source, destination in pairs:
        written = destination.resolve()
        if written in inputs:
            refused[source] = f"{source}: error: {destination} is an input; not overwritten"
        elif first.setdefault(written, source) != source:
            refused[source] = (
                f"{source}: error: {destination} is written from {first[written]} already;"
                " not overwritten (rename one of them)"
            )
    return refused


def _convert_many(
    paths: tuple[str, ...],
    out: Path,
    settings: _Settings,
    jobs: int,
    fail_fast: bool,
    hidden: bool,
) -> None:
    target = registry.get(settings.target)
    suffix = target.extensions[0] if target.extensions else f".{target.name}"
    pairs = _mirrored(paths, out, suffix, hidden)
    refused = _refusals(pairs)
    todo = [source for source, _ in pairs if source not in refused]
    results = corpus.ordered_map(partial(_converted, settings=settings), todo, jobs)
    failed = done = 0
    try:
        with progress(len(pairs), "converting") as advance:
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
                files.write(str(destination), text)
    except files.Interrupted:
        click.echo(f"interrupted: {done - failed} written into {out}", err=True)
        raise SystemExit(130) from None
    click.echo(
        f"{done} converted into {out}: {done - failed} written, {failed} failed",
        err=True,
    )
    raise SystemExit(1 if failed else 0)
