"""meeple: read, check, replay and draw the textual notations of tabletop games.

The front door mirrors the json module:

    >>> import meeple
    >>> game = meeple.loads('[key "demo"][teams "a, b"] 0a&1.2 1b')
    >>> meeple.dumps(game).splitlines()[0]
    '[key "demo"]'

`loads`/`load` detect the notation (from the file extension, then the content)
unless `format=` names it; `dumps`/`dump` write any model canonically, in its own
notation or another one of its game's (`format="botc-ascii"`). `check`, `replay`
and `render` do what the `meeple` command's commands of those names do, on a path
or a text. `detect` names a text's notation and `formats` lists them all.
"""

from __future__ import annotations

import os
import pathlib
from typing import IO, Any

from meeple.errors import Finding, Location, NotationError, RuleError, decode
from meeple.registry import Format, formats

__all__ = [
    "Finding",
    "Format",
    "Location",
    "NotationError",
    "RuleError",
    "check",
    "detect",
    "dump",
    "dumps",
    "formats",
    "load",
    "loads",
    "render",
    "replay",
]

__version__ = "0.1.0"

Source = str | bytes | os.PathLike[str]
"""A record: a path (os.PathLike, or a one-line str naming an existing file), or its
text (any other str, or UTF-8 bytes)."""


def _format(name: str | None, text: str, path: str | None, source: str) -> Format:
    from meeple import registry

    return registry.get(name) if name else registry.detect(text, path, source)


def _text(record: Source, source: str | None = None) -> tuple[str, str, str | None]:
    """(text, source name, path) of a record given as a path, text or bytes."""
    if isinstance(record, str) and "\n" not in record and os.path.isfile(record):
        record = pathlib.Path(record)
    if isinstance(record, os.PathLike):
        path = os.fspath(record)
        with open(path, "rb") as handle:
            return decode(handle.read(), path), path, path
    if isinstance(record, bytes):
        name = source or "<bytes>"
        return decode(record, name), name, None
    return record, source or "<string>", None


def detect(text: str) -> str:
    """The name of the notation `text` is written in; NotationError when none fits."""
    from meeple import registry

    return registry.detect(text).name


def loads(text: str | bytes, format: str | None = None, *, source: str = "<string>") -> Any:
    """Parse `text` (str, or UTF-8 bytes) in the named notation, or the one it is detected to be."""
    if isinstance(text, bytes):
        text = decode(text, source)
    return _format(format, text, None, source).parse(text, source)


def load(file: str | os.PathLike[str] | IO[str], format: str | None = None) -> Any:
    """Parse a file (a path or an open text file), detecting its notation by name then content."""
    path: str | None
    if isinstance(file, str | os.PathLike):
        path = os.fspath(file)
        with open(path, "rb") as handle:
            text = decode(handle.read(), path)
    else:
        name = getattr(file, "name", None)
        path = name if isinstance(name, str) else None
        text = file.read()
    source = path or "<stream>"
    return _format(format, text, path, source).parse(text, source)


def dumps(obj: Any, format: str | None = None, **options: Any) -> str:
    """Write a model canonically: in its own notation, or in `format` (one of its game's).

    `options` are the writer's settings (`meeple formats --json` lists them); one the
    format does not take is a TypeError that names those it does.
    """
    from meeple import registry

    fmt = registry.for_model(obj) if format is None else registry.get(format)
    if not fmt.owns(obj):
        raise TypeError(
            f"meeple.dumps(): a {type(obj).__name__} is not written as {fmt.name}"
            f" (it is written as {registry.for_model(obj).name})"
        )
    takes = sorted(o.name for o in fmt.options if {"convert", "fmt"} & set(o.commands))
    unknown = sorted(set(options) - set(takes))
    if unknown:
        offered = ", ".join(takes) if takes else "none"
        raise TypeError(
            f"meeple.dumps() got option(s) {', '.join(map(repr, unknown))} that format"
            f" {fmt.name!r} does not take; it takes: {offered}"
        )
    return fmt.dump(obj, **options)


def dump(obj: Any, file: IO[str], format: str | None = None, **options: Any) -> None:
    """Write a model canonically to an open text file (see `dumps`)."""
    file.write(dumps(obj, format, **options))


def check(record: Source, format: str | None = None, **options: Any) -> list[Finding]:
    """Every finding `meeple check` reports for a record (a path, or its text or bytes).

    A record that does not parse gives its notation errors as findings, never raises.
    """
    from meeple import records

    text, source, path = _text(record)
    fmt = _format(format, text, path, source)
    return records.text_findings(text, source, fmt, **options)


def replay(record: Source, format: str | None = None) -> list[Any]:
    """Every state of a record's game, the initial one first (engine.GameState for games
    with moves); NotationError or RuleError (located) at the first problem."""
    from meeple import records

    text, source, path = _text(record)
    document = _format(format, text, path, source).read(text, source)
    return list(records.states(records.of(document)))


def render(
    record: Source,
    format: str | None = None,
    *,
    step: int | None = None,
    svg: bool = False,
    **options: Any,
) -> str:
    """The picture `meeple show` draws: ASCII (or SVG) of the final position or `step`."""
    from meeple import records

    text, source, path = _text(record)
    document = _format(format, text, path, source).read(text, source)
    played = records.of(document)
    game = played.game
    draw = game.svg if svg else game.render
    if draw is None:
        raise TypeError(f"{game.name} records have no {'SVG ' if svg else ''}picture")
    if game.replay is None:
        return draw(played.played.model, **options)
    subject = None
    for number, state in enumerate(records.states(played)):
        subject = state
        if step is not None and number == step:
            break
    else:
        if step is not None:
            raise ValueError(f"step {step}: the record has fewer {game.step_noun}s")
    return draw(subject, **options)
