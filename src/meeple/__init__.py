"""meeple: read, check, replay and draw the textual notations of tabletop games.

The front door mirrors the json module:

    >>> import meeple
    >>> game = meeple.loads('[key "demo"][teams "a, b"] 0a&1.2 1b')
    >>> meeple.dumps(game).splitlines()[0]
    '[key "demo"]'

`loads`/`load` detect the notation (from the file extension, then the content)
unless `format=` names it; `dumps`/`dump` write any model canonically, in its own
notation or another (`format="qgn"`, `format="botc-ascii"`). `check`, `convert`,
`replay` and `render` do what the `meeple` command's commands of those names do, on
a path, a text, or a record already loaded. `detect` names a record's notation and
`formats` lists them all.
"""

from __future__ import annotations

import os

# typing itself is not imported: `meeple --version` has no need of it (mypy reads the
# block below as typing.TYPE_CHECKING's).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import IO, Any

    from meeple.errors import Finding as Finding
    from meeple.errors import Location as Location
    from meeple.errors import NotationError as NotationError
    from meeple.errors import RuleError as RuleError
    from meeple.game import Document, Game, Notation
    from meeple.game import Notation as Format
    from meeple.registry import formats as formats

__all__ = [
    "Finding",
    "Format",
    "Game",
    "Location",
    "Notation",
    "NotationError",
    "RuleError",
    "check",
    "convert",
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

# Names offered from the modules that define them, imported on first use (PEP 562), so
# that `import meeple` (and `meeple --version`) imports neither the registry nor the
# errors with their dataclasses.
_LAZY = {
    "Finding": "meeple.errors",
    "Location": "meeple.errors",
    "NotationError": "meeple.errors",
    "RuleError": "meeple.errors",
    "Format": "meeple.game:Notation",  # its name before issue 39
    "Game": "meeple.game",
    "Notation": "meeple.game",
    "formats": "meeple.registry",
}
_SUBMODULES = ("errors", "registry")
"""Modules `import meeple` used to import, still reached as attributes (`meeple.errors`)."""


def __getattr__(name: str) -> Any:
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(f"meeple.{name}")
    if name not in _LAZY:
        raise AttributeError(f"module 'meeple' has no attribute {name!r}")
    module, _, attribute = _LAZY[name].partition(":")
    value = getattr(importlib.import_module(module), attribute or name)
    globals()[name] = value  # later lookups find it at once
    return value


Source = str | bytes | os.PathLike[str]
"""A record: a path (os.PathLike, or a one-line str naming an existing file), or its
text (any other str, or UTF-8 bytes). The functions that take one also take a record
already loaded (what `load` returns)."""


def _format(name: str | None, text: str, path: str | None, source: str) -> Format:
    import meeple.registry as registry  # (not `from meeple import`: a third of the cost)

    return registry.get(name) if name else registry.detect(text, path, source)


def _document(record: Source | object, format: str | None) -> Document:
    """A record given as a path, text, bytes, or a model already loaded, as a Document."""
    from meeple import registry
    from meeple.game import Document

    if isinstance(record, Document):
        return record
    if not isinstance(record, str | bytes | os.PathLike):
        fmt = registry.for_model(record) if format is None else registry.get(format)
        if not fmt.owns(record):
            raise TypeError(f"a {type(record).__name__} is not a {fmt.name} record")
        source = f"<{type(record).__name__}>"
        return Document(fmt.dump(record), source, fmt, record)
    text, source, path = _text(record)
    return _format(format, text, path, source).read(text, source)


def _text(record: Source, source: str | None = None) -> tuple[str, str, str | None]:
    """(text, source name, path) of a record given as a path, text or bytes."""
    if isinstance(record, str) and _names_a_file(record):
        from pathlib import Path

        record = Path(record)
    if isinstance(record, os.PathLike):
        from meeple import records

        text, path = records.read_file(record)
        return text, path, path
    if isinstance(record, bytes):
        from meeple.errors import decode

        name = source or "<bytes>"
        return decode(record, name), name, None
    return record, source or "<string>", None


def _names_a_file(record: str) -> bool:
    """Whether a str record is a path: one line naming a file, or, when no file has that
    name, one line ending in an extension meeple reads (a mistyped path is then a
    FileNotFoundError, not a text that is no notation)."""
    if "\n" in record or "\r" in record:
        return False
    if os.path.isfile(record):
        return True
    from meeple import registry

    return registry.is_record_extension(registry.extension(record))


def detect(record: Source) -> str:
    """The name of the notation a record (a path, its text or bytes) is written in, by
    its file's extension first, then by content; NotationError when none fits."""
    text, source, path = _text(record)
    return _format(None, text, path, source).name


def loads(text: str | bytes, format: str | None = None, *, source: str = "<string>") -> Any:
    """Parse `text` (str, or UTF-8 bytes) in the named notation, or the one it is detected to be."""
    if isinstance(text, bytes):
        from meeple.errors import decode

        text = decode(text, source)
    return _format(format, text, None, source).parse(text, source)


def load(file: str | os.PathLike[str] | IO[str], format: str | None = None) -> Any:
    """Parse a file (a path or an open text file), detecting its notation by name then content."""
    path: str | None
    if isinstance(file, str | os.PathLike):
        from meeple.errors import decode

        path = os.fspath(file)
        with open(path, "rb") as handle:
            text = decode(handle.read(), path)
    else:
        name = getattr(file, "name", None)
        path = name if isinstance(name, str) else None
        text = file.read()
    source = path or "<stream>"
    return _format(format, text, path, source).parse(text, source)


def _writer_options(fmt: Format, options: dict[str, Any], caller: str) -> None:
    """TypeError naming the options `fmt`'s writer takes when `options` holds another."""
    takes = sorted(o.name for o in fmt.options if {"convert", "fmt"} & set(o.commands))
    unknown = sorted(set(options) - set(takes))
    if unknown:
        offered = ", ".join(takes) if takes else "none"
        raise TypeError(
            f"meeple.{caller}() got option(s) {', '.join(map(repr, unknown))} that format"
            f" {fmt.name!r} does not take; it takes: {offered}"
        )


def dumps(obj: Any, format: str | None = None, **options: Any) -> str:
    """Write a model canonically: in its own notation, or in `format` (another of its
    game's, or QGN: see `convert`).

    `options` are the writer's settings (`meeple formats --json` lists them); one the
    format does not take is a TypeError that names those it does.
    """
    from meeple import registry

    fmt = registry.for_model(obj) if format is None else registry.get(format)
    _writer_options(fmt, options, "dumps")
    if fmt.owns(obj):
        return fmt.dump(obj, **options)
    return convert(obj, fmt.name, **options)


def dump(obj: Any, file: IO[str], format: str | None = None, **options: Any) -> None:
    """Write a model canonically to an open text file (see `dumps`)."""
    file.write(dumps(obj, format, **options))


def convert(
    record: Source | object,
    to: str,
    *,
    format: str | None = None,
    force: bool = False,
    **options: Any,
) -> str:
    """A record (a path, text, bytes or a loaded model) written in the notation `to`.

    What `meeple convert` writes: a game's record to QGN and back, or to another
    notation of the same model. An invalid record raises the first error `check`
    reports (NotationError or RuleError) unless `force`; a conversion between games
    raises meeple.errors.ConversionError.
    """
    from meeple import conversion, registry

    target = registry.get(to)
    _writer_options(target, options, "convert")
    return conversion.convert(_document(record, format), target, force=force, **options)


def check(record: Source | object, format: str | None = None, **options: Any) -> list[Finding]:
    """Every finding `meeple check` reports for a record (a path, its text or bytes, or a
    loaded model). A record that does not parse (bytes that are not UTF-8, a text of no
    notation included) gives its notation errors as findings, never raises; a path
    that cannot be read raises OSError (FileNotFoundError for a missing file).
    """
    from meeple import records
    from meeple.errors import Finding, NotationError

    if isinstance(record, str | bytes | os.PathLike):
        try:
            text, source, path = _text(record)
            fmt = _format(format, text, path, source)
        except NotationError as problem:
            return [Finding.from_error(problem)]
        return records.text_findings(text, source, fmt, **options)
    document = _document(record, format)
    return records.text_findings(document.text, document.source, document.notation, **options)


def replay(record: Source | object, format: str | None = None) -> list[Any]:
    """Every state of a record's game, the initial one first (engine.GameState for games
    with moves); NotationError or RuleError (located) at the first problem."""
    from meeple import records

    return list(records.states(records.of(_document(record, format))))


def render(
    record: Source | object,
    format: str | None = None,
    *,
    step: int | None = None,
    svg: bool = False,
    **options: Any,
) -> str:
    """The picture `meeple show` draws: ASCII (or SVG) of the final position or `step`.

    `meeple.errors.Unsupported` (a TypeError too) for a record with no picture, or with
    no moves to step through; `StepOutOfRange` (a ValueError) past its last step."""
    from meeple import records
    from meeple.errors import Unsupported

    played = records.of(_document(record, format))
    notation = played.notation
    if not notation.can("svg" if svg else "render"):
        raise Unsupported(f"{notation.name} records have no {'SVG ' if svg else ''}picture")
    draw = notation.svg if svg else notation.render
    if not notation.can("replay") and step is not None:
        raise Unsupported(f"{notation.name} records have no moves to step through")
    return draw(records.step_at(played, step).state, **options)
