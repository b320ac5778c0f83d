"""`meeple serve`: the viewer for a folder of records, with a page to check pasted ones."""

from __future__ import annotations

from pathlib import Path

import click


def command() -> click.Command:
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
            from meeple.viewer.app import serve as run_server
        except ImportError:
            raise click.UsageError(
                "meeple serve needs the serve extra: pip install 'meeple[serve]'"
            ) from None
        click.echo(f"serving {Path(folder).resolve()} on http://{host}:{port}/", err=True)
        run_server(folder, host, port)

    return serve
