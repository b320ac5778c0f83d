"""`meeple replay`: play records through their game's rules, every state and the result."""

from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from functools import partial
from typing import Any

import click

from meeple import __version__, corpus, records, registry
from meeple.cli import files, options
from meeple.errors import MeepleError


def command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option(
        "--json",
        "as_json",
        is_flag=True,
        help="One JSON object per state (docs/json.md: the same fields for every game).",
    )
    @options.format_option
    @options.batch_options
    @options.game_options("replay")
    def replay(
        paths: tuple[str, ...],
        as_json: bool,
        format_name: str | None,
        jobs: int | None,
        hidden: bool,
        keep_going: bool,
        fail_fast: bool,
        **given: Any,
    ) -> None:
        """Play records through their game's rules, printing every state and the result.

        PATHS are files, directories or glob patterns. A record with no moves (a
        grimoire, a bag) is its one state, step 0; QGN of a game meeple has no rules
        for is a usage mistake (exit 2), passed over in a batch. With several files each JSON
        object also names its `source`, files are replayed over --jobs processes
        (output in input order), and a bad record is reported without stopping the
        rest (exit 1 at the end) unless --fail-fast.
        """
        fail_fast = options.stops_early(keep_going, fail_fast)
        files.existing(paths)
        found = list(corpus.files(paths, hidden=hidden))
        if len(found) == 1:
            replay_one(found[0], format_name, as_json, None, given)
            return
        work = partial(_replayed, format_name=format_name, as_json=as_json, given=given)
        failed = 0
        for out, err, ok in corpus.ordered_map(work, found, jobs or os.cpu_count() or 1):
            sys.stdout.write(out)
            sys.stdout.flush()
            sys.stderr.write(err)
            if not ok:
                failed += 1
                if fail_fast:
                    break
        raise SystemExit(1 if failed else 0)

    return replay


def _replayed(
    path: str, format_name: str | None, as_json: bool, given: dict[str, Any] | None = None
) -> tuple[str, str, bool]:
    """(stdout, stderr, valid) of replaying one of many files: a process pool's unit of work."""
    out, err = io.StringIO(), io.StringIO()
    ok = True
    with redirect_stdout(out), redirect_stderr(err):
        try:
            replay_one(path, format_name, as_json, path, given)
        except SystemExit as stop:
            ok = stop.code in (0, None)
        except NoRules as problem:
            click.echo(f"{problem.message}: skipped", err=True)
        except click.UsageError as problem:
            click.echo(f"{path}: error: {problem.message}", err=True)
            ok = False
    return out.getvalue(), err.getvalue(), ok


class NoRules(click.UsageError):
    """A record whose moves meeple cannot play: a usage mistake for one file, passed
    over (and said so) in a batch."""


def _key(model: object) -> str:
    from meeple.qgn.model import Games

    keys = {game.key for game in model} if isinstance(model, Games) else {getattr(model, "key", "")}
    return ", ".join(sorted(repr(key) for key in keys))


def replay_one(
    path: str,
    format_name: str | None,
    as_json: bool,
    source: str | None,
    given: dict[str, Any] | None = None,
) -> None:
    """Replay one file; SystemExit(1) after printing why when the record is invalid.

    A valid record with no moves (a grimoire, a bag) replays as its one state, step 0;
    QGN moves of a game meeple has no rules for are NoRules (docs/json.md)."""
    record = files.record_or_exit(path, format_name, given, "replay")
    fmt = record.notation
    if fmt is registry.get("qgn"):
        game = _key(record.played.model)
        raise NoRules(f"{path}: QGN of a game meeple has no rules for ({game}), so no move plays")
    last: records.Step | None = None
    if source is not None and not as_json:
        click.echo(f"## {source}")
    try:
        for step in records.steps(record):
            last = step
            if as_json:
                line = step.to_json(fmt)
                if step.index == 0:
                    line = {"meeple": __version__, **line}
                if source is not None:
                    line = {"source": source, **line}
                click.echo(json.dumps(line, separators=(",", ":"), ensure_ascii=False))
            else:
                click.echo(f"== step {step.index} ==")
                click.echo(fmt.render(step.state) if fmt.can("render") else repr(step.state))
    except MeepleError as problem:
        files.fail(problem)
    if not as_json and last is not None and last.result_text:
        click.echo(f"result: {last.result_text}")
