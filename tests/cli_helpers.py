"""Run the `meeple` command in-process, as a user would from a shell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from click.testing import CliRunner

from meeple.cli import cli


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def meeple(args: Sequence[str], stdin: str | bytes | None = None) -> Run:
    """`meeple ARGS` with `stdin`; exit code, stdout and stderr."""
    result = CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)
