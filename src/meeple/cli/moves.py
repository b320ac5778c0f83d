"""`meeple moves`: the legal moves at the end of a record, or after --step N moves."""

from __future__ import annotations

import json
from typing import Any

import click

from meeple import engine
from meeple.cli import files, options
from meeple.cli.show import step_at


def command() -> click.Command:
    @click.command()
    @click.argument("file")
    @options.step_option
    @click.option("--json", "as_json", is_flag=True, help="One JSON object: moves by group.")
    @options.format_option
    @options.game_options("moves")
    def moves(
        file: str, step: int | None, as_json: bool, format_name: str | None, **given: Any
    ) -> None:
        """List the legal moves at the end of a record, or after --step N moves."""
        record = files.record_or_exit(file, format_name, given, "moves")
        state = step_at(record, step).state if record.notation.can("replay") else None
        if not isinstance(state, engine.GameState):
            raise click.UsageError(f"{record.notation.name} records have no legal moves to list")
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
        noun = record.notation.step_noun
        click.echo(f"{to_move} to move: {count} legal {noun}{'s' if count != 1 else ''}")
        for group, texts in groups.items():
            click.echo(f"{group} ({len(texts)}): {' '.join(texts)}")

    return moves
