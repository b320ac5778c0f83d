"""meeple: read, check, replay and draw the textual notations of tabletop games.

The front door mirrors the json module:

    >>> import meeple
    >>> game = meeple.loads('[key "demo"][teams "a, b"] 0a&1.2 1b')
    >>> meeple.dumps(game).splitlines()[0]
    '[key "demo"]'

`loads`/`load` detect the notation (from the file extension, then the content)
unless `format=` names it; `dumps`/`dump` write any model canonically in its
own notation. `detect` names a text's notation and `formats` lists them all.
"""

from __future__ import annotations

import os
from typing import IO, Any

from meeple.errors import Finding, Location, NotationError, RuleError, decode
from meeple.registry import Format, formats

__all__ = [
    "Finding",
    "Format",
    "Location",
    "NotationError",
    "RuleError",
    "detect",
    "dump",
    "dumps",
    "formats",
    "load",
    "loads",
]

__version__ = "0.1.0"


def _format(name: str | None, text: str, path: str | None, source: str) -> Format:
    from meeple import registry

    return registry.get(name) if name else registry.detect(text, path, source)


def detect(text: str) -> str:
    """The name of the notation `text` is written in; NotationError when none fits."""
    from meeple import registry

    return registry.detect(text).name


def loads(text: str, format: str | None = None, *, source: str = "<string>") -> Any:
    """Parse `text` in the named notation, or the one it is detected to be."""
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


def dumps(obj: Any, **options: Any) -> str:
    """Write a model canonically in its own notation."""
    from meeple import registry

    return registry.for_model(obj).dump(obj, **options)


def dump(obj: Any, file: IO[str], **options: Any) -> None:
    """Write a model canonically to an open text file."""
    file.write(dumps(obj, **options))
