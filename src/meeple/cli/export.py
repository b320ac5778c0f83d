"""`meeple export`: records as Parquet tables (games, moves, findings)."""

from __future__ import annotations

import os

import click

from meeple.cli import files, options


def command() -> click.Command:
    @click.command()
    @click.argument("paths", nargs=-1, required=True)
    @click.option("-o", "--output", required=True, metavar="FOLDER", help="The dataset folder.")
    @options.format_option
    @options.jobs_option
    @options.hidden_option
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
        hidden: bool,
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
            files.lookup(format_name)
        files.existing(paths)
        folder = files.writable_folder(output, create=True)
        from meeple import corpus

        found = corpus.files(paths, hidden=hidden)
        if dask_address:
            done = exporting.export_dask(found, folder, dask_address, format_name)
        else:
            done = exporting.export(found, folder, jobs or os.cpu_count() or 1, format_name)
        click.echo(
            f"exported {done.games} records, {done.moves} moves, {done.findings} findings"
            f" to {folder}",
            err=True,
        )

    return export
