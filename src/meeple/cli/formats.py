"""`meeple formats`: the notations meeple reads and what it can do with each."""

from __future__ import annotations

import json
from typing import Any

import click

from meeple import registry
from meeple.game import Notation


def command() -> click.Command:
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


def _format_json(fmt: Notation) -> dict[str, Any]:
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
