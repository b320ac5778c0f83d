"""`meeple check`: validate records, notation then rules, one file or a whole corpus."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

from meeple import __version__, corpus, records
from meeple.cli import files
from meeple.cli.output import echo, usage_error
from meeple.cli.progress import progress

if TYPE_CHECKING:
    import click
from meeple.errors import Finding, MeepleError

MAX_FINDINGS = 100
"""Findings reported per file by default; the rest are counted."""


def command() -> click.Command:
    import click

    from meeple.cli import options

    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @options.format_option
    @click.option(
        "--strict",
        is_flag=True,
        help="Treat warnings and lint findings as failures (notes never fail).",
    )
    @click.option(
        "--json", "as_json", is_flag=True, help="One JSON object per finding, then a summary."
    )
    @click.option(
        "--max-findings",
        type=click.IntRange(min=1),
        default=MAX_FINDINGS,
        show_default=True,
        metavar="N",
        help="Report at most N findings per file, then how many more there are.",
    )
    @options.batch_options
    @options.game_options("check")
    def check(
        paths: tuple[str, ...],
        format_name: str | None,
        strict: bool,
        as_json: bool,
        max_findings: int,
        jobs: int | None,
        hidden: bool,
        keep_going: bool,
        fail_fast: bool,
        **given: Any,
    ) -> None:
        """Validate records: notation, then the game's rules.

        PATHS are files, directories (every record under them) or glob patterns;
        - is standard input. Prints every problem compiler-style and goes on with the
        next file. In a folder, hidden folders (unless --hidden) and JSON files that
        are none of meeple's notations are skipped and counted. Exit 0 when all are
        valid, 1 otherwise, 2 for a usage mistake, 130 when interrupted.
        """
        fail_fast = options.stops_early(keep_going, fail_fast)
        if format_name:
            files.lookup(format_name)
        files.existing(paths)
        run(paths, format_name, given, strict, as_json, max_findings, jobs, hidden, fail_fast)

    return check


def run(
    paths: tuple[str, ...],
    format_name: str | None = None,
    given: dict[str, Any] | None = None,
    strict: bool = False,
    as_json: bool = False,
    max_findings: int = MAX_FINDINGS,
    jobs: int | None = None,
    hidden: bool = False,
    fail_fast: bool = False,
) -> NoReturn:
    """What `meeple check` does once its options are read (the defaults are the
    command's, which `meeple check FILE...` answers without click: meeple.cli.main):
    every file's findings, the summary, then exit 0, 1, or 130 when interrupted."""
    given = given or {}
    skipped: list[str] = []
    failed = problems = checked = 0
    cores = jobs or os.cpu_count() or 1
    try:
        with progress(lambda: _count(paths, hidden), "checking") as advance:
            for result in _checked(paths, format_name, given, cores, hidden, skipped):
                if result.usage:
                    raise usage_error(result.usage)
                found = result.findings
                checked += 1
                _report(result.path, found, max_findings, as_json)
                problems += len(found)
                advance()
                if any(f.severity == "error" or (strict and f.severity != "note") for f in found):
                    failed += 1
                    if fail_fast:
                        break
    except files.Interrupted:
        _summary(checked, failed, problems, len(skipped), as_json, interrupted=True)
        raise SystemExit(130) from None
    _summary(checked, failed, problems, len(skipped), as_json)
    raise SystemExit(1 if failed else 0)


def _count(paths: tuple[str, ...], hidden: bool) -> int:
    return sum(1 for _ in corpus.files(paths, hidden=hidden))


def _checked(
    paths: tuple[str, ...],
    format_name: str | None,
    given: dict[str, Any],
    jobs: int,
    hidden: bool,
    skipped: list[str],
) -> Iterator[corpus.Checked]:
    """What `check` finds in each file `paths` name, in order; the files are found as
    the work goes on, so a corpus is never held as a list."""
    found = corpus.files(paths, hidden=hidden, skipped=skipped)
    if files.STDIN in paths:  # standard input is read here, in this process
        for path in found:
            yield (
                _check_stdin(format_name, given)
                if path == files.STDIN
                else (corpus.check_file(path, format_name, given))
            )
        return
    work = partial(corpus.check_file, format_name=format_name, options=given)
    yield from corpus.ordered_map(work, found, jobs)


def _check_stdin(format_name: str | None, given: dict[str, Any]) -> corpus.Checked:
    from meeple.cli import options

    try:
        text, source = files.read(files.STDIN)
        fmt = files.format_of(text, files.STDIN, source, format_name)
        with options.usage_on_option_errors():
            found = records.text_findings(text, source, fmt, **options.chosen(fmt, "check", given))
    except MeepleError as problem:
        found = [Finding.from_error(problem)]
    return corpus.Checked(files.STDIN, found)


def _report(path: str, found: list[Finding], most: int, as_json: bool) -> None:
    """Print up to `most` findings of one file, then a note counting the rest."""
    for finding in found[:most]:
        if as_json:
            import json

            echo(json.dumps(finding.to_json(), ensure_ascii=False))
        elif finding.location.line == 0:
            echo(f"{finding.location.source}: {finding.severity}: {finding.message}")
        else:
            echo(str(finding))
    hidden = len(found) - most
    if hidden > 0:
        more = f"{hidden} more finding{'s' if hidden != 1 else ''} not shown (--max-findings)"
        if as_json:
            import json

            echo(json.dumps({"source": path, "more_findings": hidden}))
        else:
            echo(f"{path}: note: {more}")


def _summary(
    checked: int, failed: int, problems: int, skipped: int, as_json: bool, interrupted: bool = False
) -> None:
    summary = {
        "checked": checked,
        "valid": checked - failed,
        "invalid": failed,
        "findings": problems,
        "skipped": skipped,
    } | ({"interrupted": True} if interrupted else {})
    if as_json:
        import json

        echo(json.dumps({"meeple": __version__, "summary": summary}))
        return
    line = (
        f"{checked} checked: {checked - failed} valid, {failed} invalid,"
        f" {problems} finding{'s' if problems != 1 else ''}"
    )
    if skipped:
        line += f"; {skipped} skipped (not a record meeple reads)"
    echo(f"interrupted: {line}" if interrupted else line, err=True)
