"""`meeple fmt`: rewrite records in canonical form."""

from __future__ import annotations

from typing import Any

import click

from meeple import corpus
from meeple.cli import files, options
from meeple.cli.progress import progress
from meeple.errors import DEFAULT_SOURCE, MeepleError
from meeple.game import Document


def command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @options.format_option
    @click.option(
        "--check",
        "only_check",
        is_flag=True,
        help="Only report files that are not canonical; change nothing.",
    )
    @options.hidden_option
    @options.game_options("fmt")
    def fmt(
        paths: tuple[str, ...],
        format_name: str | None,
        only_check: bool,
        hidden: bool,
        **given: Any,
    ) -> None:
        """Rewrite records in canonical form, in place.

        PATHS are files, directories (every record under them) or glob patterns; -
        reads standard input and always writes the canonical record to standard
        output, changed or not. A formatter needs the notation only: a record that
        breaks its game's rules is formatted too (meeple check finds that). Exit 1 when
        a record's notation is malformed, when canonical form would lose something (the
        message names the option that allows it), or, with --check, when a record is not
        canonical.
        """
        files.existing(paths)
        found = list(corpus.files(paths, hidden=hidden))
        failed = 0
        with progress(len(found), "formatting") as advance:
            for path in found:
                document = None
                try:
                    document = files.document(path, format_name, given, "fmt")
                    canonical = canonical_text(document, given)
                except MeepleError as problem:
                    if problem.source == DEFAULT_SOURCE and document:  # a writer's refusal
                        problem = problem.with_source(document.source)  # names no file
                    click.echo(problem.report(), err=True)
                    failed += 1
                    continue
                finally:
                    advance()
                if only_check:
                    if canonical != document.text:
                        click.echo(f"{document.source}: not in canonical form")
                        failed += 1
                elif path == files.STDIN:
                    click.echo(canonical, nl=False)
                elif canonical != document.text:
                    files.write(path, canonical, replacing=f"reformatted {path}")
        raise SystemExit(1 if failed else 0)

    return fmt


def canonical_text(document: Document, given: dict[str, Any]) -> str:
    """The record in canonical form, with the writer options given that its format takes."""
    chosen = options.chosen(document.notation, "fmt", given)
    with options.usage_on_option_errors():
        return document.notation.fmt(document, **chosen)
