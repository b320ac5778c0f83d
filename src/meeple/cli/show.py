"""`meeple show`: draw a record, as text or SVG, at its end or after --step N moves."""

from __future__ import annotations

from typing import Any

import click

from meeple import records
from meeple.cli import files, options
from meeple.errors import MeepleError, StepOutOfRange


def command() -> click.Command:
    @click.command()
    @click.argument("file")
    @options.step_option
    @click.option("--svg", is_flag=True, help="Draw an SVG picture instead of text.")
    @click.option("-o", "--output", metavar="FILE", help="Write the picture here, not to stdout.")
    @options.format_option
    @options.game_options("show")
    def show(
        file: str,
        step: int | None,
        svg: bool,
        output: str | None,
        format_name: str | None,
        **given: Any,
    ) -> None:
        """Draw a record: the final position, or the one after --step N moves."""
        if output:
            files.writable(output)
        record = files.record_or_exit(file, format_name, given, "show")
        fmt = record.notation
        if not fmt.can("svg" if svg else "render"):
            raise click.UsageError(f"{fmt.name} records have no {'SVG ' if svg else ''}picture")
        chosen = options.chosen(fmt, "show", given)
        reading = fmt.reading("show", chosen)
        chosen = {name: value for name, value in chosen.items() if name not in reading}
        shaping = {o.name: o.pictures for o in fmt.options}
        text_only = [name for name in chosen if "svg" not in shaping.get(name, ())]
        if svg and text_only:
            names = ", ".join("--" + name.replace("_", "-") for name in text_only)
            raise click.UsageError(f"{names} shapes the text picture, not the SVG")
        if not fmt.can("replay") and step is not None:
            raise click.UsageError(f"{fmt.name} records have no moves to step through")
        subject = step_at(record, step).state
        try:
            with options.usage_on_option_errors():
                draw = fmt.svg if svg else fmt.render
                picture = draw(subject, **chosen)
        except MeepleError as problem:  # a record the picture cannot hold
            files.fail(problem.with_source(record.document.source))
        if output:
            files.write(output, picture if picture.endswith("\n") else picture + "\n")
        else:
            # Asked for by name, colour stays even through a pipe (as `less -R` reads it).
            click.echo(picture, color=True if chosen.get("color") else None)

    return show


def step_at(record: records.Playable, step: int | None) -> records.Step:
    """The step after `step` moves (the last if None): exit 1 at an illegal move before
    it, a usage error past the end of the record."""
    try:
        return records.step_at(record, step)
    except StepOutOfRange as problem:
        raise click.UsageError(f"--{problem}") from None
    except MeepleError as problem:
        files.fail(problem)
